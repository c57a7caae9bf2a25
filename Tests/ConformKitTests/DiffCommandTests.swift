import ConformJSON
import ConformSampleRuns
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformResults

/// `conform diff` run as a user runs it: the built binary, on crafted results files.
@Suite struct DiffCommandTests {
  let directory = TestSupport.temporaryDirectory("conform-diff")

  func write(
    _ header: ResultHeader, _ results: [CaseResult], named name: String, complete: Bool = true, interrupted: String? = nil
  ) -> String {
    SampleRuns.write(
      SampleRuns.resultsText(header: header, results: results, complete: complete, interrupted: interrupted), named: name,
      in: directory)
  }

  func diff(_ arguments: [String], environment: [String: String] = [:]) async throws -> ProcessOutcome {
    try await TestSupport.run(
      TestSupport.binary("conform"), ["diff"] + arguments, environment: environment, currentDirectory: directory)
  }

  var swiftRun: String { write(SampleRuns.driftHeaderA, SampleRuns.driftA, named: "swift.jsonl") }
  var kotlinRun: String { write(SampleRuns.driftHeaderB, SampleRuns.driftB, named: "kotlin.jsonl") }

  var passing: [CaseResult] { SampleRuns.driftPassing }
  var passingHeaderA: ResultHeader { SampleRuns.header(name: "swift-app", version: "2.0.0", cases: Int64(passing.count)) }
  var passingHeaderB: ResultHeader {
    SampleRuns.header(name: "kotlin-app", language: "kotlin", version: "1.0.0", cases: Int64(passing.count))
  }

  @Test func runsThatBothPassEveryCaseExitZero() async throws {
    let a = write(passingHeaderA, passing, named: "a.jsonl")
    let b = write(passingHeaderB, passing, named: "b.jsonl")
    let outcome = try await diff([a, b])
    #expect(outcome.status == 0)
    #expect(outcome.stdout.split(separator: "\n").last == "4 both pass, 0 both fail the same way, 0 disagree")
    #expect(outcome.stderr.isEmpty)
  }

