import ConformJSON
import ConformPlatform
import ConformSampleRuns
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformReport
@testable import ConformResults

@Suite struct ReportTerminalTests {
  func text(_ summary: RunSummary, maxShown: Int = 50, colour: Bool = false, environment: [String: String] = [:]) -> String {
    Reporter(
      options: ReportOptions(maxShown: maxShown), resultsPath: "reports/results-swift-ports.jsonl",
      environment: environment, colour: colour, output: .discarded
    ).terminalText(summary)
  }

  /// The reporter writes files only: the text and the warnings go to the output it is given (the
  /// command line's is stdout and stderr), in order, the text last.
  @Test func theReportAndItsWarningsGoToTheOutputItIsGiven() throws {
    let said = Locked<[String]>([])
    let output = ReportOutput(
      text: { text in said.withLock { $0.append("text: " + text) } },
      note: { note in said.withLock { $0.append("note: " + note) } },
      error: { error in said.withLock { $0.append("error: " + error) } })
    var summary = SampleRuns.summary()
    summary.warnings = ["line 9 was cut short"]
    let reporter = Reporter(
      options: ReportOptions(maxShown: 50), resultsPath: "r.jsonl", environment: [:], colour: false, output: output)
    let status = try reporter.report(summary)
    #expect(status == summary.exitStatus)
    #expect(said.withLock { $0 } == ["note: warning: r.jsonl: line 9 was cut short", "text: " + reporter.terminalText(summary)])
  }

  @Test func everyKindOfProblemMatchesTheGolden() {
    Golden.assertMatches(text(SampleRuns.summary()), named: "report/terminal-mixed.txt")
  }

  @Test func oneFailureMatchesTheGolden() {
    let results = [SampleRuns.mixedResults[0], SampleRuns.mixedResults[2]]
    Golden.assertMatches(text(SampleRuns.summary(results, known: nil)), named: "report/terminal-one-failure.txt")
  }

