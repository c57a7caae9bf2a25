import ConformJSON

/// Random `timeline` inputs over the whole domain: a start from the eligibility fuzzer, then up
/// to tens of steps of every kind, with advances and delays around the due time and far past it,
/// days around the cooldown and far past it, and version changes. The totals stay inside the
/// spec's domain: the clock and the day count at most 2^52, the day inside 64 bits, the win count
/// at most 2147483647.
enum TimelineFuzzer {
  static func input(using generator: inout SeededGenerator) -> JSONValue {
    let start = EligibilityFuzzer.state(using: &generator)
    let delay = milliseconds(delay: 2000, using: &generator)
    let limit = TimelineInput.maxMilliseconds
    var budget = (
      milliseconds: limit - delay,
      days: min(limit, start.todayEpochDay >= 0 ? Int64.max - start.todayEpochDay : limit),
      wins: EligibilityInput.countRange.upperBound - start.wonCompletionCount
    )
    let count = generator.chance(1, in: 5) ? generator.index(41) : generator.index(13)
    var steps: [JSONValue] = []
    for _ in 0..<count {
      switch generator.index(16) {
      case 0, 1, 2:
        if budget.wins > 0 {
          budget.wins -= 1
          steps.append(["op": "win"])
        } else {
          steps.append(["op": "show"])
        }
      case 3, 4, 5: steps.append(["op": "show"])
      case 6: steps.append(["op": "leave"])
      case 7: steps.append(["op": "leaveAfterSleep"])
      case 8, 9, 10:
        let ms = min(milliseconds(delay: delay, using: &generator), budget.milliseconds)
        budget.milliseconds -= ms
        steps.append(["ms": .int(ms), "op": "advance"])
      case 11: steps.append(["op": "scene", "state": .string(generator.pick(SceneState.allCases).rawValue)])
      case 12: steps.append(["op": generator.pick(["detachWindow", "attachWindow"])])
      case 13, 14:
        let days = min(self.days(cooldown: start.config.cooldownDays, using: &generator), budget.days)
        budget.days -= days
        steps.append(["days": .int(days), "op": "nextDay"])
      default:
        let version = generator.chance(1, in: 3) ? start.currentVersion : EligibilityFuzzer.version(using: &generator)
        steps.append(["op": "setVersion", "version": .string(version)])
      }
    }
    return [
      "config": [
        "cooldownDays": .int(start.config.cooldownDays), "delayMs": .int(delay),
        "winThreshold": .int(start.config.winThreshold),
      ],
      "start": [
        "currentVersion": .string(start.currentVersion), "forceOverride": .bool(start.forceOverride),
        "lastAttemptEpochDay": JSONValue(start.lastAttemptEpochDay),
        "lastPromptedVersion": JSONValue(start.lastPromptedVersion),
        "sceneState": .string(generator.chance(3, in: 4) ? "foregroundActive" : generator.pick(SceneState.allCases).rawValue),
        "todayEpochDay": .int(start.todayEpochDay), "windowAttached": .bool(generator.chance(7, in: 8)),
        "wonCompletionCount": .int(start.wonCompletionCount),
      ],
      "steps": .array(steps),
    ]
  }

  /// A duration in milliseconds around `delay` (one before, at, one after), a round figure, or
  /// anything up to 2^40.
  static func milliseconds(delay: Int64, using generator: inout SeededGenerator) -> Int64 {
    switch generator.index(8) {
    case 0, 1, 2: max(0, delay + generator.int64(in: -1...1))
    case 3: generator.pick([0, 1, 1000, 2000])
    case 4, 5: generator.int64(in: 0...5000)
    case 6: generator.int64(in: 0...(1 << 40))
    default: generator.pick([Int64(Int32.max), Int64(Int32.max) + 1, 86_400_000])
    }
  }

  /// A number of days around `cooldown`, a small one, or a large one.
  static func days(cooldown: Int64, using generator: inout SeededGenerator) -> Int64 {
    switch generator.index(6) {
    case 0, 1, 2: max(0, cooldown + generator.int64(in: -1...1))
    case 3: generator.int64(in: 0...3)
    case 4: generator.int64(in: 0...(1 << 40))
    default: generator.pick([365, Int64(Int32.max), 1 << 52])
    }
  }
}

extension TimelineSuite {
  public func fuzzInput(using generator: inout SeededGenerator) -> JSONValue? {
    TimelineFuzzer.input(using: &generator)
  }

  /// The generic candidates, and the start's today and last attempt moved together.
  public func shrinkCandidates(of input: JSONValue) -> [JSONValue] {
    var shifts: [JSONValue] = []
    if var object = input.objectValue, let start = object["start"]?.objectValue {
      for shifted in EligibilityFuzzer.dayShifts(of: start) {
        object["start"] = .object(shifted)
        shifts.append(.object(object))
      }
    }
    return shifts + JSONShrinker.candidates(of: input) + JSONShrinker.jointCandidates(of: input)
  }
}
