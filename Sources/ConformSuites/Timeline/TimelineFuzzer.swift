import ConformFixtures
import ConformJSON

/// Random `timeline` inputs over the whole domain: a start from the eligibility fuzzer, then up
/// to tens of steps of every kind, with advances and delays around the due time and far past it,
/// days around the cooldown and far past it, and version changes. The totals stay inside the
/// spec's domain: the clock and the day count at most 2^52, the day inside 64 bits, the win count
/// at most 2147483647.
enum TimelineFuzzer {
  static func input(using generator: inout SeededGenerator) -> JSONValue {
    typedInput(using: &generator).json
  }

  /// The input of `input(using:)` as a value.
  static func typedInput(using generator: inout SeededGenerator) -> TimelineInput {
    let start = EligibilityFuzzer.state(using: &generator)
    let delay = milliseconds(delay: 2000, using: &generator)
    let limit = TimelineInput.maxMilliseconds
    var budget = (
      milliseconds: limit - delay,
      days: min(limit, start.todayEpochDay >= 0 ? Int64.max - start.todayEpochDay : limit),
      wins: EligibilityInput.countRange.upperBound - start.wonCompletionCount
    )
    let count = generator.chance(1, in: 5) ? generator.index(41) : generator.index(13)
    var steps: [TimelineStep] = []
    for _ in 0..<count {
      switch generator.index(16) {
      case 0, 1, 2:
        if budget.wins > 0 {
          budget.wins -= 1
          steps.append(.win)
        } else {
          steps.append(.show)
        }
      case 3, 4, 5: steps.append(.show)
      case 6: steps.append(.leave)
      case 7: steps.append(.leaveAfterSleep)
      case 8, 9, 10:
        let ms = min(milliseconds(delay: delay, using: &generator), budget.milliseconds)
        budget.milliseconds -= ms
        steps.append(.advance(milliseconds: ms))
      case 11: steps.append(.scene(generator.pick(SceneState.allCases)))
      case 12: steps.append(generator.pick([.detachWindow, .attachWindow]))
      case 13, 14:
        let days = min(self.days(cooldown: start.config.cooldownDays, using: &generator), budget.days)
        budget.days -= days
        steps.append(.nextDay(days: days))
      default:
        let version = generator.chance(1, in: 3) ? start.currentVersion : EligibilityFuzzer.version(using: &generator)
        steps.append(.setVersion(version))
      }
    }
    // Drawn in this order: the scene, then whether the window is attached.
    let scene = generator.chance(3, in: 4) ? SceneState.foregroundActive : generator.pick(SceneState.allCases)
    let windowAttached = generator.chance(7, in: 8)
    return TimelineInput(
      start: TimelineStart(eligibility: start, delayMilliseconds: delay, sceneState: scene, windowAttached: windowAttached),
      steps: steps)
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

  /// The model run on the input the fuzzer made.
  public func fuzzCase(using generator: inout SeededGenerator) -> (input: JSONValue, expected: JSONValue)? {
    let input = TimelineFuzzer.typedInput(using: &generator)
    return (input.json, Self.output(input))
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
