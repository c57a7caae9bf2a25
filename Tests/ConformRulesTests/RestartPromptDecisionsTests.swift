import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformSuites

@Suite struct RestartPromptDecisionsTests {
  let suite = RestartPromptSuite()

  static let published = Array(RestartPromptSuite().drafts(options: .published))

  @Test func theSpecNumbersItsDecisionsFromOneWithoutGaps() {
    #expect(DecisionListChecks.headingNumbers(suite.spec) == Array(1...13))
  }

  /// Lists read from the spec: which decisions' drifts change each case's answer.
  @Test(arguments: [
    // Only the launch query can report a download finished while closed (D1).
    ("seed/downloaded-while-closed", [1]),
    // The listener reports it (D8); the query's earlier answer (DOWNLOADING) showed nothing.
    ("seed/listener-reports-downloaded", [8]),
    // No prompt without the query (D1); a saved dismissal silences the next launch (D7). A
    // forgotten dismissal answers the same: the next launch prompts either way.
    ("seed/dismissed-then-next-launch", [1, 7]),
    // Both sources report DOWNLOADED (D2, D8); the query still answers, so D1 answers the same.
    ("seed/listener-and-query-both-report", [2, 8]),
    ("seed/query-dies-with-process", [1, 6]),
    // Restart ends the process with the prompt visible: a closed app reporting it is D12's drift.
    ("seed/restart-completes-update", [1, 5, 12]),
    ("seed/dismiss-before-prompt", [1, 9]),
    ("seed/restart-without-prompt", [1, 10]),
    // FAILED reported to a prompt that is none: no drift changes it; traced to D4's branch.
    ("seed/failed-download-no-prompt", [4]),
  ])
  func namedCasesGetTheSpecsDecisions(name: String, expected: [Int]) throws {
    let draft = try #require(Self.published.first { $0.name == name })
    #expect(try suite.decisions(for: draft.input) == expected)
  }

  @Test func aSequenceWhereNothingHappensGetsTheBaseRule() {
    #expect(RestartPromptSuite.decisions(of: RestartPromptInput(status: .downloaded, steps: [])) == [11])
    #expect(RestartPromptSuite.decisions(of: RestartPromptInput(status: .downloaded, steps: [.dismiss, .kill])) == [11])
  }

  /// Each drift alone changes the answer of at least one published case: none is a no-op.
  @Test(arguments: RestartPromptDrift.modelled)
  func eachDriftChangesSomePublishedAnswer(decision: Int) throws {
    let changed = try Self.published.first { draft in
      guard case .timeline(let timeline) = try RestartPromptInput.read(draft.input) else { return false }
      return RestartPromptSuite.output(timeline, drift: RestartPromptDrift(decision: decision))
        != RestartPromptSuite.output(timeline)
    }
    #expect(changed != nil, "the drift of D\(decision) changes no published answer")
  }

  @Test func theDriftOfD2ShowsASecondPrompt() {
    let twice = RestartPromptInput(status: .downloading, steps: [.launch, .status(.downloaded), .answer])
    #expect(RestartPromptSuite.output(twice)["effects"]?.arrayValue?.count == 1)
    #expect(RestartPromptSuite.output(twice, drift: .promptEveryCallback)["effects"]?.arrayValue?.count == 2)
  }

  @Test func decisionsThrowForAMalformedInputAsExpectedDoes() {
    let input: JSONValue = ["start": ["installStatus": 3], "steps": []]
    #expect(throws: JSONShapeError.self) { try suite.expected(for: input) }
    #expect(throws: JSONShapeError.self) { try suite.decisions(for: input) }
  }

  /// New cases of 1.1.0: a closed app's prompt (D12), the domain (D13), and the next launch
  /// after a dismissal (D7), which the port `dismissal-persists` gets wrong.
  @Test(arguments: [
    ("not-running/killed-after-dismissal", [1, 12]),
    ("not-running/never-launched", [11]),
    ("domain/steps-10001", [13]),
    ("domain/start-status-upper-case", [13]),
    ("domain/steps-10000", [1]),
    ("next-launch/listener-reports-downloaded", [1, 7, 8]),
    ("next-launch/every-session-asks", [1, 7]),
  ])
  func newFamiliesGetTheSpecsDecisions(name: String, expected: [Int]) throws {
    let draft = try #require(Self.published.first { $0.name == name })
    #expect(try suite.decisions(for: draft.input) == expected)
  }

  /// The transition family reaches every state and takes every step from it: no state or
  /// transition that random timelines reach is missing from the named cases (`StepCoverage`).
  @Test func theNamedCasesCoverEveryStateAndTransitionFuzzingReaches() throws {
    func keys(_ input: JSONValue) -> Set<String> {
      let fixture = FixtureCase(id: "restart-prompt/x", suite: suite.name, tags: [], note: "", input: input, expected: .null)
      return Set(suite.coverageKeys(of: fixture).filter { !$0.hasPrefix("pair ") })
    }
    let named = RestartPromptSuite.namedCases.reduce(into: Set<String>()) { $0.formUnion(keys($1.input)) }
    var generator = SeededGenerator(seed: 29)
    var fuzzed = Set<String>()
    for _ in 0..<20_000 { fuzzed.formUnion(keys(RestartPromptFuzzer.input(using: &generator))) }
    #expect(fuzzed.subtracting(named).sorted() == [])
    // Every status in every state: 27 states (8 closed, 19 running), 13 steps from each.
    #expect(named.filter { $0.hasPrefix("state ") }.count == 27)
    #expect(RestartPromptSuite.transitionCases.count == 27 * 13)
  }

  /// The tours take every transition the transition family takes, in a few cases of at most 60
  /// steps: what lets the smoke tier keep a handful of cases for all of them.
  @Test func theToursTakeEveryTransitionInFewCases() throws {
    func transitions(_ drafts: [CaseDraft]) -> Set<String> {
      drafts.reduce(into: Set<String>()) { keys, draft in
        let fixture = FixtureCase(
          id: "restart-prompt/x", suite: suite.name, tags: [], note: "", input: draft.input, expected: .null)
        keys.formUnion(suite.coverageKeys(of: fixture).filter { $0.hasPrefix("transition ") })
      }
    }
    let tours = RestartPromptSuite.tourCases
    #expect(transitions(RestartPromptSuite.transitionCases).subtracting(transitions(tours)).sorted() == [])
    #expect(tours.count == 8)
    for tour in tours {
      guard case .timeline(let timeline) = try RestartPromptInput.read(tour.input) else {
        Issue.record("\(tour.name) is outside the domain")
        continue
      }
      #expect(timeline.steps.count <= 60, "\(tour.name)")
    }
  }
}
