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
  public init(json: JSONValue) throws(JSONShapeError) {
    let fields = try JSONFields(json)
    try fields.rejectUnknown(["config", "start", "steps"])
    let config = try fields.fields("config")
    let startFields = try fields.fields("start")
    try startFields.rejectUnknown([
      "currentVersion", "forceOverride", "lastAttemptEpochDay", "lastPromptedVersion", "sceneState", "todayEpochDay",
      "windowAttached", "wonCompletionCount",
    ])
    let delay = try config.int("delayMs")
    guard (0...Self.maxMilliseconds).contains(delay) else {
      throw JSONShapeError(path: config.pathOf("delayMs"), message: "\(delay) is outside 0...\(Self.maxMilliseconds)")
    }
    start = TimelineStart(
      eligibility: EligibilityInput(
        config: try ReviewConfig(fields: config),
        wonCompletionCount: try startFields.count("wonCompletionCount"),
        lastAttemptEpochDay: try startFields.optionalInt("lastAttemptEpochDay"),
        todayEpochDay: try startFields.int("todayEpochDay"),
        lastPromptedVersion: try startFields.optionalString("lastPromptedVersion"),
        currentVersion: try startFields.string("currentVersion"),
        forceOverride: try startFields.bool("forceOverride")),
      delayMilliseconds: delay,
      sceneState: try startFields.scene("sceneState"),
      windowAttached: try startFields.bool("windowAttached"))
    let stepValues = try fields.array("steps")
    guard stepValues.count <= Self.maxSteps else {
      throw JSONShapeError(path: "steps", message: "\(stepValues.count) steps, more than \(Self.maxSteps)")
    }
    var steps: [TimelineStep] = []
    var totals = (milliseconds: delay, days: Int64(0), wins: start.eligibility.wonCompletionCount)
    for (index, value) in stepValues.enumerated() {
      let step = try TimelineStep(json: value, path: "steps[\(index)]")
      switch step {
      case .advance(let milliseconds): totals.milliseconds += milliseconds
      case .nextDay(let days): totals.days += days
      case .win: totals.wins += 1
      default: break
      }
      guard totals.milliseconds <= Self.maxMilliseconds, totals.days <= Self.maxMilliseconds,
        totals.wins <= EligibilityInput.countRange.upperBound,
        start.eligibility.todayEpochDay.addingReportingOverflow(totals.days).overflow == false
      else {
        throw JSONShapeError(path: "steps[\(index)]", message: "the clock, the calendar or the win count would overflow")
      }
      steps.append(step)
    }
    self.steps = steps
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
  init(json: JSONValue, path: String) throws(JSONShapeError) {
    let fields = try JSONFields(json, path: path)
    let op = try fields.string("op")
    let extra: [String]
    switch op {
    case "win": self = .win; extra = []
    case "show": self = .show; extra = []
    case "leave": self = .leave; extra = []
    case "leaveAfterSleep": self = .leaveAfterSleep; extra = []
    case "detachWindow": self = .detachWindow; extra = []
    case "attachWindow": self = .attachWindow; extra = []
    case "advance": self = .advance(milliseconds: try fields.nonNegative("ms")); extra = ["ms"]
    case "nextDay": self = .nextDay(days: try fields.nonNegative("days")); extra = ["days"]
    case "scene": self = .scene(try fields.scene("state")); extra = ["state"]
    case "setVersion": self = .setVersion(try fields.string("version")); extra = ["version"]
    default: throw JSONShapeError(path: fields.pathOf("op"), message: "unknown step \"\(op)\"")
    }
    try fields.rejectUnknown(extra + ["op"])
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

extension JSONFields {
  func scene(_ key: String) throws(JSONShapeError) -> SceneState {
    let name = try string(key)
    guard let scene = SceneState(rawValue: name) else {
      throw JSONShapeError(
        path: pathOf(key), message: "unknown scene state \"\(name)\" (foregroundActive, foregroundInactive, background)")
    }
    return scene
  }

  func nonNegative(_ key: String) throws(JSONShapeError) -> Int64 {
    let value = try int(key)
    guard value >= 0 else { throw JSONShapeError(path: pathOf(key), message: "\(value) is negative") }
    return value
  }
}
