/// Port `threshold-gt`: "after 3 wins" read as more than 3, so a count equal to the threshold is
/// refused.
enum ThresholdGreaterThanEligibility: ReviewRules {
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
    guard wonCompletionCount > config.wonCompletionThreshold else { return false }
    if let lastAttemptEpochDay {
      let (daysSince, overflow) = todayEpochDay.subtractingReportingOverflow(lastAttemptEpochDay)
      let cooldownIsOver = overflow ? todayEpochDay > lastAttemptEpochDay : daysSince >= Int64(config.cooldownDays)
      guard cooldownIsOver else { return false }
    }
    if let lastPromptedVersion, lastPromptedVersion.unicodeScalars.elementsEqual(currentVersion.unicodeScalars) {
      return false
    }
    return true
  }
}
