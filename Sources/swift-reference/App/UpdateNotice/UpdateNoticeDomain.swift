/// The inputs the `update-notice` spec accepts (D22): outside them a case answers
/// `{"error": reason}` instead of running the launch.
enum UpdateNoticeDomain: String, Error {
  case snoozeOutOfRange = "snooze-out-of-range"
  case nowOutOfRange = "now-out-of-range"
  case offsetOutOfRange = "offset-out-of-range"
  case statusOutOfRange = "status-out-of-range"
  case answerUnknown = "answer-unknown"

  /// A snooze of days, never past 2^31 - 1 seconds, so `now + snoozeSeconds` cannot overflow.
  static let snoozeSeconds: ClosedRange<Int64> = 0...Int64(Int32.max)
  /// 1970-01-01 to the last second of 9999.
  static let epochSeconds: ClosedRange<Int64> = 0...253_402_300_799
  /// UTC-18 to UTC+18, what Foundation's TimeZone accepts.
  static let utcOffsetSeconds: ClosedRange<Int64> = -64_800...64_800
  /// The status codes HTTP defines: 1xx to 5xx.
  static let httpStatuses: ClosedRange<Int> = 100...599

  /// The first field outside the domain, in the spec's input order; nil inside it.
  static func violation(snoozeSeconds: Int64, now: Int64, utcOffsetSeconds: Int64, status: Int?, answer: String) -> Self? {
    guard Self.snoozeSeconds.contains(snoozeSeconds) else { return .snoozeOutOfRange }
    guard epochSeconds.contains(now) else { return .nowOutOfRange }
    guard Self.utcOffsetSeconds.contains(utcOffsetSeconds) else { return .offsetOutOfRange }
    if let status, !httpStatuses.contains(status) { return .statusOutOfRange }
    guard answer == "update" || answer == "later" else { return .answerUnknown }
    return nil
  }
}
