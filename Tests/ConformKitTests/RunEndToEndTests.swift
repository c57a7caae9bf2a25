import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformReport
@testable import ConformResults

/// `conform run` against small implementations that behave, misbehave, crash and hang.
@Suite struct RunEndToEndTests {
  let eligibility = Testbed.count(suite: "eligibility")
  let versionCompare = Testbed.count(suite: "version-compare")

  @Test func aConformingImplementationPassesEveryCase() async throws {
    let run = try await Testbed.run("conforming.py")
    #expect(run.status == 0, "\(run.outcome.stderr)")
    #expect(run.closingLine == "\(Testbed.cases.count) passed, 0 failed")
    let file = try run.results()
    Testbed.expectComplete(file, cases: Testbed.cases.count)
    #expect(file.results.allSatisfy { $0.status == .pass && $0.microseconds != nil })
    #expect(file.header.implementation.name == "conforming-py")
    #expect(file.header.implementation.language == "python")
    #expect(file.header.implementation.command.first == Testbed.implementation("conforming.py"))
    #expect(file.header.fixtures.source == Testbed.fixtures)
    let digest = try FixtureSet.load(directory: Testbed.fixtures).manifestDigest
    #expect(file.header.fixtures.manifestDigest == "sha256:\(digest)")
    #expect(file.footer?.interrupted == nil)
    #expect(file.footer?.restarts == 0)
  }

  @Test func wrongAnswersErrorsAndSkipsAreClassified() async throws {
    let run = try await Testbed.run(
      "wrong.py", ["--suite", "eligibility"],
      implementationArguments: [
        "--wrong", "eligibility/seed/below-threshold", "--error", "eligibility/seed/cooldown-over",
        "--skip", "eligibility/seed/new-version",
      ])
    #expect(run.status == 1)
    #expect(run.closingLine == "\(eligibility - 3) passed, 1 failed, 1 errored, 1 skipped")
    #expect(run.stdoutLines.contains("FAIL eligibility/seed/below-threshold"))
    #expect(run.stdoutLines.contains("ERROR eligibility/seed/cooldown-over"))
    #expect(run.stdoutLines.contains("  message: NumberFormatException: boom"))
    let wrong = try run.record("eligibility/seed/below-threshold")
    #expect(wrong.status == .fail)
    #expect(wrong.actual == ["wrong": true])
    #expect(wrong.expected == ["eligible": false])
    #expect(wrong.note?.isEmpty == false)
    #expect(try run.record("eligibility/seed/cooldown-over").status == .errored)
    let skipped = try run.record("eligibility/seed/new-version")
    #expect(skipped.status == .skipped)
    #expect(skipped.message == "not implemented yet")
    Testbed.expectComplete(try run.results(), cases: eligibility)
  }

  @Test func aCrashIsPinnedOnItsCaseWithTheExitStatusAndStderr() async throws {
    let culprit = "eligibility/seed/cooldown-not-over"
    let run = try await Testbed.run("crash.py", ["--suite", "eligibility"], implementationArguments: ["--on", culprit])
    #expect(run.status == 1)
    #expect(run.closingLine == "\(eligibility - 1) passed, 0 failed, 1 errored")
    let crashed = try run.record(culprit)
    #expect(crashed.status == .crashed)
    #expect(crashed.message == "the implementation exited with status 3")
    #expect(crashed.stderrTail == "crash.py: cannot handle \(culprit): giving up")
    #expect(run.stdoutLines.contains("CRASHED \(culprit)"))
    #expect(run.stdoutLines.contains("  message: the implementation exited with status 3"))
    let file = try run.results()
    Testbed.expectComplete(file, cases: eligibility)
    // Every other case ran to a pass in a fresh process.
    #expect(file.results.filter { $0.id != culprit }.allSatisfy { $0.status == .pass })
    #expect((file.footer?.restarts ?? 0) >= 1)
  }

  @Test func aCrashBySignalNamesTheSignal() async throws {
    let culprit = "version-compare/seed/2.0-vs-2.0.0"
    let run = try await Testbed.run(
      "crash.py", ["--suite", "version-compare"], implementationArguments: ["--on", culprit, "--signal", "SEGV"])
    #expect(run.status == 1)
    let crashed = try run.record(culprit)
    #expect(crashed.status == .crashed)
    #expect(crashed.message == "the implementation was killed by signal 11 (SIGSEGV)")
    #expect(crashed.stderrTail?.contains("crash.py: cannot handle \(culprit)") == true)
    #expect(run.closingLine == "\(versionCompare - 1) passed, 0 failed, 1 errored")
  }

