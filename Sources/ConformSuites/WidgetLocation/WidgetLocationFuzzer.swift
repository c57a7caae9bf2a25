import ConformFixtures
import ConformJSON

/// Random `widget-location` inputs over the whole domain, biased toward where ports break: every
/// known status and some unknown ones, the flag and the Info.plist key in every combination, and
/// cached fixes at, around and far from both limits, negative and past 32 bits.
enum WidgetLocationFuzzer {
  static func input(using generator: inout SeededGenerator) -> JSONValue {
    typedInput(using: &generator).json
  }

  /// The input of `input(using:)` as a value.
  static func typedInput(using generator: inout SeededGenerator) -> WidgetLocationInput {
    let maxAge = limit(using: &generator, typical: 600)
    let accuracy = limit(using: &generator, typical: 100)
    let status: Int64 =
      generator.chance(5, in: 6)
      ? generator.int64(in: 0...4) : generator.pick([-1, 5, 6, 99, Int64(Int32.min), Int64(Int32.max)])
    var cached: WidgetLocationInput.CachedLocation?
    if !generator.chance(1, in: 5) {
      cached = WidgetLocationInput.CachedLocation(
        ageSeconds: value(near: maxAge, using: &generator), horizontalAccuracy: value(near: accuracy, using: &generator))
    }
    return WidgetLocationInput(
      maxCacheAgeSeconds: maxAge, desiredAccuracyMeters: accuracy, authorizationStatus: status,
      widgetUpdatesAuthorized: generator.chance(1, in: 2), widgetWantsLocation: !generator.chance(1, in: 4),
      cachedLocation: cached)
  }

  /// A config limit from 0 to 2147483647: the story's value, an edge, or anything.
  static func limit(using generator: inout SeededGenerator, typical: Int64) -> Int64 {
    switch generator.index(4) {
    case 0, 1: typical
    case 2: generator.pick([0, 1, 5, 65, 1_000, Int64(Int32.max)])
    default: generator.int64(in: WidgetLocationInput.configRange)
    }
  }

  /// An age or accuracy: at the limit give or take two, small, negative, past 32 bits, or anything.
  static func value(near limit: Int64, using generator: inout SeededGenerator) -> Int64 {
    let all = Int64.min...Int64.max
    switch generator.index(6) {
    case 0, 1: return SeededGenerator.clamped(limit, plus: generator.int64(in: -2...2), in: all)
    case 2: return generator.int64(in: -3...60)
    case 3: return generator.pick([-1, .min, .max, 4_294_967_296, 4_294_967_296 + 30, Int64(Int32.max) + 1])
    default: return generator.int64(in: all)
    }
  }
}

extension WidgetLocationSuite {
  public func fuzzInput(using generator: inout SeededGenerator) -> JSONValue? {
    WidgetLocationFuzzer.input(using: &generator)
  }

  /// The model run on the input the fuzzer made.
  public func fuzzCase(using generator: inout SeededGenerator) -> (input: JSONValue, expected: JSONValue)? {
    let input = WidgetLocationFuzzer.typedInput(using: &generator)
    return (input.json, Self.output(input))
  }
}
