import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformSuites

@Suite struct TimelineModelTests {
  func run(
    _ steps: [String],
    start: String =
      #"{"currentVersion":"1.0.0","forceOverride":false,"lastAttemptEpochDay":null,"lastPromptedVersion":null,"sceneState":"foregroundActive","todayEpochDay":20000,"windowAttached":true,"wonCompletionCount":2}"#
  ) throws -> JSONValue {
    let input = try JSONReader.parse(
      #"{"config":{"cooldownDays":7,"delayMs":2000,"winThreshold":3},"start":\#(start),"steps":[\#(steps.joined(separator: ","))]}"#
    )
    return try TimelineSuite().expected(for: input)
  }

  let win = #"{"op":"win"}"#
  let show = #"{"op":"show"}"#
  let leave = #"{"op":"leave"}"#
  let late = #"{"op":"leaveAfterSleep"}"#
  func advance(_ ms: Int) -> String { #"{"op":"advance","ms":\#(ms)}"# }

  @Test func firesAtTheDueTimeAndRecordsFirst() throws {
    let output = try run([win, show, advance(5000)])
    #expect(
      output["effects"] == [
        ["at": 2000, "day": 20000, "effect": "recordAttempt", "version": "1.0.0"],
        ["at": 2000, "effect": "requestReview"],
      ])
    #expect(output["final"]?["now"] == 5000)
    #expect(output["final"]?["pending"] == false)
  }

  @Test(arguments: ["before", "during", "after"])
  func cancelledNeverFires(when: String) throws {
    let steps: [String] =
      switch when {
      case "before": [win, show, leave, advance(2000)]
      case "during": [win, show, advance(1000), leave, advance(1000)]
      default: [win, show, late, advance(1000)]
      }
    let output = try run(steps)
    #expect(output["effects"] == [])
    #expect(output["final"]?["pending"] == true)
    #expect(output["final"]?["lastAttemptEpochDay"] == .null)
  }

  @Test func backgroundAtTheDueTimeKeepsThePromptPending() throws {
    let output = try run([win, show, #"{"op":"scene","state":"background"}"#, advance(2000)])
    #expect(output["effects"] == [])
    #expect(output["final"]?["pending"] == true)
    #expect(output["final"]?["scheduled"] == false)
  }

  /// An op the timeline does not know is an input outside the domain (D17): refused with its
  /// reason, not a malformed input.
  @Test func anUnknownStepIsRefusedWithItsReason() throws {
    #expect(try run([win, #"{"op":"dance"}"#]) == ["error": "unknown-step"])
  }

  @Test func exhaustiveSequencesAreAllThere() {
    let options = GeneratorOptions(parameters: ["depth": 3])
    let drafts = Array(TimelineSuite().drafts(options: options))
    let exhaustive = drafts.filter { $0.tags.contains("exhaustive") }
    // cancel: 6 letters up to 3 steps (1 + 6 + 36 + 216); state: 7 letters up to 2 steps, without the empty one (7 + 49).
    #expect(exhaustive.count == 259 + 56)
    #expect(Set(drafts.map(\.name)).count == drafts.count)
  }
}
