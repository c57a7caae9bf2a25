import AppLogic
import Foundation

/// A clock whose time moves only when a test (or the timeline player) moves it, so that a run of
/// sleeps and cancels has exactly one outcome and takes no real time.
///
/// A sleep ends only when `advance(to:beforeResuming:)` reaches its deadline, even a deadline that
/// has already passed (a delay of 0 does not end inside the call that scheduled it). Like
/// `Task.sleep`, it throws `CancellationError` when its task is cancelled before or during the
/// sleep, and returns normally when the cancel comes after the clock woke it.
public final class VirtualClock: ReviewPromptClock {
  public struct Instant: Sendable, Hashable, Comparable {
    /// Whole milliseconds since the clock started.
    public var milliseconds: Int64

    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// `delay` later; a time past `Int64.max` milliseconds, which no timeline reaches, stays there.
    public func advanced(by delay: Delay) -> Instant {
      let (sum, overflow) = milliseconds.addingReportingOverflow(delay.milliseconds)
      return Instant(milliseconds: overflow ? .max : sum)
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.milliseconds < rhs.milliseconds }
  }

  private struct Sleeper {
    var deadline: Instant
    var wake: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(milliseconds: 0)
    var nextID = 0
    var sleepers: [Int: Sleeper] = [:]
    /// Whoever waits in `untilSomeoneSleeps()`.
    var watchers: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Locked(State())

  public init() {}

  public var now: Instant { state.withLock { $0.now } }

  /// The earliest deadline of a sleeper, nil when nobody sleeps.
  public var nextDeadline: Instant? { state.withLock { $0.sleepers.values.map(\.deadline).min() } }

  public func sleep(for delay: Delay) async throws { try await sleep(until: now.advanced(by: delay)) }

  public func sleep(until deadline: Instant) async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (wake: CheckedContinuation<Void, any Error>) in
        // Checked under the lock: a cancel either sees this sleeper, or is seen here.
        let watchers = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
          guard !Task.isCancelled else { return nil }
          state.sleepers[id] = Sleeper(deadline: deadline, wake: wake)
          defer { state.watchers.removeAll() }
          return state.watchers
        }
        guard let watchers else { return wake.resume(throwing: CancellationError()) }
        for watcher in watchers { watcher.resume() }
      }
    } onCancel: {
      // A sleeper the clock already woke is gone from `sleepers`: its sleep returns normally.
      state.withLock { $0.sleepers.removeValue(forKey: id) }?.wake.resume(throwing: CancellationError())
    }
  }

  /// Returns once at least one task sleeps on this clock: a task just created may not have
  /// reached its sleep yet, and `advance` wakes only the tasks that did.
  public func untilSomeoneSleeps() async {
    await withCheckedContinuation { (watcher: CheckedContinuation<Void, Never>) in
      let asleep = state.withLock { state in
        if !state.sleepers.isEmpty { return true }
        state.watchers.append(watcher)
        return false
      }
      if asleep { watcher.resume() }
    }
  }

  /// Moves time forward to `instant` and wakes every sleeper whose deadline it reaches.
  ///
  /// The due sleepers are taken off the clock first, then `beforeResuming` runs, then they
  /// resume: a cancel in `beforeResuming` lands after their sleep is over and before their task
  /// goes on, the race of the review prompt story. The woken tasks run later: await them.
  public func advance(to instant: Instant, beforeResuming: () -> Void = {}) {
    let due = state.withLock { state in
      state.now = max(state.now, instant)
      let due = state.sleepers.filter { $0.value.deadline <= state.now }
      for id in due.keys { state.sleepers[id] = nil }
      return due.sorted { $0.key < $1.key }.map(\.value.wake)
    }
    beforeResuming()
    for wake in due { wake.resume() }
  }
}

/// A value read and changed only under an `NSLock`: `Synchronization.Mutex` needs iOS 18.
private final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
