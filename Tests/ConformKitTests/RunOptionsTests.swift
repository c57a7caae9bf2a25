import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformResults

/// `conform run`'s options: known failures, repeats, digests, filters, shuffling, help.
@Suite struct RunOptionsTests {
  let eligibility = Testbed.count(suite: "eligibility")

  private func write(_ text: String, named name: String) -> String {
    let path = TestSupport.temporaryDirectory().appendingPathComponent(name).path
    try! FileIO.write(Array(text.utf8), to: path)
    return path
  }

  @Test func aKnownFailureThatFailsDoesNotFailTheRun() async throws {
    let list = write("# expected\neligibility/seed/below-threshold  # the threshold is off by one\n", named: "known.txt")
    let run = try await Testbed.run(
      "wrong.py", ["--suite", "eligibility", "--known-failures", list],
      implementationArguments: ["--wrong", "eligibility/seed/below-threshold"])
    #expect(run.status == 0, "\(run.outcome.stdout)")
    #expect(run.closingLine == "\(eligibility - 1) passed, 0 failed, 1 known failure")
    #expect(!run.outcome.stdout.contains("FAIL"))
  }

  @Test func aKnownFailureThatPassesFailsTheRun() async throws {
    let list = write("eligibility/seed/cooldown-over\n", named: "known.txt")
    let run = try await Testbed.run("conforming.py", ["--suite", "eligibility", "--known-failures", list])
    #expect(run.status == 1)
    #expect(run.closingLine == "\(eligibility) passed, 0 failed, 1 stale known failure")
    #expect(run.stdoutLines.contains("STALE KNOWN FAILURE eligibility/seed/cooldown-over"))
  }

  @Test func aKnownFailureThatIsNoCaseIsAnErrorNamingFileAndLine() async throws {
    let list = write("eligibility/seed/below-threshold\n\neligibility/seed/no-such-case # typo\n", named: "known.txt")
    let run = try await Testbed.run("conforming.py", ["--known-failures", list])
    #expect(run.status == 2)
    #expect(run.outcome.stderr.contains("\(list) line 3: eligibility/seed/no-such-case is not a case of these fixtures"))
    #expect(!FileManager.default.fileExists(atPath: run.resultsPath))
  }

  @Test func writtenKnownFailuresExcuseTheSameFailuresNextTime() async throws {
    let list = TestSupport.temporaryDirectory().appendingPathComponent("known.txt").path
    let failing = ["--wrong", "eligibility/seed/below-threshold", "--error", "eligibility/seed/same-version"]
    let first = try await Testbed.run(
      "wrong.py", ["--suite", "eligibility", "--write-known-failures", list], implementationArguments: failing)
    #expect(first.status == 1)
    let written = try KnownFailures.read(list)
    #expect(Set(written.entries.keys) == ["eligibility/seed/below-threshold", "eligibility/seed/same-version"])
    let second = try await Testbed.run(
      "wrong.py", ["--suite", "eligibility", "--known-failures", list], implementationArguments: failing)
    #expect(second.status == 0)
    #expect(second.closingLine.hasSuffix("2 known failures"))
  }

  @Test func repeatedAttemptsThatDisagreeAreFlaky() async throws {
    let flaky = "eligibility/seed/new-version"
    let run = try await Testbed.run(
      "flaky.py", ["--suite", "eligibility", "--repeat", "2"], implementationArguments: ["--only", flaky])
    #expect(run.status == 1)
    #expect(run.closingLine == "\(eligibility - 1) passed, 0 failed, 1 flaky")
    #expect(try run.statuses(of: flaky) == [.pass, .fail])
    #expect(try run.record(flaky, attempt: 1).actual == ["newer": "maybe"])
    #expect(run.stdoutLines.contains("FLAKY \(flaky) (attempt 2 of 2)"))
    #expect(run.stdoutLines.contains("  attempts: pass, fail"))
    Testbed.expectComplete(try run.results(), cases: eligibility, repeats: 2)
  }