  @Test func aHangTimesOutAndTheRunGoesOn() async throws {
    let culprit = "eligibility/seed/same-version"
    let run = try await Testbed.run(
      "hang.py", ["--suite", "eligibility", "--timeout", "1"], implementationArguments: ["--on", culprit])
    #expect(run.status == 1)
    let hung = try run.record(culprit)
    #expect(hung.status == .timeout)
    #expect(hung.message?.contains("no answer within 1 s") == true)
    #expect(hung.stderrTail == "hang.py: stuck on \(culprit)")
    #expect(run.closingLine == "\(eligibility - 1) passed, 0 failed, 1 errored")
    Testbed.expectComplete(try run.results(), cases: eligibility)
  }

  @Test func aLineThatIsNotJSONIsAProtocolErrorQuotingIt() async throws {
    let culprit = "eligibility/seed/force-override"
    let run = try await Testbed.run("garbage.py", ["--suite", "eligibility"], implementationArguments: ["--on", culprit])
    #expect(run.status == 1)
    let broken = try run.record(culprit)
    #expect(broken.status == .protocolError)
    #expect(broken.message?.contains("Exception in thread main: oops, this is not an answer") == true)
    #expect(run.closingLine == "\(eligibility - 1) passed, 0 failed, 1 errored")
    Testbed.expectComplete(try run.results(), cases: eligibility)
  }

  @Test func anAnswerWithoutItsOutputIsPinnedOnItsSeq() async throws {
    let culprit = "eligibility/seed/cooldown-over"
    let run = try await Testbed.run(
      "garbage.py", ["--suite", "eligibility"], implementationArguments: ["--shapeless-on", culprit])
    #expect(run.status == 1)
    let broken = try run.record(culprit)
    #expect(broken.status == .protocolError)
    #expect(broken.message?.contains("field \"output\": missing") == true)
    #expect(try run.results().results.filter { $0.id != culprit }.allSatisfy { $0.status == .pass })
  }

  @Test func anAnswerLineOver16MiBIsAProtocolError() async throws {
    let culprit = "eligibility/seed/cooldown-not-over"
    let run = try await Testbed.run("garbage.py", ["--suite", "eligibility"], implementationArguments: ["--huge-on", culprit])
    #expect(run.status == 1)
    let broken = try run.record(culprit)
    #expect(broken.status == .protocolError)
    #expect(broken.message?.hasPrefix("an answer line longer than 16777216 bytes") == true)
    #expect((broken.message?.utf8.count ?? .max) < 1000)
    #expect(run.closingLine == "\(eligibility - 1) passed, 0 failed, 1 errored")
  }

  @Test func answersOutOfOrderAreMatchedBySeq() async throws {
    let run = try await Testbed.run("out_of_order.py", ["--suite", "eligibility", "--suite", "version-compare"])
    #expect(run.status == 0, "\(run.outcome.stderr)")
    #expect(run.closingLine == "\(eligibility + versionCompare) passed, 0 failed")
    Testbed.expectComplete(try run.results(), cases: eligibility + versionCompare)
  }

  @Test func casesOfASuiteTheImplementationLacksAreUnsupportedNotFailed() async throws {
    let run = try await Testbed.run("conforming.py", implementationArguments: ["--suites", "version-compare"])
    #expect(run.status == 0)
    let others = Testbed.cases.count - versionCompare
    let unsupported = Set(Testbed.cases.map(\.suite)).subtracting(["version-compare"]).sorted().joined(separator: " ")
    #expect(run.closingLine == "\(versionCompare) passed, 0 failed, \(others) unsupported (\(unsupported))")
    let record = try run.record("eligibility/seed/below-threshold")
    #expect(record.status == .unsupported)
    #expect(record.message?.contains("does not support suite eligibility") == true)
  }

  @Test func anotherProtocolVersionStopsTheRunWithBothVersionsAndItsStderr() async throws {
    let run = try await Testbed.run("protocol2.py")
    #expect(run.status == 2)
    #expect(run.outcome.stderr.contains("it speaks protocol 2, this conform speaks protocol 1"))
    #expect(run.outcome.stderr.contains("future-py: the harness speaks protocol 1, this adapter speaks protocol 2"))
    #expect(!FileManager.default.fileExists(atPath: run.resultsPath))
  }

