import ConformJSON
import ConformTesting
import Testing

@testable import ConformFixtures

/// A case's failure message and the checks that record it.
@Suite struct ConformCaseTests {
  static let fixture = ConformCase(
    id: "timeline/seed/second-win-after-update", suite: "timeline", note: "a second win after an update asks again",
    input: ["steps": [["win": 2000]]],
    expected: ["effects": [["at": 2000, "effect": "requestReview"]], "final": ["now": 2000, "pending": false]],
    location: "conform-fixtures-1.0.0.tar.gz:conform-fixtures-1.0.0/timeline.jsonl line 12")
  static let wrong: JSONValue = ["effects": [], "final": ["now": 2000, "pending": true]]

  @Test func theMessageCarriesTheCaseAndTheKitsDiff() throws {
    let message = try #require(Self.fixture.failureMessage(actual: Self.wrong))
    #expect(
      message == """
        timeline/seed/second-win-after-update does not conform (conform-fixtures-1.0.0.tar.gz:conform-fixtures-1.0.0/timeline.jsonl line 12)
        note:     a second win after an update asks again
        input:    {"steps":[{"win":2000}]}
        expected: {"effects":[{"at":2000,"effect":"requestReview"}],"final":{"now":2000,"pending":false}}
        actual:   {"effects":[],"final":{"now":2000,"pending":true}}
        \(JSONDiff.diff(Self.fixture.expected, Self.wrong, legend: ("expected", "actual"))!)
        """)
    #expect(message.hasSuffix("- final.pending: false\n+ final.pending: true"))
    #expect(Self.fixture.failureMessage(actual: Self.fixture.expected) == nil)
  }

  @Test func aVaryingMemberConformsWithAnyAllowedValueAndTheMessageShowsThem() throws {
    let fixture = ConformCase(
      id: "ab/anonymous", suite: "ab", note: "a random arm", input: [:], expected: ["arm": "blue", "why": "random"],
      location: "ab.jsonl line 1", varies: OutputVariation(["/arm": ["blue", "green"]]))
    #expect(fixture.failureMessage(actual: ["arm": "green", "why": "random"]) == nil)
    let message = try #require(fixture.failureMessage(actual: ["arm": "red", "why": "random"]))
    #expect(message.contains(#"varies:   {"/arm":["blue","green"]} (any of these values conforms)"#), "\(message)")
    #expect(fixture.failureMessage(actual: ["arm": "green", "why": "bucketed"]) != nil)
  }

  @Test func checkRecordsOneIssueWithTheMessage() async {
    withKnownIssue {
      Self.fixture.check(Self.wrong)
    } matching: { issue in
      issue.comments.map(\.rawValue) == [Self.fixture.failureMessage(actual: Self.wrong)!]
    }
    struct Refused: Error, CustomStringConvertible { var description: String { "no such step" } }
    await withKnownIssue {
      await Self.fixture.check { throw Refused() }
    } matching: { issue in
      issue.comments.map(\.rawValue).first?.hasSuffix("the app threw instead of answering: no such step") == true
        && issue.comments.map(\.rawValue).first?.hasPrefix("timeline/seed/second-win-after-update does not conform (") == true
    }
    // No issue when the answer is the expected one.
    Self.fixture.check(Self.fixture.expected)
    await Self.fixture.check { Self.fixture.expected }
  }
}
