/// Port `day-overflow-traps`: the story's signature, whose last attempt is not optional. The app
/// stores `Int64.min` for "never attempted", and the plain `todayEpochDay - lastAttemptEpochDay`
/// overflows for it (`20000 - Int64.min`): Swift traps and the app crashes on the first eligible
/// win of a user who was never asked.
enum DayOverflowTrapsEligibility: ReviewRules {
  static func shouldRequestReview(
    config: ReviewPromptConfig,
    wonCompletionCount: Int,
    lastAttemptEpochDay: Int64?,
    todayEpochDay: Int64,
    lastPromptedVersion: String?,
    currentVersion: String,
    forceOverride: Bool
  ) -> Bool {
    shouldRequestReview(
      config: config, wonCompletionCount: wonCompletionCount,
      lastAttemptEpochDay: lastAttemptEpochDay ?? Int64.min,  // what the repository stores for never
      todayEpochDay: todayEpochDay, lastPromptedVersion: lastPromptedVersion, currentVersion: currentVersion,
      forceOverride: forceOverride)
  }

  static func shouldRequestReview(
    config: ReviewPromptConfig,
    wonCompletionCount: Int,
    lastAttemptEpochDay: Int64,
    todayEpochDay: Int64,
    lastPromptedVersion: String?,
    currentVersion: String,
    forceOverride: Bool
  ) -> Bool {
    if forceOverride { return true }
    guard wonCompletionCount >= config.wonCompletionThreshold else { return false }
    guard todayEpochDay - lastAttemptEpochDay >= Int64(config.cooldownDays) else { return false }
    if let lastPromptedVersion, lastPromptedVersion.unicodeScalars.elementsEqual(currentVersion.unicodeScalars) {
      return false
    }
    return true
  }
}