  @Test func anImplementationThatCannotStartIsExit2() async throws {
    let directory = TestSupport.temporaryDirectory()
    let outcome = try await TestSupport.run(
      TestSupport.binary("conform"),
      ["run", "--impl", directory.appendingPathComponent("missing").path, "--fixtures", Testbed.fixtures],
      currentDirectory: directory)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("cannot start"))
    #expect(outcome.stderr.contains("no such file; check the path given to --impl"))
  }

  @Test func pastTheRestartLimitTheRestIsNotRun() async throws {
    let culprit = "eligibility/seed/threshold-met-never-attempted"
    let run = try await Testbed.run(
      "crash.py", ["--suite", "eligibility", "--max-restarts", "0"], implementationArguments: ["--on", culprit])
    #expect(run.status == 1)
    let file = try run.results()
    Testbed.expectComplete(file, cases: eligibility)
    let notRun = file.results.filter { $0.status == .notRun }
    #expect(!notRun.isEmpty)
    #expect(notRun.allSatisfy { $0.message?.contains("--max-restarts 0") == true })
    #expect(run.outcome.stderr.contains("--max-restarts 0"))
    #expect(file.footer?.restarts == 0)
  }

  @Test func severalJobsShareTheCases() async throws {
    let run = try await Testbed.run("conforming.py", ["--jobs", "3"])
    #expect(run.status == 0, "\(run.outcome.stderr)")
    #expect(run.closingLine == "\(Testbed.cases.count) passed, 0 failed")
    Testbed.expectComplete(try run.results(), cases: Testbed.cases.count)
  }

  @Test func theEnvironmentIsFixedUnlessAskedOtherwise() async throws {
    let fixed = try await Testbed.run("env_report.py", ["--suite", "eligibility"])
    #expect(try fixed.results().header.implementation.version == "TZ=UTC LC_ALL=C.UTF-8 CONFORM_PROBE=-")
    let given = try await Testbed.run(
      "env_report.py", ["--suite", "eligibility", "--env", "CONFORM_PROBE=yes", "--env", "TZ=Europe/Paris"])
    #expect(try given.results().header.implementation.version == "TZ=Europe/Paris LC_ALL=C.UTF-8 CONFORM_PROBE=yes")
    let parent = ["CONFORM_PROBE": "parent", "TZ": "America/Lima", "LC_ALL": "de_DE.UTF-8"]
    let notInherited = try await Testbed.run("env_report.py", ["--suite", "eligibility"], environment: parent)
    #expect(try notInherited.results().header.implementation.version == "TZ=UTC LC_ALL=C.UTF-8 CONFORM_PROBE=-")
    let inherited = try await Testbed.run("env_report.py", ["--suite", "eligibility", "--inherit-env"], environment: parent)
    #expect(try inherited.results().header.implementation.version == "TZ=America/Lima LC_ALL=de_DE.UTF-8 CONFORM_PROBE=parent")
  }

  /// A background child that inherits the pipes and would outlive the implementation must not
  /// hold up the run: the whole process group is killed, after a hang as after a clean end.
  @Test(arguments: [("conforming.py", [String]()), ("hang.py", ["--on", "eligibility/seed/same-version"])])
  func aGrandchildHoldingThePipesDoesNotHoldUpTheRun(implementation: String, arguments: [String]) async throws {
    let directory = TestSupport.temporaryDirectory()
    let results = directory.appendingPathComponent("results.jsonl").path
    let outcome = try await TestSupport.run(
      TestSupport.binary("conform"),
      [
        "run", "--impl", Testbed.implementation("grandchild.sh"), "--fixtures", Testbed.fixtures, "--suite", "eligibility",
        "--timeout", "1", "--results", results, "--", implementation, "--fixtures", Testbed.fixtures,
      ] + arguments, currentDirectory: directory, timeout: 60)
    #expect(!outcome.timedOut)
    #expect(outcome.status == (arguments.isEmpty ? 0 : 1))
    let file = try ResultsFile.read(results)
    Testbed.expectComplete(file, cases: eligibility)
    if !arguments.isEmpty {
      #expect(file.results.first { $0.id == "eligibility/seed/same-version" }?.status == .timeout)
    }
  }
}

