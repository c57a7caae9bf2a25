import ConformAdapter
import ConformJSON

extension Adapter {
  /// Suite `eligibility`: `{"eligible": Bool}` for one call of the app's review rules.
  mutating func registerEligibility(_ rules: any ReviewRules.Type) {
    register("eligibility") { input in
      let config = try input.fields("config")
      let eligible = rules.shouldRequestReview(
        config: ReviewPromptConfig(
          wonCompletionThreshold: Int(try config.int("winThreshold")),
          cooldownDays: Int(try config.int("cooldownDays"))),
        wonCompletionCount: Int(try input.int("wonCompletionCount")),
        lastAttemptEpochDay: try input.optionalInt("lastAttemptEpochDay"),
        todayEpochDay: try input.int("todayEpochDay"),
        lastPromptedVersion: try input.optionalString("lastPromptedVersion"),
        currentVersion: try input.string("currentVersion"),
        forceOverride: try input.bool("forceOverride"))
      return ["eligible": .bool(eligible)]
    }
  }
}
