/// Port `later-without-snooze`: "later" stores now as the next display time, forgetting the snooze
/// period, so the dialog is back at the next launch of the next day.
enum LaterWithoutSnoozeSchedule: UpdateNoticeScheduling {
  static func gate(now: Int64, utcOffsetSeconds: Int64, defaults: UpdateNoticeDefaults) -> UpdateCheckGate {
    UpdateNoticeSchedule.gate(now: now, utcOffsetSeconds: utcOffsetSeconds, defaults: defaults)
  }

  static func nextDisplayAfterLater(now: Int64, snoozeSeconds: Int64) -> Int64 { now }
}
