import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformFuzz
@testable import ConformSuites

/// The fuzzers: the same seed makes the same cases, every input is inside the spec's domain, and
/// the inputs reach where ports break.
@Suite struct FuzzGeneratorTests {
  static let suites = SuiteRegistry.all.filter(\.isFuzzable)

  @Test func everySuiteHasAFuzzer() {
    #expect(Self.suites.map(\.name) == SuiteRegistry.names)
  }

  @Test func theSameSeedMakesTheSameCases() {
    let first = FuzzCases(seed: 7, suites: Self.suites).cases(0..<600)
    let second = FuzzCases(seed: 7, suites: Self.suites).cases(0..<600)
    let other = FuzzCases(seed: 8, suites: Self.suites).cases(0..<600)
    #expect(first == second)
    #expect(first.map(\.input) != other.map(\.input))
    // The suites take turns, in the registry's order.
    #expect(first[0].id == "eligibility/fuzz/7-0")
    #expect(first[Self.suites.count + 1].id == "version-compare/fuzz/7-1")
  }

  @Test func caseNOfASuiteDoesNotDependOnTheOtherSuites() {
    let all = FuzzCases(seed: 3, suites: Self.suites)
    let alone = FuzzCases(seed: 3, suites: [VersionCompareSuite()])
    #expect(all.cases(0..<(100 * Self.suites.count)).filter { $0.suite == "version-compare" } == alone.cases(0..<100))
  }

  @Test(arguments: suites.map(\.name))
  func everyInputIsInsideTheDomain(suite name: String) throws {
    let suite = try #require(SuiteRegistry.named(name))
    for number in 0..<5_000 {
      let input = FuzzCases.input(suite: suite, seed: 1, number: number)
      #expect(throws: Never.self, "\(name) case \(number): \(JSONWriter.string(input))") { _ = try suite.expected(for: input) }
    }
  }

  /// A suite's fuzz case is the fuzzer's input, with the output the model gives for that input
  /// read back from JSON (a fuzzer that runs its model on a typed value must agree with it).
  @Test(arguments: suites.map(\.name))
  func aCaseIsTheInputWithTheModelsOutput(suite name: String) throws {
    let suite = try #require(SuiteRegistry.named(name))
    for number in 0..<2_000 {
      var fast = FuzzCases.generator(suite: name, seed: 1, number: number)
      var slow = fast
      let made = try #require(suite.fuzzCase(using: &fast))
      let input = try #require(suite.fuzzInput(using: &slow))
      #expect(made.input == input, "\(name) case \(number)")
      #expect(made.expected == (try suite.expected(for: input)), "\(name) case \(number): \(JSONWriter.string(input))")
    }
  }

