import ConformJSON
import ConformProtocol
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformReport
@testable import ConformResults
@testable import ConformSuites

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
    let line =
      #"{"decisions":["version-compare/D8"],"expected":{"newer":false},"id":"version-compare/seed/a","input":{"local":"2.0","remote":"2.0.0"},"note":"n","suite":"version-compare","tags":["seed"]}"#
    let fixture = try FixtureCase(json: JSONReader.parse(line))
    #expect(fixture.decisions == ["version-compare/D8"])
    var bytes: [UInt8] = []
    let parts = FixtureSet.writeLine(fixture, into: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == line + "\n")
    #expect(String(decoding: bytes[parts.expected], as: UTF8.self) == #"{"newer":false}"#)
    let offsets = try #require(FixtureLine.Offsets(parts))
    #expect(offsets.parts(start: 0, end: parts.line.upperBound) == parts)
    let old = try FixtureCase(
      json: JSONReader.parse(line.replacingOccurrences(of: #""decisions":["version-compare/D8"],"#, with: "")))
    #expect(old.decisions.isEmpty)
  }

  @Test(arguments: ["eligibility/D1", "version-compare/D0", "version-compare/D01", "version-compare/X1", "version-compare/D"])
  func aDecisionOfAnotherSuiteOrMalformedIsRefusedNamingTheField(_ id: String) {
    let line =
      #"{"decisions":["\#(id)"],"expected":{},"id":"version-compare/a","input":{},"note":"","suite":"version-compare","tags":[]}"#
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

  /// A failing pair of versions and what the port answered.
  static func compare(_ name: String, _ remote: String, _ local: String, answered newer: Bool) -> CaseOutcome {
    let input: JSONValue = ["local": .string(local), "remote": .string(remote)]
    let suite = VersionCompareSuite()
    var result = CaseResult(
      id: "version-compare/pitfall/\(name)", suite: "version-compare", status: .fail, actual: ["newer": .bool(newer)],
      expected: try? suite.expected(for: input), input: input, tags: ["pitfall"])
    result.decisions = suite.decisionIDs(for: input)
    return CaseOutcome(id: result.id, suite: "version-compare", attempts: [result])
  }

  /// A port with two independent bugs: text order (D1) and empty pieces kept (D2). Each failure
  /// goes to the decision whose drift gives the port's answer, whatever else its case exercises.
  @Test func twoIndependentBugsAreTwoCausesWhateverCasesTheyShare() {
    let problems = [
      Self.compare("a", "1.10", "1.9", answered: false), Self.compare("b", "1.10.0", "1.9", answered: false),
      Self.compare("c", "2.10", "2.9", answered: false), Self.compare("d", "1..2", "1.1", answered: false),
    ]
    let profile = DecisionProfile(problems: problems)
    #expect(profile.causes.map(\.decision) == ["version-compare/D1", "version-compare/D2"])
    #expect(profile.causes.map(\.problems.count) == [3, 1])
    #expect(profile.causeOfCase["version-compare/pitfall/d"] == "version-compare/D2")
    #expect(profile.heading == "breaks 2 spec decisions:")
  }

  /// `2.0.0` against `2.0` answered newer is what no padding (D8) and `>=` (D9) both answer: the
  /// run tells them apart by the share of each decision's cases that fail (all of D8's, few of
  /// D9's), and without counts it says it is one of them, never D9 by spec order or by count.
  @Test func driftsThatAllReproduceAFailureAreToldApartByTheRunOrNamedTogether() {
    let problems = (0..<3).map { Self.compare("p\($0)", "2.0.0" + String(repeating: ".0", count: $0), "2.0", answered: true) }
    let told = DecisionProfile(problems: problems, totals: ["version-compare/D8": 3, "version-compare/D9": 140])
    #expect(told.causes.map(\.decision) == ["version-compare/D8"])
    #expect(told.causes[0].lead.id == "version-compare/pitfall/p0")
    let untold = DecisionProfile(problems: problems)
    #expect(untold.causes.map(\.decision) == ["version-compare/D8 or D9"])
    #expect(untold.heading == "breaks 1 spec decision:")
  }

  /// Adding a case another decision explains never moves a problem from one proven decision to
  /// another (the old pruning moved 25 padding failures from D8 to D9 when one beta case came).
  @Test func addingACaseNeverMovesTheOthers() {
    let before = [Self.compare("pad", "2.0.0", "2.0", answered: true), Self.compare("text", "1.10", "1.9", answered: false)]
    let totals: [String: Int64] = ["version-compare/D8": 3, "version-compare/D9": 140, "version-compare/D1": 40]
    let after = before + [Self.compare("same", "1.0", "1.0", answered: true)]
    let (x, y) = (DecisionProfile(problems: before, totals: totals), DecisionProfile(problems: after, totals: totals))
    for problem in before { #expect(x.causeOfCase[problem.id] == y.causeOfCase[problem.id], "\(problem.id)") }
    #expect(y.causeOfCase["version-compare/pitfall/same"] == "version-compare/D9")
  }

  /// A case no single drift changes but two together do goes to the bugs the port has: `...`
  /// against `0` is newer only for a port that keeps empty pieces and lets the longer version win.
  @Test func aFailureWhereTwoBugsMeetGoesToThem() {
    let problems =
      (0..<4).map { Self.compare("pad\($0)", "1.0" + String(repeating: ".0", count: $0 + 1), "1.0", answered: true) }
      + [Self.compare("empty", "1..2", "1.1", answered: false), Self.compare("only-dots", "...", "0", answered: true)]
    let profile = DecisionProfile(problems: problems, totals: ["version-compare/D8": 4, "version-compare/D9": 100])
    #expect(profile.causes.map(\.decision) == ["version-compare/D8", "version-compare/D2"])
    #expect(profile.causes[0].problems.count == 5)
    #expect(profile.causes[0].meeting == "1 case where it meets version-compare/D2")
    #expect(profile.causes[0].lead.id != "version-compare/pitfall/only-dots")
  }

  /// A pair search costs a model answer per pair of drifts: past the budget it is not made, the
  /// failure stays unexplained and is counted as skipped; within it the pair is found.
  @Test func aPairSearchPastItsBudgetIsNotMadeAndIsCounted() {
    let meeting = Self.compare("only-dots", "...", "0", answered: true).representative
    let model = VersionCompareSuite()
    let unbounded = Attribution.of(meeting, model: model, doubted: [9])
    guard case .pairs(let pairs) = unbounded.kind else {
      Issue.record("expected a pair, got \(unbounded.kind)")
      return
    }
    #expect(pairs.contains([2, 8]), "\(pairs)")
    let spent = PairSearchBudget(answers: 0)
    #expect(Attribution.of(meeting, model: model, doubted: [9], budget: spent).kind == .unexplained)
    #expect(spent.skipped == 1)
    let ample = PairSearchBudget()
    #expect(Attribution.of(meeting, model: model, doubted: [9], budget: ample) == unbounded)
    #expect(ample.skipped == 0 && ample.answers < PairSearchBudget.answersPerSuite)
  }

  /// An answer no drift gives (`2` not newer than `1`) is unexplained: its block comes last,
  /// names the decisions the case exercises, and is not counted as a broken decision.
  @Test func anAnswerNoDriftGivesIsUnexplainedAndLast() {
    let problems = [Self.compare("odd", "2", "1", answered: false), Self.compare("text", "1.10", "1.9", answered: false)]
    let profile = DecisionProfile(problems: problems)
    #expect(profile.causes.map(\.decision) == ["version-compare/D1", "version-compare/unexplained"])
    #expect(profile.causes[1].isExplained == false)
    #expect(profile.causes[1].exercised == ["version-compare/D10"])
    #expect(profile.heading == "breaks 1 spec decision:")
    #expect(profile.lines[1].contains("a drift the spec does not list would explain them (exercised: version-compare/D10)"))
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
