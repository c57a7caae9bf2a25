import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// SIGINT and SIGTERM to `conform run` when the implementation makes stopping hard: it has a
/// child in its process group holding the pipes, it ignores SIGTERM, or it has not answered the
/// hello yet. RunInterruptTests covers the plain case; these add what conform prints and the
/// process group.
@Suite struct HostileInterruptTests {
  let eligibility = Testbed.count(suite: "eligibility")

  /// Waits until the results file holds at least `records` case records.
  private static func waitForRecords(_ path: String, _ records: Int) {
    TestSupport.waitUntil(within: 60, every: 0.02) {
      ((try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").count ?? 0) >= records + 1
    }
  }

  /// Waits (up to 60 s) until the file `name` in `directory` contains `text`: hostile.py's
  /// `--log` (`events.log`) or conform's `stderr.txt`.
  private static func waitFor(_ text: String, in name: String, of directory: URL) {
    let path = directory.appendingPathComponent(name).path
    TestSupport.waitUntil(within: 60, every: 0.02) {
      ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").contains(text)
    }
  }

  /// conform on an implementation that ignores SIGTERM once it reaches the culprit, sent SIGINT
  /// once it is there; with `signals` 2, SIGINT again once conform says it took the first (two
  /// sent before its watcher takes the first merge into one, as a loaded machine showed), and
  /// again until it says it took the second or it is gone.
  private static func interruptIgnoringTERM(pids: URL, signals: Int) async throws -> Hostile.Run {
    try await TestSupport.processOffThePool {
      let started = try Hostile.start(
        "hang-ignoring-term", ["--on", Hostile.culprit, "--pid-file", pids.path], options: ["--suite", "eligibility"])
      waitForRecords(started.resultsPath, Hostile.k - 1)
      // It logs its fault once it reaches the culprit and ignores SIGTERM.
      waitFor("fault ", in: "events.log", of: started.directory)
      kill(started.pid, SIGINT)
      if signals > 1 {
        waitFor("SIGINT: stopping the implementation", in: "stderr.txt", of: started.directory)
        let stderr = started.directory.appendingPathComponent("stderr.txt").path
        TestSupport.waitUntil(within: 30) {
          kill(started.pid, SIGINT) != 0
            || ((try? String(contentsOfFile: stderr, encoding: .utf8)) ?? "").contains("second SIGINT")
        }
      }
      return started.finish(limit: 60)
    }
  }

  @Test(arguments: [(SIGINT, Int32(130), "SIGINT"), (SIGTERM, Int32(143), "SIGTERM"), (SIGHUP, Int32(129), "SIGHUP")])
  func aSignalStopsTheWholeProcessGroupAndSaysWhatWasDone(signal: Int32, exitStatus: Int32, name: String) async throws {
    let pids = TestSupport.temporaryDirectory().appendingPathComponent("pids")
    let children = TestSupport.temporaryDirectory().appendingPathComponent("children")
    let run = try await TestSupport.processOffThePool {
      let started = try Hostile.start(
        "slow", ["--seconds", "0.2", "--pid-file", pids.path, "--child", children.path], options: ["--suite", "eligibility"])
      Self.waitForRecords(started.resultsPath, 2)
      kill(started.pid, signal)
      return started.finish(limit: 60)
    }

    Hostile.expectBounded(run, seconds: 60)
    #expect(run.status == exitStatus)
    let file = try run.results()
    #expect(file.footer?.interrupted == name)
    Testbed.expectComplete(file, cases: eligibility)
    let done = file.results.filter { $0.status != .notRun }.count
    #expect(done >= 2)
    #expect(
      file.results.filter { $0.status == .notRun }.allSatisfy { $0.message == "not run: the run was interrupted by \(name)" })
    // What conform printed: that it is stopping, then what was done and where it is.
    #expect(run.stderr.contains("\(name): stopping the implementation and writing the results so far"))
    #expect(run.stderr.contains("\(name): \(done) of \(eligibility) attempts done; results so far in \(run.resultsPath)"))
    // The implementation and the child in its process group are gone.
    let implementation = Hostile.pids(in: pids)
    let child = Hostile.pids(in: children)
    #expect(implementation.count == 1 && child.count == 1)
    for pid in implementation + child { #expect(Hostile.isGone(pid), "pid \(pid) is still running") }
  }

  /// SIGTERM to the group is ignored: conform sends SIGKILL 200 ms later and still exits.
  @Test func aSignalStopsAnImplementationThatIgnoresSIGTERM() async throws {
    let pids = TestSupport.temporaryDirectory().appendingPathComponent("pids")
    let run = try await Self.interruptIgnoringTERM(pids: pids, signals: 1)

    Hostile.expectBounded(run, seconds: 30)
    #expect(run.status == 130)
    let file = try run.results()
    #expect(file.footer?.interrupted == "SIGINT")
    Testbed.expectComplete(file, cases: eligibility)
    #expect(try run.record(Hostile.culprit).status == .notRun)
    #expect(file.results.prefix(Hostile.k - 1).allSatisfy { $0.status == .pass })
    for pid in Hostile.pids(in: pids) { #expect(Hostile.isGone(pid), "pid \(pid) is still running") }
  }

  /// A second signal ends conform at once, but not before it kills the implementation's group
  /// and the results file gets its not-run records and footer.
  @Test func aSecondSignalStillKillsTheImplementationAndFinishesTheResults() async throws {
    let pids = TestSupport.temporaryDirectory().appendingPathComponent("pids")
    let run = try await Self.interruptIgnoringTERM(pids: pids, signals: 2)

    #expect(run.status == 130)
    #expect(run.stderr.contains("second SIGINT: stopping now, killing the implementations"), "\(run.stderr)")
    let file = try run.results()
    #expect(file.footer?.interrupted == "SIGINT")
    Testbed.expectComplete(file, cases: eligibility)
    #expect(try run.record(Hostile.culprit).status == .notRun)
    let implementation = Hostile.pids(in: pids)
    #expect(!implementation.isEmpty)
    for pid in implementation { #expect(Hostile.isGone(pid), "pid \(pid) is still running") }
  }

  /// Before the hello is answered there is no results file to keep: conform says so.
  @Test func aSignalDuringTheHandshakeWritesNoResults() async throws {
    let pids = TestSupport.temporaryDirectory().appendingPathComponent("pids")
    let run = try await TestSupport.processOffThePool {
      let started = try Hostile.start("hang-before-hello", ["--pid-file", pids.path], options: [])
      // Once the implementation has read the hello, conform waits for its answer.
      Self.waitFor("hello-read ", in: "events.log", of: started.directory)
      kill(started.pid, SIGTERM)
      return started.finish(limit: 30)
    }

    Hostile.expectBounded(run, seconds: 9)
    #expect(run.status == 143)
    #expect(run.stderr.contains("SIGTERM: stopping the implementation and writing the results so far"))
    #expect(run.stderr.contains("interrupted by SIGTERM before the run started: no results written"))
    #expect(!run.hasResults)
    for pid in Hostile.pids(in: pids) { #expect(Hostile.isGone(pid), "pid \(pid) is still running") }
  }
}

/// A results file that reaches the file-size limit (`ulimit -f`) ends the run like a full disk:
/// a message naming the file and exit 2, never SIGXFSZ killing conform mid-line.
@Suite struct ResultsFileSizeLimitTests {
  @Test func theFileSizeLimitEndsTheRunWithAMessageNotASignal() async throws {
    let folder = TestSupport.temporaryDirectory("conform-ulimit")
    defer { try? FileManager.default.removeItem(at: folder) }
    let results = folder.appendingPathComponent("results.jsonl").path
    let command = [TestSupport.binary("conform"), "run", "--impl", TestSupport.binary("swift-reference"), "--results", results]
    // 16 blocks of 1 KiB: the built-in tables' results are megabytes.
    let outcome = try await TestSupport.run(
      "/bin/bash", ["-c", "ulimit -f 16; exec \"$@\"", "bash"] + command, timeout: 120)
    #expect(outcome.status == 2, "\(outcome.stderr)")
    #expect(outcome.stderr.contains(results), "\(outcome.stderr)")
    let size = (try FileManager.default.attributesOfItem(atPath: results)[.size] as? Int) ?? 0
    #expect(size > 0 && size <= 16 * 1024)
  }
}
