import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformKit

/// `conform diff` run as a user runs it: the built binary, on crafted results files.
@Suite struct DiffCommandTests {
  let directory = TestSupport.temporaryDirectory("conform-diff")

  func write(_ header: ResultHeader, _ results: [CaseResult], named name: String, complete: Bool = true) -> String {
    SampleRuns.write(SampleRuns.resultsText(header: header, results: results, complete: complete), named: name, in: directory)
  }

  func diff(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessOutcome {
    try TestSupport.run(
      TestSupport.binary("conform"), ["diff"] + arguments, environment: environment, currentDirectory: directory)
  }

  var swiftRun: String { write(SampleRuns.driftHeaderA, SampleRuns.driftA, named: "swift.jsonl") }
  var kotlinRun: String { write(SampleRuns.driftHeaderB, SampleRuns.driftB, named: "kotlin.jsonl") }

  @Test func runsThatAgreeExitZero() throws {
    let a = write(SampleRuns.driftHeaderA, SampleRuns.driftA, named: "a.jsonl")
    let b = write(
      SampleRuns.header(name: "kotlin-app", language: "kotlin", version: "1.0.0", cases: 8), SampleRuns.driftA, named: "b.jsonl")
    let outcome = try diff([a, b])
    #expect(outcome.status == 0)
    #expect(outcome.stdout.split(separator: "\n").last == "7 agree, 0 disagree")
    #expect(outcome.stderr.isEmpty)
  }

  @Test func runsThatDisagreeExitOneWithTheLegendNamingBoth() throws {
    let outcome = try diff([swiftRun, kotlinRun])
    #expect(outcome.status == 1)
    #expect(outcome.stdout.contains("(- swift-reference 0.1.0, + kotlin-app 1.0.0)\n  - newer: true\n  + newer: false"))
    #expect(outcome.stdout.split(separator: "\n").last == "3 agree, 3 disagree, 3 ran by one side only")
  }

  @Test func differentFixturesAreAWarningOnStderr() throws {
    let outcome = try diff([swiftRun, kotlinRun])
    #expect(
      outcome.stderr.contains("conform: warning: the runs used different fixtures (A sha256:0123456789ab, B sha256:fedcba987654)")
    )
  }

  @Test func writesJSONAndMarkdown() throws {
    let outcome = try diff([swiftRun, kotlinRun, "--json", "out/drift.json", "--markdown", "out/drift.md"])
    #expect(outcome.status == 1)
    let json = try JSONReader.parse(
      try String(contentsOfFile: directory.appendingPathComponent("out/drift.json").path, encoding: .utf8))
    #expect(json["disagreements"]?.arrayValue?.count == 3)
    #expect(json["exitStatus"] == 1)
    let markdown = try String(contentsOfFile: directory.appendingPathComponent("out/drift.md").path, encoding: .utf8)
    #expect(markdown.hasPrefix("## conform diff: swift-reference 0.1.0 vs kotlin-app 1.0.0 ❌ disagree"))
  }

  @Test func anUnfinishedRunIsComparedAsFarAsItGotWithAWarning() throws {
    let cut = write(SampleRuns.driftHeaderB, Array(SampleRuns.driftB.prefix(2)), named: "cut.jsonl", complete: false)
    let outcome = try diff([swiftRun, cut])
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("\(cut): no footer: the run did not finish"))
  }

  @Test func aMalformedFileExitsTwoNamingTheFileAndLine() throws {
    let broken = SampleRuns.write(
      JSONWriter.string(ResultRecord.header(SampleRuns.driftHeaderB).json) + "\nnot json\n{}\n", named: "broken.jsonl",
      in: directory)
    let outcome = try diff([swiftRun, broken])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.hasPrefix("conform: error: \(broken) line 2: column 1: "))
    #expect(outcome.stdout.isEmpty)
  }

  @Test(arguments: [[String](), ["one.jsonl"], ["a", "b", "c"]])
  func notTwoFilesIsAUsageError(_ arguments: [String]) throws {
    let outcome = try diff(arguments)
    #expect(outcome.status == 2)
    #expect(
      outcome.stderr
        == "conform: error: usage: diff: two results files to compare (conform diff RESULTS_A RESULTS_B), not \(arguments.count)\n"
    )
  }

  @Test func helpDocumentsTheExitStatuses() throws {
    let outcome = try diff(["--help"])
    #expect(outcome.status == 0)
    #expect(outcome.stdout.contains("0    the runs agree on every case both ran"))
  }
}
