/// Where the review prompt's history is kept: `UserDefaults` in the app, memory in tests.
@MainActor
public protocol ReviewStateStore: AnyObject {
  /// Games won so far.
  var wonGames: Int { get set }
  /// The epoch day of the last recorded attempt, nil when never attempted.
  var lastAttemptDay: Int64? { get }
  /// The app version of the last recorded attempt, nil when never.
  var lastPromptedVersion: String? { get }
  /// Records an attempt to ask for a review, which starts the cooldown and uses up `version`.
  func recordAttempt(day: Int64, version: String)
}

/// A `ReviewStateStore` in memory, for tests and previews.
@MainActor
public final class InMemoryReviewStateStore: ReviewStateStore {
  public var wonGames: Int
  public private(set) var lastAttemptDay: Int64?
  public private(set) var lastPromptedVersion: String?

  public init(wonGames: Int = 0, lastAttemptDay: Int64? = nil, lastPromptedVersion: String? = nil) {
    self.wonGames = wonGames
    self.lastAttemptDay = lastAttemptDay
    self.lastPromptedVersion = lastPromptedVersion
  }

  public func recordAttempt(day: Int64, version: String) {
    lastAttemptDay = day
    lastPromptedVersion = version
  }
}
