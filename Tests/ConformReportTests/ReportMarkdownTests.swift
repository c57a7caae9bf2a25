import ConformJSON
import ConformSampleRuns
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformReport
@testable import ConformResults

@Suite struct ReportMarkdownTests {
  @Test func everyKindOfProblemMatchesTheGolden() {
    Golden.assertMatches(
      SampleRuns.summary().markdownReport(maxShown: 50, resultsPath: "reports/results-swift-ports.jsonl"),
      named: "report/summary-mixed.md")
  }

  @Test func theTableHasARowPerSuiteAndATotal() {
    let markdown = SampleRuns.summary().markdownReport(maxShown: 50, resultsPath: nil)
    #expect(markdown.contains("| eligibility | 4 | 0 | 1 | 2 | 0 | 1 | 0 | 0 | 0 |"))
    #expect(markdown.contains("| **all** | 10 | 2 | 3 | 2 | 1 | 1 | 0 | 1 | 1 |"))
  }

  @Test func eachProblemIsACollapsibleDiff() {
    let markdown = SampleRuns.summary().markdownReport(maxShown: 50, resultsPath: nil)
    #expect(markdown.components(separatedBy: "<details>").count - 1 == 7)
    #expect(markdown.contains("<summary><code>version-compare/seed/2.0.10-vs-2.0.9</code>: fail</summary>\n\n```diff\n"))
  }

  @Test func tenThousandLargeFailuresStayUnderOneMebibyteWithANote() {
    let stderr = String(repeating: "a line of stderr from a crashing implementation\n", count: 400)
    let results = (0..<10_000).map { index in
      CaseResult(
        id: "timeline/generated/\(index)", suite: "timeline", status: .fail, actual: SampleRuns.timelineActual,
        expected: SampleRuns.timelineExpected, note: String(repeating: "long note ", count: 50), message: "crash \(index)",
        stderrTail: stderr)
    }
    let markdown = SampleRuns.summary(results, known: nil).markdownReport(maxShown: 1_000_000, resultsPath: "r.jsonl")
    #expect(markdown.utf8.count < MarkdownDocument.gitHubLimit)
    #expect(markdown.utf8.count <= MarkdownDocument.defaultLimit)
    let shown = markdown.components(separatedBy: "<details>").count - 1
    #expect(shown > 10)
    #expect(
      markdown.contains("*… and \(10_000 - shown) more problems not shown to stay under the size limit: `r.jsonl` has them all;"))
  }

  @Test func maxShownCapsTheDetailsWithANote() {
    let markdown = SampleRuns.summary().markdownReport(maxShown: 2, resultsPath: nil)
    #expect(markdown.components(separatedBy: "<details>").count - 1 == 2)
    #expect(markdown.contains("*… and 5 more problems not shown (--max-shown 2):"))
  }

  @Test func aTinyLimitStillGivesAValidShortDocument() {
    let markdown = SampleRuns.summary().markdownReport(maxShown: 50, limit: 3_000, resultsPath: nil)
    #expect(markdown.utf8.count <= 3_000)
    #expect(markdown.contains("more problems not shown to stay under the size limit"))
  }

  @Test func aFenceIsLongerThanAnyBackticksInside() {
    let fenced = MarkdownText.fenced(["a ``` b", "````"], language: "diff")
    #expect(fenced == "`````diff\na ``` b\n````\n`````")
  }

  @Test func inlineTextCannotBreakATableOrInjectHTML() {
    #expect(MarkdownText.inline("a|b <script> *x*") == "a\\|b \\<script\\> \\*x\\*")
    #expect(MarkdownText.html("<b>&\"") == "&lt;b&gt;&amp;&quot;")
  }

  @Test func prefixNeverCutsAScalarInHalf() {
    #expect(MarkdownDocument.prefix(of: "ab카페", bytes: 4) == "ab")
    #expect(MarkdownDocument.prefix(of: "line one\nline two", bytes: 12) == "line one\n")
  }

  @Test func theStepSummaryIsAppendedAndKeptUnderTheLimit() throws {
    let directory = TestSupport.temporaryDirectory()
    let path = directory.appendingPathComponent("summary.md").path
    try Data(("earlier step\n" + String(repeating: "x", count: 900_000)).utf8).write(to: URL(fileURLWithPath: path))
    try StepSummary.append(to: path, note: { _ in }) { limit in
      SampleRuns.summary().markdownReport(maxShown: 50, limit: limit, resultsPath: nil)
    }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("earlier step\n"))
    #expect(text.contains("## conform: swift-ports 0.1.0 (swift) ❌ does not conform"))
    #expect(text.utf8.count < MarkdownDocument.gitHubLimit)
  }
}

@Suite struct ReportJSONTests {
  func report(_ summary: RunSummary = SampleRuns.summary()) throws -> JSONValue {
    // Through the writer and back, as a consumer reads the file.
    try JSONReader.parse(JSONWriter.string(summary.jsonReport(resultsPath: "reports/results-swift-ports.jsonl")))
  }

  @Test func everyKindOfProblemMatchesTheGolden() {
    let json = JSONWriter.string(SampleRuns.summary().jsonReport(resultsPath: "reports/results-swift-ports.jsonl"))
    Golden.assertMatches(json + "\n", named: "report/report-mixed.json")
  }

  @Test func theSummaryHasCountsExitStatusAndHeader() throws {
    let json = try report()
    #expect(
      json["counts"] == [
        "cases": 10, "passed": 2, "failed": 3, "errored": 2, "flaky": 1, "skipped": 1, "unsupported": 0, "knownFailures": 1,
        "staleKnownFailures": 1, "notRun": 0,
      ])
    #expect(json["exitStatus"] == 1)
    #expect(json["closingLine"] == .string(SampleRuns.summary().closingLine))
    #expect(json["implementation"]?["name"] == "swift-ports")
    #expect(json["fixtures"]?["manifestDigest"] == .string(SampleRuns.digest))
    #expect(json["suites"]?["timeline"]?["flaky"] == 1)
  }

  @Test func everyProblemIsThereWithExpectedActualDiffAndNote() throws {
    let problems = try #require(try report()["problems"]?.arrayValue)
    #expect(problems.count == 7)
    let fail = try #require(problems.first { $0["id"] == "version-compare/seed/2.0.10-vs-2.0.9" })
    #expect(fail["expected"] == ["newer": true])
    #expect(fail["actual"] == ["newer": false])
    #expect(fail["diff"] == "(- expected, + actual)\n- newer: true\n+ newer: false")
    #expect(fail["note"]?.stringValue?.hasPrefix("string comparison") == true)
    let crash = try #require(problems.first { $0["kind"] == "crashed" })
    #expect(crash["message"] == "exited with signal 11 (SIGSEGV)")
    #expect(crash["stderr"]?.stringValue?.contains("\u{1B}[31m") == true)
  }

  @Test func nothingIsCappedInJSON() throws {
    let results = (0..<500).map { index in
      CaseResult(id: "version-compare/g/\(index)", suite: "version-compare", status: .fail, actual: 1, expected: 2)
    }
    let problems = try #require(try report(SampleRuns.summary(results, known: nil))["problems"]?.arrayValue)
    #expect(problems.count == 500)
  }

  @Test func excusedKnownFailuresAreListedApart() throws {
    let known = try #require(try report()["knownFailures"]?.arrayValue)
    #expect(
      known == [
        [
          "id": "version-compare/pitfall/double-dot", "suite": "version-compare", "kind": "fail", "line": 2,
          "reason": "Kotlin split keeps empty pieces (ANDROID-123)",
        ]
      ])
  }
}
