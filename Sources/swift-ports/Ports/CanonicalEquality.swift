/// Port `canonical-equality`: versions compared with String's `==`, which treats canonically
/// equivalent strings as equal (`"1.0-é"` with U+00E9 equals `"1.0-e\u{301}"`), so a version the
/// user was never asked about counts as already prompted.
enum CanonicalEqualityEligibility: ReviewRules {
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
      let cooldownIsOver = overflow ? todayEpochDay > lastAttemptEpochDay : daysSince >= Int64(config.cooldownDays)
      guard cooldownIsOver else { return false }
    }
    if let lastPromptedVersion, lastPromptedVersion == currentVersion { return false }
    return true
  }
}
