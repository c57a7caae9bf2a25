/// Something the app did that a user (or the store) would notice.
enum TimelineEffect: Sendable, Equatable {
  /// An attempt was recorded in the repository.
  case recordAttempt(at: ManualClock.Instant, epochDay: Int64, version: String)
  /// StoreKit was asked for a review.
  case requestReview(at: ManualClock.Instant)
}

/// The device a timeline runs on: storage, calendar, app version and StoreKit, each a plain value
/// the driver sets, with every attempt and request written down with the clock's time.
@AppActor
final class SimulatedDevice: ReviewPromptRepository, AppEnvironment, StoreReviewRequesting {
  let clock: ManualClock
  var wonCompletionCount: Int
  var lastAttemptEpochDay: Int64?
  var lastPromptedVersion: String?
  var currentAppVersion: String
  var todayEpochDay: Int64
  var forceReviewPrompt: Bool
  private(set) var effects: [TimelineEffect] = []

  init(clock: ManualClock, start: TimelineStart) {
    self.clock = clock
    wonCompletionCount = start.wonCompletionCount
    lastAttemptEpochDay = start.lastAttemptEpochDay
    lastPromptedVersion = start.lastPromptedVersion
    currentAppVersion = start.currentVersion
    todayEpochDay = start.todayEpochDay
    forceReviewPrompt = start.forceOverride
  }

  func recordAttempt(epochDay: Int64, version: String) {
    lastAttemptEpochDay = epochDay
    lastPromptedVersion = version
    effects.append(.recordAttempt(at: clock.now, epochDay: epochDay, version: version))
  }

  func requestReview(in scene: WindowScene) {
    effects.append(.requestReview(at: clock.now))
  }
}