  @Test func aDigestMismatchStopsBeforeStartingTheImplementation() async throws {
    let directory = TestSupport.temporaryDirectory()
    let marker = directory.appendingPathComponent("started").path
    let wrong = "sha256:" + String(repeating: "ab", count: 32)
    let outcome = try await TestSupport.run(
      TestSupport.binary("conform"),
      [
        "run", "--impl", Testbed.implementation("touch-and-exit.sh"), "--impl-arg", marker, "--fixtures", Testbed.fixtures,
        "--expect-digest", wrong,
      ], currentDirectory: directory)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("not the pinned \(wrong) (--expect-digest)"))
    #expect(!FileManager.default.fileExists(atPath: marker))
  }

  @Test func aMatchingDigestRuns() async throws {
    let digest = try FixtureSet.load(directory: Testbed.fixtures).manifestDigest
    let run = try await Testbed.run("conforming.py", ["--suite", "eligibility", "--expect-digest", "sha256:\(digest)"])
    #expect(run.status == 0)
  }

  @Test func filtersSelectBySuiteCaseAndTag() async throws {
    let seeds = Testbed.cases.filter { $0.suite == "version-compare" && $0.tags.contains("seed") }.count
    let run = try await Testbed.run("conforming.py", ["--suite", "version-*", "--tag", "seed"])
    #expect(run.closingLine == "\(seeds) passed, 0 failed")
    let byCase = try await Testbed.run(
      "conforming.py", ["--case", "eligibility/seed/*", "--case", "eligibility/pitfall/?ast-attempt-zero-is-a-day"])
    let expected = Testbed.cases.filter { $0.id.hasPrefix("eligibility/seed/") }.count + 1
    #expect(byCase.closingLine == "\(expected) passed, 0 failed")
    let none = try await Testbed.run("conforming.py", ["--suite", "no-such-suite"])
    #expect(none.status == 2)
    #expect(none.outcome.stderr.contains("no case of"))
  }

  @Test func theSameShuffleSeedSendsTheSameOrder() async throws {
    func order(_ options: [String]) async throws -> [String] {
      try await Testbed.run("conforming.py", ["--suite", "eligibility"] + options).results().results.map(\.id)
    }
    let plain = try await order([])
    let first = try await order(["--shuffle", "42", "--window", "1"])
    let again = try await order(["--shuffle", "42", "--window", "1"])
    let other = try await order(["--shuffle", "7", "--window", "1"])
    #expect(first == again)
    #expect(first != plain)
    #expect(first != other)
    #expect(first.sorted() == plain.sorted())
    let header = try await Testbed.run("conforming.py", ["--suite", "eligibility", "--shuffle", "42"]).results().header
    #expect(header.options["shuffle"] == 42)
  }

  @Test func helpDescribesEveryOptionAndTheExitStatuses() async throws {
    let outcome = try await TestSupport.run(TestSupport.binary("conform"), ["run", "--help"])
    #expect(outcome.status == 0)
    for option in [
      "--impl", "--impl-arg", "--jobs", "--timeout", "--max-restarts", "--window", "--env", "--inherit-env", "--fixtures",
      "--expect-digest", "--suite", "--case", "--tag", "--repeat", "--shuffle", "--results", "--known-failures",
      "--write-known-failures", "--html FILE", "EXIT STATUS",
    ] {
      #expect(outcome.stdout.contains(option), "\(option)")
    }
  }

  @Test(arguments: [
    (["--timeout", "0"], "--timeout"), (["--jobs", "0"], "--jobs"), (["--expect-digest", "abc"], "--expect-digest"),
    (["--shuffle", "-1"], "--shuffle"), (["--env", "NOEQUALS"], "--env"), (["--bogus"], "--bogus"),
  ])
  func badOptionsAreUsageErrors(options: [String], named: String) async throws {
    let outcome = try await TestSupport.run(
      TestSupport.binary("conform"), ["run", "--impl", "/bin/true", "--fixtures", Testbed.fixtures] + options)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains(named))
  }

  /// `--env` is one option wherever it is taken, and its error names the command given.
  @Test(arguments: ["run", "fuzz"]) func anEnvWithoutEqualsNamesTheCommand(_ command: String) async throws {
    let refused = try await TestSupport.run(TestSupport.binary("conform"), [command, "--impl", "/bin/true", "--env", "NOEQUALS"])
    #expect(refused.status == 2)
    #expect(
      refused.stderr.contains("conform: error: usage: \(command): --env takes KEY=VALUE, not \"NOEQUALS\""), "\(refused.stderr)")
  }

  /// `--timeout` is one option with one range wherever it is taken: a day at most.
  @Test(arguments: ["run", "fuzz"]) func aCaseTimeoutIsADayAtMostInEveryCommand(_ command: String) async throws {
    let accepted = try await TestSupport.run(
      TestSupport.binary("conform"), [command, "--impl", "/bin/true", "--timeout", "86400"])
    #expect(!accepted.stderr.contains("--timeout takes"), "\(accepted.stderr)")
    let refused = try await TestSupport.run(
      TestSupport.binary("conform"), [command, "--impl", "/bin/true", "--timeout", "86401"])
    #expect(refused.status == 2)
    #expect(
      refused.stderr.contains(
        "conform: error: usage: \(command): --timeout takes a number of seconds above 0 and at most 86400 (such as 10 or 0.5), not \"86401\""
      ),
      "\(refused.stderr)")
  }

  /// The options that choose the cases are read once, for a run and for `--list` alike, with
  /// the same conflicts (a run took `--tier` beside `--rerun-failed` and ignored it).
  @Test(arguments: [["--impl", "/bin/true"], ["--list"]])
  func theOptionsThatChooseTheCasesConflictTheSameWayInARunAndAList(_ mode: [String]) async throws {
    let conform = TestSupport.binary("conform")
    let tier = try await TestSupport.run(conform, ["run"] + mode + ["--rerun-failed", "results.jsonl", "--tier", "smoke"])
    #expect(tier.status == 2)
    #expect(tier.stderr.contains("--tier picks a tier of the built-in tables: not with --rerun-failed"), "\(tier.stderr)")
    let both = try await TestSupport.run(conform, ["run"] + mode + ["--rerun-failed", "results.jsonl", "--fixtures", "fixtures"])
    #expect(both.status == 2)
    #expect(both.stderr.contains("--rerun-failed takes its cases from the results file: not with --fixtures"), "\(both.stderr)")
  }

  @Test func withoutImplTheRunIsAUsageError() async throws {
    let outcome = try await TestSupport.run(TestSupport.binary("conform"), ["run"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("--impl PROGRAM is required"))
  }
}
