import ConformJSON
import ConformSampleRuns
import ConformTestSupport
import Testing

@testable import ConformFixtures
@testable import ConformReport
@testable import ConformResults
@testable import ConformSuites

@Suite struct DiffDriftTests {
  let drift = SampleRuns.drift

  @Test func disagreementsAreDifferentStatusesOrDifferentWrongOutputs() {
    #expect(drift.disagreements.map(\.id) == ["timeline/seed/x", "version-compare/pitfall/double-dot", "version-compare/seed/b"])
    #expect(drift.bothPass == 1)
    #expect(drift.bothFail == 2)
    #expect(drift.exitStatus == .differences)
  }

  @Test func passAgainstFailIsDiffedFromTheExpectedOutput() throws {
    let disagreement = try #require(drift.disagreements.first { $0.id == "version-compare/seed/b" })
    #expect(disagreement.diff == "(- swift-reference 0.1.0, + kotlin-app 1.0.0)\n- newer: true\n+ newer: false")
  }

  @Test func bothWrongInDifferentWaysIsDriftWithTheirOutputsDiffed() throws {
    let disagreement = try #require(drift.disagreements.first { $0.id == "version-compare/pitfall/double-dot" })
    #expect(disagreement.bothWrongDifferently)
    #expect(
      disagreement.diff
        == "(- swift-reference 0.1.0, + kotlin-app 1.0.0)\n  … (1 unchanged)\n  parts: … (1 unchanged)\n+ parts[1]: 0\n  parts: … (1 unchanged)"
    )
  }

  @Test func bothWrongTheSameWayIsNotDriftButIsListedAsBothFailingWithTheDiffAgainstExpected() throws {
    #expect(!drift.disagreements.contains { $0.id == "version-compare/seed/c" })
    let group = try #require(drift.sharedFailures.first { $0.ids == ["version-compare/seed/c"] })
    #expect(group.status == .fail)
    #expect(group.diff == "(- expected, + actual)\n- newer: true\n+ newer: false")
    #expect(drift.detailLines(group).contains("note: both get this wrong the same way"))
  }

  @Test func bothCrashedIsBothFailingTheSameWayEvenWithDifferentMessages() throws {
    #expect(!drift.disagreements.contains { $0.id == "timeline/seed/y" })
    let group = try #require(drift.sharedFailures.first { $0.ids == ["timeline/seed/y"] })
    #expect(group.status == .crashed)
    #expect(group.diff == nil)
    let lines = drift.detailLines(group)
    #expect(lines.contains("swift-reference 0.1.0: crashed: exited with status 1"))
    #expect(lines.contains("kotlin-app 1.0.0: crashed: exited with status 2"))
  }

  @Test func aCrashAgainstAPassHasNoDiffButBothVerdicts() throws {
    let disagreement = try #require(drift.disagreements.first { $0.id == "timeline/seed/x" })
    #expect(disagreement.diff == nil)
    let lines = drift.detailLines(disagreement)
    // The side that passes matches the table; a crash on a case that lists no decision has no cause.
    #expect(lines.contains("swift-reference 0.1.0: pass (matches the table)"))
    #expect(lines.contains("kotlin-app 1.0.0: crashed: killed by signal 6 (SIGABRT)"))
  }

  @Test func casesOnlyOneSideRanAreListedApart() {
    #expect(drift.onlyA.map(\.id) == ["eligibility/seed/only-a"])
    #expect(drift.onlyA.first?.otherStatus == .unsupported)
    #expect(drift.onlyA.map(\.reason) == [.unsupported])
    #expect(drift.onlyB.map(\.id) == ["eligibility/seed/extra", "eligibility/seed/s"])
    #expect(drift.onlyB.map(\.otherStatus) == [nil, .skipped])
    #expect(drift.onlyB.map(\.reason) == [.noSuchCase, .skipped])
    #expect(drift.closingLine == "1 both pass, 2 both fail the same way, 3 disagree, 3 ran by one side only")
  }

  /// The sample runs, B's on other fixtures.
  var onOtherFixtures: Drift {
    var other = SampleRuns.driftHeaderB
    other.fixtures.manifestDigest = SampleRuns.otherDigest
    return Drift(
      SampleRuns.resultsFile(SampleRuns.driftHeaderA, SampleRuns.driftA, path: "reports/swift.jsonl"),
      SampleRuns.resultsFile(other, SampleRuns.driftB, path: "reports/kotlin.jsonl"))
  }

  @Test func differentFixturesFailTheGateNamingBothDigestsInFull() {
    let drift = onOtherFixtures
    #expect(drift.fixturesDiffer)
    #expect(drift.gateFailure == "different fixtures")
    #expect(drift.exitStatus == .differences)
    let expected: String = [
      "the runs used different fixtures (their manifest digests differ): ",
      "A (swift-reference 0.1.0) ran on manifest digest \(SampleRuns.digest); ",
      "B (kotlin-app 1.0.0) ran on manifest digest \(SampleRuns.otherDigest). ",
      "Pin both sides to the same bundle (conform run --fixtures BUNDLE --expect-digest sha256:…), or pass ",
      "--allow-different-fixtures to compare only the cases whose input and expected output are the same in both",
    ].joined()
    #expect(drift.warnings.first == expected)
  }

  @Test func runsOnDifferentFixturesAreComparedOnlyOnTheCasesTheyShareWhenAllowed() {
    let same: Set<String> = ["version-compare/seed/a", "version-compare/seed/b"]
    var other = SampleRuns.driftHeaderB
    other.fixtures.manifestDigest = SampleRuns.otherDigest
    let allowed = Drift(
      SampleRuns.resultsFile(SampleRuns.driftHeaderA, SampleRuns.driftPassing, path: "a.jsonl"),
      SampleRuns.resultsFile(other, SampleRuns.driftPassing, path: "b.jsonl"),
      allowDifferentFixtures: true, sameFixtureCases: same)
    let kept = SampleRuns.driftPassing.filter { same.contains($0.id) }.count
    let leftOut = SampleRuns.driftPassing.count - kept
    #expect(allowed.comparedForFixtures == kept)
    #expect(allowed.leftOutForFixtures == leftOut)
    let closing = "\(kept) both pass, 0 both fail the same way, 0 disagree, \(leftOut) left out (different fixtures)"
    #expect(allowed.closingLine == closing)
    #expect(allowed.fixturesMessage?.contains("compared the \(kept) cases whose input and expected output") == true)
    #expect(allowed.gateFailure == "partial")  // the headers announce more cases than the runs hold
  }

  @Test func aBundleAndAFolderWithTheSameManifestAreTheSameFixtures() {
    var bundled = SampleRuns.driftHeaderA
    bundled.fixtures.bundleDigest = SampleRuns.otherDigest
    let drift = Drift(
      SampleRuns.resultsFile(bundled, SampleRuns.driftPassing, path: "a.jsonl"),
      SampleRuns.resultsFile(SampleRuns.driftHeaderA, SampleRuns.driftPassing, path: "b.jsonl"))
    #expect(!drift.fixturesDiffer)
    #expect(drift.fixturesMessage == nil)
  }

  @Test func twoRunsOfTheSameImplementationAreLabelledAAndB() {
    let file = SampleRuns.resultsFile(SampleRuns.driftHeaderA, SampleRuns.driftA, path: "a.jsonl")
    let same = Drift(file, file)
    #expect(same.a.label == "swift-reference 0.1.0 (A)")
    #expect(same.b.label == "swift-reference 0.1.0 (B)")
    #expect(same.disagreements.isEmpty)
    #expect(!same.fixturesDiffer)
    #expect(same.closingLine == "4 both pass, 3 both fail the same way, 0 disagree, 1 ran by neither")
    // The same failures on both sides are not drift, but the gate is "both conform and agree".
    #expect(same.exitStatus == .differences)
  }

  @Test func theTerminalReportMatchesTheGolden() {
    Golden.assertMatches(drift.terminalText(maxShown: 50, style: .plain), named: "drift/terminal.txt")
  }

  @Test func theJSONReportMatchesTheGolden() {
    Golden.assertMatches(JSONWriter.string(drift.jsonReport()) + "\n", named: "drift/drift.json")
  }

  @Test func theMarkdownReportMatchesTheGolden() {
    Golden.assertMatches(drift.markdownReport(maxShown: 50), named: "drift/summary.md")
  }

  /// A complete run against one interrupted by SIGINT whose cases skipped and not run remain.
  static var partialDrift: Drift {
    let passing = SampleRuns.driftPassing
    var b = Array(passing.prefix(3))
    b[1].status = .skipped
    b[2].status = .notRun
    b[2].message = "not run: the run was interrupted by SIGINT"
    let cases = Int64(passing.count)
    return Drift(
      SampleRuns.resultsFile(
        SampleRuns.header(name: "swift-reference", version: "0.1.0", cases: cases), passing, path: "reports/swift.jsonl"),
      SampleRuns.resultsFile(
        SampleRuns.header(name: "kotlin-app", language: "kotlin", version: "1.0.0", cases: cases), b,
        path: "reports/kotlin.jsonl", interrupted: "SIGINT"))
  }

  @Test func aPartialRunsReportsMatchTheGoldens() {
    Golden.assertMatches(Self.partialDrift.terminalText(maxShown: 50, style: .plain), named: "drift/partial.txt")
    Golden.assertMatches(Self.partialDrift.markdownReport(maxShown: 50), named: "drift/partial.md")
  }

  @Test func theJSONReportHoldsEveryDisagreementAndOneSidedCase() throws {
    let json = try JSONReader.parse(JSONWriter.string(drift.jsonReport()))
    #expect(json["counts"] == ["bothPass": 1, "bothFail": 2, "disagree": 3, "onlyA": 1, "onlyB": 2, "neitherRan": 0])
    #expect(json["sharedFailures"]?.arrayValue?.map { $0["ids"] } == [["timeline/seed/y"], ["version-compare/seed/c"]])
    #expect(json["onlyB"]?.arrayValue?.map { $0["reason"] } == ["no-such-case", "skipped"])
    #expect(json["gateFailure"] == "disagree")
    #expect(json["b"]?["partial"] == .null)
    let kinds = json["disagreements"]?.arrayValue?.map { $0["kind"] }
    #expect(kinds == ["status", "output", "status"])
    #expect(json["a"]?["label"] == "swift-reference 0.1.0")
    #expect(json["fixturesDiffer"] == false)  // the sample runs share their fixtures
  }

  @Test func theTerminalShowsAtMostMaxShownAndTheClosingLineLast() {
    let text = drift.terminalText(maxShown: 1, style: .plain)
    #expect(text.components(separatedBy: "\nDRIFT ").count - 1 == 1)
    #expect(text.contains("… and 2 more groups of disagreements"))
    #expect(text.components(separatedBy: "\nBOTH FAIL ").count - 1 == 1)
    #expect(text.contains("… and 1 more group of cases both fail the same way"))
    #expect(text.hasSuffix("\n1 both pass, 2 both fail the same way, 3 disagree, 3 ran by one side only\n"))
  }
}

