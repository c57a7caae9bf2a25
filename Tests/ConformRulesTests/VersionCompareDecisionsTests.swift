import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// `VersionCompareSuite.decisions(for:)`: which of the spec's numbered decisions decide a case.
@Suite struct VersionCompareDecisionsTests {
  static let suite = VersionCompareSuite()

  /// The spec's decision entries: the number of every line `### D<n>. …`, in the spec's order,
  /// each with the text up to the next `###` or `##` heading.
  static let specEntries: [(number: Int, text: String)] = {
    var entries: [(number: Int, text: String)] = []
    var inEntry = false
    let spec = String(decoding: suite.spec, as: UTF8.self)
    for line in spec.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("### D") {
        // `### D<n>. <title>`; anything else after `### D` is -1, which the tests refuse.
        let digits = line.dropFirst(5).prefix { $0.isASCII && $0.isNumber }
        let wellFormed = !digits.isEmpty && line.dropFirst(5 + digits.count).hasPrefix(". ")
        entries.append((wellFormed ? Int(digits) ?? -1 : -1, ""))
        inEntry = true
      } else if line.hasPrefix("## ") || line.hasPrefix("### ") {
        inEntry = false
      } else if inEntry {
        entries[entries.count - 1].text += line + "\n"
      }
    }
    return entries
  }()

  static var specNumbers: [Int] { specEntries.map(\.number) }

  static func decisions(_ remote: String, _ local: String) throws -> [Int] {
    try suite.decisions(for: VersionCompareSuite.input(remote, local))
  }

  @Test func theSpecNumbersItsDecisionsOnceEachWithRuleWhyAndDrift() {
    #expect(Self.specNumbers == Array(1...13))
    for entry in Self.specEntries {
      for label in ["**Rule.**", "**Why.**", "**Drift.**"] {
        #expect(entry.text.contains(label), "D\(entry.number) has no \(label) paragraph")
      }
    }
    // One drift per decision, so every decision can be listed by its drift.
    #expect(VersionComparison.Drift.byDecision.map(\.decision) == Self.specNumbers)
  }

  /// The spec numbers its decisions as this test lists them (every case's lists are checked
  /// over the published tables in ConformReportTests' PublishedTablesTests).
  @Test func theSpecHeadingsAreTheNumberedDecisions() {
    #expect(DecisionListChecks.headingNumbers(Self.suite.spec) == Self.specNumbers)
  }

  /// Lists read off the spec: the drift (or, when none changes the answer, the rule) of each.
  @Test(arguments: [
    ("seed/2.0.10-vs-2.0.9", [1]), ("seed/2.0.10-vs-2.0.9/reversed", [1]),
    // 2.0 is not newer than 2.0.0 with or without padding; equal after padding, so D9 decides,
    // and a port without padding answers that 2.0.0 is newer than 2.0.
    ("seed/2.0-vs-2.0.0", [9]), ("seed/2.0-vs-2.0.0/reversed", [8, 9]),
    ("seed/2.1-vs-2.0.9", [10]), ("seed/2.1-vs-2.0.9/reversed", [10]),
    ("seed/1.0.0-beta-vs-1.0.0", [9]), ("seed/1.0.0-beta-vs-1.0.0/reversed", [9, 13]),
    ("seed/empty-vs-1.0", [12]), ("seed/empty-vs-1.0/reversed", [2, 12]),
    ("seed/same-version", [9]), ("seed/both-empty", [12]),
    ("pitfall/double-dot", [2]), ("pitfall/double-dot/reversed", [2]),
    ("pitfall/leading-dot", [2]), ("pitfall/only-dots", [12]), ("pitfall/only-dots/reversed", [12]),
    ("pitfall/arabic-indic-digit", [3]), ("pitfall/arabic-indic-digit/reversed", [3]),
    ("pitfall/fullwidth-digit", [3, 9]), ("pitfall/fullwidth-digit/reversed", [9]),
    ("pitfall/int32-overflow-part", [4]), ("pitfall/int32-overflow-part/reversed", [4]),
    ("pitfall/int64-max-part", [4]), ("pitfall/int64-overflow-part", [5]), ("pitfall/int64-overflow-part/reversed", [5]),
    ("pitfall/lexicographic-1.10-vs-1.9/reversed", [1]), ("pitfall/lexicographic-10-vs-9", [1]),
    ("pitfall/leading-zeros", [9]), ("pitfall/leading-zeros/reversed", [1, 9]),
    ("pitfall/plus-sign", [6]), ("pitfall/plus-sign/reversed", [6]),
    ("pitfall/minus-sign", [10]), ("pitfall/minus-sign/reversed", [6]), ("pitfall/minus-zero", [9]),
    ("pitfall/lone-sign", [10]), ("pitfall/inner-space", [11]), ("pitfall/inner-space/reversed", [11]),
    ("pitfall/trailing-newline", [10]), ("pitfall/trailing-newline/reversed", [10]),
    ("pitfall/combining-mark-after-dot", [10]), ("pitfall/combining-mark-after-dot-major", [7]),
    ("pitfall/combining-mark-after-dot-major/reversed", [7]), ("pitfall/v-prefix", [10]),
    ("fuzz/digits-then-letters", [11]),
    ("grid/1-vs-0", [10]), ("grid/9-vs-10", [1]), ("grid/0.0-vs-0", [8, 9]), ("grid/1.9-vs-9.1", [10]),
    ("grid/10.0-vs-9.1", [1]), ("grid/1.1-vs-1.1", [9]),
  ])
  func namedCase(name: String, expected: [Int]) throws {
    let draft = try #require(Self.suite.drafts(options: .published).first { $0.name == name }, "\(name)")
    #expect(try Self.suite.decisions(for: draft.input) == expected)
  }

  /// For each decision, an input its drift alone answers differently (the drift is no no-op), with
  /// the reference answer.
  @Test(arguments: [
    (1, "2.0.10", "2.0.9", true), (2, "1..2", "1.1", true), (3, "\u{663}", "2", false),
    (4, "2147483648", "2147483647", true), (5, "1", "99999999999999999999", true), (6, "1.0", "1.-1", true),
    (7, "2.\u{301}1", "1", true), (8, "2.0.0", "2.0", false), (9, "1.2.3", "1.2.3", false), (10, "1.9", "2.0", false),
    (11, "1", "1a", true), (12, "1.0", "", false), (13, "1.0.0", "1.0.0-beta", false),
  ])
  func eachDriftChangesAnAnswer(decision: Int, remote: String, local: String, newer: Bool) throws {
    let drift = try #require(VersionComparison.Drift.byDecision.first { $0.decision == decision }?.drift)
    #expect(VersionComparison.isNewer(remote, than: local) == newer)
    #expect(VersionComparison.isNewer(remote, than: local, drift: []).newer == newer)
    #expect(VersionComparison.isNewer(remote, than: local, drift: drift).newer == !newer)
    #expect(try Self.decisions(remote, local).contains(decision))
  }

  /// Semver's order of tags, as the D13 drift reads them.
  @Test(arguments: [
    ("1.0.0-beta", "1.0.0-alpha", true), ("1.0.0-alpha.1", "1.0.0-alpha", true), ("1.0.0-10", "1.0.0-2", true),
    ("1.0.0-alpha", "1.0.0-1", true), ("1.0.0-rc+build.5", "1.0.0-rc", false), ("1.0.1-beta", "1.0.0", true),
  ])
  func preReleaseDriftFollowsSemver(remote: String, local: String, newer: Bool) {
    #expect(VersionComparison.isNewer(remote, than: local, drift: .preReleaseOrder).newer == newer)
  }

  /// The reference is what it was: every expected output of the committed fixture file.
  @Test func theReferenceModelStillGivesEveryCommittedExpectedOutput() throws {
    let fixtures = try CommittedFixtures.read(Self.suite)
    #expect(fixtures.count == 7117)
    #expect(try CommittedFixtures.changedAnswers(Self.suite, fixtures) == [])
    for fixture in fixtures {
      let remote = try #require(fixture.input["remote"]?.stringValue)
      let local = try #require(fixture.input["local"]?.stringValue)
      #expect(.bool(VersionComparison.isNewer(remote, than: local, drift: []).newer) == fixture.expected["newer"])
    }
  }

  /// With no drift the drifted model is the reference, on fuzzed inputs too, and every fuzzed
  /// input gets decisions.
  @Test func theUndriftedModelIsTheReferenceOnFuzzedInputs() {
    var generator = SeededGenerator(seed: 27)
    for index in 0..<20_000 {
      let (remote, local) = VersionCompareFuzzer.pair(using: &generator)
      let reference = VersionComparison.isNewer(remote, than: local)
      #expect(VersionComparison.isNewer(remote, than: local, drift: []).newer == reference, "\(remote) vs \(local)")
      if index < 2_000 {
        let numbers = VersionCompareSuite.decisions(remote: remote, local: local)
        #expect(!numbers.isEmpty && Set(numbers).isSubset(of: Set(Self.specNumbers)), "\(remote) vs \(local)")
      }
    }
  }

  @Test(arguments: [
    JSONValue.null, ["remote": "1"], ["local": "1"], ["local": "1", "remote": 2], ["local": .null, "remote": "1"],
    ["local": "1", "remote": "2", "extra": true], .array([]),
  ])
  func throwsAsTheModelDoesOutsideTheDomain(input: JSONValue) {
    let modelError = #expect(throws: JSONShapeError.self) { try Self.suite.expected(for: input) }
    let decisionsError = #expect(throws: JSONShapeError.self) { try Self.suite.decisions(for: input) }
    #expect(modelError == decisionsError)
  }
}

extension VersionCompareDecisionsTests {
  /// Skipping the drifts that cannot matter gives the lists running every drift gives: here on
  /// every tenth published case and 500 fuzzed pairs (a second of this tier's time);
  /// `DecisionSweepTests` in the slow tier checks every published case and 5,000 fuzzed pairs.
  @Test func skippingDriftsChangesNoList() {
    var pairs: [(String, String)] = Self.suite.drafts(options: .published).enumerated().compactMap { index, draft in
      guard index % 10 == 0, let remote = draft.input["remote"]?.stringValue, let local = draft.input["local"]?.stringValue
      else { return nil }
      return (remote, local)
    }
    var generator = SeededGenerator(seed: 99)
    for _ in 0..<500 { pairs.append(VersionCompareFuzzer.pair(using: &generator)) }
    #expect(pairs.count > 1_000)
    for (remote, local) in pairs {
      #expect(
        VersionCompareSuite.decisions(remote: remote, local: local, skippingDriftsThatCannotMatter: true)
          == VersionCompareSuite.decisions(remote: remote, local: local, skippingDriftsThatCannotMatter: false),
        "\(remote) vs \(local)")
    }
  }
}
