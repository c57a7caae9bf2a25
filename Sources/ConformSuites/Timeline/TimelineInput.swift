import ConformJSON

/// A whole timeline case: where it starts and what happens.
public struct TimelineInput: Sendable, Equatable {
  public var start: TimelineStart
  public var steps: [TimelineStep]

  /// The longest a timeline may run, so the clock and the calendar never overflow:
  /// about 292 million years of milliseconds is far beyond any case.
  static let maxMilliseconds: Int64 = 1 << 52
  static let maxSteps = 10_000
}

extension TimelineInput {
  /// The input `json` is, outside the spec's domain or not (D17).
  ///
  /// D17's order: the three counts (`config.winThreshold`, `config.cooldownDays`,
  /// `start.wonCompletionCount`), then `config.delayMs`, then `start.sceneState`, the number of
  /// steps, then each step in order (its `op`, its member, then the running totals); the first
  /// refusal answers.
  ///
  /// - Throws: `JSONShapeError` naming the field when `json` is not a `timeline` input at all (a
  ///   member missing, of the wrong type, or unknown), which the tables never hold.
  public static func read(_ json: JSONValue) throws(JSONShapeError) -> TimelineCase {
    let fields = try JSONFields(json)
    try fields.rejectUnknown(["config", "start", "steps"])
    let config = try fields.fields("config")
    try config.rejectUnknown(["cooldownDays", "delayMs", "winThreshold"])
    let startFields = try fields.fields("start")
    try startFields.rejectUnknown([
      "currentVersion", "forceOverride", "lastAttemptEpochDay", "lastPromptedVersion", "sceneState", "todayEpochDay",
      "windowAttached", "wonCompletionCount",
    ])
    let counts = TimelineRefusal.Counts(
      threshold: try config.int("winThreshold"), cooldown: try config.int("cooldownDays"),
      wins: try startFields.int("wonCompletionCount"))
    guard counts.allInRange else { return .refused(.countOutOfRange) }
    let delay = try config.int("delayMs")
    guard (0...Self.maxMilliseconds).contains(delay) else { return .refused(.timeOutOfRange) }
    guard let scene = SceneState(rawValue: try startFields.string("sceneState")) else {
      return .refused(.unknownSceneState)
    }
    let start = TimelineStart(
      eligibility: EligibilityInput(
        config: ReviewConfig(winThreshold: counts.threshold, cooldownDays: counts.cooldown),
        wonCompletionCount: counts.wins,
        lastAttemptEpochDay: try startFields.optionalInt("lastAttemptEpochDay"),
        todayEpochDay: try startFields.int("todayEpochDay"),
        lastPromptedVersion: try startFields.optionalString("lastPromptedVersion"),
        currentVersion: try startFields.string("currentVersion"),
        forceOverride: try startFields.bool("forceOverride")),
      delayMilliseconds: delay, sceneState: scene, windowAttached: try startFields.bool("windowAttached"))
    let stepValues = try fields.array("steps")
    guard stepValues.count <= Self.maxSteps else { return .refused(.tooManySteps) }
    var steps: [TimelineStep] = []
    var totals = (milliseconds: delay, days: Int64(0), wins: counts.wins)
    for (index, value) in stepValues.enumerated() {
      let step: TimelineStep
      switch try TimelineStep.read(value, path: "steps[\(index)]") {
      case .step(let read): step = read
      case .refused(let refusal): return .refused(refusal)
      }
      switch step {
      case .advance(let milliseconds):
        totals.milliseconds += milliseconds
        guard totals.milliseconds <= Self.maxMilliseconds else { return .refused(.timeOutOfRange) }
      case .nextDay(let days):
        totals.days += days
        guard totals.days <= Self.maxMilliseconds,
          !start.eligibility.todayEpochDay.addingReportingOverflow(totals.days).overflow
        else { return .refused(.dayOutOfRange) }
      case .win:
        totals.wins += 1
        guard totals.wins <= EligibilityInput.countRange.upperBound else { return .refused(.countOutOfRange) }
      default: break
      }
      steps.append(step)
    }
    return .timeline(TimelineInput(start: start, steps: steps))
  }

  /// The input `json` is, inside the spec's domain.
  ///
  /// - Throws: `JSONShapeError` as `read(_:)` does, and naming the reason when the spec puts
  ///   `json` outside its domain (D17).
  public init(json: JSONValue) throws(JSONShapeError) {
    switch try Self.read(json) {
    case .timeline(let timeline): self = timeline
    case .refused(let reason): throw JSONShapeError(path: "", message: "outside the domain: \(reason.rawValue)")
    }
  }

