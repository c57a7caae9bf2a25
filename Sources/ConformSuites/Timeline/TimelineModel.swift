import ConformJSON

/// One event of a timeline (see the `timeline` spec's table of steps).
public enum TimelineStep: Sendable, Equatable {
  case win
  case show
  case leave
  /// The cancel arrives after the sleep returned but before the task resumed.
  case leaveAfterSleep
  case advance(milliseconds: Int64)
  case scene(SceneState)
  case detachWindow
  case attachWindow
  case nextDay(days: Int64)
  case setVersion(String)
}

public enum SceneState: String, Sendable, CaseIterable {
  case foregroundActive, foregroundInactive, background
}

/// The state the scheduler starts from: the repository, the device and the calendar.
public struct TimelineStart: Sendable, Equatable {
  public var eligibility: EligibilityInput
  public var delayMilliseconds: Int64
  public var sceneState: SceneState
  public var windowAttached: Bool
}

/// The reference model of the `timeline` suite: the review-prompt scheduler as a state machine
/// over a virtual clock, with both fixes from the story's code reviews.
public struct TimelineModel: Sendable {
  public private(set) var state: EligibilityInput
  public private(set) var sceneState: SceneState
  public private(set) var windowAttached: Bool
  public private(set) var delayMilliseconds: Int64
  /// Milliseconds since the timeline began.
  public private(set) var now: Int64 = 0
  public private(set) var pending = false
  /// When the scheduled request is due, nil when none is scheduled.
  public private(set) var dueAt: Int64?
  public private(set) var effects: [JSONValue] = []
  /// The spec's decisions this model breaks, each in the way its **Drift** names; none for the
  /// reference (`TimelineDecisions.swift`).
  let drift: TimelineDrift
  /// What the drifted models remember; untouched by the reference.
  private var recalled = Recalled()

  public init(start: TimelineStart) { self.init(start: start, drift: []) }

  /// The reference model, or with `drift` a port that breaks those decisions.
  init(start: TimelineStart, drift: TimelineDrift) {
    state = start.eligibility
    sceneState = start.sceneState
    windowAttached = start.windowAttached
    delayMilliseconds = start.delayMilliseconds
    self.drift = drift
    if !drift.isEmpty { recalled.startAttempt = (state.lastAttemptEpochDay, state.lastPromptedVersion) }
  }

  public mutating func apply(_ step: TimelineStep) {
    guard drift.isEmpty else { return applyDrifted(step) }
    switch step {
    case .win:
      state.wonCompletionCount += 1
      if Eligibility.isEligible(state) { pending = true }
    case .show:
      if pending, dueAt == nil { dueAt = now + delayMilliseconds }
    case .leave:
      dueAt = nil
    case .leaveAfterSleep:
      if let due = dueAt { now = max(now, due) }
      dueAt = nil
    case .advance(let milliseconds):
      let target = now + milliseconds
      if let due = dueAt, due <= target {
        now = max(now, due)
        fire()
      }
      now = target
    case .scene(let scene):
      sceneState = scene
    case .detachWindow:
      windowAttached = false
    case .attachWindow:
      windowAttached = true
    case .nextDay(let days):
      state.todayEpochDay += days
    case .setVersion(let version):
      state.currentVersion = version
    }
  }

  /// The scheduled request reaches its due time and was not cancelled.
  private mutating func fire() {
    dueAt = nil
    guard drift.isEmpty else { return fireDrifted() }
    guard windowAttached, sceneState == .foregroundActive else { return }
    recordAttempt(day: state.todayEpochDay, version: state.currentVersion)
    pending = false
    requestReview()
  }

  private mutating func recordAttempt(day: Int64, version: String) {
    state.lastAttemptEpochDay = day
    state.lastPromptedVersion = version
    effects.append(
      .object(
        JSONObject(sortedMembers: [
          ("at", .int(now)), ("day", .int(day)), ("effect", "recordAttempt"), ("version", .string(version)),
        ])))
  }

  private mutating func requestReview() {
    effects.append(.object(JSONObject(sortedMembers: [("at", .int(now)), ("effect", "requestReview")])))
  }

  /// What a drifted model remembers beside the reference's state.
  private struct Recalled: Sendable {
    /// The last attempt and version as the timeline started (the drift of D8 judges every win by them).
    var startAttempt: (day: Int64?, version: String?) = (nil, nil)
    /// The scene, the window, the day and the version when the request was scheduled (the drifts of D13 and D14).
    var scheduled: (scene: SceneState, window: Bool, day: Int64, version: String)?
  }

