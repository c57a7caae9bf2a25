import ConformAdapter
import ConformJSON

/// One step of a timeline (the table of steps in the `timeline` spec).
enum TimelineStep: Sendable {
  case win
  case show
  case leave
  case leaveAfterSleep
  case advance(milliseconds: Int64)
  case scene(SceneActivationState)
  case detachWindow
  case attachWindow
  case nextDay(days: Int64)
  case setVersion(String)
}

/// Where a timeline starts: the repository, the calendar, the app and the screen.
struct TimelineStart: Sendable {
  var wonCompletionCount: Int
  var lastAttemptEpochDay: Int64?
  var lastPromptedVersion: String?
  var currentVersion: String
  var todayEpochDay: Int64
  var forceOverride: Bool
  var sceneState: SceneActivationState
  var windowAttached: Bool
}

/// A `timeline` case's input.
struct TimelineCase: Sendable {
  var config: ReviewPromptConfig
  var start: TimelineStart
  var steps: [TimelineStep]
}

/// What a timeline left behind: the spec's `effects` and `final`.
struct TimelineOutcome: Sendable {
  var effects: [TimelineEffect]
  var lastAttemptEpochDay: Int64?
  var lastPromptedVersion: String?
  var now: ManualClock.Instant
  var pending: Bool
  var scheduled: Bool
  var today: Int64
  var wonCompletionCount: Int
}

extension Adapter {
  /// Suite `timeline`: plays the steps against the app's scheduler on a manual clock.
  mutating func registerTimeline(_ app: AppUnderTest) {
    register("timeline") { input in
      let timeline = try TimelineCase(input)
      return try await TimelineDriver.play(timeline, app: app).json
    }
  }
}

// MARK: - Decoding

extension TimelineCase {
  init(_ input: CaseInput) throws(JSONShapeError) {
    let config = try input.fields("config")
    let start = try input.fields("start")
    let delay = try config.int("delayMs")
    guard delay >= 0 else { throw JSONShapeError(path: config.pathOf("delayMs"), message: "\(delay) is negative") }
    self.config = ReviewPromptConfig(
      wonCompletionThreshold: Int(try config.int("winThreshold")),
      cooldownDays: Int(try config.int("cooldownDays")),
      requestDelay: .milliseconds(delay))
    self.start = TimelineStart(
      wonCompletionCount: Int(try start.int("wonCompletionCount")),
      lastAttemptEpochDay: try start.optionalInt("lastAttemptEpochDay"),
      lastPromptedVersion: try start.optionalString("lastPromptedVersion"),
      currentVersion: try start.string("currentVersion"),
      todayEpochDay: try start.int("todayEpochDay"),
      forceOverride: try start.bool("forceOverride"),
      sceneState: try start.sceneState("sceneState"),
      windowAttached: try start.bool("windowAttached"))
    steps = []
    for (index, value) in try input.array("steps").enumerated() {
      steps.append(try TimelineStep(try JSONFields(value, path: "input.steps[\(index)]")))
    }
  }
}

extension TimelineStep {
  init(_ step: JSONFields) throws(JSONShapeError) {
    switch try step.string("op") {
    case "win": self = .win
    case "show": self = .show
    case "leave": self = .leave
    case "leaveAfterSleep": self = .leaveAfterSleep
    case "advance": self = .advance(milliseconds: try step.nonNegative("ms"))
    case "scene": self = .scene(try step.sceneState("state"))
    case "detachWindow": self = .detachWindow
    case "attachWindow": self = .attachWindow
    case "nextDay": self = .nextDay(days: try step.nonNegative("days"))
    case "setVersion": self = .setVersion(try step.string("version"))
    case let op: throw JSONShapeError(path: step.pathOf("op"), message: "unknown step \"\(op)\"")
    }
  }
}

extension JSONFields {
  fileprivate func sceneState(_ key: String) throws(JSONShapeError) -> SceneActivationState {
    let name = try string(key)
    guard let state = SceneActivationState(rawValue: name) else {
      throw JSONShapeError(path: pathOf(key), message: "unknown scene state \"\(name)\"")
    }
    return state
  }

  fileprivate func nonNegative(_ key: String) throws(JSONShapeError) -> Int64 {
    let value = try int(key)
    guard value >= 0 else { throw JSONShapeError(path: pathOf(key), message: "\(value) is negative") }
    return value
  }
}

// MARK: - Encoding

extension TimelineOutcome {
  var json: JSONValue {
    [
      "effects": .array(effects.map(\.json)),
      "final": [
        "lastAttemptEpochDay": JSONValue(lastAttemptEpochDay),
        "lastPromptedVersion": JSONValue(lastPromptedVersion),
        "now": .int(now.milliseconds),
        "pending": .bool(pending),
        "scheduled": .bool(scheduled),
        "today": .int(today),
        "wonCompletionCount": .int(Int64(wonCompletionCount)),
      ],
    ]
  }
}

extension TimelineEffect {
  var json: JSONValue {
    switch self {
    case .recordAttempt(let at, let epochDay, let version):
      ["at": .int(at.milliseconds), "day": .int(epochDay), "effect": "recordAttempt", "version": .string(version)]
    case .requestReview(let at):
      ["at": .int(at.milliseconds), "effect": "requestReview"]
    }
  }
}
