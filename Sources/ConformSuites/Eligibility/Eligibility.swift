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
    verdict(input).answer == true
  }

  /// The answer and the spec's decision (`### D5.` is 5) whose rule returned it, with `drift`
  /// breaking one decision as a port does (see `EligibilityDrift`); nil is the reference.
  static func verdict(_ input: EligibilityInput, drift: EligibilityDrift?) -> EligibilityVerdict {
    verdict(input, drifts: drift.map { [$0] } ?? [])
  }

  /// The answer and the spec's decision whose rule returned it, with `drifts` breaking decisions
  /// as a port does (at most one drift a decision: a port with two bugs is a pair); none is the
  /// reference.
  static func verdict(_ input: EligibilityInput, drifts: Set<EligibilityDrift> = []) -> EligibilityVerdict {
    if input.forceOverride, !drifts.contains(.forceOverrideLast) { return .eligible(decision: 5) }
    let threshold = input.config.winThreshold
    let enoughWins =
      drifts.contains(.thresholdGreaterThan) ? input.wonCompletionCount > threshold : input.wonCompletionCount >= threshold
    guard enoughWins else { return .refused(decision: 6) }
    switch cooldown(input, drifts: drifts) {
    case .trap: return .trap
    case .inCooldown: return .refused(decision: 7)
    case .over: break
    }
    if sameVersion(input, drifts: drifts) { return .refused(decision: 8) }
    if input.forceOverride { return .eligible(decision: 5) }
    return .eligible(decision: 9)
  }

  /// Rule 3: whether the last attempt is recent enough to refuse. A difference past Int64 lies on
  /// the side of its true sign (exact arithmetic, no trap, no wrap), but under D2's drifts.
  static func cooldown(_ input: EligibilityInput, drifts: Set<EligibilityDrift>) -> Cooldown {
    let days = input.config.cooldownDays
    let today = input.todayEpochDay
    // Within the cooldown: `<` (D7's drift `<=`), on the difference narrowed to 32 bits under D4's.
    let within = { (difference: Int64) -> Bool in
      let difference = drifts.contains(.differenceNarrowed) ? Int64(Int32(truncatingIfNeeded: difference)) : difference
      return drifts.contains(.cooldownGreaterThan) ? difference <= days : difference < days
    }
    if drifts.contains(.sentinelSubtractionTraps) || drifts.contains(.sentinelSubtractionWraps) {
      // Never attempted stored as Int64.min, the difference a plain subtraction.
      let last = input.lastAttemptEpochDay ?? .min
      let (difference, overflow) = today.subtractingReportingOverflow(last)
      if overflow, drifts.contains(.sentinelSubtractionTraps) { return .trap }
      return within(difference) ? .inCooldown : .over
    }
    guard let last = input.lastAttemptEpochDay else { return .over }
    if drifts.contains(.sentinelIsNever), last == 0 || last == .min { return .over }
    let (difference, overflow) = today.subtractingReportingOverflow(last)
    if overflow { return today < last ? .inCooldown : .over }
    return within(difference) ? .inCooldown : .over
  }

  /// Rule 4: whether the running version is the one last prompted.
  static func sameVersion(_ input: EligibilityInput, drifts: Set<EligibilityDrift>) -> Bool {
    if drifts.contains(.versionRuleSkipped) { return false }
    let current = input.currentVersion
    guard let prompted = input.lastPromptedVersion ?? (drifts.contains(.nullVersionIsEmpty) ? "" : nil) else {
      return false
    }
    if drifts.contains(.canonicalEquality) { return prompted == current }
    if drifts.contains(.caseInsensitive) {
      return prompted.lowercased().unicodeScalars.elementsEqual(current.lowercased().unicodeScalars)
    }
    if drifts.contains(.trimmed) { return trimmed(prompted).unicodeScalars.elementsEqual(trimmed(current).unicodeScalars) }
    return prompted.unicodeScalars.elementsEqual(current.unicodeScalars)
  }

  /// The text without white space at either end, as Kotlin `trim()` or `trimmingCharacters(in:)` cut it.
  static func trimmed(_ text: String) -> String {
    var characters = Substring(text)
    while characters.first?.isWhitespace == true { characters.removeFirst() }
    while characters.last?.isWhitespace == true { characters.removeLast() }
    return String(characters)
  }

  /// Whether `today - last < days` in exact integer arithmetic (no trap, no wrap).
  static func daysBetween(_ last: Int64, _ today: Int64, areFewerThan days: Int64) -> Bool {
    let (difference, overflow) = today.subtractingReportingOverflow(last)
    // On overflow the true difference lies beyond Int64's range, on the side of its true sign.
    if overflow { return today < last }
    return difference < days
  }

  enum Cooldown { case over, inCooldown, trap }
}

/// What the model answers and which decision's rule returned the answer.
enum EligibilityVerdict: Equatable {
  case eligible(decision: Int)
  case refused(decision: Int)
  /// The port crashes (Swift traps on an overflowing subtraction).
  case trap

  /// The output: nil for a crash.
  var answer: Bool? {
    switch self {
    case .eligible: true
    case .refused: false
    case .trap: nil
    }
  }

  /// The decision whose rule returned the answer; nil for a crash.
  var decision: Int? {
    switch self {
    case .eligible(let decision), .refused(let decision): decision
    case .trap: nil
    }
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
