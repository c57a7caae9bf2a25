import ConformAdapter
import ConformJSON

extension Adapter {
  /// Suite `eligibility`: `{"eligible": Bool}` for one call of the app's review rules, or
  /// `{"error": "count-out-of-range"}` for a count outside 0...2147483647 (spec 1.1.0, D10).
  mutating func registerEligibility(_ rules: any ReviewRules.Type) {
    register("eligibility") { input in
      let config = try input.fields("config")
      let threshold = try config.int("winThreshold")
      let cooldown = try config.int("cooldownDays")
      let wins = try input.int("wonCompletionCount")
      // Counts are what Kotlin's Int holds too; anything else is outside the domain, before any rule.
      let countRange = Int64(0)...Int64(Int32.max)
      guard [threshold, cooldown, wins].allSatisfy(countRange.contains) else { return ["error": "count-out-of-range"] }
      let eligible = rules.shouldRequestReview(
        config: ReviewPromptConfig(wonCompletionThreshold: Int(threshold), cooldownDays: Int(cooldown)),
        wonCompletionCount: Int(wins),
        lastAttemptEpochDay: try input.optionalInt("lastAttemptEpochDay"),
        todayEpochDay: try input.int("todayEpochDay"),
        lastPromptedVersion: try input.optionalString("lastPromptedVersion"),
        currentVersion: try input.string("currentVersion"),
        forceOverride: try input.bool("forceOverride"))
      return ["eligible": .bool(eligible)]
    }
  }
}
