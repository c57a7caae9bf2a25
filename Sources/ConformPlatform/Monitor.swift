#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value threads share under one lock, like `Locked`, with conditions a thread waits on under
/// that same lock: `wait(on:)` asks the value (under the lock) whether to go on or to wait, and
/// sleeps until `signal(_:)` or its deadline, then asks again.
///
/// A wait and the change it waits for are ordered by the lock, so no wake-up is lost: the
/// waiter either sees the change when it asks, or is asleep when the signal comes. A signal
/// with nobody waiting does nothing, and a waiter may wake for no reason: it asks again. There
/// is no semaphore to count signals, so none is left over for a later wait.
///
/// The lock is a `pthread_mutex_t` and each condition a `pthread_cond_t`, allocated once, never
/// moved, freed with the value. On Linux the conditions time out on the monotonic clock
/// (`pthread_condattr_setclock`); on Darwin a wait is given the time left
/// (`pthread_cond_timedwait_relative_np`). Not recursive: no `withLock` or `wait` inside another.
package final class Monitor<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let conditions: UnsafeMutablePointer<pthread_cond_t>
  private let conditionCount: Int
  private var value: Value

  /// `value` under a new lock, with `conditions` conditions to wait on, numbered from 0.
  package init(_ value: Value, conditions: Int = 1) {
    precondition(conditions > 0, "a monitor has at least one condition")
    self.value = value
    conditionCount = conditions
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let made = pthread_mutex_init(mutex, nil)
    precondition(made == 0, "pthread_mutex_init failed with \(made)")
    self.conditions = .allocate(capacity: conditions)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    #if !canImport(Darwin)
      pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    #endif
    for index in 0..<conditions {
      (self.conditions + index).initialize(to: pthread_cond_t())
      let made = pthread_cond_init(self.conditions + index, &attributes)
      precondition(made == 0, "pthread_cond_init failed with \(made)")
    }
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    for index in 0..<conditionCount { pthread_cond_destroy(conditions + index) }
    conditions.deinitialize(count: conditionCount)
    conditions.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the value while holding the lock, and returns what it returns.
  @inline(__always)
  package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }

  /// Wakes every thread waiting on `condition`; each asks its question again.
  package func signal(_ condition: Int = 0) {
    pthread_cond_broadcast(conditions + condition)
  }

  /// Asks `step` under the lock, and while it says `.wait`, sleeps on `condition` (the lock let
  /// go meanwhile) until signalled or until its deadline (monotonic nanoseconds), then asks
  /// again; returns what `.done` carries. `step` decides when a deadline has passed.
  package func wait<Result>(on condition: Int = 0, _ step: (inout Value) -> MonitorStep<Result>) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while true {
      switch step(&value) {
      case .done(let result):
        return result
      case .wait(let deadline):
        guard let deadline else {
          pthread_cond_wait(conditions + condition, mutex)
          continue
        }
        let now = MonotonicClock.now()
        guard deadline > now else { continue }
        #if canImport(Darwin)
          let left = deadline - now
          var relative = timespec(tv_sec: Int(left / 1_000_000_000), tv_nsec: Int(left % 1_000_000_000))
          _ = pthread_cond_timedwait_relative_np(conditions + condition, mutex, &relative)
        #else
          var absolute = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
          _ = pthread_cond_timedwait(conditions + condition, mutex, &absolute)
        #endif
      }
    }
  }
}

/// What a thread waiting in `Monitor.wait(on:_:)` does next.
package enum MonitorStep<Result> {
  /// Stop waiting, with this.
  case done(Result)
  /// Sleep until signalled, or until this moment (monotonic nanoseconds) when there is one.
  case wait(until: UInt64?)
}