  /// `apply(_:)` with `drift`: the reference's steps, each drifted decision changed as its
  /// **Drift** says, one line from the reference each.
  private mutating func applyDrifted(_ step: TimelineStep) {
    switch step {
    case .win:
      state.wonCompletionCount += 1
      var judged = state
      if drift.contains(.countAfterCheck) { judged.wonCompletionCount -= 1 }
      if drift.contains(.startRecordOnly) {
        (judged.lastAttemptEpochDay, judged.lastPromptedVersion) = recalled.startAttempt
      }
      if drift.contains(.inexactDays), let last = judged.lastAttemptEpochDay {
        // The difference wraps, and exactly the cooldown is not enough.
        judged.todayEpochDay = judged.todayEpochDay &- last
        judged.lastAttemptEpochDay = 0
        judged.config.cooldownDays += 1
      }
      guard Eligibility.isEligible(judged) else { break }
      pending = true
      if drift.contains(.recordAtPending) { recordAttempt(day: state.todayEpochDay, version: state.currentVersion) }
    case .show:
      guard pending || drift.contains(.scheduleWithoutPending) else { break }
      guard dueAt == nil || drift.contains(.rescheduleOnShow) else { break }
      dueAt = now + delayMilliseconds
      recalled.scheduled = (sceneState, windowAttached, state.todayEpochDay, state.currentVersion)
    case .leave:
      if !drift.contains(.leaveDoesNotCancel) { dueAt = nil }
      if drift.contains(.cancelClearsPending) { pending = false }
    case .leaveAfterSleep:
      if let due = dueAt {
        now = max(now, due)
        if drift.contains(.lateCancelFires) { fire() }
      }
      dueAt = nil
      if drift.contains(.cancelClearsPending) { pending = false }
    case .advance(let milliseconds):
      let target = now + milliseconds
      if let due = dueAt, drift.contains(.tieDoesNotFire) ? due < target : due <= target {
        now = drift.contains(.firesAtAdvanceEnd) ? target : max(now, due)
        fire()
      }
      now = target
    case .scene(let scene): sceneState = scene
    case .detachWindow: windowAttached = false
    case .attachWindow: windowAttached = true
    case .nextDay(let days): state.todayEpochDay += days
    case .setVersion(let version): state.currentVersion = version
    }
  }

  /// `fire()` with `drift`.
  private mutating func fireDrifted() {
    let scheduled = recalled.scheduled
    recalled.scheduled = nil
    let checkedAtSchedule = drift.contains(.checkedAtSchedule) ? scheduled : nil
    let window = checkedAtSchedule?.window ?? windowAttached
    let scene = checkedAtSchedule?.scene ?? sceneState
    guard window && (drift.contains(.firesAnywhere) || scene == .foregroundActive) else { return }
    if !drift.contains(.recordAtPending) {
      let facts = drift.contains(.recordsScheduleTimeFacts) ? scheduled : nil
      recordAttempt(day: facts?.day ?? state.todayEpochDay, version: facts?.version ?? state.currentVersion)
    }
    if !drift.contains(.staysPendingAfterRequest) { pending = false }
    requestReview()
  }

  /// Whether `output` is the same as `other`'s, compared field by field without building
  /// either: `decisions(of:)` compares every drifted model with the reference for each case.
  func hasSameOutput(as other: TimelineModel) -> Bool {
    now == other.now && pending == other.pending && (dueAt == nil) == (other.dueAt == nil)
      && state.todayEpochDay == other.state.todayEpochDay && state.wonCompletionCount == other.state.wonCompletionCount
      && state.lastAttemptEpochDay == other.state.lastAttemptEpochDay
      && state.lastPromptedVersion == other.state.lastPromptedVersion && effects == other.effects
  }

  /// The output's members are written in key order: the generator makes millions of them.
  public var output: JSONValue {
    let final = JSONObject(sortedMembers: [
      ("lastAttemptEpochDay", JSONValue(state.lastAttemptEpochDay)),
      ("lastPromptedVersion", JSONValue(state.lastPromptedVersion)),
      ("now", .int(now)), ("pending", .bool(pending)), ("scheduled", .bool(dueAt != nil)), ("today", .int(state.todayEpochDay)),
      ("wonCompletionCount", .int(state.wonCompletionCount)),
    ])
    return .object(JSONObject(sortedMembers: [("effects", .array(effects)), ("final", .object(final))]))
  }
}
