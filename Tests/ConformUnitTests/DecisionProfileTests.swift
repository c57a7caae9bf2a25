@testable import ConformFixtures
import ConformJSON
import ConformProtocol
@testable import ConformReport
@testable import ConformResults
@testable import ConformSuites
import ConformTestSupport
import Foundation
import Testing

/// Decisions as data: the spec entries, the fixture lines that list them, the table that counts
/// them, and the profile reports open with.
@Suite struct DecisionProfileTests {
  @Test func aSpecsEntriesAreReadWithTheirIdsAndTitles() throws {
    let spec = Array("# x\n\n## Decisions\n\n### D1. Parts are numbers.\n\ntext\n\n### D3. Dots split.  \n".utf8)
    let decisions = try SpecDecisions.parse(spec, suite: "version-compare")
    #expect(decisions.map(\.id) == ["version-compare/D1", "version-compare/D3"])
    #expect(decisions.map(\.title) == ["Parts are numbers.", "Dots split."])
  }

  @Test(arguments: [
    ("### D2 no dot\n", 1, "must be"), ("### D0. Zero\n", 1, "must be"), ("### D2. B\n### D2. Again\n", 2, "ascend"),
    ("x\n### D3. C\n### D1. A\n", 3, "D1 follows D3"), ("### D4. \n", 1, "no title"),
  ])
  func aMalformedEntryIsAnErrorNamingItsLine(_ text: String, _ line: Int, _ words: String) {
    #expect {
      try SpecDecisions.parse(Array(text.utf8), suite: "s")
    } throws: { error in
      guard let error = error as? SpecDecisions.Error else { return false }
      return error.line == line && error.message.contains(words)
    }
  }

  /// The done-when of decisions as data: in the published fixtures every case lists a decision of
  /// its spec, and every decision of every spec has cases.
  @Test func everyPublishedCaseListsADecisionAndEveryDecisionHasCases() throws {
    let set = try FixtureSet.load(directory: TestSupport.packageRoot.appendingPathComponent("fixtures").path)
    var undecided: [String: Int64] = [:]
    for fixture in set.cases where fixture.decisions.isEmpty { undecided[fixture.suite, default: 0] += 1 }
    let table = DecisionTable(manifest: set.manifest, suites: SuiteRegistry.all, undecided: undecided)
    #expect(table.isComplete, "\(table.summaryLines)")
    #expect(table.suites.count == SuiteRegistry.all.count)
    for suite in table.suites { #expect(suite.rows.count >= 9, "\(suite.suite) lists \(suite.rows.count) decisions") }
    let ids = Set(SuiteRegistry.all.flatMap { $0.specDecisions.map(\.id) })
    #expect(set.cases.allSatisfy { $0.decisions.allSatisfy(ids.contains) })
  }

  @Test func theTableNamesAnUnexercisedDecisionAndUndecidedCases() throws {
    let set = try FixtureSet.load(directory: TestSupport.packageRoot.appendingPathComponent("fixtures").path)
    var manifest = set.manifest
    let index = try #require(manifest.suites.firstIndex { $0.name == "version-compare" })
    manifest.suites[index].decisions["version-compare/D7"] = nil
    manifest.suites[index].decisions["version-compare/D99"] = 1
    let table = DecisionTable(manifest: manifest, suites: SuiteRegistry.all, undecided: ["version-compare": 2])
    #expect(!table.isComplete)
    let line = try #require(table.summaryLines.first { $0.hasPrefix("version-compare:") })
    #expect(line.contains("no case exercises version-compare/D7"))
    #expect(line.contains("cases list version-compare/D99, which the spec does not"))
    #expect(line.contains("2 cases list no decision"))
  }

  @Test func aFixtureLineCarriesItsDecisionsAndAnOldLineHasNone() throws {
    let line = #"{"decisions":["version-compare/D8"],"expected":{"newer":false},"id":"version-compare/seed/a","input":{"local":"2.0","remote":"2.0.0"},"note":"n","suite":"version-compare","tags":["seed"]}"#
    let fixture = try FixtureCase(json: JSONReader.parse(line))
    #expect(fixture.decisions == ["version-compare/D8"])
    var bytes: [UInt8] = []
    let parts = FixtureSet.writeLine(fixture, into: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == line + "\n")
    #expect(String(decoding: bytes[parts.expected], as: UTF8.self) == #"{"newer":false}"#)
    let offsets = try #require(FixtureLine.Offsets(parts))
    #expect(offsets.parts(start: 0, end: parts.line.upperBound) == parts)
    let old = try FixtureCase(json: JSONReader.parse(line.replacingOccurrences(of: #""decisions":["version-compare/D8"],"#, with: "")))
    #expect(old.decisions.isEmpty)
  }

  @Test(arguments: ["eligibility/D1", "version-compare/D0", "version-compare/D01", "version-compare/X1", "version-compare/D"])
  func aDecisionOfAnotherSuiteOrMalformedIsRefusedNamingTheField(_ id: String) {
    let line = #"{"decisions":["\#(id)"],"expected":{},"id":"version-compare/a","input":{},"note":"","suite":"version-compare","tags":[]}"#
    #expect {
      try FixtureCase(json: JSONReader.parse(line))
    } throws: { error in
      "\(error)".contains("decisions[0]") && "\(error)".contains("not a decision id")
    }
  }

  /// A failing case, as a results file keeps it.
  static func outcome(
    _ name: String, suite: String = "version-compare", _ decisions: [String], input: JSONValue = ["local": "1", "remote": "2"],
    actual: JSONValue = ["newer": false]
  ) -> CaseOutcome {
    var result = CaseResult(
      id: "\(suite)/pitfall/\(name)", suite: suite, status: .fail, actual: actual, expected: ["newer": true], input: input,
      tags: ["pitfall"])
    result.decisions = decisions.map { "\(suite)/D\($0)" }
    return CaseOutcome(id: result.id, suite: suite, attempts: [result])
  }

  @Test func twoIndependentBugsAreTwoCausesWhateverCasesTheyShare() {
    let problems = [
      Self.outcome("a", ["8"]), Self.outcome("b", ["8", "9"]), Self.outcome("c", ["8", "9"]), Self.outcome("d", ["2"]),
      Self.outcome("e", ["2", "8"]),
    ]
    let profile = DecisionProfile(problems: problems, totals: ["version-compare/D8": 4, "version-compare/D2": 2, "version-compare/D9": 40])
    #expect(profile.causes.map(\.decision) == ["version-compare/D8", "version-compare/D2"])
    #expect(profile.causes.map(\.problems.count) == [4, 1])
    #expect(profile.causeOfCase["version-compare/pitfall/e"] == "version-compare/D8")
  }

  /// D9 is listed by more failing cases, but few of its cases fail: D8, all of whose cases fail,
  /// is the cause, and D9 alone is no bug of its own once D8 explains its cases.
  @Test func theDecisionWhoseCasesAllFailComesBeforeOneTheyTouch() {
    let problems = (0..<5).map { Self.outcome("p\($0)", ["8", "9"]) } + [Self.outcome("q", ["9", "11"])]
    let profile = DecisionProfile(
      problems: problems, totals: ["version-compare/D8": 5, "version-compare/D9": 140, "version-compare/D11": 3])
    #expect(profile.causes.map(\.decision) == ["version-compare/D8", "version-compare/D11"])
    #expect(profile.causes[0].lead.id == "version-compare/pitfall/p0")
  }

  /// A case no single drift changes but two together do goes to the bugs the port has: `...`
  /// against `0` is newer only for a port that keeps empty pieces and lets the longer version win.
  @Test func aFailureWhereTwoBugsMeetGoesToThem() {
    let problems =
      (0..<4).map { Self.outcome("pad\($0)", ["8"]) } + (0..<2).map { Self.outcome("empty\($0)", ["2"]) }
      + [Self.outcome("only-dots", ["12"], input: ["local": "0", "remote": "..."], actual: ["newer": true])]
    let profile = DecisionProfile(
      problems: problems, totals: ["version-compare/D8": 4, "version-compare/D2": 2, "version-compare/D12": 5])
    #expect(profile.causes.map(\.decision) == ["version-compare/D8", "version-compare/D2"])
    #expect(profile.causes[0].problems.count == 5)
    #expect(profile.causes[0].meeting == "1 case where it meets version-compare/D2")
  }

  @Test func problemsWithoutDecisionsHaveNoProfile() {
    var result = CaseResult(id: "x/a", suite: "x", status: .fail, actual: [:], expected: ["a": 1])
    result.decisions = []
    #expect(DecisionProfile(problems: [CaseOutcome(id: "x/a", suite: "x", attempts: [result])]).causes.isEmpty)
  }

  @Test func anUnseenCharacterIsShownEscaped() {
    #expect(VisibleText.escapedIfUnseen(#"{"remote":"2.\#u{301}1"}"#) == #"{"remote":"2.\u{301}1"}"#)
    #expect(VisibleText.escapedIfUnseen("a\u{200B}b") == #"a\u{200B}b"#)
    #expect(VisibleText.escapedIfUnseen("1\u{A0}") == #"1\u{A0}"#)
    #expect(VisibleText.escapedIfUnseen("é 버전 ١") == nil)
  }
}
