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

/// Why a well-formed case is outside the suite's domain (spec D17), as its `error` reason.
enum TimelineRefusal: String, Error {
  case countOutOfRange = "count-out-of-range"
  case timeOutOfRange = "time-out-of-range"
  case dayOutOfRange = "day-out-of-range"
  case unknownSceneState = "unknown-scene-state"
  case unknownStep = "unknown-step"
  case tooManySteps = "too-many-steps"
}

extension Adapter {
  /// Suite `timeline`: plays the steps against the app's scheduler on a manual clock; a case
  /// outside the domain is refused before any step is played.
  mutating func registerTimeline(_ app: AppUnderTest) {
    register("timeline") { input in
      let timeline: TimelineCase
      do {
        timeline = try TimelineCase(input)
      } catch let refusal as TimelineRefusal {
        return ["error": .string(refusal.rawValue)]
      }
      return try await TimelineDriver.play(timeline, app: app).json
    }
  }
}

// MARK: - Decoding

extension TimelineCase {
  /// The largest count (Kotlin's and a 32-bit Swift `Int`'s maximum), and the longest the delay
  /// and the advances, or the days moved, may add up to (2^52).
  static let maxCount: Int64 = 2_147_483_647
  static let maxTotal: Int64 = 1 << 52

  /// Reads the case in the spec's order (D17): `config`, `start`, the number of steps, then each
  /// step with the totals so far; the first refusal is thrown.
  ///
  /// - Throws: `TimelineRefusal` for the first thing outside the domain; `JSONShapeError` for a
  ///   member missing or of another type.
  init(_ input: CaseInput) throws {
    let config = try input.fields("config")
    let start = try input.fields("start")
    let threshold = try config.int("winThreshold")
    let cooldown = try config.int("cooldownDays")
    let wins = try start.int("wonCompletionCount")
    guard [threshold, cooldown, wins].allSatisfy({ (0...Self.maxCount).contains($0) }) else {
      throw TimelineRefusal.countOutOfRange
    }
    let delay = try config.int("delayMs")
    guard (0...Self.maxTotal).contains(delay) else { throw TimelineRefusal.timeOutOfRange }
    let sceneState = try start.sceneState("sceneState")
    self.config = ReviewPromptConfig(
      wonCompletionThreshold: Int(threshold), cooldownDays: Int(cooldown), requestDelay: .milliseconds(delay))
    self.start = TimelineStart(
      wonCompletionCount: Int(wins),
      lastAttemptEpochDay: try start.optionalInt("lastAttemptEpochDay"),
      lastPromptedVersion: try start.optionalString("lastPromptedVersion"),
      currentVersion: try start.string("currentVersion"),
      todayEpochDay: try start.int("todayEpochDay"),
      forceOverride: try start.bool("forceOverride"),
      sceneState: sceneState,
      windowAttached: try start.bool("windowAttached"))
    let values = try input.array("steps")
    guard values.count <= 10_000 else { throw TimelineRefusal.tooManySteps }
    var milliseconds = delay
    var days: Int64 = 0
    var count = wins
    steps = []
    for (index, value) in values.enumerated() {
      let step = try TimelineStep(try JSONFields(value, path: "input.steps[\(index)]"))
      switch step {
      case .win:
        count += 1
        guard count <= Self.maxCount else { throw TimelineRefusal.countOutOfRange }
      case .advance(let ms):
        milliseconds += ms
        guard milliseconds <= Self.maxTotal else { throw TimelineRefusal.timeOutOfRange }
      case .nextDay(let moved):
        days += moved
        guard days <= Self.maxTotal, !self.start.todayEpochDay.addingReportingOverflow(days).overflow else {
          throw TimelineRefusal.dayOutOfRange
        }
      default: break
      }
      steps.append(step)
    }
  }
}

extension TimelineStep {
  init(_ step: JSONFields) throws {
    switch try step.string("op") {
    case "win": self = .win
    case "show": self = .show
    case "leave": self = .leave
    case "leaveAfterSleep": self = .leaveAfterSleep
    case "advance": self = .advance(milliseconds: try step.nonNegative("ms", else: .timeOutOfRange))
    case "scene": self = .scene(try step.sceneState("state"))
    case "detachWindow": self = .detachWindow
    case "attachWindow": self = .attachWindow
    case "nextDay": self = .nextDay(days: try step.nonNegative("days", else: .dayOutOfRange))
    case "setVersion": self = .setVersion(try step.string("version"))
    default: throw TimelineRefusal.unknownStep
    }
  }
}

extension JSONFields {
  /// The scene state named by `key`, exactly as the spec spells it.
  fileprivate func sceneState(_ key: String) throws -> SceneActivationState {
    let name = try string(key)
    guard let state = SceneActivationState(rawValue: name) else { throw TimelineRefusal.unknownSceneState }
    return state
  }

  /// The integer `key`, refused with `refusal` when negative.
  fileprivate func nonNegative(_ key: String, else refusal: TimelineRefusal) throws -> Int64 {
    let value = try int(key)
    guard value >= 0 else { throw refusal }
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
