import ConformTestSupport
import Foundation
import Testing

@testable import ConformKit

/// SIGINT and SIGTERM to `conform run` mid-run: the implementation is stopped, the results so
/// far are kept with an interrupted footer, and conform exits 130 or 143.
@Suite struct RunInterruptTests {
  @Test(arguments: [(SIGINT, Int32(130), "SIGINT"), (SIGTERM, Int32(143), "SIGTERM")])
  func aSignalKeepsTheResultsSoFar(signal: Int32, exitStatus: Int32, name: String) throws {
    let directory = TestSupport.temporaryDirectory("conform-interrupt")
    let results = directory.appendingPathComponent("results.jsonl").path
    let pidFile = directory.appendingPathComponent("impl.pid").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestSupport.binary("conform"))
    process.arguments = [
      "run", "--impl", Testbed.implementation("slow.py"), "--fixtures", Testbed.fixtures, "--results", results,
      "--suite", "version-compare", "--", "--fixtures", Testbed.fixtures, "--delay", "0.2", "--pid-file", pidFile,
    ]
    process.currentDirectoryURL = directory
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()

    // Wait until some answers are on disk (the header and at least one record).
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      let lines = (try? String(contentsOfFile: results, encoding: .utf8))?.split(separator: "\n").count ?? 0
      if lines >= 2 { break }
      usleep(20_000)
    }
    kill(process.processIdentifier, signal)
    let exitDeadline = Date().addingTimeInterval(30)
    while process.isRunning && Date() < exitDeadline { usleep(10_000) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()

    #expect(process.terminationStatus == exitStatus)
    let file = try ResultsFile.read(results)
    #expect(file.footer?.interrupted == name)
    let cases = Testbed.count(suite: "version-compare")
    Testbed.expectComplete(file, cases: cases)
    let passed = file.results.filter { $0.status == .pass }.count
    let notRun = file.results.filter { $0.status == .notRun }
    #expect(passed >= 1)
    #expect(!notRun.isEmpty)
    #expect(notRun.allSatisfy { $0.message == "not run: the run was interrupted by \(name)" })
    // The implementation's process is gone.
    let pid = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8)))
    #expect(kill(pid, 0) == -1 && errno == ESRCH)
  }
}