/// What a failing run tells a person, run as a user runs it: the input and a rerun command for
/// every problem, named cases first, honest JUnit times, and the rerun itself.
@Suite struct RunFailureReportTests {
  let directory = TestSupport.temporaryDirectory("conform-failure-report")

  func conform(_ arguments: [String]) async throws -> ProcessOutcome {
    try await TestSupport.run(TestSupport.binary("conform"), arguments, currentDirectory: directory, timeout: 300)
  }

  @Test func aDriftingPortsFirstScreenNamesTheSeedCaseWithItsInputAndRerun() async throws {
    let outcome = try await conform([
      "run", "--impl", TestSupport.binary("swift-ports"), "--impl-arg", "no-cancel-guard", "--suite", "timeline",
      "--results", "ports.jsonl",
    ])
    #expect(outcome.status == 1)
    let first40 = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix(40).joined(separator: "\n")
    // The profile first: the decision the port breaks, then its best case.
    #expect(
      first40.contains(
        "breaks 1 spec decision:\n  timeline/D1  203 cases  A cancel that arrives after the sleep returned does not fire."))
    #expect(first40.contains("FAIL timeline/seed/cancel-after-sleep\n  note: a cancel after the sleep returned must not fire"))
    #expect(first40.contains("\n  input: {\"config\":{"))
    #expect(
      first40.contains(
        "\n  rerun: conform run --impl \(ShellWord.quote(TestSupport.binary("swift-ports"))) --impl-arg no-cancel-guard"))
    // The exhaustive cases that fail the same way are counted, not printed one by one.
    #expect(first40.contains("more cases fail the same way as timeline/seed/cancel-after-sleep: timeline/cancel/"))
    #expect(outcome.stdout.components(separatedBy: "\nFAIL ").count - 1 < 30)
  }

  @Test func theRerunCommandRunsJustThatCaseFromTheResults() async throws {
    // A generated run has no fixture file: its failures are run again from the results file.
    let first = try await conform([
      "run", "--impl", TestSupport.binary("swift-ports"), "--impl-arg", "no-cancel-guard", "--generate", "timeline",
      "--depth", "3", "--results", "generated.jsonl",
    ])
    #expect(first.status == 1)
    let rerunLine = try #require(first.stdout.split(separator: "\n").first { $0.hasPrefix("  rerun: ") })
    #expect(rerunLine.contains("--rerun-failed generated.jsonl --case timeline/"))
    let id = try #require(rerunLine.split(separator: " ").last.map(String.init))
    let again = try await conform([
      "run", "--impl", TestSupport.binary("swift-ports"), "--impl-arg", "no-cancel-guard", "--rerun-failed", "generated.jsonl",
      "--case", id, "--results", "again.jsonl",
    ])
    #expect(again.status == 1)
    #expect(again.stdout.hasSuffix("\n0 passed, 1 failed\n"))
    let file = try ResultsFile.read(directory.appendingPathComponent("again.jsonl").path)
    #expect(file.results.map(\.id) == [id])
    #expect(file.header.fixtures.source == "rerun:generated.jsonl")
    // The reference passes the same case: it is the port that is wrong.
    let reference = try await conform([
      "run", "--impl", TestSupport.binary("swift-reference"), "--rerun-failed", "generated.jsonl", "--case", id,
      "--results", "reference.jsonl",
    ])
    #expect(reference.status == 0)
    #expect(reference.stdout.hasSuffix("\n1 passed, 0 failed\n"))
  }

  @Test func pipelinedJUnitTimesAddUpToNoMoreThanTheRun() async throws {
    let outcome = try await conform([
      "run", "--impl", TestSupport.binary("swift-reference"), "--window", "1024", "--junit", "junit.xml",
      "--results", "reference.jsonl",
    ])
    #expect(outcome.status == 0)
    let xml = try String(contentsOf: directory.appendingPathComponent("junit.xml"), encoding: .utf8)
    func seconds(_ element: Substring) -> Double? {
      element.firstRegexMatch(#" time="([0-9.]+)""#).flatMap { Double($0[1]) }
    }
    let root = try #require(xml.split(separator: "\n").first { $0.hasPrefix("<testsuites ") })
    let runSeconds = try #require(seconds(root))
    var suiteTotal = 0.0
    var currentSuite = 0.0
    var casesInSuite = 0.0
    var caseCount = 0
    for line in xml.split(separator: "\n") {
      if line.hasPrefix("  <testsuite ") {
        currentSuite = try #require(seconds(line))
        suiteTotal += currentSuite
        casesInSuite = 0
        caseCount = 0
      } else if line.hasPrefix("    <testcase ") {
        casesInSuite += try #require(seconds(line))
        caseCount += 1
      } else if line == "  </testsuite>" {
        // Each case's time is rounded to the millisecond: at most half of one each over the sum.
        #expect(casesInSuite <= currentSuite + Double(caseCount) * 0.0005 + 0.001, "\(casesInSuite) > \(currentSuite)")
      }
    }
    #expect(suiteTotal > 0)
    #expect(suiteTotal <= runSeconds + 0.003, "the suites' times (\(suiteTotal) s) exceed the run's (\(runSeconds) s)")
  }
}

