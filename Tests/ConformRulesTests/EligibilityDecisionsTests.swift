import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformSuites

@Suite struct EligibilityDecisionsTests {
  static let suite = EligibilitySuite()
  static let published = Array(suite.drafts(options: .published))

  static let specDecisions = DecisionListChecks.headingNumbers(suite.spec)

  static func draft(_ name: String) throws -> CaseDraft {
    try #require(published.first { $0.name == name }, "no published case \(name)")
  }

  @Test func theSpecNumbersItsDecisionsFromOne() {
    #expect(Self.specDecisions == Array(1...10))
    let spec = String(decoding: Self.suite.spec, as: UTF8.self)
    for marker in ["**Rule.**", "**Why.**", "**Drift.**"] {
      #expect(spec.components(separatedBy: marker).count - 1 == Self.specDecisions.count, "every entry has \(marker)")
    }
  }

  /// Lists read from the spec: which drifts change each answer, or the rule that gave it.
  @Test(arguments: [
    // One win short: refused by the threshold whatever else drifts (a `>` refuses it too).
    ("seed/below-threshold", [6]),
    // The cooldown is over and the versions differ: no rule refuses, nothing drifts.
    ("seed/cooldown-over", [9]),
    // Refused by the version rule alone; a port without it says eligible.
    ("seed/same-version", [8]),
    // Forced with every rule refusing: a late override refuses.
    ("seed/force-override", [5]),
    // Never attempted (a sentinel subtraction traps) and wins equal to the threshold.
    ("seed/threshold-met-never-attempted", [2, 6]),
    // Exactly cooldownDays later, at the threshold.
    ("boundary/t3c7/days-cooldown", [6, 7]),
    ("pitfall/last-attempt-zero-is-a-day", [1]),
    ("pitfall/today-int64-min-last-int64-max-no-cooldown", [2]),
    ("pitfall/today-int64-max-last-zero", [4, 6]),
    ("pitfall/canonically-equivalent-versions", [3, 6]),
    // A negative difference: inside the cooldown whatever `>` or `>=`.
    ("pitfall/last-attempt-in-the-future", [7]),
  ])
  func namedCases(name: String, expected: [Int]) throws {
    #expect(try Self.suite.decisions(for: Self.draft(name).input) == expected)
  }

  /// A pair of drifts of two decisions answers as a port with both bugs, where neither alone
  /// changes the answer: a missing prompted version read as "" (D8) equals a blank current
  /// version once both are trimmed (D3).
  @Test func aPairOfDriftsAnswersAsAPortWithBothBugs() throws {
    var input = try EligibilityInput(json: Self.draft("seed/cooldown-over").input)
    input.lastPromptedVersion = nil
    input.currentVersion = " "
    #expect(Eligibility.verdict(input).answer == true)
    #expect(Eligibility.verdict(input, drift: .trimmed).answer == true)
    #expect(Eligibility.verdict(input, drift: .nullVersionIsEmpty).answer == true)
    #expect(Eligibility.verdict(input, drifts: [.trimmed, .nullVersionIsEmpty]) == .refused(decision: 8))
    let pair = [DecisionDrift(decision: 3, name: "trimmed"), DecisionDrift(decision: 8, name: "nullVersionIsEmpty")]
    #expect(Self.suite.answer(for: input.json, drifting: pair) == .output(["eligible": false]))
    #expect(Self.suite.answer(for: input.json, drifting: [pair[0], DecisionDrift(decision: 3, name: "caseInsensitive")]) == nil)
  }

  /// Each drift alone changes the answer of a named case: no drift model is a no-op.
  @Test(arguments: [
    (EligibilityDrift.sentinelIsNever, "pitfall/last-attempt-zero-is-a-day"),
    (.sentinelSubtractionTraps, "pitfall/last-attempt-int64-min-sentinel"),
    (.sentinelSubtractionWraps, "pitfall/today-int64-max-last-int64-min"),
    (.canonicalEquality, "pitfall/canonically-equivalent-versions"),
    (.caseInsensitive, "pitfall/version-case-differs"),
    (.trimmed, "pitfall/version-trailing-space"),
    (.differenceNarrowed, "pitfall/today-int64-max-last-zero"),
    (.forceOverrideLast, "seed/force-override"),
    (.thresholdGreaterThan, "boundary/t3c7/wins-threshold"),
    (.cooldownGreaterThan, "boundary/t3c7/days-cooldown"),
    (.versionRuleSkipped, "seed/same-version"),
    (.nullVersionIsEmpty, "pitfall/no-prompted-version-empty-current"),
  ])
  func driftChangesTheAnswer(drift: EligibilityDrift, name: String) throws {
    let input = try EligibilityInput(json: Self.draft(name).input)
    #expect(Eligibility.verdict(input, drift: drift).answer != Eligibility.verdict(input).answer)
    #expect(Eligibility.decisions(input).contains(drift.decision))
  }

  @Test func everyDriftIsTested() {
    #expect(EligibilityDrift.allCases.count == 12)
    // Grouped by decision, ascending: `decisions(_:)` relies on it.
    let numbers = EligibilityDrift.allCases.map(\.decision)
    #expect(numbers == numbers.sorted())
  }

  /// The model's reference answers are those already published, line for line.
  @Test func theReferenceIsUnchanged() throws {
    let fixtures = try CommittedFixtures.read(Self.suite)
    #expect(fixtures.count == Self.published.count)
    #expect(try CommittedFixtures.changedAnswers(Self.suite, fixtures) == [])
    // An input outside the domain (D10) answers before the model's rules run.
    for fixture in fixtures where fixture.expected["error"] == nil {
      #expect(Eligibility.verdict(try EligibilityInput(json: fixture.input)).answer == fixture.expected["eligible"]?.boolValue)
    }
  }

  /// Outside the domain (D10) the model answers the reason code, and the case lists D10 alone.
  @Test func outsideTheDomainItAnswersCountOutOfRange() throws {
    var input = try #require(Self.draft("seed/below-threshold").input.objectValue)
    input["wonCompletionCount"] = .int(-1)
    #expect(try Self.suite.expected(for: .object(input)) == ["error": "count-out-of-range"])
    #expect(try Self.suite.decisions(for: .object(input)) == [10])
  }

  /// Fuzzed inputs all get decisions, and fast enough for shrink loops.
  @Test func fuzzedInputsGetDecisions() throws {
    var generator = SeededGenerator(seed: 27)
    for _ in 0..<5_000 {
      let input = try #require(Self.suite.fuzzInput(using: &generator))
      let decisions = try Self.suite.decisions(for: input)
      #expect(!decisions.isEmpty && Set(decisions).isSubset(of: Set(Self.specDecisions)))
    }
  }
}
