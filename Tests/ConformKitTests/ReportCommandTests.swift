import ConformJSON
import ConformSampleRuns
import ConformTestSupport
import Foundation
import Testing

@testable import ConformCLI
@testable import ConformFixtures
@testable import ConformReport
@testable import ConformResults

/// `conform report` run as a user runs it: the built binary, on crafted results files.
@Suite struct ReportCommandTests {
  let directory = TestSupport.temporaryDirectory("conform-report")

  func resultsFile(_ results: [CaseResult] = SampleRuns.mixedResults, complete: Bool = true, name: String = "results.jsonl")
    -> String
  {
    let header = SampleRuns.header(cases: Int64(Set(results.map(\.id)).count))
    return SampleRuns.write(
      SampleRuns.resultsText(header: header, results: results, complete: complete), named: name, in: directory)
  }

  func report(_ arguments: [String], environment: [String: String] = [:]) async throws -> ProcessOutcome {
    try await TestSupport.run(
      TestSupport.binary("conform"), ["report"] + arguments, environment: environment, currentDirectory: directory)
  }

  func lastLine(_ text: String) -> String? {
    text.split(separator: "\n").last.map(String.init)
  }

  @Test func everyCaseConformingExitsZero() async throws {
    let passing = SampleRuns.mixedResults.filter { $0.status == .pass && $0.attempt == 0 }
    let outcome = try await report([resultsFile(passing)])
    #expect(outcome.status == 0)
    #expect(lastLine(outcome.stdout) == "3 passed, 0 failed")
    #expect(outcome.stderr.isEmpty)
  }

  @Test func aFailingCaseExitsOneWithTheClosingLineLast() async throws {
    let known = SampleRuns.write(SampleRuns.knownFailuresText, named: "known.txt", in: directory)
    let outcome = try await report([resultsFile(), "--known-failures", known])
    #expect(outcome.status == 1)
    #expect(lastLine(outcome.stdout) == SampleRuns.summary().closingLine)
    #expect(outcome.stdout.contains("FAIL version-compare/seed/2.0.10-vs-2.0.9"))
    #expect(!outcome.stdout.contains("\u{1B}["))
  }

  @Test func knownFailuresExcuseEveryFailureToExitZero() async throws {
    let results = [SampleRuns.mixedResults[0], SampleRuns.mixedResults[1]]
    let known = SampleRuns.write("version-compare/seed/2.0.10-vs-2.0.9  # tracked\n", named: "known.txt", in: directory)
    let outcome = try await report([resultsFile(results), "--known-failures", known])
    #expect(outcome.status == 0)
    #expect(lastLine(outcome.stdout) == "1 passed, 0 failed, 1 known failure")
  }

