import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformSuites

@Suite struct TimelineDecisionsTests {
  let suite = TimelineSuite()

  static let published = Array(TimelineSuite().drafts(options: .published))

  static func input(_ steps: [TimelineStep], start: TimelineStart = TimelineSuite.exhaustiveStart) -> TimelineInput {
    TimelineInput(start: start, steps: steps)
  }

  @Test func theSpecNumbersItsDecisionsFromOneWithoutGaps() {
    #expect(DecisionListChecks.headingNumbers(suite.spec) == Array(1...17))
  }

  /// Lists read from the spec: which decisions' drifts change each case's answer.
  @Test(arguments: [
    // The late cancel (D1); the win records at once (D3), or reaches no threshold if judged
    // before it counts (D7); a leave that drops the pending prompt (D11).
    ("seed/cancel-after-sleep", [1, 3, 7, 11]),
    // Fires at exactly the due time (D5) as a fire does (D15); D3 and D7 as above.
    ("seed/fires-after-delay", [3, 5, 7, 15]),
    // Count 1 of 3 is ineligible however it is counted: only a show that schedules without a
    // pending prompt fires (D12).
    ("seed/show-without-pending", [12]),
    // With delayMs 0 a record at the win happens at time 0, as the fire's does: D3 answers the same.
    ("seed/zero-delay", [5, 7, 15]),
    // Only a drift that ignores the scene or reads it at the show fires (D2, D13).
    ("seed/backgrounded-during-wait", [2, 3, 5, 7, 13]),
    // Exactly 7 days later: a cooldown compared with > refuses the second win (D6).
    ("seed/second-win-after-update", [3, 5, 6, 7, 15]),
    ("seed/fires-when-advanced-past-due", [3, 7, 9, 15]),
    ("seed/show-twice-schedules-once", [3, 4, 7, 15]),
  ])
  func namedCasesGetTheSpecsDecisions(name: String, expected: [Int]) throws {
    let draft = try #require(Self.published.first { $0.name == name })
    #expect(try suite.decisions(for: draft.input) == expected)
  }

  @Test func aSequenceWhereNothingHappensGetsTheBaseRule() {
    #expect(TimelineSuite.decisions(of: Self.input([])) == [16])
    #expect(TimelineSuite.decisions(of: Self.input([.leave, .advance(milliseconds: 1000)])) == [16])
  }

  @Test func anIneligibleWinThatNoDriftChangesIsTracedToTheWinRule() {
    // Count 0 of 3: ineligible before and after counting; no show, so nothing can fire.
    #expect(TimelineSuite.decisions(of: Self.input([.win], start: TimelineSuite.start(wins: 0))) == [7])
  }

  /// Each drift alone changes the answer of at least one published case: none is a no-op.
  @Test(arguments: TimelineDrift.modelled)
  func eachDriftChangesSomePublishedAnswer(decision: Int) throws {
    let changed = try Self.published.first { draft in
      guard case .timeline(let timeline) = try TimelineInput.read(draft.input) else { return false }
      return TimelineSuite.output(timeline, drift: TimelineDrift(decision: decision)) != TimelineSuite.output(timeline)
    }
    #expect(changed != nil, "the drift of D\(decision) changes no published answer")
  }

  @Test func theDriftOfD1FiresOnALateCancel() {
    let late = Self.input([.win, .show, .leaveAfterSleep])
    let drifted = TimelineSuite.output(late, drift: .lateCancelFires)
    #expect(drifted["effects"]?.arrayValue?.count == 2)
    #expect(TimelineSuite.output(late)["effects"] == [])
  }

  /// D17: a well-formed input outside the domain is an ordinary answer, `{"error": reason}`, and
  /// D17's alone; an input that is not well-formed throws, from both.
  @Test func anInputOutsideTheDomainIsRefusedWithAReasonAndAMalformedOneThrows() throws {
    var input = try #require(Self.published.first?.input.objectValue)
    input["steps"] = [["op": "dance"]]
    #expect(try suite.expected(for: .object(input)) == ["error": "unknown-step"])
    #expect(try suite.decisions(for: .object(input)) == [17])
    input["steps"] = [["op": "win", "x": 1]]
    #expect(throws: JSONShapeError.self) { try suite.expected(for: .object(input)) }
    #expect(throws: JSONShapeError.self) { try suite.decisions(for: .object(input)) }
  }

  /// The domain cases on both sides of each edge answer what D17 says.
  @Test(
    arguments: [
      ("domain/steps-10000", nil), ("domain/steps-10001", "too-many-steps"),
      ("domain/wins-2147483646-then-win", nil), ("domain/wins-2147483647-then-win", "count-out-of-range"),
      ("domain/threshold-2147483647", nil), ("domain/threshold-2147483648", "count-out-of-range"),
      ("domain/delay-at-bound", nil), ("domain/delay-past-bound", "time-out-of-range"),
      ("domain/delay-negative", "time-out-of-range"), ("domain/clock-at-bound", nil),
      ("domain/clock-past-bound", "time-out-of-range"), ("domain/days-at-bound", nil),
      ("domain/days-past-bound", "day-out-of-range"), ("domain/day-at-64-bit-end", nil),
      ("domain/day-past-64-bit-end", "day-out-of-range"), ("domain/unknown-start-scene", "unknown-scene-state"),
      ("domain/unknown-op-after-fire", "unknown-step"), ("domain/count-before-delay", "count-out-of-range"),
      ("domain/delay-before-scene", "time-out-of-range"), ("domain/start-before-steps", "unknown-scene-state"),
      ("domain/first-step-refusal-wins", "unknown-step"), ("domain/form/start-background-upper-case", "unknown-scene-state"),
      ("domain/form/op-advance-trailing-space", "unknown-step"),
    ] as [(String, String?)])
  func domainCasesAnswerWhatD17Says(name: String, reason: String?) throws {
    let draft = try #require(Self.published.first { $0.name == name })
    let output = try suite.expected(for: draft.input)
    if let reason {
      #expect(output == ["error": .string(reason)])
      #expect(try suite.decisions(for: draft.input) == [17])
    } else {
      #expect(output["error"] == nil)
      #expect(output["effects"] != nil)
      #expect(try !suite.decisions(for: draft.input).contains(17))
    }
  }

  /// D17's drift (no domain check) answers anything but the refusal; other drifts keep it.
  @Test func theDriftOfD17AnswersATimelineForARefusedInput() throws {
    let draft = try #require(Self.published.first { $0.name == "domain/wins-2147483647-then-win" })
    let refusal: JSONValue = ["error": "count-out-of-range"]
    #expect(suite.answer(for: draft.input, drifting: [TimelineSuite.noDomainCheck]) == .anythingBut(refusal))
    let other = try #require(suite.drifts.first { $0.decision == 1 })
    #expect(suite.answer(for: draft.input, drifting: [other]) == .output(refusal))
  }

  /// The reference model gives every committed fixture's expected output: adding the drifts
  /// changed none.
  @Test func theReferenceStillAnswersEveryCommittedFixture() throws {
    let path = TestSupport.packageRoot.appendingPathComponent("fixtures/timeline.jsonl").path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var count = 0
    for line in text.split(separator: "\n") {
      let fixture = try JSONReader.parse(String(line))
      let input = try #require(fixture["input"])
      #expect(try suite.expected(for: input) == fixture["expected"], "\(fixture["id"] ?? .null)")
      count += 1
    }
    #expect(count == 12329)
  }
}
