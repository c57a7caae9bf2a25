import ConformFixtures
import ConformJSON

/// Random `eligibility` inputs over the whole domain, biased toward where ports break: day
/// numbers across the 64-bit range (its ends, near them, near today), counts and cooldowns at
/// and around their edges, equal and canonically equivalent versions, the force override.
enum EligibilityFuzzer {
  static func input(using generator: inout SeededGenerator) -> JSONValue {
    state(using: &generator).json
  }

  static func state(using generator: inout SeededGenerator) -> EligibilityInput {
    let config = ReviewConfig(winThreshold: count(using: &generator), cooldownDays: count(using: &generator))
    let wins =
      generator.chance(3, in: 4)
      ? SeededGenerator.clamped(config.winThreshold, plus: generator.int64(in: -2...2), in: EligibilityInput.countRange)
      : count(using: &generator)
    let today = day(using: &generator)
    var last: Int64?
    switch generator.index(8) {
    case 0, 1: last = nil
    case 2, 3, 4:
      // Around the end of the cooldown: today - cooldown, give or take two days.
      last = SeededGenerator.clamped(
        SeededGenerator.clamped(today, plus: -config.cooldownDays, in: Int64.min...Int64.max),
        plus: generator.int64(in: -2...2), in: Int64.min...Int64.max)
    case 5: last = SeededGenerator.clamped(today, plus: generator.int64(in: -3...3), in: Int64.min...Int64.max)
    default: last = day(using: &generator)
    }
    let (current, prompted) = versions(using: &generator)
    return EligibilityInput(
      config: config, wonCompletionCount: wins, lastAttemptEpochDay: last, todayEpochDay: today,
      lastPromptedVersion: prompted, currentVersion: current, forceOverride: generator.chance(1, in: 8))
  }

  /// A count or config value from 0 to 2147483647: mostly small, often at an edge.
  static func count(using generator: inout SeededGenerator) -> Int64 {
    switch generator.index(10) {
    case 0...4: generator.int64(in: 0...10)
    case 5, 6: generator.pick([0, 1, 2, 3, 7, 30, 365, 2_147_483_646, 2_147_483_647])
    case 7: generator.int64(in: 2_147_483_600...2_147_483_647)
    default: generator.int64(in: EligibilityInput.countRange)
    }
  }

  /// An epoch day anywhere in the 64-bit range: near today, near 0, near either end, near the
  /// 32-bit limits, or anything.
  static func day(using generator: inout SeededGenerator) -> Int64 {
    let offset = generator.int64(in: -3...3)
    let all = Int64.min...Int64.max
    switch generator.index(10) {
    case 0...3: return SeededGenerator.clamped(20_000, plus: generator.int64(in: -400...400), in: all)
    case 4: return SeededGenerator.clamped(0, plus: offset, in: all)
    case 5: return SeededGenerator.clamped(Int64.min, plus: generator.int64(in: 0...3), in: all)
    case 6: return SeededGenerator.clamped(Int64.max, plus: generator.int64(in: -3...0), in: all)
    case 7:
      return SeededGenerator.clamped(
        generator.pick([Int64(Int32.max), Int64(Int32.min), Int64(UInt32.max)]), plus: offset, in: all)
    default: return generator.int64(in: all)
    }
  }

  /// The current version and the last prompted one: often equal, sometimes canonically
  /// equivalent or differing only in case or white space, sometimes never prompted.
  static func versions(using generator: inout SeededGenerator) -> (current: String, prompted: String?) {
    let (precomposed, decomposed) = generator.pick(equivalents)
    switch generator.index(10) {
    case 0, 1, 2: return (version(using: &generator), nil)
    case 3, 4:
      let current = version(using: &generator)
      return (current, current)
    case 5, 6:
      let prefix = generator.pick(["1.0-", "", "2."])
      let swap = generator.chance(1, in: 2)
      return (prefix + (swap ? decomposed : precomposed), prefix + (swap ? precomposed : decomposed))
    case 7:
      let current = version(using: &generator)
      return (current, generator.pick([current + " ", " " + current, current.uppercased(), current + "\n"]))
    default: return (version(using: &generator), version(using: &generator))
    }
  }

  static func version(using generator: inout SeededGenerator) -> String {
    generator.chance(1, in: 2)
      ? generator.pick(["1.0.0", "1.0", "1.1.0", "", "0.9.0", "1.0-\u{E9}", "v1"])
      : VersionCompareFuzzer.version(using: &generator)
  }

  /// Canonically equivalent spellings: precomposed, then decomposed (or a singleton's target).
  static let equivalents: [(String, String)] = [
    ("\u{E9}", "e\u{301}"), ("\u{C5}", "A\u{30A}"), ("\u{212B}", "\u{C5}"), ("\u{1E69}", "s\u{323}\u{307}"),
    ("\u{AC00}", "\u{1100}\u{1161}"), ("\u{F1}", "n\u{303}"),
  ]
}

extension EligibilityFuzzer {
  /// The state with today and the last attempt moved together (their difference kept) so that
  /// one of them lands on 0, or half way there: the cooldown rule sees the same difference.
  static func dayShifts(of state: JSONObject) -> [JSONObject] {
    guard let today = state["todayEpochDay"]?.intValue, let last = state["lastAttemptEpochDay"]?.intValue else { return [] }
    var results: [JSONObject] = []
    // 0 - Int64.min overflows: such a delta is left out.
    let deltas = [today, last, today / 2, last / 2].compactMap { day -> Int64? in
      let (delta, overflow) = Int64(0).subtractingReportingOverflow(day)
      return overflow || delta == 0 ? nil : delta
    }
    for delta in deltas {
      let (newToday, overflow1) = today.addingReportingOverflow(delta)
      let (newLast, overflow2) = last.addingReportingOverflow(delta)
      guard !overflow1, !overflow2 else { continue }
      var shifted = state
      shifted["todayEpochDay"] = .int(newToday)
      shifted["lastAttemptEpochDay"] = .int(newLast)
      results.append(shifted)
    }
    return results
  }
}

extension EligibilitySuite {
  public func fuzzInput(using generator: inout SeededGenerator) -> JSONValue? {
    EligibilityFuzzer.input(using: &generator)
  }

  /// The model run on the state the fuzzer made.
  public func fuzzCase(using generator: inout SeededGenerator) -> (input: JSONValue, expected: JSONValue)? {
    let state = EligibilityFuzzer.state(using: &generator)
    return (state.json, Self.output(state))
  }

  /// The generic candidates, and today and the last attempt moved together.
  public func shrinkCandidates(of input: JSONValue) -> [JSONValue] {
    let shifts = input.objectValue.map(EligibilityFuzzer.dayShifts(of:)) ?? []
    return shifts.map(JSONValue.object) + JSONShrinker.candidates(of: input) + JSONShrinker.jointCandidates(of: input)
  }
}
