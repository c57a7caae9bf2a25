import AppLogic
import ConformAdapter
import ConformJSON

/// Suite `eligibility`: `{"eligible": Bool}` for one call of `ReviewEligibility.mayAskForReview`.
enum EligibilitySuite {
  static func answer(_ input: CaseInput) throws -> JSONValue {
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
  init(config: JSONFields, promptDelay: Duration = .zero) throws(JSONShapeError) {
    self.init(
      winsBeforeAsking: Int(try config.int("winThreshold")),
      cooldownDays: Int(try config.int("cooldownDays")),
      promptDelay: promptDelay)
  }
}
