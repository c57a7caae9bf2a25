/// The app's stored update-notice keys (UserDefaults in the app).
struct UpdateNoticeDefaults: Sendable {
  /// `nextDisplayAt`, seconds since the epoch; nil: the key is missing.
  var nextDisplayAt: Int64?
  /// The local epoch day of the last lookup; nil: never.
  var lastCheckDay: Int64?

  /// As `UserDefaults.double(forKey:)` reads it: a missing key is 0.
  var nextDisplayAtOrZero: Int64 { nextDisplayAt ?? 0 }
}

/// Whether a launch looks up the store.
enum UpdateCheckGate: Equatable {
  case snoozed
  case checkedToday
  /// Look up; `today` is the local day to store.
  case check(today: Int64)
}

/// When the update dialog may be looked for, and how "later" postpones it. The reference is
/// `UpdateNoticeSchedule`; a port brings its own.
protocol UpdateNoticeScheduling: Sendable {
  static func gate(now: Int64, utcOffsetSeconds: Int64, defaults: UpdateNoticeDefaults) -> UpdateCheckGate
  /// The next display time "later" stores.
  static func nextDisplayAfterLater(now: Int64, snoozeSeconds: Int64) -> Int64
}

/// The story's snooze (`now >= UserDefaults.double(forKey: nextDisplayAtKey)`) and the 1.0.2 once a
/// day, counted in local days.
enum UpdateNoticeSchedule: UpdateNoticeScheduling {
  static let secondsPerDay: Int64 = 86_400

  static func gate(now: Int64, utcOffsetSeconds: Int64, defaults: UpdateNoticeDefaults) -> UpdateCheckGate {
    guard now >= defaults.nextDisplayAtOrZero else { return .snoozed }
    let today = localDay(now: now, utcOffsetSeconds: utcOffsetSeconds)
    // A stored day after today means the clock went back: it counts as checked.
    if let last = defaults.lastCheckDay, last >= today { return .checkedToday }
    return .check(today: today)
  }

  static func nextDisplayAfterLater(now: Int64, snoozeSeconds: Int64) -> Int64 { now + snoozeSeconds }

  /// The local calendar day, rounded down (`/` rounds toward zero, wrong before 1970).
  static func localDay(now: Int64, utcOffsetSeconds: Int64) -> Int64 {
    let local = now + utcOffsetSeconds
    let day = local / secondsPerDay
    return local % secondsPerDay < 0 ? day - 1 : day
  }
}
