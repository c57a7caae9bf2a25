import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformFuzz
@testable import ConformSuites

/// Minimal cases that differ only in values that do not matter are one finding, with a count.
@Suite struct FuzzMergeTests {
  /// A finding against the model: `expected` from the suite's model, the port answering `actual`.
  func finding(_ suite: any Suite, _ input: JSONValue, actual: JSONValue, signature: String, first: Int) throws -> FuzzFinding {
    FuzzFinding(
      suite: suite.name, input: input, expected: try suite.expected(for: input),
      answers: [FuzzAnswer(status: .fail, output: actual)], signature: signature,
      firstID: "\(suite.name)/fuzz/1-\(first)", firstNumber: first, originalBytes: 300, count: 1)
  }

  /// An eligible user refused: the cooldown-gt port's answer, on a day exactly a cooldown later.
  func cooldown(last: Int64, current: String, first: Int) throws -> FuzzFinding {
    let input = EligibilitySuite.base(
      config: ReviewConfig(winThreshold: 0, cooldownDays: 1), wins: 0, last: last, today: last + 1, current: current)
    return try finding(EligibilitySuite(), input, actual: ["eligible": false], signature: "fail:eligible", first: first)
  }

  @Test func casesThatDifferInAVersionOrADayAreMergedIntoTheSmallest() throws {
    let findings = [
      try cooldown(last: 19_999, current: "1.0.0", first: 4),
      try cooldown(last: 0, current: "a", first: 9),
      try cooldown(last: 0, current: "", first: 12),
      try cooldown(last: 0, current: "", first: 30),
    ]
    let merged = FuzzFinding.merged(findings)
    try #require(merged.count == 1)
    #expect(merged[0].count == 4)
    #expect(merged[0].variants == 3)
    #expect(merged[0].input == findings[2].input)
    #expect(merged[0].firstID == "eligibility/fuzz/1-4")
    #expect(merged[0].firstNumber == 4)
  }

  @Test func theOtherWayRoundIsAnotherFinding() throws {
    let refused = try cooldown(last: 0, current: "", first: 1)
    // Asked too early: the model says no, the port says yes (a verdict the other way round).
    let input = EligibilitySuite.base(
      config: ReviewConfig(winThreshold: 0, cooldownDays: 2), wins: 0, last: 0, today: 1, current: "")
    let early = try finding(EligibilitySuite(), input, actual: ["eligible": true], signature: "fail:eligible", first: 2)
    let merged = FuzzFinding.merged([refused, early])
    #expect(merged.map(\.count) == [1, 1])
    #expect(merged.map(\.input) == [refused.input, early.input])
  }

  @Test func anotherSuiteOrAnotherSignatureIsAnotherFinding() throws {
    let refused = try cooldown(last: 0, current: "", first: 1)
    var crashed = refused
    crashed.signature = "crashed"
    crashed.answers = [FuzzAnswer(status: .crashed, output: nil, message: "signal 4")]
    let version = try finding(
      VersionCompareSuite(), VersionCompareSuite.input("0.0", "0"), actual: ["newer": true], signature: "fail:newer", first: 3)
    #expect(FuzzFinding.merged([refused, crashed, version]).count == 3)
  }

  @Test(arguments: [
    ("- final.pending: true", "- final.pending: true"),
    ("+ effects[0].at: 2000", "+ effects[0].at: #"),
    ("- final.lastAttemptEpochDay: -5", "- final.lastAttemptEpochDay: #"),
    ("+ final.lastPromptedVersion: \"1.0.0\"", "+ final.lastPromptedVersion: \"…\""),
    ("+ effects[1]: {\"at\":2000,\"effect\":\"requestReview\"}", "+ effects[1]: {…}"),
    ("  final: … (3 unchanged)", "  final: … (3 unchanged)"),
    ("- eligible: null", "- eligible: null"),
  ])
  func aDiffLineKeepsItsPathAndTheKindOfItsValue(line: String, shape: String) {
    #expect(FuzzFinding.shapeOf(line: line) == shape)
  }
}
