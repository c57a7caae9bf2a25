import AppLogic
import ConformAdapter
import ConformJSON

/// A `timeline` case's input (spec `timeline.md`): settings, where the app starts, the steps.
struct TimelineCase: Sendable {
  struct Start: Sendable {
    var wonCompletionCount: Int
    var lastAttemptEpochDay: Int64?
    var lastPromptedVersion: String?
    var currentVersion: String
    var todayEpochDay: Int64
    var forceOverride: Bool
    var sceneState: SceneActivationState
    var windowAttached: Bool
  }

  /// One step; `ms` and `days` are 0 or more.
  enum Step: Sendable {
    case win, show, leave, leaveAfterSleep, detachWindow, attachWindow
    case advance(ms: Int64)
    case scene(SceneActivationState)
    case nextDay(days: Int64)
    case setVersion(String)
  }

  var settings: ReviewSettings
  var start: Start
  var steps: [Step]
}

extension TimelineCase {
  init(_ input: CaseInput) throws(JSONShapeError) {
    let config = try input.fields("config")
    settings = try ReviewSettings(config: config, promptDelay: .milliseconds(try config.nonNegativeInt("delayMs")))
    let start = try input.fields("start")
    self.start = Start(
      wonCompletionCount: Int(try start.int("wonCompletionCount")),
      lastAttemptEpochDay: try start.optionalInt("lastAttemptEpochDay"),
      lastPromptedVersion: try start.optionalString("lastPromptedVersion"),
      currentVersion: try start.string("currentVersion"),
      todayEpochDay: try start.int("todayEpochDay"),
      forceOverride: try start.bool("forceOverride"),
      sceneState: try start.sceneState("sceneState"),
      windowAttached: try start.bool("windowAttached"))
    steps = []
    for (index, step) in try input.array("steps").enumerated() {
      steps.append(try Step(JSONFields(step, path: "input.steps[\(index)]")))
    }
  }
}

extension TimelineCase.Step {
  init(_ step: JSONFields) throws(JSONShapeError) {
    switch try step.string("op") {
    case "win": self = .win
    case "show": self = .show
    case "leave": self = .leave
    case "leaveAfterSleep": self = .leaveAfterSleep
    case "advance": self = .advance(ms: try step.nonNegativeInt("ms"))
    case "scene": self = .scene(try step.sceneState("state"))
    case "detachWindow": self = .detachWindow
    case "attachWindow": self = .attachWindow
    case "nextDay": self = .nextDay(days: try step.nonNegativeInt("days"))
    case "setVersion": self = .setVersion(try step.string("version"))
    case let op: throw JSONShapeError(path: step.pathOf("op"), message: "unknown step \"\(op)\"")
    }
  }
}

extension JSONFields {
  fileprivate func nonNegativeInt(_ key: String) throws(JSONShapeError) -> Int64 {
    let value = try int(key)
    guard value >= 0 else { throw JSONShapeError(path: pathOf(key), message: "\(value) is negative") }
    return value
  }

  fileprivate func sceneState(_ key: String) throws(JSONShapeError) -> SceneActivationState {
    let name = try string(key)
    guard let state = SceneActivationState(rawValue: name) else {
      throw JSONShapeError(path: pathOf(key), message: "unknown scene state \"\(name)\"")
    }
    return state
  }
}
