import ConformJSON

/// The app's constants, carried in every case so one table serves apps with different values.
public struct ReviewConfig: Sendable, Equatable {
  public var winThreshold: Int64
  public var cooldownDays: Int64

  public init(winThreshold: Int64, cooldownDays: Int64) {
    self.winThreshold = winThreshold
    self.cooldownDays = cooldownDays
  }
}

/// The inputs of `shouldRequestReview`, as the `eligibility` spec names them.
public struct EligibilityInput: Sendable, Equatable {
  public var config: ReviewConfig
  public var wonCompletionCount: Int64
  /// nil: never attempted.
  public var lastAttemptEpochDay: Int64?
  public var todayEpochDay: Int64
  public var lastPromptedVersion: String?
  public var currentVersion: String
  public var forceOverride: Bool

  public init(
    config: ReviewConfig, wonCompletionCount: Int64, lastAttemptEpochDay: Int64?, todayEpochDay: Int64,
    lastPromptedVersion: String?, currentVersion: String, forceOverride: Bool
  ) {
    self.config = config
    self.wonCompletionCount = wonCompletionCount
    self.lastAttemptEpochDay = lastAttemptEpochDay
    self.todayEpochDay = todayEpochDay
    self.lastPromptedVersion = lastPromptedVersion
    self.currentVersion = currentVersion
    self.forceOverride = forceOverride
  }
}

/// The reference model of the `eligibility` suite.
public enum Eligibility {
  /// Whether a review may be requested now (rules 1 to 5 of the spec).
  public static func isEligible(_ input: EligibilityInput) -> Bool {
    if input.forceOverride { return true }
    guard input.wonCompletionCount >= input.config.winThreshold else { return false }
    if let last = input.lastAttemptEpochDay,
      daysBetween(last, input.todayEpochDay, areFewerThan: input.config.cooldownDays)
    {
      return false
    }
    if let prompted = input.lastPromptedVersion, prompted.unicodeScalars.elementsEqual(input.currentVersion.unicodeScalars) {
      return false
    }
    return true
  }

  /// Whether `today - last < days` in exact integer arithmetic (no trap, no wrap).
  static func daysBetween(_ last: Int64, _ today: Int64, areFewerThan days: Int64) -> Bool {
    let (difference, overflow) = today.subtractingReportingOverflow(last)
    // On overflow the true difference lies beyond Int64's range, on the side of its true sign.
    if overflow { return today < last }
    return difference < days
  }
}

extension EligibilityInput {
  static let countRange: ClosedRange<Int64> = 0...Int64(Int32.max)

  public init(json: JSONValue, path: String = "") throws(JSONShapeError) {
    let fields = try JSONFields(json, path: path)
    try fields.rejectUnknown([
      "config", "currentVersion", "forceOverride", "lastAttemptEpochDay", "lastPromptedVersion",
      "todayEpochDay", "wonCompletionCount",
    ])
    config = try ReviewConfig(fields: try fields.fields("config"))
    wonCompletionCount = try fields.count("wonCompletionCount")
    lastAttemptEpochDay = try fields.optionalInt("lastAttemptEpochDay")
    todayEpochDay = try fields.int("todayEpochDay")
    lastPromptedVersion = try fields.optionalString("lastPromptedVersion")
    currentVersion = try fields.string("currentVersion")
    forceOverride = try fields.bool("forceOverride")
  }

  public var json: JSONValue {
    [
      "config": config.json, "currentVersion": .string(currentVersion), "forceOverride": .bool(forceOverride),
      "lastAttemptEpochDay": JSONValue(lastAttemptEpochDay), "lastPromptedVersion": JSONValue(lastPromptedVersion),
      "todayEpochDay": .int(todayEpochDay), "wonCompletionCount": .int(wonCompletionCount),
    ]
  }
}

extension ReviewConfig {
  init(fields: JSONFields) throws(JSONShapeError) {
    try fields.rejectUnknown(["cooldownDays", "delayMs", "winThreshold"])
    winThreshold = try fields.count("winThreshold")
    cooldownDays = try fields.count("cooldownDays")
  }

  public var json: JSONValue { ["cooldownDays": .int(cooldownDays), "winThreshold": .int(winThreshold)] }
}

extension JSONFields {
  /// An integer from 0 to 2147483647, the range both Swift and Kotlin `Int` hold.
  func count(_ key: String) throws(JSONShapeError) -> Int64 {
    let value = try int(key)
    guard EligibilityInput.countRange.contains(value) else {
      throw JSONShapeError(path: pathOf(key), message: "\(value) is outside 0...2147483647")
    }
    return value
  }
}
