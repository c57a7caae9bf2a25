import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// A report that cannot be written is an error, exit 2, naming the file: on a full disk
/// (`/dev/full`, where every write fails with ENOSPC) and under a path that is not a folder. The
/// run's results are kept, and a device given as a path stays a device.
@Suite struct WriteFailureTests {
  static let full = "/dev/full"
  /// Whether this machine has Linux's always-full device (macOS has none).
  static let hasFullDevice =
    (try? FileManager.default.attributesOfItem(atPath: full)[.type] as? FileAttributeType) == .typeCharacterSpecial

  /// `conform run` of the eligibility suite; its results in a folder of its own unless
  /// `arguments` name them (the default, reports/ of the current folder, is shared by the tests
  /// running at the same time: one would read back another's half-written file).
  func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> ProcessOutcome {
    let results =
      arguments.contains("--results")
      ? [] : ["--results", TestSupport.temporaryDirectory("conform write failure").appendingPathComponent("results.jsonl").path]
    return try await TestSupport.run(
      TestSupport.binary("conform"),
      ["run", "--impl", TestSupport.binary("swift-reference"), "--suite", "eligibility"] + results + arguments,
      environment: environment)
  }

  @Test(
    .enabled(if: hasFullDevice, "no /dev/full on this system"),
    arguments: ["--junit", "--json", "--markdown", "--html", "--write-known-failures"])
  func aReportOnAFullDiskIsExitTwoNamingTheFile(_ option: String) async throws {
    let directory = TestSupport.temporaryDirectory("conform write failure")
    let results = directory.appendingPathComponent("results.jsonl").path
    let outcome = try await run(["--results", results, option, Self.full])
    #expect(outcome.status == 2, "\(outcome.stdout)\(outcome.stderr)")
    #expect(outcome.stderr.contains("conform: error: /dev/full: cannot be written: No space left on device"), "\(outcome.stderr)")
    // The run itself is kept, and the report still reaches the terminal.
    #expect(outcome.stdout.contains("549 passed, 0 failed"))
    let kept = try String(contentsOfFile: results, encoding: .utf8).split(separator: "\n")
    #expect(kept.count == 551, "header, 549 cases and the footer")
    // Written in place, never replaced: the device is still a device.
    #expect(try FileManager.default.attributesOfItem(atPath: Self.full)[.type] as? FileAttributeType == .typeCharacterSpecial)
  }

  @Test(.enabled(if: hasFullDevice, "no /dev/full on this system"))
  func aFullStepSummaryIsExitTwo() async throws {
    let outcome = try await run([], environment: ["GITHUB_STEP_SUMMARY": Self.full])
    #expect(outcome.status == 2, "\(outcome.stdout)\(outcome.stderr)")
    #expect(outcome.stderr.contains("/dev/full: cannot be written: No space left on device"), "\(outcome.stderr)")
  }

  /// At the file-size limit (RLIMIT_FSIZE, SIGXFSZ ignored) the results file is cut back to its last
  /// whole record: every line stays JSON, and `conform report` reads it as a run cut short.
  @Test func theResultsFileAtTheSizeLimitEndsAtAWholeRecord() async throws {
    let directory = TestSupport.temporaryDirectory("conform size limit")
    let results = directory.appendingPathComponent("results.jsonl").path
    let outcome = try await TestSupport.run(
      "/bin/bash",
      [
        "-c", #"ulimit -f 20 && exec "$@""#, "limit", TestSupport.binary("conform"), "run", "--impl",
        TestSupport.binary("swift-reference"), "--suite", "eligibility", "--results", results,
      ])
    #expect(outcome.status == 2, "\(outcome.stdout)\(outcome.stderr)")
    #expect(
      outcome.stderr.contains("\(results): writing the results failed: File too large. It is cut back to its last whole record"))
    #expect(!outcome.stderr.contains("results in"))
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: results)))
    #expect(bytes.count <= 20 * 1024 && bytes.last == 0x0A)
    for line in bytes.split(separator: 0x0A) {
      #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(line)) }
    }
    let report = try await TestSupport.run(TestSupport.binary("conform"), ["report", results])
    #expect(report.stderr.contains("no footer: the run did not finish"), "\(report.stderr)")
    #expect(report.stdout.contains("not run: cut short after"), "\(report.stdout)")
  }

  @Test(.enabled(if: hasFullDevice, "no /dev/full on this system"))
  func resultsOnAFullDiskAreExitTwoWithNoResultsLine() async throws {
    let outcome = try await run(["--results", Self.full])
    #expect(outcome.status == 2, "\(outcome.stdout)\(outcome.stderr)")
    #expect(outcome.stderr.contains("/dev/full: writing the results failed: No space left on device"), "\(outcome.stderr)")
    #expect(!outcome.stderr.contains("results in"))
  }

  /// A generation that fails part-way (here at the file-size limit) leaves the folder as it was:
  /// no table cut short, no manifest, no temporary file.
  @Test func aGenerationThatFailsLeavesTheFolderAsItWas() async throws {
    let directory = TestSupport.temporaryDirectory("conform generate failure")
    let table = directory.appendingPathComponent("eligibility.jsonl")
    try Data("the table that was there\n".utf8).write(to: table)
    let outcome = try await TestSupport.run(
      "/bin/bash",
      ["-c", #"ulimit -f 64 && exec "$@""#, "limit", TestSupport.binary("conform"), "generate", "--out", directory.path])
    #expect(outcome.status == 2, "\(outcome.stdout)\(outcome.stderr)")
    #expect(outcome.stderr.contains("\(table.path): cannot be written: File too large"), "\(outcome.stderr)")
    #expect(try String(contentsOf: table, encoding: .utf8) == "the table that was there\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["eligibility.jsonl"])
  }

  /// A path under a file, not a folder: no user can write there, root included.
  @Test func aReportWhoseFolderIsAFileIsExitTwoNamingTheFile() async throws {
    let directory = TestSupport.temporaryDirectory("conform write failure")
    let file = directory.appendingPathComponent("not-a-folder")
    try Data("x".utf8).write(to: file)
    let junit = file.appendingPathComponent("report.junit.xml").path
    let outcome = try await run(["--junit", junit])
    #expect(outcome.status == 2, "\(outcome.stdout)\(outcome.stderr)")
    #expect(outcome.stderr.contains("conform: error: \(junit): cannot be written"), "\(outcome.stderr)")
  }
}
