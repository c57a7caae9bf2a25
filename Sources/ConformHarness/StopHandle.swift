import ConformPlatform

/// How the executable stops the runs in progress: it installs the signal handling, and on a
/// signal calls `stop(signal:)`; every run given this handle (`HarnessSettings.stop`) stops its
/// implementations and writes the results so far. The library itself never installs a handler
/// and never ends the process.
package final class StopHandle: Sendable {
  /// The runs a signal stops (a differential fuzz search runs two at once); empty outside a run.
  /// Its condition is signalled each time the last run in progress ends.
  private let active = Monitor<[RunContext]>([])

  /// How long a second signal waits for the runs to write their not-run records and footers,
  /// in seconds.
  package static let secondSignalGrace = 2

  package init() {}

  /// Stops every run in progress as `signal` asks, saying so to the first run's diagnostics;
  /// false when no run is in progress (the caller then ends the process itself).
  @discardableResult
  package func stop(signal: Int32) -> Bool {
    let contexts = active.withLock { $0 }
    guard let first = contexts.first else { return false }
    first.settings.diagnostics.note(
      "\(Termination.signalName(signal)): stopping the implementation and writing the results so far")
    for context in contexts { context.stop(signal: signal) }
    return true
  }

  /// Says that a second `signal` ends conform now, to the diagnostics of a run in progress.
  package func noteSecondSignal(_ signal: Int32) {
    active.withLock { $0.first }?.settings.diagnostics.note(
      "second \(Termination.signalName(signal)): stopping now, killing the implementations")
  }

  /// Waits until no run is in progress, for at most `seconds`; false if one still is (its
  /// results file then has no footer, which is said to its diagnostics).
  package func waitForRunsToEnd(seconds: Int) -> Bool {
    let deadline = MonotonicClock.now() + UInt64(seconds) * 1_000_000_000
    let unfinished = active.withLock { $0.first }
    let ended = active.wait { active -> MonitorStep<Bool> in
      if active.isEmpty { return .done(true) }
      return MonotonicClock.now() >= deadline ? .done(false) : .wait(until: deadline)
    }
    if !ended {
      unfinished?.settings.diagnostics.note("the results file was not finished within \(seconds) s: it has no footer")
    }
    return ended
  }

  /// Counts `context` among the runs in progress, until `end(_:)`.
  func begin(_ context: RunContext) { active.withLock { $0.append(context) } }

  /// Ends `context`'s part in the runs in progress.
  func end(_ context: RunContext) {
    let none = active.withLock { active in
      active.removeAll { $0 === context }
      return active.isEmpty
    }
    if none { active.signal() }
  }
}

extension HarnessSettings {
  /// The same settings, the run stopped through `handle`.
  package func stopping(with handle: StopHandle) -> HarnessSettings {
    var settings = self
    settings.stop = handle
    return settings
  }
}
