/// A value another thread makes later: `value` waits for it, `resolved` does not.
package final class Deferred<Value: Sendable>: Sendable {
  /// The value once stored; its waiters wait on the monitor's one condition.
  private let stored: Monitor<Value?>

  /// A value still to come (`resolve` it).
  package init() { stored = Monitor(nil) }

  /// A value known now.
  package init(_ value: Value) { stored = Monitor(value) }

  /// Stores the value (once: a later call changes nothing).
  package func resolve(_ value: Value) {
    let first = stored.withLock { stored in
      defer { stored = stored ?? value }
      return stored == nil
    }
    if first { stored.signal() }
  }

  /// The value, waiting for it.
  package var value: Value {
    stored.wait { stored in stored.map { .done($0) } ?? .wait(until: nil) }
  }

  /// The value, waiting at most `milliseconds` for it; nil when it did not come in time.
  package func value(waitingAtMost milliseconds: Int) -> Value? {
    let deadline = MonotonicClock.now() + UInt64(max(milliseconds, 0)) * 1_000_000
    return stored.wait { stored in
      if let value = stored { return .done(value) }
      return MonotonicClock.now() >= deadline ? .done(nil) : .wait(until: deadline)
    }
  }

  /// The value if it is known yet.
  package var resolved: Value? { stored.withLock { $0 } }
}
