import ConformPlatform
import Foundation
import Testing
@testable import ConformFixtures

@testable import ConformHarness

/// The teardown timings of `HarnessTimeouts` as a process meets them, with `/bin/sh` standing in
/// for an implementation: a wait for an exit that does not come ends at its bound, the grace
/// between SIGTERM and SIGKILL is given and no more than needed, and a process that ends waits
/// for nobody.
@Suite(.timeLimit(.minutes(1))) struct ProcessTeardownTests {
  static let timeouts = HarnessTimeouts.standard

  static func shell(_ script: String) throws -> ImplementationProcess {
    try ImplementationProcess.spawn(command: ["/bin/sh", "-c", script], environment: ["PATH=/usr/bin:/bin"])
  }

  static func milliseconds(since start: UInt64) -> UInt64 { (MonotonicClock.now() - start) / 1_000_000 }

  /// `exitAtEndOfInput`, `reapAfterDeath`, `exitAfterRefusedHandshake`: a process that stays
  /// alive is waited for up to the bound, then the wait says so.
  @Test func aWaitForAnExitThatDoesNotComeEndsAtItsBound() throws {
    let process = try Self.shell("sleep 30")
    let start = MonotonicClock.now()
    #expect(!process.waitForExit(milliseconds: 100))
    #expect(Self.milliseconds(since: start) >= 100)
    #expect(process.stop(graceMilliseconds: Self.timeouts.interruptGrace) == .signaled(SIGTERM))
  }

  /// A process that exits is seen at once, whatever the bound.
  @Test func anExitEndsTheWaitAtOnce() throws {
    let process = try Self.shell("exit 3")
    let start = MonotonicClock.now()
    #expect(process.waitForExit(milliseconds: Self.timeouts.exitAtEndOfInput * 10))
    #expect(Self.milliseconds(since: start) < UInt64(Self.timeouts.exitAtEndOfInput) * 10)
    #expect(process.stop(graceMilliseconds: Self.timeouts.grace) == .exited(3))
  }

  /// `grace` and `interruptGrace`: a process that ignores SIGTERM is given the grace, then killed.
  @Test(arguments: [timeouts.grace, timeouts.interruptGrace])
  func aProcessThatIgnoresSIGTERMIsKilledAfterTheGrace(grace: Int) throws {
    // It says when the trap is set, so the SIGTERM cannot come before it.
    let process = try Self.shell("trap '' TERM; echo ready; while :; do sleep 1; done")
    let wake = try WakePipe()
    var buffer = [UInt8](repeating: 0, count: 16)
    while buffer.withUnsafeMutableBytes({ DescriptorIO.read(process.stdoutFD, into: $0) }) == .wouldBlock {
      wake.wait(for: process.stdoutFD, events: WakePipe.readable)
    }
    let start = MonotonicClock.now()
    #expect(process.stop(graceMilliseconds: grace) == .signaled(SIGKILL))
    #expect(Self.milliseconds(since: start) >= UInt64(grace))
    process.closeOutputs()
  }
}