/// The gate's rules: both conform and agree; nothing partial passes unless allowed.
@Suite struct DiffGateTests {
  let passing = SampleRuns.driftPassing
  var headerA: ResultHeader { SampleRuns.header(name: "swift-app", version: "2.0.0", cases: Int64(passing.count)) }
  var headerB: ResultHeader {
    SampleRuns.header(name: "kotlin-app", language: "kotlin", version: "1.0.0", cases: Int64(passing.count))
  }

  func drift(_ a: [CaseResult], _ b: [CaseResult], allowPartial: Bool = false) -> Drift {
    Drift(
      SampleRuns.resultsFile(headerA, a, path: "reports/a.jsonl"), SampleRuns.resultsFile(headerB, b, path: "reports/b.jsonl"),
      allowPartial: allowPartial)
  }

  /// `count` timeline cases failing: the first `same` with one output, the rest each their own.
  static func failing(_ count: Int, sameWay same: Int, output: JSONValue = ["effects": []]) -> [CaseResult] {
    (0..<count).map { index in
      CaseResult(
        id: "timeline/cancel/\(index)", suite: "timeline", status: .fail,
        actual: index < same ? output : ["effects": [.int(Int64(index))]], expected: ["effects": [1]])
    }
  }

  @Test func runsThatBothPassEveryCaseExitZero() {
    let gate = drift(passing, passing)
    #expect(gate.exitStatus == .success)
    #expect(gate.gateFailure == nil)
    #expect(gate.closingLine == "4 both pass, 0 both fail the same way, 0 disagree")
  }

