import ConformJSON
import ConformSampleRuns
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformReport
@testable import ConformResults

/// `conform report --html` and `conform run --html`, run as a user runs them.
@Suite struct ReportHTMLCommandTests {
  let directory = TestSupport.temporaryDirectory("conform-html")

  func conform(_ arguments: [String]) async throws -> ProcessOutcome {
    try await TestSupport.run(TestSupport.binary("conform"), arguments, currentDirectory: directory)
  }

  func write(_ header: ResultHeader, _ results: [CaseResult], named name: String) -> String {
    SampleRuns.write(SampleRuns.resultsText(header: header, results: results), named: name, in: directory)
  }

  func page(_ name: String) throws -> String {
    try String(contentsOfFile: directory.appendingPathComponent(name).path, encoding: .utf8)
  }

  @Test func reportWritesThePageBesideItsUsualReport() async throws {
    let results = write(SampleRuns.header(cases: 10), SampleRuns.mixedResults, named: "mixed.jsonl")
    let plain = try await conform(["report", results])
    let outcome = try await conform(["report", results, "--html", "out/report.html"])
    #expect(outcome.status == 1)
    #expect(outcome.stdout == plain.stdout)
    let html = try page("out/report.html")
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("This page summarises one results file: <code>\(results)</code> (10 cases)"))
    #expect(html == HTMLReport(runs: [.init(summary: try RunSummary(file: ResultsFile.read(results)), path: results)]).render())
  }

  @Test func severalResultsFilesMakeOnePageWithTheDriftAndTheWorstStatus() async throws {
    let a = write(SampleRuns.driftHeaderA, SampleRuns.driftA, named: "a.jsonl")
    let b = write(SampleRuns.driftHeaderB, SampleRuns.driftB, named: "b.jsonl")
    let outcome = try await conform(["report", "--html", "two.html", a, b])
    #expect(outcome.status == 1)
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines.first?.hasPrefix("A: swift-reference 0.1.0 (swift) (\(a)): ") == true)
    #expect(lines.dropFirst().first?.hasPrefix("B: kotlin-app 1.0.0 (kotlin) (\(b)): ") == true)
    #expect(lines.last == "A against B: \(SampleRuns.drift.closingLine)")
    #expect(outcome.stderr.contains("HTML report in two.html"))
    let html = try page("two.html")
    #expect(html.contains("<section id=\"drift\""))
    #expect(html.contains("This page summarises 2 results files"))
  }

  @Test func twoPassingRunsExitZero() async throws {
    let passing = SampleRuns.driftPassing
    let a = write(SampleRuns.header(name: "swift-app", cases: Int64(passing.count)), passing, named: "a.jsonl")
    let b = write(SampleRuns.header(name: "kotlin-app", cases: Int64(passing.count)), passing, named: "b.jsonl")
    let outcome = try await conform(["report", "--html", "two.html", a, b])
    #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
    #expect(try page("two.html").contains("✓ both conform and agree"))
  }

  @Test(arguments: [
    (["--junit", "j.xml"], "usage: report: --junit is about one run"),
    (["--json", "r.json", "--markdown", "s.md"], "usage: report: --json, --markdown are about one run"),
    (["--known-failures", "k.txt"], "usage: report: --known-failures is about one run"),
  ])
  func withSeveralFilesTheOneRunOptionsAreRefused(_ options: [String], _ message: String) async throws {
    let a = write(SampleRuns.driftHeaderA, SampleRuns.driftA, named: "a.jsonl")
    let outcome = try await conform(["report", "--html", "two.html", a, a] + options)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.hasPrefix("conform: error: \(message)"), "\(outcome.stderr)")
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("two.html").path))
  }

  @Test func runWritesThePageFromItsResults() async throws {
    let outcome = try await conform([
      "run", "--impl", TestSupport.binary("swift-reference"), "--suite", "version-compare", "--case", "version-compare/seed/*",
      "--results", "seed.jsonl", "--html", "seed.html",
    ])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let results = try ResultsFile.read(directory.appendingPathComponent("seed.jsonl").path)
    let html = try page("seed.html")
    let cases = Set(results.results.map(\.id))
    #expect(cases.count > 3)
    // A live run's summary keeps no passing case: the page was made from the results file, so
    // every case of the run has its row.
    for id in cases { #expect(html.contains("<code>\(HTMLText.escape(id))</code>"), "\(id)") }
    #expect(HTMLPage.counts(html, impl: 0, suite: "version-compare")["passed"] == cases.count)
  }

  @Test func bothHelpsDocumentTheOption() async throws {
    for command in ["run", "report"] {
      let outcome = try await conform([command, "--help"])
      #expect(outcome.stdout.contains("--html FILE"), "\(command)")
    }
    #expect(try await conform(["report", "--help"]).stdout.contains("conform report --html FILE RESULTS RESULTS..."))
  }
}
