import Dispatch

/// A value another thread makes later: `value` waits for it, `resolved` does not.
package final class Deferred<Value: Sendable>: Sendable {
  private let stored: Locked<Value?>
  /// Signalled once the value is stored; each waiter passes the signal on to the next.
  private let ready = DispatchSemaphore(value: 0)

  /// A value still to come (`resolve` it).
  package init() { stored = Locked(nil) }

  /// A value known now.
  package init(_ value: Value) { stored = Locked(value) }

  /// Stores the value (once: a later call changes nothing).
  package func resolve(_ value: Value) {
    let first = stored.withLock { stored in
      defer { stored = stored ?? value }
      return stored == nil
    }
    if first { ready.signal() }
  }

  /// The value, waiting for it.
  package var value: Value {
    if let value = resolved { return value }
    ready.wait()
    ready.signal()
    return resolved!
  }

  /// The value, waiting at most `milliseconds` for it; nil when it did not come in time.
  package func value(waitingAtMost milliseconds: Int) -> Value? {
    if let value = resolved { return value }
    guard ready.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else { return resolved }
    ready.signal()
    return resolved
  }

  /// The value if it is known yet.
  package var resolved: Value? { stored.withLock { $0 } }
}
