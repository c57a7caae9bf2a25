import AppLogic
import ConformAdapter
import ConformJSON

/// Suite `eligibility` 1.1.0: `{"eligible": Bool}` for one call of `ReviewEligibility.mayAskForReview`,
/// or `{"error": "count-out-of-range"}` for a count outside 0...2147483647 (the spec's D10).
enum EligibilitySuite {
  static func answer(_ input: CaseInput) throws -> JSONValue {
    let config = try input.fields("config")
    let counts = [try config.int("winThreshold"), try config.int("cooldownDays"), try input.int("wonCompletionCount")]
    guard counts.allSatisfy((0...Int64(Int32.max)).contains) else { return ["error": "count-out-of-range"] }
    let eligible = ReviewEligibility.mayAskForReview(
      settings: try ReviewSettings(config: input.fields("config")),
      wonGames: Int(try input.int("wonCompletionCount")),
      lastAttemptDay: try input.optionalInt("lastAttemptEpochDay"),
      today: try input.int("todayEpochDay"),
      lastPromptedVersion: try input.optionalString("lastPromptedVersion"),
      appVersion: try input.string("currentVersion"),
      forced: try input.bool("forceOverride"))
    return ["eligible": .bool(eligible)]
  }
}

extension ReviewSettings {
  /// The suites' `config` object; `delayMs` is read only where the suite has it (timeline).
  init(config: JSONFields, promptDelay: Delay = .zero) throws(JSONShapeError) {
    self.init(
      winsBeforeAsking: Int(try config.int("winThreshold")),
      cooldownDays: Int(try config.int("cooldownDays")),
      promptDelay: promptDelay)
  }
}
