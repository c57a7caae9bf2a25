/// Where the app keeps the review prompt's history (`UserDefaults` in the app).
@AppActor
protocol ReviewPromptRepository: AnyObject {
  var wonCompletionCount: Int { get }
  /// nil: never attempted.
  var lastAttemptEpochDay: Int64? { get }
  /// nil: never prompted.
  var lastPromptedVersion: String? { get }
  func recordAttempt(epochDay: Int64, version: String)
}

/// What the app reads from its surroundings each time it needs it, never keeping a copy.
@AppActor
protocol AppEnvironment: AnyObject {
  /// `CFBundleShortVersionString`.
  var currentAppVersion: String { get }
  /// Today in days since 1970-01-01 UTC (`EpochDays.today(millis:)`).
  var todayEpochDay: Int64 { get }
  /// The debug launch argument that skips every rule.
  var forceReviewPrompt: Bool { get }
}

/// `AppStore.requestReview(in:)`.
@AppActor
protocol StoreReviewRequesting: AnyObject {
  func requestReview(in scene: WindowScene)
}
