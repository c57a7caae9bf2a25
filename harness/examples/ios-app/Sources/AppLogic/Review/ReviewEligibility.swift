/// Whether the app may ask for a store review now: the pure part of the review prompt.
public enum ReviewEligibility {
  /// The rules, in order: the debug switch wins; then enough wins; then the cooldown since the
  /// last attempt; then one attempt per app version.
  ///
  /// - Parameters:
  ///   - lastAttemptDay: the epoch day of the last recorded attempt, nil when never attempted.
  ///   - today: today, in days since 1970-01-01 UTC.
  ///   - lastPromptedVersion: the app version of the last attempt, nil when never.
  ///   - forced: the debug launch argument that skips every rule.
  public static func mayAskForReview(
    settings: ReviewSettings,
    wonGames: Int,
    lastAttemptDay: Int64?,
    today: Int64,
    lastPromptedVersion: String?,
    appVersion: String,
    forced: Bool = false
  ) -> Bool {
    if forced { return true }
    guard wonGames >= settings.winsBeforeAsking else { return false }
    if let lastAttemptDay {
      // A last attempt in the future (the clock went back) is never past its cooldown.
      guard let elapsed = daysElapsed(from: lastAttemptDay, to: today), elapsed >= UInt64(settings.cooldownDays)
      else { return false }
    }
    // Versions are identifiers: byte for byte, not String's canonical equivalence ("é" == "e\u{301}").
    if let lastPromptedVersion, lastPromptedVersion.utf8.elementsEqual(appVersion.utf8) { return false }
    return true
  }

  /// Whole days from `start` to `end`, exactly, or nil when `end` is before `start`.
  ///
  /// `end - start` traps for `20000 - Int64.min`. When `end >= start` the true difference lies in
  /// `0...UInt64.max`, so the wrapping difference read as unsigned is exact.
  static func daysElapsed(from start: Int64, to end: Int64) -> UInt64? {
    guard end >= start else { return nil }
    return UInt64(bitPattern: end &- start)
  }
}