  /// The update-notice fuzzer's bodies hold every JSON grammar class D5 lists, on both sides:
  /// some such bodies are read, some are not-json.
  @Test func updateNoticeBodiesReachTheGrammarClasses() {
    var bodies: [String] = []
    var reasons: [String: Int] = [:]
    for number in 0..<5_000 {
      let input = FuzzCases.input(suite: UpdateNoticeSuite(), seed: 1, number: number)
      guard let body = input["lookup"]?["body"]?.stringValue, body.contains(#""description":"#) else { continue }
      bodies.append(body)
      let reason = UpdateNoticeSuite().expectedReason(for: input)
      reasons[reason, default: 0] += 1
    }
    func some(_ predicate: (String) -> Bool) -> Bool { bodies.contains(where: predicate) }
    #expect(some { $0.unicodeScalars.contains { $0.value < 0x20 } })  // a raw control character
    #expect(some { $0.contains(":01") || $0.contains(":-01") || $0.contains(":007") })  // leading zeros
    #expect(some { $0.contains(":-0,") })
    #expect(some { $0.contains("e400") })
    #expect(some { $0.contains(String(repeating: "9", count: 100)) })
    #expect(some { $0.contains(#"\x41"#) || $0.contains(#"\U0041"#) })  // invalid escapes
    #expect(some { $0.contains(#"\b"#) && $0.contains("description") })
    #expect(some { $0.contains("[1,2,]") || $0.contains("{\"a\":1,}") })
    #expect(some { $0.contains("// c") })
    #expect(some { $0.contains("Infinity") || $0.contains("NaN") })
    #expect(some { $0.contains("'x'") })
    #expect(some { $0.contains("\u{FFFD}") })
    #expect(some { $0.contains(#"\ud800"#) || $0.contains(#"\udc00"#) })
    #expect(reasons["not-json", default: 0] > 0)
    #expect(reasons.keys.contains { $0 != "not-json" })
  }

  @Test func versionsReachTheirPitfalls() {
    let strings = (0..<5_000).flatMap { number -> [String] in
      let input = FuzzCases.input(suite: VersionCompareSuite(), seed: 1, number: number)
      return [input["remote"]!.stringValue!, input["local"]!.stringValue!]
    }
    func some(_ predicate: (String) -> Bool) -> Bool { strings.contains(where: predicate) }
    #expect(some { $0.isEmpty })
    #expect(some { $0.contains("..") })
    #expect(some { $0.hasPrefix(".") })
    #expect(some { $0.hasSuffix(".") })
    #expect(some { $0.contains("2147483648") })
    #expect(some { $0.contains("9223372036854775807") })
    #expect(some { $0.contains("9223372036854775808") })
    #expect(some { $0.unicodeScalars.contains { (0x660...0x669).contains($0.value) } })
    #expect(some { $0.unicodeScalars.contains { (0xFF10...0xFF19).contains($0.value) } })
    #expect(some { $0.unicodeScalars.elementsEqual(".\u{301}".unicodeScalars) || $0.contains(".\u{301}") })
    #expect(some { $0.contains("-beta") || $0.contains("+build") })
    #expect(some { $0.contains(" ") || $0.contains("\n") })
    #expect(some { $0.contains("+") || $0.contains("-") })
  }

  @Test func eligibilityReachesTheDayExtremesAndTheEdges() {
    let states = (0..<5_000).map { EligibilityFuzzer.state(using: &SeededGeneratorBox(seed: UInt64($0)).generator) }
    #expect(states.contains { $0.todayEpochDay == Int64.min || $0.lastAttemptEpochDay == Int64.min })
    #expect(states.contains { $0.todayEpochDay == Int64.max || $0.lastAttemptEpochDay == Int64.max })
    #expect(states.contains { $0.lastAttemptEpochDay == nil })
    #expect(states.contains { $0.forceOverride })
    #expect(states.contains { $0.config.cooldownDays == 2_147_483_647 })
    #expect(states.contains { $0.wonCompletionCount == $0.config.winThreshold })
    #expect(
      states.contains { state in
        state.lastAttemptEpochDay.map { state.todayEpochDay &- $0 == state.config.cooldownDays } ?? false
      })
    #expect(
      states.contains { state in
        guard let prompted = state.lastPromptedVersion else { return false }
        return prompted == state.currentVersion && !prompted.unicodeScalars.elementsEqual(state.currentVersion.unicodeScalars)
      })
  }

  @Test func timelinesUseEveryStepAndLongSequences() {
    var ops = Set<String>()
    var longest = 0
    var largestAdvance: Int64 = 0
    for number in 0..<3_000 {
      let steps = FuzzCases.input(suite: TimelineSuite(), seed: 1, number: number)["steps"]!.arrayValue!
      longest = max(longest, steps.count)
      for step in steps {
        ops.insert(step["op"]!.stringValue!)
        largestAdvance = max(largestAdvance, step["ms"]?.intValue ?? 0)
      }
    }
    #expect(
      ops == [
        "win", "show", "leave", "leaveAfterSleep", "advance", "scene", "detachWindow", "attachWindow", "nextDay", "setVersion",
      ])
    #expect(longest >= 30)
    #expect(largestAdvance > 1 << 32)
  }
}

/// A generator in a box, so a test can pass `&box.generator` inline.
private final class SeededGeneratorBox {
  var generator: SeededGenerator
  init(seed: UInt64) { generator = SeededGenerator(seed: seed) }
}

extension UpdateNoticeSuite {
  /// The model's reason for `input` ("shown" when the dialog shows, the error when outside the domain).
  fileprivate func expectedReason(for input: JSONValue) -> String {
    guard let output = try? expected(for: input) else { return "malformed" }
    if case .string(let error)? = output["error"] { return error }
    if case .string(let reason)? = output["reason"] { return reason }
    return "shown"
  }
}
