/// A span of time in whole milliseconds: what the reference needs of Swift's `Duration`.
///
/// `Duration`, `Clock` and `Task.sleep(for:)` need macOS 13 and iOS 16; conform's package builds
/// every target for macOS 12 and iOS 15 (README, "Platforms"), so the reference carries these
/// two small types instead. The app's own code may use `Clock` (harness/examples/ios-app does).
struct Delay: Sendable, Hashable, Comparable {
  var milliseconds: Int64

  static let zero = Delay(milliseconds: 0)
  static func milliseconds(_ milliseconds: Int64) -> Delay { Delay(milliseconds: milliseconds) }
  static func seconds(_ seconds: Int64) -> Delay { Delay(milliseconds: seconds * 1000) }
  static func < (lhs: Delay, rhs: Delay) -> Bool { lhs.milliseconds < rhs.milliseconds }
}

/// What the scheduler sleeps on, as it would on a `Clock<Duration>`: the app would pass a real
/// clock, the timeline passes a `ManualClock`.
protocol SleepClock: Sendable {
  /// Returns after `delay`; throws `CancellationError` when its task is cancelled before or during
  /// the sleep, as `Task.sleep` does.
  func sleep(for delay: Delay) async throws
}
