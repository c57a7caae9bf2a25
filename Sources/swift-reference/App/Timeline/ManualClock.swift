import ConformPlatform

/// A clock whose time moves only when a driver moves it, so a timeline of sleeps and cancels has
/// exactly one outcome.
///
/// `sleep(until:)` suspends until `advance(to:)` reaches the deadline, even a deadline that has
/// already passed: a sleep never ends on its own. It throws `CancellationError` when its task is
/// cancelled before or during the sleep, like `Task.sleep`. A cancel that arrives after the driver
/// claimed the sleeper (see `advance(to:beforeResuming:)`) does not make it throw: the sleep
/// returns normally and only a `Task.isCancelled` check after it can tell.
final class ManualClock: SleepClock {
  struct Instant: Sendable, Hashable, Comparable {
    /// Milliseconds since the clock started; nil past `Int64.max` of them, a time no timeline
    /// reaches (a long delay from a late instant), so that adding never overflows.
    var offset: Int64?

    func advanced(by delay: Delay) -> Instant {
      guard let offset else { return self }
      let (sum, overflow) = offset.addingReportingOverflow(delay.milliseconds)
      return Instant(offset: overflow ? nil : sum)
    }

    static func < (lhs: Instant, rhs: Instant) -> Bool {
      guard let right = rhs.offset else { return lhs.offset != nil }
      guard let left = lhs.offset else { return false }
      return left < right
    }

    /// Whole milliseconds since the clock started.
    var milliseconds: Int64 { offset ?? .max }
  }

  private struct Sleeper {
    var id: Int
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: 0)
    var lastID = 0
    /// Sleepers waiting for their deadline, in the order they started.
    var sleepers: [Sleeper] = []
    /// Sleeps whose task was cancelled while they were not in `sleepers`: before they registered,
    /// or after `advance` claimed them.
    var cancelled: Set<Int> = []
    /// Drivers waiting until a number of sleepers are asleep.
    var sleeperWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Removes and returns the watchers whose count of sleepers is reached.
    mutating func takeWatchers() -> [CheckedContinuation<Void, Never>] {
      let ready = sleeperWatchers.filter { $0.count <= sleepers.count }.map(\.continuation)
      sleeperWatchers.removeAll { $0.count <= sleepers.count }
      return ready
    }
  }

  private let state = Locked(State())

  var now: Instant { state.withLock { $0.now } }

  func sleep(for delay: Delay) async throws { try await sleep(until: now.advanced(by: delay)) }

  func sleep(until deadline: Instant) async throws {
    let id = state.withLock { state in
      state.lastID += 1
      return state.lastID
    }
    defer { _ = state.withLock { $0.cancelled.remove(id) } }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (cancelledAlready, watchers) = state.withLock { state in
          if state.cancelled.contains(id) { return (true, [CheckedContinuation<Void, Never>]()) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return (false, state.takeWatchers())
        }
        if cancelledAlready { continuation.resume(throwing: CancellationError()) }
        for watcher in watchers { watcher.resume() }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        if let index = state.sleepers.firstIndex(where: { $0.id == id }) { return state.sleepers.remove(at: index) }
        state.cancelled.insert(id)
        return nil
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// The earliest deadline of a sleeper, nil when nobody sleeps.
  var nextDeadline: Instant? { state.withLock { $0.sleepers.map(\.deadline).min() } }

  /// Moves time to `instant` (never backwards) and wakes every sleeper whose deadline it reaches.
  ///
  /// The due sleepers are claimed first, then `beforeResuming` runs, then they resume, so whatever
  /// `beforeResuming` does (a cancel) happens after their sleep is over but before their task
  /// continues. The woken tasks run later: wait for them (await their `value`) before looking at
  /// what they did.
  func advance(to instant: Instant, beforeResuming: () -> Void = {}) {
    let due = state.withLock { state in
      state.now = max(state.now, instant)
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }
      state.sleepers.removeAll { $0.deadline <= now }
      return due.sorted { $0.deadline < $1.deadline }
    }
    beforeResuming()
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Returns once at least `count` sleepers are asleep: a task that was just created may not have
  /// reached its `sleep` yet, and `advance` only wakes sleepers that did.
  func waitForSleepers(count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let asleep = state.withLock { state in
        if state.sleepers.count >= count { return true }
        state.sleeperWatchers.append((count, continuation))
        return false
      }
      if asleep { continuation.resume() }
    }
  }
}