extension RunFailureReportTests {
  @Test func theReportOfARunWithKnownFailuresIsTheRunsOwn() async throws {
    let port = ["run", "--impl", TestSupport.binary("swift-ports"), "--impl-arg", "no-cancel-guard", "--suite", "timeline"]
    let first = try await conform(port + ["--results", "first.jsonl", "--write-known-failures", "known.txt"])
    #expect(first.status == 1)
    let run = try await conform(port + ["--results", "known.jsonl", "--known-failures", "known.txt"])
    #expect(run.status == 0)
    let closing = try #require(run.stdout.split(separator: "\n").last.map(String.init))
    #expect(closing.hasSuffix(" passed, 0 failed, 203 known failures"))
    // The list is in the results header: the report needs nothing else.
    try FileManager.default.removeItem(at: directory.appendingPathComponent("known.txt"))
    let report = try await conform(["report", "known.jsonl"])
    #expect(report.status == 0)
    #expect(report.stdout.split(separator: "\n").last.map(String.init) == closing)
  }
}

/// The daily loop of a test tool: list what would run, stop early, and the two counts never confused.
extension RunFailureReportTests {
  @Test func stopAfterEndsTheRunAtTheLimitAndTheRestAreNotRun() async throws {
    let outcome = try await conform([
      "run", "--impl", TestSupport.binary("swift-ports"), "--impl-arg", "no-cancel-guard", "--stop-after", "1",
      "--window", "1", "--results", "stopped.jsonl",
    ])
    #expect(outcome.status == 1)
    let file = try ResultsFile.read(directory.appendingPathComponent("stopped.jsonl").path)
    #expect(file.footer?.interrupted == nil)
    let failed = file.results.filter { $0.status == .fail }.count
    let notRun = file.results.count { $0.status == .notRun }
    // Lock-step (window 1): the case that reached the limit is the last one answered.
    #expect(failed == 1)
    #expect(file.results.allSatisfy { $0.status == .pass || $0.status == .fail || $0.status == .notRun })
    let closing = try #require(outcome.stdout.split(separator: "\n").last.map(String.init))
    let total = Int(file.header.fixtures.cases)
    #expect(file.results.count == total)
    let reached = total - notRun
    #expect(closing.hasPrefix("\(reached - 1) passed, 1 failed, "))
    #expect(closing.hasSuffix(" not run: stopped after \(reached) of \(total) cases"))
  }

  @Test func listPrintsTheSelectedCasesAndStartsNothing() async throws {
    let outcome = try await conform(["run", "--list", "--suite", "version-compare", "--tag", "seed", "--impl", "/nonexistent"])
    #expect(outcome.status == 0)
    let lines = outcome.stdout.split(separator: "\n")
    #expect(lines.count == 12)
    #expect(lines.allSatisfy { $0.hasPrefix("version-compare/seed/") })
    #expect(
      lines.contains(
        #"version-compare/seed/2.0.10-vs-2.0.9  [seed, lexicographic]  parts compare as numbers: 2.0.10 is newer than 2.0.9, though text comparison puts it first"#
      ))
    #expect(outcome.stderr.contains("conform: 12 cases of built-in (manifest sha256:"))
  }

  @Test func theOldMaxFailuresNameSaysWhichOptionIsWhich() async throws {
    let outcome = try await conform(["run", "--impl", TestSupport.binary("swift-reference"), "--max-failures", "1"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("--max-failures is now --max-shown N"))
    #expect(outcome.stderr.contains("conform run --stop-after N"))
  }
}
