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

  public init(start: TimelineStart) {
    state = start.eligibility
    sceneState = start.sceneState
    windowAttached = start.windowAttached
    delayMilliseconds = start.delayMilliseconds
  }

  public mutating func apply(_ step: TimelineStep) {
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
    guard windowAttached, sceneState == .foregroundActive else { return }
    state.lastAttemptEpochDay = state.todayEpochDay
    state.lastPromptedVersion = state.currentVersion
    pending = false
    effects.append(
      .object(
        JSONObject(sortedMembers: [
          ("at", .int(now)), ("day", .int(state.todayEpochDay)), ("effect", "recordAttempt"),
          ("version", .string(state.currentVersion)),
        ])))
    effects.append(.object(JSONObject(sortedMembers: [("at", .int(now)), ("effect", "requestReview")])))
  }

  /// The output's members are written in key order: the generator makes millions of them.
  public var output: JSONValue {
    let final = JSONObject(sortedMembers: [
      ("lastAttemptEpochDay", JSONValue(state.lastAttemptEpochDay)), ("lastPromptedVersion", JSONValue(state.lastPromptedVersion)),
      ("now", .int(now)), ("pending", .bool(pending)), ("scheduled", .bool(dueAt != nil)), ("today", .int(state.todayEpochDay)),
      ("wonCompletionCount", .int(state.wonCompletionCount)),
    ])
    return .object(JSONObject(sortedMembers: [("effects", .array(effects)), ("final", .object(final))]))
  }
}