  @Test func twoPortsFailingTheSameCasesTheSameWayAreListedAsBothFailingAndFailTheGate() throws {
    let failures = Self.failing(4, sameWay: 3)
    let gate = drift(passing + failures, passing + failures)
    #expect(gate.disagreements.isEmpty)
    #expect(gate.exitStatus == .differences)
    #expect(gate.gateFailure == "both fail")
    #expect(gate.closingLine == "4 both pass, 4 both fail the same way, 0 disagree")
    // Identical failures form one group with one diff; the largest group comes first.
    #expect(gate.sharedFailures.map(\.ids.count) == [3, 1])
    #expect(gate.sharedFailures[0].ids == ["timeline/cancel/0", "timeline/cancel/1", "timeline/cancel/2"])
    #expect(gate.sharedFailures[0].diff == "(- expected, + actual)\n- effects[0]: 1")
    let text = gate.terminalText(maxShown: 50, style: .plain)
    #expect(text.contains("\n=== timeline: 4 cases fail the same way on both sides ===\n"))
    #expect(text.contains("\nBOTH FAIL 3 cases: timeline/cancel/0, timeline/cancel/1, timeline/cancel/2\n"))
    #expect(text.contains("\nBOTH FAIL timeline/cancel/3\n"))
  }

  /// A version-compare case both sides fail, answering `newer`, with its input and decisions.
  static func versions(_ name: String, remote: String, local: String, answered newer: Bool, decision: Int) -> CaseResult {
    var result = CaseResult(
      id: "version-compare/pitfall/\(name)", suite: "version-compare", status: .fail, actual: ["newer": .bool(newer)],
      expected: ["newer": .bool(!newer)], input: ["local": .string(local), "remote": .string(remote)])
    result.decisions = ["version-compare/D\(decision)"]
    return result
  }

