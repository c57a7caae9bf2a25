import ConformPlatform
import Foundation

/// Turns SIGINT, SIGTERM and SIGHUP into a call on an ordinary thread.
///
/// The handler only writes the signal number to a pipe (async-signal-safe); a thread reads it
/// and does the real work. A second signal while the first is being handled ends conform at once,
/// after killing the process groups of the implementations it started and giving the runs a
/// moment to write what they have (the not-run records and the footer).
enum SignalWatcher {
  nonisolated(unsafe) private static var pipeWrite: Int32 = -1
  nonisolated(unsafe) private static var installed = false

  /// Installs the handlers (once); `onSignal` runs on the watcher thread for the first signal.
  /// A second one is said to `diagnostics`, the implementations are killed, and `onSecondSignal`
  /// runs (it should return soon) before conform ends.
  static func install(
    diagnostics: Diagnostics, onSignal: @escaping @Sendable (Int32) -> Void,
    onSecondSignal: @escaping @Sendable () -> Void
  ) {
    guard !installed else { return }
    installed = true
    // The harness writes to pipes whose reader may die at any moment: a write must fail with
    // EPIPE, never kill the process that embeds the harness (the executable ignores it too).
    Signals.ignore(SIGPIPE)
    // A parent may have started conform with these blocked (test runners do): unblock them
    // here, on the main thread, before the run's threads are created and inherit the mask.
    Signals.unblock([SIGINT, SIGTERM, SIGHUP])
    guard let descriptors = try? Descriptors.pipe() else { return }
    pipeWrite = descriptors.write
    let readEnd = descriptors.read
    let thread = Thread {
      var seen = 0
      while true {
        var number: Int32 = 0
        let count = read(readEnd, &number, MemoryLayout<Int32>.size)
        if count < 0 && errno == EINTR { continue }
        guard count == MemoryLayout<Int32>.size else { return }
        seen += 1
        if seen > 1 {
          diagnostics.note("second \(Termination.signalName(number)): stopping now, killing the implementations")
          ImplementationProcess.killUnreapedGroups()
          onSecondSignal()
          _exit(128 + number)
        }
        onSignal(number)
      }
    }
    thread.name = "conform signals"
    thread.start()
    Signals.handle([SIGINT, SIGTERM, SIGHUP]) { number in
      var value = number
      _ = write(SignalWatcher.pipeWrite, &value, MemoryLayout<Int32>.size)
    }
  }
}
