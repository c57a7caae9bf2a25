#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import os
#endif

/// A value that threads share, read and changed only under its lock: `withLock { (inout Value) in … }`.
///
/// It stands in for `Synchronization.Mutex`, which needs macOS 15 and iOS 18: with it, every
/// package that depends on conform would have to raise its own floor that high. The lock is
/// `os_unfair_lock` on Darwin (macOS 10.12, iOS 10) and a `pthread_mutex_t` elsewhere, allocated
/// once, never moved, and freed with the value. It is not recursive: `withLock` inside `withLock`
/// on the same value deadlocks, as `Mutex` does.
package final class Locked<Value>: @unchecked Sendable {
  #if canImport(Darwin)
    private let lock: UnsafeMutablePointer<os_unfair_lock>
  #else
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
  #endif
  private var value: Value

  package init(_ value: Value) {
    self.value = value
    lock = .allocate(capacity: 1)
    #if canImport(Darwin)
      lock.initialize(to: os_unfair_lock())
    #else
      lock.initialize(to: pthread_mutex_t())
      let made = pthread_mutex_init(lock, nil)
      precondition(made == 0, "pthread_mutex_init failed with \(made)")
    #endif
  }

  deinit {
    #if !canImport(Darwin)
      pthread_mutex_destroy(lock)
    #endif
    lock.deinitialize(count: 1)
    lock.deallocate()
  }

  /// Runs `body` with the value while holding the lock, and returns what it returns.
  @inline(__always)
  package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
    #if canImport(Darwin)
      os_unfair_lock_lock(lock)
      defer { os_unfair_lock_unlock(lock) }
    #else
      pthread_mutex_lock(lock)
      defer { pthread_mutex_unlock(lock) }
    #endif
    return try body(&value)
  }
}

extension Locked where Value == Void {
  /// A lock that guards no value, only a stretch of code.
  package convenience init() { self.init(()) }
}
