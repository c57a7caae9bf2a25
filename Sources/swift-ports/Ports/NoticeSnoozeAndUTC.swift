/// Port `notice-snooze-and-utc`, two bugs seen together in real update notices: "later" stores now
/// as the next display time, without the snooze period (D2, as `later-without-snooze`), and the
/// once-a-day check counts UTC days, not local ones (D14, as `utc-check-day`).
enum NoticeSnoozeAndUTCSchedule: UpdateNoticeScheduling {
  static func gate(now: Int64, utcOffsetSeconds: Int64, defaults: UpdateNoticeDefaults) -> UpdateCheckGate {
    UpdateNoticeSchedule.gate(now: now, utcOffsetSeconds: 0, defaults: defaults)
  }

  static func nextDisplayAfterLater(now: Int64, snoozeSeconds: Int64) -> Int64 { now }
}
