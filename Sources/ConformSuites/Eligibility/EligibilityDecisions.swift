import ConformFixtures
import ConformJSON

/// A way a port breaks one of the `eligibility` spec's decisions, as the decision's **Drift** names
/// it: the reference model run with one of them answers as such a port does.
enum EligibilityDrift: CaseIterable, Sendable {
  /// D1: a stored 0 or Int64.min read as "never attempted", so the cooldown is skipped.
  case sentinelIsNever
  /// D2: never attempted stored as Int64.min and `today - last` a plain subtraction that traps
  /// (Swift `-`; the `day-overflow-traps` port).
  case sentinelSubtractionTraps
  /// D2: the same subtraction wrapping silently (Kotlin `-`; the `day-overflow-wraps` port).
  case sentinelSubtractionWraps
  /// D3: Swift `String ==`, canonical equivalence (the `canonical-equality` port).
  case canonicalEquality
  /// D3: versions compared ignoring case (`equalsIgnoreCase`, `lowercased()`).
  case caseInsensitive
  /// D3: versions trimmed of white space before comparing (`trim()`).
  case trimmed
  /// D4: the exact day difference narrowed to 32 bits (Kotlin `.toInt()`, Swift `Int32(truncatingIfNeeded:)`).
  case differenceNarrowed
  /// D5: the force override checked after the rules (the `force-override-last` port).
  case forceOverrideLast
  /// D6: `>` instead of `>=` at the win threshold (the `threshold-gt` port).
  case thresholdGreaterThan
  /// D7: `>` instead of `>=` at the cooldown (the `cooldown-gt` port).
  case cooldownGreaterThan
  /// D8: no same-version rule: only the cooldown guards against asking twice.
  case versionRuleSkipped
  /// D8: a null last prompted version read as the empty string (Kotlin `orEmpty()`).
  case nullVersionIsEmpty

  /// The decision this drift breaks (`### D3.` is 3).
  var decision: Int {
    switch self {
    case .sentinelIsNever: 1
    case .sentinelSubtractionTraps, .sentinelSubtractionWraps: 2
    case .canonicalEquality, .caseInsensitive, .trimmed: 3
    case .differenceNarrowed: 4
    case .forceOverrideLast: 5
    case .thresholdGreaterThan: 6
    case .cooldownGreaterThan: 7
    case .versionRuleSkipped, .nullVersionIsEmpty: 8
    }
  }
}

extension EligibilitySuite {
  /// The numbers of the spec's decisions (`### D3.` is 3) that decide `input`'s answer, ascending,
  /// never empty.
  ///
  /// Decision n is listed when a port that breaks it the way its **Drift** names (one
  /// `EligibilityDrift`, the rest of the model unchanged) answers `input` differently from the
  /// reference, a crash counting as a different answer. When no drift changes the answer, the
  /// decision whose rule returned it is listed alone: the force override (D5), the threshold (D6),
  /// the cooldown (D7), the same version (D8) or "otherwise eligible" (D9). Computed from the input
  /// alone, never from a case's id, name, tags or note.
  ///
  /// An input outside the domain (D10) lists D10 alone.
  ///
  /// - Throws: `JSONShapeError` exactly as `expected(for:)` does, for an input that cannot be read.
  public func decisions(for input: JSONValue) throws -> [Int] {
    // D10: every port that reads an out-of-range count (narrowed or at full width) answers
    // `eligible` instead of the error, and no other drift is reached before the domain check.
    if try Self.domainError(input) != nil { return [10] }
    return Eligibility.decisions(try EligibilityInput(json: input))
  }
}

extension Eligibility {
  /// The decisions of `input` (see `EligibilitySuite.decisions(for:)`): 13 runs of the model.
  static func decisions(_ input: EligibilityInput) -> [Int] {
    let reference = verdict(input)
    var decisions: [Int] = []
    for drift in EligibilityDrift.allCases where decisions.last != drift.decision {
      if verdict(input, drift: drift).answer != reference.answer { decisions.append(drift.decision) }
    }
    // The reference never traps, so its verdict names a decision.
    return decisions.isEmpty ? [reference.decision ?? 9] : decisions
  }
}

extension EligibilitySuite {
  /// D10's drift: a port without the domain check answers an out-of-range count with a verdict.
  static let noDomainCheck = DecisionDrift(decision: 10, name: "noDomainCheck")

  /// Each `EligibilityDrift` by its case's name, then D10's. D9 ("otherwise eligible") has none:
  /// its spec entry names no single way to break it.
  static let namedDrifts: [DecisionDrift] =
    EligibilityDrift.allCases.map { DecisionDrift(decision: $0.decision, name: "\($0)") } + [noDomainCheck]

  public var drifts: [DecisionDrift] { Self.namedDrifts }

  /// The answer with one drift, or a pair of drifts of two decisions, a crash for the
  /// subtraction that traps; an input outside the domain answers its error, or anything but it
  /// under D10's drift (no other drift is reached before the domain check). Nil for drifts of one
  /// decision, an unknown drift, or an input that cannot be read.
  public func answer(for input: JSONValue, drifting drifts: [DecisionDrift]) -> DriftedAnswer? {
    guard !drifts.isEmpty, Set(drifts.map(\.decision)).count == drifts.count, let expected = try? expected(for: input)
    else { return nil }
    let rules = drifts.filter { $0 != Self.noDomainCheck }
    if (try? Self.domainError(input)) != nil { return rules.count < drifts.count ? .anythingBut(expected) : .output(expected) }
    let named = rules.compactMap { drift in
      EligibilityDrift.allCases.first { "\($0)" == drift.name && $0.decision == drift.decision }
    }
    guard named.count == rules.count, let typed = try? EligibilityInput(json: input) else { return nil }
    return Eligibility.verdict(typed, drifts: Set(named)).answer.map { .output(["eligible": .bool($0)]) } ?? .crash
  }
}
