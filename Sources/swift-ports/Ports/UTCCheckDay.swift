/// Port `utc-check-day`: "once a day" counted in UTC days, so in Korea the day changes at 09:00 and
/// a launch at 08:00 sees yesterday's check as today's.
enum UTCCheckDaySchedule: UpdateNoticeScheduling {
  static func gate(now: Int64, utcOffsetSeconds: Int64, defaults: UpdateNoticeDefaults) -> UpdateCheckGate {
    UpdateNoticeSchedule.gate(now: now, utcOffsetSeconds: 0, defaults: defaults)
  }

  static func nextDisplayAfterLater(now: Int64, snoozeSeconds: Int64) -> Int64 { now + snoozeSeconds }
}
