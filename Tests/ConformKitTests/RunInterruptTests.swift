import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformResults

/// SIGINT and SIGTERM to `conform run` mid-run: the implementation is stopped, the results so
/// far are kept with an interrupted footer, and conform exits 130 or 143.
@Suite(.timeLimit(.minutes(30))) struct RunInterruptTests {
  /// `conform run` on a slow implementation, stopped by `signal` once some answers are on disk.
  /// The run, the signal and the wait are on a thread of their own: the signal comes as soon as
  /// answers are on disk however busy the test pool is.
  func interruptedRun(_ signal: Int32) async throws -> (status: Int32, stdout: String, results: String, pidFile: String) {
    try await TestSupport.processOffThePool {
      let directory = TestSupport.temporaryDirectory("conform-interrupt")
      let results = directory.appendingPathComponent("results.jsonl").path
      let pidFile = directory.appendingPathComponent("impl.pid").path
      let stdout = directory.appendingPathComponent("stdout.txt").path
      _ = FileManager.default.createFile(atPath: stdout, contents: nil)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: TestSupport.binary("conform"))
      process.arguments = [
        "run", "--impl", Testbed.implementation("slow.py"), "--fixtures", Testbed.fixtures, "--results", results,
        "--suite", "version-compare", "--", "--fixtures", Testbed.fixtures, "--delay", "0.2", "--pid-file", pidFile,
      ]
      process.currentDirectoryURL = directory
      process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
      process.standardOutput = FileHandle(forWritingAtPath: stdout)
      process.standardError = FileHandle(forWritingAtPath: "/dev/null")
      try process.run()

      // Wait until some answers are on disk (the header and at least one record).
      TestSupport.waitUntil(within: 60, every: 0.02) {
        ((try? String(contentsOfFile: results, encoding: .utf8))?.split(separator: "\n").count ?? 0) >= 2
      }
      kill(process.processIdentifier, signal)
      TestSupport.waitUntil(within: 30) { !process.isRunning }
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
      return (process.terminationStatus, try String(contentsOfFile: stdout, encoding: .utf8), results, pidFile)
    }
  }

  @Test(arguments: [(SIGINT, Int32(130), "SIGINT"), (SIGTERM, Int32(143), "SIGTERM")])
  func aSignalKeepsTheResultsSoFar(signal: Int32, exitStatus: Int32, name: String) async throws {
    let run = try await interruptedRun(signal)
    #expect(run.status == exitStatus)
    let file = try ResultsFile.read(run.results)
    #expect(file.footer?.interrupted == name)
    let cases = Testbed.count(suite: "version-compare")
    Testbed.expectComplete(file, cases: cases)
    let passed = file.results.filter { $0.status == .pass }.count
    let notRun = file.results.filter { $0.status == .notRun }
    #expect(passed >= 1)
    #expect(!notRun.isEmpty)
    #expect(notRun.allSatisfy { $0.message == "not run: the run was interrupted by \(name)" })
    // The implementation's process is gone.
    let pid = try #require(Int32(try String(contentsOfFile: run.pidFile, encoding: .utf8)))
    #expect(kill(pid, 0) == -1 && errno == ESRCH)
  }

  @Test func anInterruptedRunSaysHowFarItGotAndTheReportAgrees() async throws {
    let run = try await interruptedRun(SIGINT)
    #expect(run.status == 130)
    let file = try ResultsFile.read(run.results)
    let cases = Testbed.count(suite: "version-compare")
    let passed = file.results.filter { $0.status == .pass }.count
    #expect(file.results.allSatisfy { $0.status == .pass || $0.status == .notRun })
    // Cases in flight and never sent are not run, never errored.
    let closing = "\(passed) passed, 0 failed, \(cases - passed) not run: interrupted after \(passed) of \(cases) cases"
    let runLines = run.stdout.split(separator: "\n").map(String.init)
    #expect(runLines.last == closing)
    #expect(!run.stdout.contains("errored"))

    let report = try await TestSupport.run(
      TestSupport.binary("conform"), ["report", run.results, "--markdown", run.results + ".md"])
    #expect(report.status == 2, "the help says: a run that did not reach every case and has no failing case exits 2")
    #expect(report.stdout.split(separator: "\n").last.map(String.init) == closing)
    let markdown = try String(contentsOfFile: run.results + ".md", encoding: .utf8)
    #expect(markdown.hasPrefix("## conform: slow-py 1.0.0 (python) ⚠️ interrupted after \(passed) of \(cases) cases"))
    #expect(!markdown.contains("does not conform"))
  }
}
