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

/// Why the app will not play a case: the input is well formed but outside the spec's domain
/// (timeline D17). The suite answers `{"error": reason}` with it, an ordinary result.
struct OutOfDomain: Error, Equatable {
  var reason: String

  static let count = OutOfDomain(reason: "count-out-of-range")
  static let time = OutOfDomain(reason: "time-out-of-range")
  static let day = OutOfDomain(reason: "day-out-of-range")
  static let sceneState = OutOfDomain(reason: "unknown-scene-state")
  static let step = OutOfDomain(reason: "unknown-step")
  static let tooManySteps = OutOfDomain(reason: "too-many-steps")
}

extension TimelineCase {
  /// What the app's counters hold (a 32-bit `Int` on the oldest devices).
  static let countRange: ClosedRange<Int64> = 0...Int64(Int32.max)
  /// How far the virtual clock, and separately the calendar, may move in one timeline: 2^52.
  static let maxTravel: Int64 = 1 << 52
  static let maxSteps = 10_000

  /// Reads a case, refusing the first thing outside the domain in the order the spec reads it:
  /// the counts, the delay, the start's scene, the number of steps, then each step with the
  /// clock, calendar and win count it leaves.
  ///
  /// - Throws: `OutOfDomain` for an input the spec refuses; `JSONShapeError` for one that is not
  ///   a timeline input at all (a member missing or of another type).
  init(_ input: CaseInput) throws {
    let config = try input.fields("config")
    let start = try input.fields("start")
    let wins = try start.int("wonCompletionCount")
    for count in [try config.int("winThreshold"), try config.int("cooldownDays"), wins] {
      guard Self.countRange.contains(count) else { throw OutOfDomain.count }
    }
    let delay = try config.int("delayMs")
    guard delay >= 0, delay <= Self.maxTravel else { throw OutOfDomain.time }
    let sceneState = try start.sceneState("sceneState")
    settings = try ReviewSettings(config: config, promptDelay: .milliseconds(delay))
    self.start = Start(
      wonCompletionCount: Int(wins),
      lastAttemptEpochDay: try start.optionalInt("lastAttemptEpochDay"),
      lastPromptedVersion: try start.optionalString("lastPromptedVersion"),
      currentVersion: try start.string("currentVersion"),
      todayEpochDay: try start.int("todayEpochDay"),
      forceOverride: try start.bool("forceOverride"),
      sceneState: sceneState,
      windowAttached: try start.bool("windowAttached"))
    let values = try input.array("steps")
    guard values.count <= Self.maxSteps else { throw OutOfDomain.tooManySteps }
    var travel = Travel(clock: delay, days: 0, today: self.start.todayEpochDay, wins: wins)
    steps = []
    for (index, value) in values.enumerated() {
      let step = try Step(JSONFields(value, path: "input.steps[\(index)]"))
      try travel.take(step)
      steps.append(step)
    }
  }

  /// How far the steps so far have moved the clock, the calendar and the win count.
  private struct Travel {
    var clock: Int64
    var days: Int64
    var today: Int64
    var wins: Int64

    /// Takes `step` into account, refusing it when it moves something out of the domain.
    mutating func take(_ step: Step) throws(OutOfDomain) {
      switch step {
      case .win:
        wins += 1
        guard TimelineCase.countRange.contains(wins) else { throw .count }
      case .advance(let ms):
        clock += ms
        guard clock <= TimelineCase.maxTravel else { throw .time }
      case .nextDay(let moved):
        days += moved
        let (day, overflow) = today.addingReportingOverflow(moved)
        guard days <= TimelineCase.maxTravel, !overflow else { throw .day }
        today = day
      default: break
      }
    }
  }
}

extension TimelineCase.Step {
  /// Reads one step; an op the spec does not list is refused whatever members it has.
  init(_ step: JSONFields) throws {
    switch try step.string("op") {
    case "win": self = .win
    case "show": self = .show
    case "leave": self = .leave
    case "leaveAfterSleep": self = .leaveAfterSleep
    case "advance": self = .advance(ms: try step.nonNegativeInt("ms", else: .time))
    case "scene": self = .scene(try step.sceneState("state"))
    case "detachWindow": self = .detachWindow
    case "attachWindow": self = .attachWindow
    case "nextDay": self = .nextDay(days: try step.nonNegativeInt("days", else: .day))
    case "setVersion": self = .setVersion(try step.string("version"))
    default: throw OutOfDomain.step
    }
  }
}

extension JSONFields {
  fileprivate func nonNegativeInt(_ key: String, else refusal: OutOfDomain) throws -> Int64 {
    let value = try int(key)
    guard value >= 0 else { throw refusal }
    return value
  }

  /// The scene state named by `key`, spelled exactly as the spec does (never trimmed or folded).
  fileprivate func sceneState(_ key: String) throws -> SceneActivationState {
    guard let state = SceneActivationState(rawValue: try string(key)) else { throw OutOfDomain.sceneState }
    return state
  }
}
