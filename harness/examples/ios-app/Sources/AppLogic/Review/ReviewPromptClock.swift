/// A wait, in whole milliseconds.
///
/// The app runs on iOS 15, where Swift's `Duration` and `Clock` (iOS 16) do not exist: the
/// scheduler waits on a `ReviewPromptClock` instead, the app's being `TaskSleepClock`.
public struct Delay: Sendable, Hashable, Comparable {
  public var milliseconds: Int64

  public init(milliseconds: Int64) { self.milliseconds = milliseconds }

  public static let zero = Delay(milliseconds: 0)
  public static func milliseconds(_ milliseconds: Int64) -> Delay { Delay(milliseconds: milliseconds) }
  public static func seconds(_ seconds: Int64) -> Delay { Delay(milliseconds: seconds * 1000) }
  public static func < (lhs: Delay, rhs: Delay) -> Bool { lhs.milliseconds < rhs.milliseconds }
}

/// What the review prompt's scheduler sleeps on: `TaskSleepClock` in the app, a virtual clock in
/// the tests and the conformance player.
public protocol ReviewPromptClock: Sendable {
  /// Returns once `delay` has passed. Throws `CancellationError` when the task is cancelled before
  /// or during the sleep, as `Task.sleep` does; a cancel after it returned does not make it throw.
  func sleep(for delay: Delay) async throws
}

/// The app's clock: `Task.sleep(nanoseconds:)`, which iOS 15 has.
public struct TaskSleepClock: ReviewPromptClock {
  public init() {}

  public func sleep(for delay: Delay) async throws {
    let (nanoseconds, overflow) = UInt64(max(delay.milliseconds, 0)).multipliedReportingOverflow(by: 1_000_000)
    try await Task.sleep(nanoseconds: overflow ? .max : nanoseconds)
  }
}
