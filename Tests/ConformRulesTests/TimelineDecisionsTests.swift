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
    #expect(DecisionListChecks.headingNumbers(suite.spec) == Array(1...16))
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
      let timeline = try TimelineInput(json: draft.input)
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

  @Test func decisionsThrowOutsideTheDomainAsExpectedDoes() throws {
    var input = try #require(Self.published.first?.input.objectValue)
    input["steps"] = [["op": "dance"]]
    #expect(throws: JSONShapeError.self) { try suite.expected(for: .object(input)) }
    #expect(throws: JSONShapeError.self) { try suite.decisions(for: .object(input)) }
  }
}
