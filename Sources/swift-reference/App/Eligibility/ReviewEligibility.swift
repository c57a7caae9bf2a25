/// The review prompt's constants. The app hard-codes them; the suites send them with every case.
struct ReviewPromptConfig: Sendable {
  /// Wins needed before asking.
  var wonCompletionThreshold: Int
  /// Days that must pass after an attempt before the next one.
  var cooldownDays: Int
  /// The wait between showing the completion screen and asking (2 seconds in the app).
  var requestDelay: Delay = .seconds(2)
}

/// Whether a store review may be requested now: the part of the review prompt that is a pure
/// function. The reference is `ReviewEligibility`; a port brings its own.
protocol ReviewRules: Sendable {
  /// - Parameters:
  ///   - lastAttemptEpochDay: the day of the last recorded attempt, nil when never attempted.
  ///   - todayEpochDay: today, in days since 1970-01-01 UTC.
  static func shouldRequestReview(
    config: ReviewPromptConfig,
    wonCompletionCount: Int,
    lastAttemptEpochDay: Int64?,
    todayEpochDay: Int64,
    lastPromptedVersion: String?,
    currentVersion: String,
    forceOverride: Bool
  ) -> Bool
}

/// The story's `shouldRequestReview`, made conformant to the `eligibility` spec.
enum ReviewEligibility: ReviewRules {
  static func shouldRequestReview(
    config: ReviewPromptConfig,
    wonCompletionCount: Int,
    lastAttemptEpochDay: Int64?,
    todayEpochDay: Int64,
    lastPromptedVersion: String?,
    currentVersion: String,
    forceOverride: Bool
  ) -> Bool {
    if forceOverride { return true }
    guard wonCompletionCount >= config.wonCompletionThreshold else { return false }
    if let lastAttemptEpochDay {
      // `todayEpochDay - lastAttemptEpochDay` traps for `20000 - Int64.min`. On overflow the exact
      // difference lies beyond Int64's range, on the side of its sign.
      let (daysSince, overflow) = todayEpochDay.subtractingReportingOverflow(lastAttemptEpochDay)
      let cooldownIsOver = overflow ? todayEpochDay > lastAttemptEpochDay : daysSince >= Int64(config.cooldownDays)
      guard cooldownIsOver else { return false }
    }
    // Versions are identifiers: equal scalar by scalar, not by String's canonical equivalence.
    if let lastPromptedVersion, lastPromptedVersion.unicodeScalars.elementsEqual(currentVersion.unicodeScalars) {
      return false
    }
    return true
  }
}
