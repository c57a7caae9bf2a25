import Foundation

/// A value another thread makes later: `value` waits for it, `resolved` does not.
package final class Deferred<Value: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var stored: Value?

  /// A value still to come (`resolve` it).
  package init() {}

  /// A value known now.
  package init(_ value: Value) { stored = value }

  func resolve(_ value: Value) {
    condition.lock()
    stored = value
    condition.broadcast()
    condition.unlock()
  }

  /// The value, waiting for it.
  var value: Value {
    condition.lock()
    defer { condition.unlock() }
    while stored == nil { condition.wait() }
    return stored!
  }

  /// The value if it is known yet.
  var resolved: Value? {
    condition.lock()
    defer { condition.unlock() }
    return stored
  }
}