  public var json: JSONValue {
    let eligibility = start.eligibility
    return [
      "config": [
        "cooldownDays": .int(eligibility.config.cooldownDays), "delayMs": .int(start.delayMilliseconds),
        "winThreshold": .int(eligibility.config.winThreshold),
      ],
      "start": [
        "currentVersion": .string(eligibility.currentVersion), "forceOverride": .bool(eligibility.forceOverride),
        "lastAttemptEpochDay": JSONValue(eligibility.lastAttemptEpochDay),
        "lastPromptedVersion": JSONValue(eligibility.lastPromptedVersion),
        "sceneState": .string(start.sceneState.rawValue), "todayEpochDay": .int(eligibility.todayEpochDay),
        "windowAttached": .bool(start.windowAttached), "wonCompletionCount": .int(eligibility.wonCompletionCount),
      ],
      "steps": .array(steps.map(\.json)),
    ]
  }
}

extension TimelineStep {
  /// A step read from `json`, or the reason the spec refuses it (D17): an unknown `op` whatever
  /// other members the step has, an unknown scene state, a negative duration.
  enum Read {
    case step(TimelineStep)
    case refused(TimelineRefusal)
  }

  /// - Throws: `JSONShapeError` when a member is missing, of another type, or not one the `op`
  ///   has.
  static func read(_ json: JSONValue, path: String) throws(JSONShapeError) -> Read {
    let fields = try JSONFields(json, path: path)
    let op = try fields.string("op")
    let step: TimelineStep
    let extra: [String]
    switch op {
    case "win": step = .win; extra = []
    case "show": step = .show; extra = []
    case "leave": step = .leave; extra = []
    case "leaveAfterSleep": step = .leaveAfterSleep; extra = []
    case "detachWindow": step = .detachWindow; extra = []
    case "attachWindow": step = .attachWindow; extra = []
    case "advance":
      let milliseconds = try fields.int("ms")
      guard milliseconds >= 0 else { return .refused(.timeOutOfRange) }
      step = .advance(milliseconds: milliseconds); extra = ["ms"]
    case "nextDay":
      let days = try fields.int("days")
      guard days >= 0 else { return .refused(.dayOutOfRange) }
      step = .nextDay(days: days); extra = ["days"]
    case "scene":
      guard let scene = SceneState(rawValue: try fields.string("state")) else { return .refused(.unknownSceneState) }
      step = .scene(scene); extra = ["state"]
    case "setVersion": step = .setVersion(try fields.string("version")); extra = ["version"]
    default: return .refused(.unknownStep)
    }
    try fields.rejectUnknown(extra + ["op"])
    return .step(step)
  }

  public var json: JSONValue {
    switch self {
    case .win: ["op": "win"]
    case .show: ["op": "show"]
    case .leave: ["op": "leave"]
    case .leaveAfterSleep: ["op": "leaveAfterSleep"]
    case .advance(let milliseconds): ["ms": .int(milliseconds), "op": "advance"]
    case .scene(let scene): ["op": "scene", "state": .string(scene.rawValue)]
    case .detachWindow: ["op": "detachWindow"]
    case .attachWindow: ["op": "attachWindow"]
    case .nextDay(let days): ["days": .int(days), "op": "nextDay"]
    case .setVersion(let version): ["op": "setVersion", "version": .string(version)]
    }
  }
}

/// A well-formed `timeline` input: a timeline the model runs, or one the spec puts outside its
/// domain (D17), answered `{"error": reason}`.
public enum TimelineCase: Sendable, Equatable {
  case timeline(TimelineInput)
  case refused(TimelineRefusal)
}

/// Why a well-formed input is outside the `timeline` domain (D17): the reason codes the spec lists.
public enum TimelineRefusal: String, Sendable, CaseIterable {
  /// A count of `config` or `start` outside 0...2147483647, or a win that would take the count past it.
  case countOutOfRange = "count-out-of-range"
  /// A negative `delayMs` or `ms`, or `delayMs` and the advances together past 2^52 ms.
  case timeOutOfRange = "time-out-of-range"
  /// A negative `days`, the days moved together past 2^52, or the day past the 64-bit range.
  case dayOutOfRange = "day-out-of-range"
  /// A scene state (the start's or a `scene` step's) that is not one of the three names.
  case unknownSceneState = "unknown-scene-state"
  /// A step whose `op` is not one of the spec's.
  case unknownStep = "unknown-step"
  /// More than `TimelineInput.maxSteps` steps.
  case tooManySteps = "too-many-steps"

  /// The output the spec requires: `{"error": reason}`.
  public var output: JSONValue { ["error": .string(rawValue)] }
}

extension TimelineRefusal {
  /// The three counts of `config` and `start`, as read.
  struct Counts {
    var threshold: Int64
    var cooldown: Int64
    var wins: Int64

    var allInRange: Bool { [threshold, cooldown, wins].allSatisfy(EligibilityInput.countRange.contains) }
  }
}
