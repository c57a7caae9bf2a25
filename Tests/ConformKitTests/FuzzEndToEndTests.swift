import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformReport
@testable import ConformSuites

/// `conform fuzz` on the built reference and drifting ports.
@Suite struct FuzzEndToEndTests {
  static let reference = TestSupport.binary("swift-reference")
  static let ports = TestSupport.binary("swift-ports")

  func fuzz(_ arguments: [String]) async throws -> ProcessOutcome {
    try await TestSupport.run(TestSupport.binary("conform"), ["fuzz"] + arguments, timeout: 300)
  }

  /// The fixture lines printed after `fixture: `.
  func fixtures(_ stdout: String) throws -> [FixtureCase] {
    try stdout.split(separator: "\n").filter { $0.hasPrefix("  fixture: ") }.map { line in
      try FixtureCase(json: JSONReader.parse(Array(line.dropFirst("  fixture: ".count).utf8)))
    }
  }

  @Test func theReferenceConformsOnTwentyThousandCases() async throws {
    let run = try await fuzz(["--impl", Self.reference, "--seed", "1", "--cases", "20000"])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.hasPrefix("nothing found: 20,000 cases in "))
  }

  @Test(arguments: ["no-zero-padding", "cooldown-gt", "grapheme-split", "canonical-equality"])
  func aDriftingPortIsFoundAndShrunk(port: String) async throws {
    let run = try await fuzz([
      "--impl", Self.ports, "--impl-arg", port, "--seed", "1", "--time", "60", "--max-shrink", "3", "--shrink-time", "300",
    ])
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("\nFAIL ") || run.stdout.hasPrefix("FAIL "))
    #expect(run.stdout.contains("  (- expected, + actual)"))
    #expect(
      run.stdout.contains("  replay: conform fuzz --impl \(ShellWord.quote(Self.ports)) --impl-arg \(port) --seed 1 --suite "))
    let found = try fixtures(run.stdout)
    #expect(!found.isEmpty)
    for fixture in found {
      // The fixture line holds the model's verdict, and it is small.
      let suite = try #require(SuiteRegistry.named(fixture.suite))
      #expect(try suite.expected(for: fixture.input) == fixture.expected)
      #expect(fixture.id.hasPrefix("\(fixture.suite)/fuzz/"))
      #expect(fixture.tags == ["fuzz"])
      #expect(fixture.note.hasPrefix("found by conform fuzz (seed 1): swift-ports/\(port) answered "))
      #expect(JSONWriter.bytes(fixture.input).count <= 300)
    }
  }

  @Test func theMinimalCaseOfNoZeroPaddingIsZeroAgainstZeroPointZero() async throws {
    let run = try await fuzz([
      "--impl", Self.ports, "--impl-arg", "no-zero-padding", "--seed", "1", "--suite", "version-compare", "--cases", "2000",
    ])
    #expect(run.status == 1)
    #expect(try fixtures(run.stdout).contains { $0.input == ["local": "0", "remote": "0.0"] })
  }

  /// A script that counts its starts in a file, then runs `port` of swift-ports.
  func countingPort(_ port: String, in directory: URL) throws -> (script: String, starts: String) {
    let starts = directory.appendingPathComponent("starts").path
    let script = directory.appendingPathComponent("counting-\(port)").path
    let text = "#!/bin/sh\necho started >> \(ShellWord.quote(starts))\nexec \(ShellWord.quote(Self.ports)) \(port)\n"
    try TestSupport.writeExecutable(text, to: script)
    return (script, starts)
  }

  func startCount(_ path: String) throws -> Int {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count
  }

  @Test func aSearchOfManyBatchesAndItsShrinkingUseOneProcess() async throws {
    let directory = TestSupport.temporaryDirectory("conform-fuzz-one-process")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (script, starts) = try countingPort("no-zero-padding", in: directory)
    let run = try await fuzz(["--impl", script, "--seed", "1", "--suite", "version-compare", "--cases", "2000", "--batch", "1"])
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    // A batch per case: the first failing case comes after several batches, then shrinking rounds.
    // Named by its id, as its block names it: the case's number (from 0) within the suite.
    let first = try #require(
      run.stdout.range(of: "the first was version-compare/fuzz/1-").map { run.stdout[$0.upperBound...].prefix { $0.isNumber } })
    #expect(try #require(Int(first)) >= 2)
    #expect(run.stdout.contains("shrunk from the first, version-compare/fuzz/1-\(first),"))
    #expect(try fixtures(run.stdout).contains { $0.input == ["local": "0", "remote": "0.0"] })
    #expect(try startCount(starts) == 1)
  }

  @Test func aCrashInABatchStillRestartsTheImplementationAndIsBlamedOnItsCase() async throws {
    let directory = TestSupport.temporaryDirectory("conform-fuzz-crash")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (script, starts) = try countingPort("day-overflow-traps", in: directory)
    let run = try await fuzz([
      "--impl", script, "--seed", "1", "--suite", "eligibility", "--cases", "3000", "--batch", "100", "--max-shrink", "1",
    ])
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.hasPrefix("FAIL eligibility/fuzz/"), "\(run.stdout)")
    #expect(try fixtures(run.stdout).allSatisfy { $0.note.contains(" crashed: ") })
    // A restart after each crash: the search's, then the shrinking candidates' that crash too.
    #expect(try startCount(starts) > 2)
  }

  @Test func aDifferentialSearchSaysTheModelSidesWithTheReference() async throws {
    let run = try await fuzz([
      "--impl", Self.reference, "--impl", Self.ports, "--impl-arg", "cooldown-gt", "--seed", "1", "--suite", "eligibility",
      "--cases", "3000", "--max-shrink", "2",
    ])
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.hasPrefix("DISAGREE eligibility/fuzz/"))
    #expect(run.stdout.contains("  (- swift-reference, + swift-ports/cooldown-gt)"))
    #expect(run.stdout.contains("; the model sides with swift-reference"))
  }

  @Test func twoReferencesAgree() async throws {
    let run = try await fuzz(["--impl", Self.reference, "--impl", Self.reference, "--seed", "2", "--cases", "3000"])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.hasPrefix("nothing found: 3,000 cases"))
  }

  @Test func theSameSeedAndOptionsFindTheSameCases() async throws {
    let arguments = ["--impl", Self.ports, "--impl-arg", "grapheme-split", "--seed", "5", "--cases", "3000", "--max-shrink", "4"]
    let first = try await fuzz(arguments)
    let second = try await fuzz(arguments)
    #expect(first.status == 1)
    let strip = { (text: String) in text.split(separator: "\n").filter { !$0.hasPrefix("found ") } }
    #expect(strip(first.stdout) == strip(second.stdout))
    #expect(try fixtures(first.stdout) == fixtures(second.stdout))
  }

  @Test func outWritesTheFixtureLines() async throws {
    let directory = TestSupport.temporaryDirectory("conform-fuzz")
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("found.jsonl").path
    let run = try await fuzz([
      "--impl", Self.ports, "--impl-arg", "no-zero-padding", "--seed", "1", "--suite", "version-compare", "--cases", "500",
      "--out", out,
    ])
    #expect(run.status == 1)
    let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
    let written = try lines.map { try FixtureCase(json: JSONReader.parse(Array($0.utf8))) }
    #expect(written == (try fixtures(run.stdout)))
    #expect(lines.allSatisfy { JSONWriter.string(try! JSONReader.parse(Array($0.utf8))) == String($0) })
  }

  @Test func usageErrorsAndAnImplementationThatCannotStartExitTwo() async throws {
    let three = try await fuzz(["--impl", Self.reference, "--impl", Self.reference, "--impl", Self.reference])
    #expect(three.status == 2)
    #expect(three.stderr.contains("give --impl PROGRAM once"))
    let suite = try await fuzz(["--impl", Self.reference, "--suite", "nope"])
    #expect(suite.status == 2)
    #expect(try await fuzz(["--impl", Self.reference, "--seed", "-1"]).status == 2)
    let missing = try await fuzz(["--impl", "/nonexistent/impl", "--cases", "10", "--seed", "1"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("conform: error: implementation: "))
  }

  @Test func helpNamesEveryOptionAndTheExitStatuses() async throws {
    let run = try await fuzz(["--help"])
    #expect(run.status == 0)
    for option in [
      "--impl", "--impl-arg", "--timeout", "--max-restarts", "--env", "--inherit-env", "--seed", "--suite", "--cases", "--time",
      "--batch", "--shrink-budget", "--max-shrink", "--shrink-time", "--out", "EXIT STATUS",
    ] {
      #expect(run.stdout.contains(option), "\(option)")
    }
    #expect(try await TestSupport.run(TestSupport.binary("conform"), ["--help"]).stdout.contains("  fuzz "))
  }
}
