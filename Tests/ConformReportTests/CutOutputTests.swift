import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformResults

/// A kept problem holds at most 64 KiB of its output: the rest is measured, hashed and diffed
/// before it is dropped (the results file has it whole).
@Suite struct CutOutputTests {
  static let expected: JSONValue = ["effects": [["at": 1, "effect": "requestReview"]], "final": ["pending": false]]

  static func failed(_ actual: JSONValue) -> CaseResult {
    CaseResult(id: "timeline/x", suite: "timeline", status: .fail, actual: actual, expected: expected)
  }

  @Test func aSmallOutputIsKeptWhole() {
    let result = Self.failed(["effects": [], "final": ["pending": true]])
    #expect(result.keptForReport() == result)
  }

  @Test func aHugeStringIsCutWithItsSizeAndTheDiffOfTheWhole() throws {
    let huge = String(repeating: "é", count: 1 << 20)  // 2 MiB of UTF-8, two bytes a character
    let actual: JSONValue = ["effects": .string(huge), "final": ["pending": false]]
    let kept = Self.failed(actual).keptForReport()
    let cut = try #require(kept.cut)
    #expect(cut.bytes == JSONWriter.bytes(actual).count)
    #expect(cut.diff == JSONDiff.diff(Self.expected, actual, legend: ("expected", "actual")))
    let excerpt = JSONWriter.bytes(try #require(kept.actual))
    #expect(excerpt.count <= CaseResult.keptOutputLimit + 100, "\(excerpt.count) bytes kept")
    guard case .string(let shown)? = kept.actual?["effects"] else { Issue.record("no string kept"); return }
    #expect(shown.hasSuffix("é…"), "cut between characters, marked")
    #expect(CaseOutcome(id: "timeline/x", suite: "timeline", attempts: [kept]).outputDiff == cut.diff)
  }

  @Test func aLongArrayKeepsItsFirstElements() throws {
    let actual: JSONValue = ["effects": .array((0..<200_000).map { ["at": .int(Int64($0))] }), "final": ["pending": false]]
    let kept = Self.failed(actual).keptForReport()
    #expect(kept.cut?.bytes == JSONWriter.bytes(actual).count)
    guard case .array(let shown)? = kept.actual?["effects"] else { Issue.record("no array kept"); return }
    #expect(shown.count > 1000 && shown.count < 20_000, "\(shown.count) elements kept")
    #expect(shown[0] == ["at": 0])
  }

  @Test func twoHugeOutputsThatDifferPastTheCutAreStillTwoAnswers() {
    let a = Self.failed(.string(String(repeating: "x", count: 1 << 20) + "a")).keptForReport()
    let b = Self.failed(.string(String(repeating: "x", count: 1 << 20) + "b")).keptForReport()
    #expect(a.actual == b.actual, "the excerpts are the same")
    #expect(a != b)
    let outcome = CaseOutcome(id: "timeline/x", suite: "timeline", attempts: [a, b])
    #expect(outcome.isFlaky)
  }
}
