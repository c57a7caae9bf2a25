/// Port `missing-key-never-shows`: a missing next-display key is read as "never show again" (the
/// Android idiom `prefs.getLong(key, Long.MAX_VALUE)`), where `UserDefaults.double(forKey:)` gives 0.
enum MissingKeyNeverShowsSchedule: UpdateNoticeScheduling {
  static func gate(now: Int64, utcOffsetSeconds: Int64, defaults: UpdateNoticeDefaults) -> UpdateCheckGate {
    guard now >= (defaults.nextDisplayAt ?? .max) else { return .snoozed }
    return UpdateNoticeSchedule.gate(now: now, utcOffsetSeconds: utcOffsetSeconds, defaults: defaults)
  }

  static func nextDisplayAfterLater(now: Int64, snoozeSeconds: Int64) -> Int64 { now + snoozeSeconds }
}
