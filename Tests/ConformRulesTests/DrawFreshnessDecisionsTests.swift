import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformSuites

@Suite struct DrawFreshnessDecisionsTests {
  static let suite = DrawFreshnessSuite()
  static let published = Array(suite.drafts(options: .published))
  /// The published cases inside the domain, those the model's rules decide (not D17).
  static let inDomain = published.filter { (try? DrawFreshnessInput.domainError($0.input)).flatMap { $0 } == nil }

  static let specDecisions = DecisionListChecks.headingNumbers(suite.spec)

  static func draft(_ name: String) throws -> CaseDraft {
    try #require(published.first { $0.name == name }, "no published case \(name)")
  }

  @Test func theSpecNumbersItsDecisionsOnceEachInOrder() {
    #expect(Self.specDecisions == Array(1...17))
    // D17's drift is the domain check left out, before the model: every other decision has a drift.
    #expect(DrawFreshness.Drifts.decisions + [17] == Self.specDecisions)
  }

  /// Lists read from the spec. Every case of the story's Saturday night (within 9 hours of the
  /// draw, with a round behind) also carries the schedule's D5 and D12 and, when it retries, D6.
  @Test(arguments: [
    // The empty round: content decides (D1), the header (D4), the retry (D6), the schedule (D5, D12).
    ("seed/saturday-night-empty-new-round", [1, 4, 5, 6, 12]),
    ("seed/numbers-before-stores", [1, 2, 4, 5, 6, 12]),
    ("pitfall/zeros-from-decoder-defaults", [1, 3, 4, 5, 6, 12]),
    ("pitfall/bonus-missing", [1, 4, 5, 6, 8, 12]),
    ("pitfall/older-round-fetched", [4, 5, 7, 12]),
    ("pitfall/empty-cache-newer-than-fetched", [1, 5, 6, 9, 12]),
    ("seed/weekday-same-round", [5, 10, 11, 12]),
    ("seed/fetch-failed-cache-current", [5, 12]),
    ("pitfall/device-clock-behind", [5, 11, 12, 15]),
    ("boundary/r1154/draw", [5, 6, 12, 13]),
    ("boundary/first-draw-1s", [14]),
    ("boundary/epoch-zero", [14, 15]),
    ("boundary/retry-1s", [1, 4, 5, 6, 12, 16]),
  ])
  func namedCasesCarryTheSpecsDecisions(name: String, decisions: [Int]) throws {
    #expect(try Self.suite.decisions(for: Self.draft(name).input) == decisions)
  }

  /// Each drift changes the answer of some published case, so none is a no-op; and the mutant
  /// each names answers as the drift does on the case that catches it.
  @Test func everyDriftChangesSomePublishedAnswer() throws {
    let inputs = try Self.inDomain.map { try DrawFreshnessInput(json: $0.input) }
    for n in DrawFreshness.Drifts.decisions {
      let drift = DrawFreshness.Drifts(decision: n)
      #expect(
        inputs.contains { DrawFreshness.decide($0, drifts: drift) != DrawFreshness.decide($0) },
        "the drift of D\(n) changes no published answer")
    }
    let empty = try DrawFreshnessInput(json: Self.draft("seed/saturday-night-empty-new-round").input)
    #expect(DrawFreshness.decide(empty, drifts: .roundOnly)["cache"] == "fetched")  // round-only
    #expect(DrawFreshness.decide(empty, drifts: .headerFromFetch)["headerRound"] == 1154)  // header-from-fetch
    #expect(DrawFreshness.decide(empty, drifts: .headerFromFetch)["listRound"] == 1153)
    let zeros = try DrawFreshnessInput(json: Self.draft("pitfall/zeros-from-decoder-defaults").input)
    #expect(DrawFreshness.decide(zeros, drifts: .countsNumbers)["cache"] == "fetched")  // zero-numbers
    let sunday = try DrawFreshnessInput(json: Self.draft("boundary/r1154/kst-sunday").input)
    #expect(DrawFreshness.decide(sunday, drifts: .deviceTimeZone)["latestRound"] == 1153)  // device-time-zone
    let friday = try DrawFreshnessInput(json: Self.draft("boundary/r1154/friday-draw-time/cached-1154").input)
    // calendar-weekday: Friday 20:00 is a draw, so the next check is a week away, not tomorrow.
    #expect(DrawFreshness.decide(friday, drifts: .calendarWeekday)["refreshAt"] == .int(friday.now + DrawFreshness.weekSeconds))
    #expect(DrawFreshness.decide(friday)["refreshAt"] == .int(friday.now + 86_400))
  }

  @Test func noDriftIsTheReference() throws {
    for draft in Self.inDomain {
      let input = try DrawFreshnessInput(json: draft.input)
      #expect(DrawFreshness.decide(input, drifts: []) == DrawFreshness.decide(input))
    }
  }

  /// The model still gives every committed fixture's expected output.
  @Test func theReferenceAnswersEveryCommittedFixtureAsBefore() throws {
    let fixtures = try CommittedFixtures.read(Self.suite)
    #expect(fixtures.count == Self.published.count)
    #expect(try CommittedFixtures.changedAnswers(Self.suite, fixtures) == [])
  }

  /// Outside the domain (D17) the model answers the reason code, and the case lists D17 alone.
  @Test func outsideTheDomainItAnswersRetryOutOfRange() throws {
    var input = try #require(Self.published[0].input.objectValue)
    input["retryAfterSeconds"] = 0
    #expect(try Self.suite.expected(for: .object(input)) == ["error": "retry-out-of-range"])
    #expect(try Self.suite.decisions(for: .object(input)) == [17])
  }
}
