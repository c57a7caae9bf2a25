import ConformFixtures
import ConformJSON

/// Random `draw-freshness` inputs: instants around a draw (to the second), anywhere in the
/// domain, or at its ends; cached and fetched draws of nearby rounds with content, without it, or
/// with decoder zeros, duplicates and out-of-range numbers.
enum DrawFreshnessFuzzer {
  static func input(using generator: inout SeededGenerator) -> JSONValue {
    typedInput(using: &generator).json
  }

  /// The input of `input(using:)` as a value.
  static func typedInput(using generator: inout SeededGenerator) -> DrawFreshnessInput {
    let round = generator.chance(3, in: 4) ? generator.int64(in: 1...3000) : generator.int64(in: DrawFreshnessInput.roundRange)
    let now: Int64
    switch generator.index(6) {
    case 0, 1, 2:
      let draw = DrawFreshness.firstDrawEpochSeconds + (min(round, 400_000) - 1) * DrawFreshness.weekSeconds
      now = SeededGenerator.clamped(
        draw, plus: generator.pick([0, -1, 1, -86_400, 4 * 3600, 9 * 3600, 604_799]) + generator.int64(in: -2...2),
        in: DrawFreshnessInput.nowRange)
    case 3: now = generator.int64(in: DrawFreshnessInput.nowRange)
    case 4:
      now = generator.pick([
        0, DrawFreshness.firstDrawEpochSeconds - 1, DrawFreshness.firstDrawEpochSeconds, DrawFreshnessInput.nowRange.upperBound,
      ])
    default: now = generator.int64(in: 1_600_000_000...1_800_000_000)
    }
    let retry = generator.chance(1, in: 2) ? 900 : generator.int64(in: DrawFreshnessInput.retryRange)
    return DrawFreshnessInput(
      now: now, retryAfterSeconds: retry, cached: draw(near: round, using: &generator),
      fetched: draw(near: round, using: &generator))
  }

  static func draw(near round: Int64, using generator: inout SeededGenerator) -> LottoDraw? {
    guard !generator.chance(1, in: 5) else { return nil }
    let r = SeededGenerator.clamped(round, plus: generator.int64(in: -2...1), in: DrawFreshnessInput.roundRange)
    var numbers: [Int64] = Array((1...45).shuffled(using: &generator).prefix(7).map(Int64.init))
    var bonus: Int64? = numbers.removeLast()
    var stores = Array(["복권명당", "행운복권방", "", "Lucky"].prefix(generator.index(4)))
    switch generator.index(10) {
    case 0: numbers = []; bonus = nil; stores = []
    case 1: numbers = [0, 0, 0, 0, 0, 0]; bonus = generator.chance(1, in: 2) ? 0 : bonus
    case 2: numbers = Array(numbers.prefix(generator.index(6)))
    case 3: numbers[generator.index(6)] = generator.pick([0, 46, numbers[0], 2_147_483_647])
    case 4: bonus = generator.pick([nil, 0, 46, numbers[generator.index(6)]])
    case 5: numbers.append(generator.int64(in: 1...45))
    default: break
    }
    return LottoDraw(round: r, numbers: numbers, bonus: bonus, stores: stores)
  }
}

extension DrawFreshnessSuite {
  public func fuzzInput(using generator: inout SeededGenerator) -> JSONValue? {
    DrawFreshnessFuzzer.input(using: &generator)
  }

  /// The model run on the input the fuzzer made.
  public func fuzzCase(using generator: inout SeededGenerator) -> (input: JSONValue, expected: JSONValue)? {
    let input = DrawFreshnessFuzzer.typedInput(using: &generator)
    return (input.json, DrawFreshness.decide(input))
  }
}
