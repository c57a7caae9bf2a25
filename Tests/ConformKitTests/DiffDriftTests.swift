import ConformJSON
import ConformTestSupport
import Testing

@testable import ConformKit

@Suite struct DiffDriftTests {
  let drift = SampleRuns.drift

  @Test func disagreementsAreDifferentStatusesOrDifferentWrongOutputs() {
    #expect(drift.disagreements.map(\.id) == ["timeline/seed/x", "version-compare/pitfall/double-dot", "version-compare/seed/b"])
    #expect(drift.agreed == 3)
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

  @Test func bothWrongTheSameWayIsAgreement() {
    #expect(!drift.disagreements.contains { $0.id == "version-compare/seed/c" })
  }

  @Test func bothCrashedIsAgreementEvenWithDifferentMessages() {
    #expect(!drift.disagreements.contains { $0.id == "timeline/seed/y" })
  }

  @Test func aCrashAgainstAPassHasNoDiffButBothVerdicts() throws {
    let disagreement = try #require(drift.disagreements.first { $0.id == "timeline/seed/x" })
    #expect(disagreement.diff == nil)
    let lines = drift.detailLines(disagreement)
    #expect(lines.contains("swift-reference 0.1.0: pass"))
    #expect(lines.contains("kotlin-app 1.0.0: crashed: killed by signal 6 (SIGABRT)"))
  }

  @Test func casesOnlyOneSideRanAreListedApart() {
    #expect(drift.onlyA.map(\.id) == ["eligibility/seed/only-a"])
    #expect(drift.onlyA.first?.otherStatus == .unsupported)
    #expect(drift.onlyB.map(\.id) == ["eligibility/seed/extra", "eligibility/seed/s"])
    #expect(drift.onlyB.map(\.otherStatus) == [nil, .skipped])
    #expect(drift.closingLine == "3 agree, 3 disagree, 3 ran by one side only")
  }

  @Test func differentFixturesAreAWarning() {
    #expect(drift.fixturesDiffer)
    #expect(
      drift.warnings.first?.hasPrefix("the runs used different fixtures (A sha256:0123456789ab, B sha256:fedcba987654)") == true)
  }

  @Test func twoRunsOfTheSameImplementationAreLabelledAAndB() {
    let file = SampleRuns.resultsFile(SampleRuns.driftHeaderA, SampleRuns.driftA, path: "a.jsonl")
    let same = Drift(file, file)
    #expect(same.a.label == "swift-reference 0.1.0 (A)")
    #expect(same.b.label == "swift-reference 0.1.0 (B)")
    #expect(same.disagreements.isEmpty)
    #expect(same.exitStatus == .success)
    #expect(!same.fixturesDiffer)
    #expect(same.closingLine == "7 agree, 0 disagree")
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

  @Test func theJSONReportHoldsEveryDisagreementAndOneSidedCase() throws {
    let json = try JSONReader.parse(JSONWriter.string(drift.jsonReport()))
    #expect(json["counts"] == ["agree": 3, "disagree": 3, "onlyA": 1, "onlyB": 2, "neitherRan": 0])
    let kinds = json["disagreements"]?.arrayValue?.map { $0["kind"] }
    #expect(kinds == ["status", "output", "status"])
    #expect(json["a"]?["label"] == "swift-reference 0.1.0")
    #expect(json["fixturesDiffer"] == true)
  }

  @Test func theTerminalShowsAtMostMaxShownAndTheClosingLineLast() {
    let text = drift.terminalText(maxShown: 1, style: .plain)
    #expect(text.components(separatedBy: "\nDRIFT ").count - 1 == 1)
    #expect(text.contains("… and 2 more disagreements"))
    #expect(text.hasSuffix("\n3 agree, 3 disagree, 3 ran by one side only\n"))
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
    #expect(markdown.contains("### Ran by one side only (not drift)"))
    #expect(markdown.contains("more disagreements not shown to stay under the size limit"))
  }
}
