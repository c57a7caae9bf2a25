/// Decisions of the `timeline` spec that a model breaks, each in the way the spec's **Drift**
/// names: the bit of decision `n` is `1 << n`. The reference model breaks none.
struct TimelineDrift: OptionSet, Sendable {
  let rawValue: UInt32

  init(rawValue: UInt32) { self.rawValue = rawValue }

  /// The drift of decision `n` (`### D<n>.`).
  init(decision n: Int) { rawValue = 1 << UInt32(n) }

  /// D1: no check after the sleep: a cancel that arrives after it returned still fires.
  static let lateCancelFires = Self(decision: 1)
  /// D2: fires at the due time with a window whatever the scene: no `foregroundActive` check.
  static let firesAnywhere = Self(decision: 2)
  /// D3: records the attempt when the prompt becomes pending, not when the request fires.
  static let recordAtPending = Self(decision: 3)
  /// D4: a show while a request is scheduled schedules it again from this show.
  static let rescheduleOnShow = Self(decision: 4)
  /// D5: fires only once the clock has passed the due time, not when it reaches it.
  static let tieDoesNotFire = Self(decision: 5)
  /// D6: the days since the last attempt wrap at the 64-bit extremes, and exactly the cooldown
  /// is not enough.
  static let inexactDays = Self(decision: 6)
  /// D7: the win's eligibility is checked before the win is counted.
  static let countAfterCheck = Self(decision: 7)
  /// D8: every win is judged by the last attempt as the timeline started, not the recorded one.
  static let startRecordOnly = Self(decision: 8)
  /// D9: the request fires at the end of the advance that reaches its due time.
  static let firesAtAdvanceEnd = Self(decision: 9)
  /// D10: leaving the screen does not cancel the scheduled request.
  static let leaveDoesNotCancel = Self(decision: 10)
  /// D11: leaving the screen also drops the pending prompt.
  static let cancelClearsPending = Self(decision: 11)
  /// D12: a show schedules a request with no prompt pending.
  static let scheduleWithoutPending = Self(decision: 12)
  /// D13: the scene and the window are read when the request is scheduled, not at its due time.
  static let checkedAtSchedule = Self(decision: 13)
  /// D14: the attempt records the day and the version of the show that scheduled the request.
  static let recordsScheduleTimeFacts = Self(decision: 14)
  /// D15: the prompt stays pending after the review was requested.
  static let staysPendingAfterRequest = Self(decision: 15)

  /// The decisions that have a drift model, ascending.
  static let modelled = Array(1...15)
}