  @Test func anUnfinishedRunWithNothingFailingExitsTwoAndSaysWhy() async throws {
    let path = resultsFile([SampleRuns.mixedResults[0]], complete: false)
    let outcome = try await report([path])
    #expect(outcome.status == 2)
    #expect(
      outcome.stderr
        == "conform: warning: \(path): no footer: the run did not finish (it was killed or crashed, or its disk was full)\n")
    #expect(outcome.stdout.contains("the run did not finish (the results file has no footer)"))
    #expect(lastLine(outcome.stdout) == "1 passed, 0 failed")
  }

  @Test func aMalformedLineNamesTheFileAndLine() async throws {
    var text = try String(contentsOfFile: resultsFile(), encoding: .utf8)
    var lines = text.split(separator: "\n").map(String.init)
    lines[2] = "{\"type\":\"case\",\"id\":"
    text = lines.joined(separator: "\n") + "\n"
    let path = SampleRuns.write(text, named: "broken.jsonl", in: directory)
    let outcome = try await report([path])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.hasPrefix("conform: error: \(path) line 3: column "))
    #expect(outcome.stdout.isEmpty)
  }

  @Test func aLineOfTheWrongShapeNamesTheFileLineAndField() async throws {
    let header = JSONWriter.string(ResultRecord.header(SampleRuns.header(cases: 1)).json)
    let path = SampleRuns.write(header + "\n{\"type\":\"case\",\"id\":\"a/b\"}\n", named: "shape.jsonl", in: directory)
    let outcome = try await report([path])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("\(path) line 2: field \""))
  }

  @Test func aTruncatedLastLineIsToleratedWithAWarning() async throws {
    var text = try String(contentsOfFile: resultsFile(complete: false), encoding: .utf8)
    text += "{\"actual\":{\"newer\":fal"
    let path = SampleRuns.write(text, named: "cut.jsonl", in: directory)
    let outcome = try await report([path])
    let lineCount = text.split(separator: "\n").count
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr.contains(
        "conform: warning: \(path): line \(lineCount) was cut short (the run was interrupted) and is ignored"))
    #expect(lastLine(outcome.stdout) == SampleRuns.summary(known: nil).closingLine)
  }

  @Test func aMissingFileIsAnErrorNamingIt() async throws {
    let outcome = try await report(["nowhere.jsonl"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr == "conform: error: nowhere.jsonl: no such file\n")
  }

  @Test func aFileThatIsNotAResultsFileSaysSo() async throws {
    let path = SampleRuns.write(
      "{\"type\":\"footer\",\"endedAt\":\"x\",\"interrupted\":null,\"ms\":1,\"restarts\":0,\"totals\":{}}\n",
      named: "no-header.jsonl", in: directory)
    let outcome = try await report([path])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("\(path) line 1: a results file starts with a header record"))
  }

  @Test(arguments: [
    ([String](), "usage: report: which results file? (conform report RESULTS)"),
    (["--frobnicate"], "usage: report: unknown option --frobnicate (see conform report --help)"),
  ])
  func usageErrorsExitTwo(_ arguments: [String], _ message: String) async throws {
    let outcome = try await report(arguments)
    #expect(outcome.status == 2)
    #expect(outcome.stderr == "conform: error: \(message)\n")
  }

  @Test func aBadKnownFailuresFileNamesItsLine() async throws {
    let known = SampleRuns.write("version-compare/seed/a\nnot an id\n", named: "known.txt", in: directory)
    let outcome = try await report([resultsFile(), "--known-failures", known])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("\(known) line 2: \"not an id\" is not a case id"))
  }

  @Test func aKnownFailureThatIsNotInTheRunIsAWarning() async throws {
    let known = SampleRuns.write("version-compare/seed/nope  # typo?\n", named: "known.txt", in: directory)
    let outcome = try await report([resultsFile(), "--known-failures", known])
    #expect(outcome.stderr.contains("warning: \(known) line 1: version-compare/seed/nope is not a case of this run"))
    #expect(outcome.status == 1)
  }

  @Test func writesJUnitJSONAndMarkdown() async throws {
    let known = SampleRuns.write(SampleRuns.knownFailuresText, named: "known.txt", in: directory)
    let results = resultsFile()
    let outcome = try await report([
      results, "--known-failures", known, "--junit", "out/junit.xml", "--json", "out/report.json", "--markdown", "out/summary.md",
    ])
    #expect(outcome.status == 1)
    let out = directory.appendingPathComponent("out")
    let junit = try String(contentsOfFile: out.appendingPathComponent("junit.xml").path, encoding: .utf8)
    #expect(junit.hasPrefix("<?xml") && junit.contains("<testsuites "))
    let json = try JSONReader.parse(try String(contentsOfFile: out.appendingPathComponent("report.json").path, encoding: .utf8))
    #expect(json["exitStatus"] == 1)
    #expect(json["results"] == .string(results))
    #expect(json["problems"]?.arrayValue?.count == 7)
    let markdown = try String(contentsOfFile: out.appendingPathComponent("summary.md").path, encoding: .utf8)
    #expect(markdown.hasPrefix("## conform: swift-ports 0.1.0 (swift) ❌ does not conform"))
  }

  @Test(.enabled(if: ExternalTool.xmllint.isInstalled, ExternalTool.xmllint.missing))
  func theWrittenJUnitIsValidAgainstTheSchema() async throws {
    let outcome = try await report([resultsFile(), "--junit", "out/junit.xml"])
    #expect(outcome.status == 1)
    let junit = directory.appendingPathComponent("out/junit.xml").path
    let lint = try await TestSupport.run(
      try #require(ExternalTool.xmllint.path), ["--noout", "--schema", ReportJUnitTests.schema, junit])
    #expect(lint.status == 0, "\(lint.stderr)")
  }

  @Test func aFileThatCannotBeWrittenExitsTwoAfterTheReport() async throws {
    let blocker = SampleRuns.write("a file, not a folder", named: "blocker", in: directory)
    let outcome = try await report([resultsFile(), "--junit", blocker + "/junit.xml"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("conform: error: \(blocker)/junit.xml: cannot be written"))
    #expect(lastLine(outcome.stdout) == SampleRuns.summary(known: nil).closingLine)
  }

  @Test func onGitHubActionsItAnnotatesAndAppendsTheStepSummary() async throws {
    let summaryPath = SampleRuns.write("## an earlier step\n", named: "step-summary.md", in: directory)
    let outcome = try await report([resultsFile()], environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summaryPath])
    #expect(outcome.status == 1)
    let lines = outcome.stdout.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("::error title=conform%3A ") }.count == 7)
    #expect(lastLine(outcome.stdout) == SampleRuns.summary(known: nil).closingLine)
    let summary = try String(contentsOfFile: summaryPath, encoding: .utf8)
    #expect(summary.hasPrefix("## an earlier step\n\n## conform: swift-ports"))
  }

  @Test func helpIsACleanExitWithTheReportOptions() async throws {
    let outcome = try await report(["--help"])
    #expect(outcome.status == 0)
    #expect(outcome.stdout.contains("\nREPORT OPTIONS\n"))
    for option in ReportOptions.options where !option.isHidden {
      #expect(outcome.stdout.contains(option.synopsis + " "), "\(option.name)")
    }
    #expect(outcome.stdout.contains("EXIT STATUS"))
  }

  @Test func theTopLevelHelpListsReportAndDiff() async throws {
    let outcome = try await TestSupport.run(TestSupport.binary("conform"), ["--help"])
    #expect(outcome.stdout.contains("  report  "))
    #expect(outcome.stdout.contains("  diff  "))
  }
}