  @Test func twoPortsFailingTheSameCasesAreListedAsBothFailingAndExitOne() async throws {
    // Before the gate told them apart, these two runs gave "7 agree, 0 disagree" and exit 0.
    let a = write(SampleRuns.driftHeaderA, SampleRuns.driftA, named: "a.jsonl")
    let b = write(
      SampleRuns.header(name: "kotlin-app", language: "kotlin", version: "1.0.0", cases: 8), SampleRuns.driftA, named: "b.jsonl")
    let outcome = try await diff([a, b])
    #expect(outcome.status == 1)
    #expect(outcome.stdout.contains("\n=== version-compare: 2 cases fail the same way on both sides ===\n"))
    #expect(
      outcome.stdout.contains(
        "\nBOTH FAIL version-compare/seed/c (cause version-compare/D1)\n  swift-reference 0.1.0: fail (cause version-compare/D1)\n"
      ))
    #expect(outcome.stdout.contains("\nBOTH FAIL timeline/seed/y\n"))
    #expect(outcome.stdout.contains("  (- expected, + actual)\n  - newer: true\n  + newer: false\n"))
    #expect(outcome.stdout.split(separator: "\n").last == "4 both pass, 3 both fail the same way, 0 disagree, 1 ran by neither")
  }

  @Test func runsThatDisagreeExitOneWithTheLegendNamingBoth() async throws {
    let outcome = try await diff([swiftRun, kotlinRun])
    #expect(outcome.status == 1)
    #expect(outcome.stdout.contains("(- swift-reference 0.1.0, + kotlin-app 1.0.0)\n  - newer: true\n  + newer: false"))
    #expect(
      outcome.stdout.split(separator: "\n").last
        == "1 both pass, 2 both fail the same way, 3 disagree, 3 ran by one side only")
  }

  @Test func differentFixturesAreAnErrorOnStderrNamingBothDigests() async throws {
    var other = passingHeaderB
    other.fixtures.manifestDigest = SampleRuns.otherDigest
    let outcome = try await diff([
      write(passingHeaderA, passing, named: "a.jsonl"), write(other, passing, named: "other.jsonl"),
    ])
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("conform: error: the runs used different fixtures (their manifest digests differ): "))
    #expect(outcome.stderr.contains("ran on manifest digest \(SampleRuns.digest)"))
    #expect(outcome.stderr.contains("ran on manifest digest \(SampleRuns.otherDigest)"))
    #expect(outcome.stdout.split(separator: "\n").last == "4 both pass, 0 both fail the same way, 0 disagree")
  }

  @Test func writesJSONAndMarkdown() async throws {
    let outcome = try await diff([swiftRun, kotlinRun, "--json", "out/drift.json", "--markdown", "out/drift.md"])
    #expect(outcome.status == 1)
    let json = try JSONReader.parse(
      try String(contentsOfFile: directory.appendingPathComponent("out/drift.json").path, encoding: .utf8))
    #expect(json["disagreements"]?.arrayValue?.count == 3)
    #expect(json["exitStatus"] == 1)
    let markdown = try String(contentsOfFile: directory.appendingPathComponent("out/drift.md").path, encoding: .utf8)
    #expect(markdown.hasPrefix("## conform diff: swift-reference 0.1.0 vs kotlin-app 1.0.0 ❌ disagree"))
  }

  @Test func anUnfinishedRunIsComparedAsFarAsItGotWithAWarning() async throws {
    let cut = write(SampleRuns.driftHeaderB, Array(SampleRuns.driftB.prefix(2)), named: "cut.jsonl", complete: false)
    let outcome = try await diff([swiftRun, cut])
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("\(cut): no footer: the run did not finish"))
    #expect(
      outcome.stdout.contains("\nB (kotlin-app 1.0.0, \(cut)) did not finish (its results file has no footer): 7 cases not run\n")
    )
  }

  @Test func anInterruptedSideExitsOneNamingItAndTheCasesItNeverReached() async throws {
    let a = write(passingHeaderA, passing, named: "a.jsonl")
    let b = write(passingHeaderB, Array(passing.prefix(1)), named: "b.jsonl", interrupted: "SIGINT")
    let outcome = try await diff([a, b])
    #expect(outcome.status == 1)
    #expect(outcome.stdout.contains("\nB (kotlin-app 1.0.0, \(b)) was interrupted by SIGINT: 3 cases not run\n"))
    #expect(
      outcome.stdout.components(separatedBy: "only swift-app 2.0.0 ran these (kotlin-app 1.0.0 never reached them): 1 case\n")
        .count - 1 == 3)
    #expect(!outcome.stdout.contains("has no such case"))
    #expect(
      outcome.stdout.split(separator: "\n").last == "1 both pass, 0 both fail the same way, 0 disagree, 3 ran by one side only")
  }

  @Test func allowPartialExitsZeroWhenTheCasesBothRanAgree() async throws {
    let a = write(passingHeaderA, passing, named: "a.jsonl")
    let b = write(passingHeaderB, Array(passing.prefix(1)), named: "b.jsonl", interrupted: "SIGINT")
    let outcome = try await diff([a, b, "--allow-partial", "--json", "drift.json"])
    #expect(outcome.status == 0)
    #expect(outcome.stdout.contains("\n=== a partial run (accepted: --allow-partial) ===\n"))
    let json = try JSONReader.parse(
      try String(contentsOfFile: directory.appendingPathComponent("drift.json").path, encoding: .utf8))
    #expect(json["allowPartial"] == true)
    #expect(json["exitStatus"] == 0)
    #expect(json["b"]?["partial"]?["notReached"] == 3)
    #expect(json["b"]?["partial"]?["interrupted"] == "SIGINT")
  }

  @Test func aCaseSkippedOnOneSideExitsOneUnlessPartialIsAllowed() async throws {
    var skipped = passing
    skipped[0].status = .skipped
    let a = write(passingHeaderA, passing, named: "a.jsonl")
    let b = write(passingHeaderB, skipped, named: "b.jsonl")
    let strict = try await diff([a, b])
    #expect(strict.status == 1)
    #expect(strict.stdout.contains("(kotlin-app 1.0.0: skipped): 1 case"))
    #expect(try await diff([a, b, "--allow-partial"]).status == 0)
  }

  @Test func aMalformedFileExitsTwoNamingTheFileAndLine() async throws {
    let broken = SampleRuns.write(
      JSONWriter.string(ResultRecord.header(SampleRuns.driftHeaderB).json) + "\nnot json\n{}\n", named: "broken.jsonl",
      in: directory)
    let outcome = try await diff([swiftRun, broken])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.hasPrefix("conform: error: \(broken) line 2: column 1: "))
    #expect(outcome.stdout.isEmpty)
  }

  @Test(arguments: [[String](), ["one.jsonl"]])
  func notTwoFilesIsAUsageError(_ arguments: [String]) async throws {
    let outcome = try await diff(arguments)
    #expect(outcome.status == 2)
    #expect(
      outcome.stderr
        == "conform: error: usage: diff: two results files to compare (conform diff RESULTS_A RESULTS_B), not \(arguments.count)\n"
    )
  }

  @Test func helpDocumentsTheKindsTheOptionsAndTheExitStatuses() async throws {
    let outcome = try await diff(["--help"])
    #expect(outcome.status == 0)
    for text in [
      "both fail the same way", "--allow-partial", "--json FILE", "--markdown FILE", "--max-shown N",
      "0    both runs conform and agree", "1    the gate fails", "2    bad usage",
    ] {
      #expect(outcome.stdout.contains(text), "\(text)")
    }
  }
}
