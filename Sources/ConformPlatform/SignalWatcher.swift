import Foundation

/// Turns SIGINT, SIGTERM and SIGHUP into calls on an ordinary thread: what the executable
/// installs at its start, so that no library installs process-wide handlers.
///
/// The handler only writes the signal number to a pipe (async-signal-safe); a thread reads it
/// and calls `onSignal` with the number and how many such signals came so far (1 for the
/// first), so the caller decides what a second one does.
package enum SignalWatcher {
  nonisolated(unsafe) private static var pipeWrite: Int32 = -1
  private static let installed = Locked(false)

  /// Installs the handlers (once; a later call changes nothing). `onSignal` runs on the watcher
  /// thread, one signal after the other.
  package static func install(onSignal: @escaping @Sendable (_ number: Int32, _ count: Int) -> Void) {
    let first = installed.withLock { installed in
      defer { installed = true }
      return !installed
    }
    guard first else { return }
    // The harness writes to pipes whose reader may die at any moment: a write must fail with
    // EPIPE, never kill the process.
    Signals.ignore(SIGPIPE)
    // A parent may have started the process with these blocked (test runners do): unblock them
    // here, on the main thread, before other threads are created and inherit the mask.
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
        onSignal(number, seen)
      }
    }
    thread.name = "conform signals"
    thread.start()
    Signals.handle([SIGINT, SIGTERM, SIGHUP]) { number in
      var value = number
      _ = write(SignalWatcher.pipeWrite, &value, MemoryLayout<Int32>.size)
    }
  }

  /// Ends the process by `number` as if no handler were installed (its default action), for a
  /// signal that came when there was nothing to stop.
  package static func endAsUnhandled(signal number: Int32) -> Never {
    _ = signal(number, SIG_DFL)
    Signals.unblock([number])
    _ = raise(number)
    _exit(128 + number)
  }

  /// Ends the process at once with the status a shell gives a process killed by `number`
  /// (128 + the number), without running exit handlers: for a second signal.
  package static func exitNow(signal number: Int32) -> Never {
    _exit(128 + number)
  }
}