  @Test func casesBothFailTheSameWayAreGroupedByCauseNotByOutput() throws {
    // Both answer `newer: true` where the table says false: by output one group, by cause two.
    // 2.0.0 against 2.0 without zero padding (D8); 1.1 against 1..2 read as 1.0.2 (D2).
    let failures = [
      Self.versions("padding", remote: "2.0.0", local: "2.0", answered: true, decision: 8),
      Self.versions("padding-2", remote: "3.0.0", local: "3.0", answered: true, decision: 8),
      Self.versions("empty-piece", remote: "1.1", local: "1..2", answered: true, decision: 2),
    ]
    let gate = drift(passing + failures, passing + failures)
    #expect(gate.disagreements.isEmpty)
    #expect(gate.bothFail == 3)
    #expect(Set(gate.sharedFailures.map(\.diff)).count == 1)
    #expect(
      gate.sharedFailures.map(\.ids) == [
        ["version-compare/pitfall/padding", "version-compare/pitfall/padding-2"], ["version-compare/pitfall/empty-piece"],
      ])
    let padding = gate.sharedFailures[0]
    #expect(padding.causeA?.hasPrefix("version-compare/D8") == true)
    #expect(padding.causeB == padding.causeA)
    #expect(padding.example == "version-compare/pitfall/padding")
    #expect(gate.sharedFailures[1].causeA == "version-compare/D2")
    let text = gate.terminalText(maxShown: 50, style: .plain)
    #expect(text.contains("\nBOTH FAIL version-compare/pitfall/empty-piece (cause version-compare/D2)\n"))
    #expect(
      text.contains(
        "\nBOTH FAIL 2 cases (cause \(padding.causeA!)): version-compare/pitfall/padding, version-compare/pitfall/padding-2\n  example: version-compare/pitfall/padding\n"
      ))
    #expect(text.contains("  input: {\"local\":\"2.0\",\"remote\":\"2.0.0\"}\n"))
    // Still "the same way": the same answer on each case; the closing line counts them so.
    #expect(text.hasSuffix("\n4 both pass, 3 both fail the same way, 0 disagree\n"))
    let groups = try #require(gate.jsonReport()["sharedFailures"]?.arrayValue)
    #expect(groups[1]["causeA"] == "version-compare/D2")
    #expect(groups[1]["b"]?["cause"] == "version-compare/D2")
    #expect(groups[0]["count"] == 2)
    #expect(groups[0]["input"] == ["local": "2.0", "remote": "2.0.0"])
    let markdown = gate.markdownReport(maxShown: 50)
    #expect(markdown.contains("</code>: fail on both sides, cause version-compare/D2</summary>"))
  }

  @Test func casesBothFailWithOtherAnswersByTheSameCausesAreOneDisagreementGroup() {
    // 1.1 against 1..2: A reads 1.0.2 (D2) and answers newer; B answers an error for the empty
    // piece. Two such cases with different inputs and diffs, one group by the pair of causes.
    let a = [
      Self.versions("empty-1", remote: "1.1", local: "1..2", answered: true, decision: 2),
      Self.versions("empty-2", remote: "4.5", local: "4..9", answered: true, decision: 2),
    ]
    var b = a
    for index in b.indices { b[index].actual = ["error": "malformed"] }
    let gate = drift(passing + a, passing + b)
    #expect(gate.disagreements.count == 2)
    #expect(gate.disagreements.allSatisfy { $0.bothWrongDifferently && $0.causeA == "version-compare/D2" })
    #expect(gate.disagreementGroups(profile: gate.profile).map(\.count) == [2])
    let text = gate.terminalText(maxShown: 50, style: .plain)
    #expect(
      text.contains("… 1 more case both sides fail by the same causes, with other answers: version-compare/pitfall/empty-2"))
  }

  @Test func theSameCasesFailingDifferentlyAreDisagreements() {
    let gate = drift(passing + Self.failing(2, sameWay: 2), passing + Self.failing(2, sameWay: 2, output: ["other": 1]))
    #expect(gate.disagreements.map(\.id) == ["timeline/cancel/0", "timeline/cancel/1"])
    #expect(gate.sharedFailures.isEmpty)
    #expect(gate.exitStatus == .differences)
  }

  @Test func anInterruptedSideIsPartialAndNamedWithTheCasesItNeverReached() throws {
    let interrupted = SampleRuns.resultsFile(
      headerB, Array(passing.prefix(1)) + [CaseResult(id: passing[1].id, suite: passing[1].suite, status: .notRun)],
      path: "reports/b.jsonl", interrupted: "SIGINT")
    let gate = Drift(SampleRuns.resultsFile(headerA, passing, path: "reports/a.jsonl"), interrupted)
    #expect(gate.a.partial == nil)
    let partial = try #require(gate.b.partial)
    #expect(partial.notReached == 3)
    #expect(gate.b.partialMessage == "B (kotlin-app 1.0.0, reports/b.jsonl) was interrupted by SIGINT: 3 cases not run")
    // Cases it never reached are not ones it "has no such case".
    #expect(gate.onlyA.map(\.reason) == [.notReached, .notReached, .notReached])
    #expect(gate.exitStatus == .differences)
    #expect(gate.gateFailure == "partial")
    let text = gate.terminalText(maxShown: 50, style: .plain)
    #expect(!text.contains("has no such case"))
    #expect(text.components(separatedBy: "(kotlin-app 1.0.0 never reached them): 1 case\n").count - 1 == 3)
    #expect(text.contains("\n=== a partial run (fails the gate unless --allow-partial) ===\n"))
    #expect(
      text.hasSuffix(
        "\nB (kotlin-app 1.0.0, reports/b.jsonl) was interrupted by SIGINT: 3 cases not run\n\n1 both pass, 0 both fail the same way, 0 disagree, 3 ran by one side only\n"
      ))
  }

  @Test func allowPartialJudgesOnlyTheCasesBothRan() {
    let cut = SampleRuns.resultsFile(headerB, Array(passing.prefix(2)), path: "reports/b.jsonl", interrupted: "SIGTERM")
    let gate = Drift(SampleRuns.resultsFile(headerA, passing, path: "reports/a.jsonl"), cut, allowPartial: true)
    #expect(gate.b.partialMessage == "B (kotlin-app 1.0.0, reports/b.jsonl) was interrupted by SIGTERM: 2 cases not run")
    #expect(gate.exitStatus == .success)
    #expect(gate.terminalText(maxShown: 50, style: .plain).contains("(accepted: --allow-partial)"))
  }

  @Test func aRunWithoutAFooterIsPartial() {
    let cut = SampleRuns.resultsFile(headerB, Array(passing.prefix(3)), path: "reports/b.jsonl", complete: false)
    let gate = Drift(SampleRuns.resultsFile(headerA, passing, path: "reports/a.jsonl"), cut)
    #expect(
      gate.b.partialMessage
        == "B (kotlin-app 1.0.0, reports/b.jsonl) did not finish (its results file has no footer): 1 case not run")
    #expect(gate.exitStatus == .differences)
  }

  @Test func notRunCasesInAFinishedRunMakeItPartialWithTheReason() {
    let cap = "not run: the implementation was restarted 10 times, the limit (--max-restarts 10)"
    let b = Array(passing.prefix(3)) + [CaseResult(id: passing[3].id, suite: passing[3].suite, status: .notRun, message: cap)]
    let gate = drift(passing, b)
    #expect(
      gate.b.partialMessage
        == "B (kotlin-app 1.0.0, reports/b.jsonl) did not run every case (the implementation was restarted 10 times, "
        + "the limit (--max-restarts 10)): 1 case not run")
    #expect(gate.onlyA.map(\.reason) == [.notReached])
    #expect(gate.exitStatus == .differences)
  }

  @Test func aCaseSkippedOnOneSideFailsTheGateUnlessPartialIsAllowed() {
    var b = passing
    b[0].status = .skipped
    #expect(drift(passing, b).onlyA.map(\.reason) == [.skipped])
    #expect(drift(passing, b).a.partial == nil && drift(passing, b).b.partial == nil)
    #expect(drift(passing, b).exitStatus == .differences)
    #expect(drift(passing, b).gateFailure == "one-sided")
    #expect(drift(passing, b, allowPartial: true).exitStatus == .success)
  }

  @Test func aCaseBothSidesSkipIsRanByNeitherAndDoesNotFailTheGate() {
    var both = passing
    both[0].status = .skipped
    let gate = drift(both, both)
    #expect(gate.neitherRan == 1)
    #expect(gate.closingLine == "3 both pass, 0 both fail the same way, 0 disagree, 1 ran by neither")
    #expect(gate.exitStatus == .success)
  }

  @Test func nothingComparedFailsTheGateEvenWithAllowPartial() {
    let empty = SampleRuns.resultsFile(headerB, [], path: "reports/b.jsonl", interrupted: "SIGINT")
    let gate = Drift(SampleRuns.resultsFile(headerA, passing, path: "reports/a.jsonl"), empty, allowPartial: true)
    #expect(gate.bothPass == 0)
    #expect(gate.exitStatus == .differences)
    #expect(gate.gateFailure == "nothing compared")
  }
}

@Suite struct DiffMarkdownLimitTests {
  @Test func manyLargeDisagreementsStayUnderTheLimitAndKeepTheOneSidedListAndTheNote() {
    let big = JSONValue.array((0..<150).map { .string("element \($0) " + String(repeating: "x", count: 80)) })
    var a = SampleRuns.driftA
    var b = SampleRuns.driftB
    for index in 0..<2_000 {
      let id = "timeline/generated/\(index)"
      a.append(CaseResult(id: id, suite: "timeline", status: .fail, actual: big, expected: 1))
      b.append(CaseResult(id: id, suite: "timeline", status: .fail, actual: ["other": big], expected: 1))
    }
    let drift = Drift(
      SampleRuns.resultsFile(SampleRuns.driftHeaderA, a, path: "a.jsonl"),
      SampleRuns.resultsFile(SampleRuns.driftHeaderB, b, path: "b.jsonl"))
    let markdown = drift.markdownReport(maxShown: 1_000_000, limit: 200_000)
    #expect(markdown.utf8.count <= 200_000)
    #expect(markdown.contains("### Ran by one side only (fails the gate unless --allow-partial)"))
    #expect(markdown.contains("more disagreements not shown to stay under the size limit"))
  }
}
