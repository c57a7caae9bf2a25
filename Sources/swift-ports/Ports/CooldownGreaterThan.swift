/// Port `cooldown-gt`: "a week must pass" read as more than 7 days, so exactly `cooldownDays`
/// days after an attempt is still refused.
enum CooldownGreaterThanEligibility: ReviewRules {
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
      let (daysSince, overflow) = todayEpochDay.subtractingReportingOverflow(lastAttemptEpochDay)
      let cooldownIsOver = overflow ? todayEpochDay > lastAttemptEpochDay : daysSince > Int64(config.cooldownDays)
      guard cooldownIsOver else { return false }
    }
    if let lastPromptedVersion, lastPromptedVersion.unicodeScalars.elementsEqual(currentVersion.unicodeScalars) {
      return false
    }
    return true
  }
}