  @Test func theClosingLineIsTheLastLine() throws {
    let summary = SampleRuns.summary()
    let lines = text(summary).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "")
    #expect(lines.dropLast().last.map(String.init) == summary.closingLine)
  }

  /// The sample run restarted its implementation once (a crash with nothing in flight), which the
  /// headline says: a case that passes after a restart is still a pass.
  @Test func aCleanRunIsTheHeadlineAndTheClosingLine() {
    let results = [CaseResult(id: "version-compare/seed/a", suite: "version-compare", status: .pass, microseconds: 5)]
    #expect(
      text(SampleRuns.summary(results, known: nil))
        == "conform: swift-ports 0.1.0 (swift) against fixtures manifest sha256:0123456789ab (fixtures, 1 case) in 1.234 s, 1 restart (1 crash)\n\n1 passed, 0 failed\n"
    )
  }

  @Test func anInterruptedRunCountsTheCasesItNeverRecordedAsNotRun() {
    let results = [
      CaseResult(id: "timeline/cancel/a", suite: "timeline", status: .pass),
      CaseResult(
        id: "timeline/cancel/b", suite: "timeline", status: .notRun, message: "not run: the run was interrupted by SIGINT"),
    ]
    // A generated run announces 10 cases, records 2 and never sends the other 8.
    let summary = RunSummary(
      header: SampleRuns.header(cases: 10), results: results, footer: SampleRuns.footer(results, interrupted: "SIGINT"))
    #expect(
      summary.incompleteExplanation == "the run was interrupted by SIGINT: 9 of 10 cases were not run (no verdict either way)")
    #expect(summary.closingLine == "1 passed, 0 failed, 9 not run: interrupted after 1 of 10 cases")
  }

  @Test func problemsAreGroupedBySuiteInOrder() {
    let report = text(SampleRuns.summary())
    let headings = report.split(separator: "\n").filter { $0.hasPrefix("=== ") }
    #expect(
      headings == ["=== eligibility: 3 problems ===", "=== timeline: 2 problems ===", "=== version-compare: 2 problems ==="])
  }

  @Test func excusedKnownFailuresAreNotShownButStaleOnesAre() {
    let report = text(SampleRuns.summary())
    #expect(!report.contains("version-compare/pitfall/double-dot"))
    #expect(report.contains("STALE KNOWN FAILURE version-compare/pitfall/fixed"))
    #expect(report.contains("remove it from the list"))
  }

  @Test func crashesShowTheMessageAndTheTailOfStderrWithControlCharactersMadeVisible() {
    let report = text(SampleRuns.summary())
    #expect(report.contains("message: exited with signal 11 (SIGSEGV)"))
    #expect(report.contains("| \\u{1B}[31mcolour from the app\\u{1B}[0m"))
    #expect(!report.contains("\u{1B}"))
    #expect(!report.contains("\u{0}"))
  }

  @Test(arguments: [
    ("timeline/seed/cancel-after-sleep", "timeline/seed/cancel-after-sleep"),
    ("/tmp/a b/swift-ports", "'/tmp/a b/swift-ports'"),
    ("it's", #"'it'\''s'"#),
    ("", "''"),
    ("timeline/seed/*", "'timeline/seed/*'"),
  ])
  func rerunCommandsQuoteWordsForTheShell(_ word: String, _ quoted: String) {
    #expect(ShellWord.quote(word) == quoted)
  }

  @Test func colourOnlyWhenAskedFor() {
    let plain = text(SampleRuns.summary(), colour: false)
    let coloured = text(SampleRuns.summary(), colour: true)
    #expect(!plain.contains("\u{1B}["))
    #expect(coloured.contains("\u{1B}[31m- newer: true\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[32m+ newer: false\u{1B}[0m"))
  }

  @Test func tenThousandFailuresPrintTheFirstFiftyAndACount() {
    let results = (0..<10_000).map { index in
      CaseResult(
        id: "version-compare/generated/\(index)", suite: "version-compare", status: .fail, microseconds: 10,
        actual: ["newer": .int(Int64(index))], expected: ["newer": true], note: "generated")
    }
    let report = text(SampleRuns.summary(results, known: nil))
    #expect(report.components(separatedBy: "\nFAIL ").count - 1 == 50)
    #expect(
      report.contains(
        "… and 9950 more problems (every one is in reports/results-swift-ports.jsonl; --json FILE writes them all with their diffs)"
      ))
    #expect(report.hasSuffix("\n0 passed, 10000 failed\n"))
    #expect(report.split(separator: "\n").count < 400)
  }

  @Test func maxShownZeroShowsOnlyTheCounts() {
    let report = text(SampleRuns.summary(), maxShown: 0)
    #expect(!report.contains("\nFAIL "))
    #expect(report.contains("… and 7 more problems"))
  }

  @Test func aHugeDiffIsCutShortOnTheTerminal() {
    let expected = JSONValue.array((0..<1_000).map { .int($0) })
    let actual = JSONValue.array((0..<1_000).map { .int($0 * 2 + 1) })
    let results = [CaseResult(id: "timeline/big", suite: "timeline", status: .fail, actual: actual, expected: expected)]
    let report = text(SampleRuns.summary(results, known: nil))
    #expect(report.contains("more lines)"))
    #expect(report.split(separator: "\n").count < 130)
  }

  @Test func anUnfinishedRunSaysSo() {
    let report = text(SampleRuns.summary(Array(SampleRuns.mixedResults.prefix(1)), known: nil, complete: false))
    #expect(report.contains("the run did not finish (the results file has no footer)"))
    #expect(SampleRuns.summary(Array(SampleRuns.mixedResults.prefix(1)), known: nil, complete: false).exitStatus == .couldNotRun)
  }

  @Test func gitHubActionsGetsOneAnnotationPerProblemBeforeTheClosingLine() throws {
    let summary = SampleRuns.summary()
    let report = text(summary, environment: ["GITHUB_ACTIONS": "true"])
    let lines = report.split(separator: "\n").map(String.init)
    let annotations = lines.filter { $0.hasPrefix("::error ") }
    #expect(annotations.count == summary.problems.count)
    #expect(lines.last == summary.closingLine)
    // In the reports' order: within a family, the case with the smallest input first.
    #expect(annotations.first?.hasPrefix("::error title=conform%3A eligibility/seed/timeout (timeout)::") == true)
    let crash = try #require(annotations.first { $0.contains("eligibility/seed/crash") })
    #expect(crash.hasPrefix("::error title=conform%3A eligibility/seed/crash (crashed)::note: a version"))
    #expect(!crash.contains("\n"))
    #expect(crash.contains("%0Ainput: {\"state\":{\"lastPromptedVersion\":null,\"wonCompletionCount\":3}}%0A"))
    #expect(crash.contains("%0Amessage: exited with signal 11 (SIGSEGV)%0A"))
    #expect(!text(summary).contains("::error"))
  }

  @Test func annotationsAreCappedWithANotice() {
    let report = text(SampleRuns.summary(), maxShown: 2, environment: ["GITHUB_ACTIONS": "true"])
    #expect(report.split(separator: "\n").filter { $0.hasPrefix("::error ") }.count == 2)
    #expect(report.contains("::notice title=conform::… and 5 more problems"))
  }
}
