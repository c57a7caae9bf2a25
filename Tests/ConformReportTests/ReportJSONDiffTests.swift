import ConformJSON
import ConformSampleRuns
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

@Suite struct ReportJSONDiffTests {
  let legend = ("expected", "actual")

  @Test(arguments: [
    JSONValue.null, true, 0, .number("1.5"), "text", [1, 2, 3], ["a": ["b": [1, ["c": "d"]]]],
  ])
  func equalValuesHaveNoDiff(_ value: JSONValue) {
    #expect(JSONDiff.diff(value, value, legend: legend) == nil)
  }

  @Test func fieldOrderDoesNotMakeADifference() throws {
    let a = try JSONReader.parse(#"{"b":1,"a":2}"#)
    let b = try JSONReader.parse(#"{"a":2,"b":1}"#)
    #expect(JSONDiff.diff(a, b, legend: legend) == nil)
  }

  @Test func aChangedFieldShowsItsPathAndBothValuesAfterTheLegend() {
    let diff = JSONDiff.diff(["newer": true], ["newer": false], legend: ("expected", "actual"))
    #expect(diff == "(- expected, + actual)\n- newer: true\n+ newer: false")
  }

  @Test func theLegendNamesTheTwoSides() {
    let diff = JSONDiff.diff(1, 2, legend: ("swift-reference 0.1.0", "kotlin-app 1.0.0"))
    #expect(diff == "(- swift-reference 0.1.0, + kotlin-app 1.0.0)\n- 1\n+ 2")
  }

  @Test func nestedObjectsAreExpandedAndUnchangedRunsCollapse() {
    let lines = JSONDiff.lines(
      ["final": ["a": 1, "b": 2, "pending": true, "x": 3, "y": 4], "other": 1],
      ["final": ["a": 1, "b": 2, "pending": false, "x": 3, "y": 4], "other": 1])
    #expect(
      lines == [
        "  final: … (2 unchanged)",
        "- final.pending: true",
        "+ final.pending: false",
        "  final: … (2 unchanged)",
        "  … (1 unchanged)",
      ])
  }

  @Test func missingAndExtraFieldsAreMarkedAbsent() {
    let lines = JSONDiff.lines(["a": 1, "gone": "x"], ["a": 1, "new": [1]])
    #expect(lines == ["  … (1 unchanged)", "- gone: \"x\"", "+ gone: (absent)", "- new: (absent)", "+ new: [1]"])
  }

  @Test func anInsertedElementIsOneLineNotAChangeOfEveryElementAfterIt() {
    let lines = JSONDiff.lines([1, 2, 3, 4, 5], [1, 2, 99, 3, 4, 5])
    #expect(lines == ["  … (2 unchanged)", "+ [2]: 99", "  … (3 unchanged)"])
  }

  @Test func aRemovedElementIsNamedByItsIndexOnTheFirstSide() {
    let lines = JSONDiff.lines(["effects": [["at": 1], ["at": 2, "effect": "requestReview"]]], ["effects": [["at": 1]]])
    #expect(lines == ["  effects: … (1 unchanged)", "- effects[1]: {\"at\":2,\"effect\":\"requestReview\"}"])
  }

  @Test func aReplacedObjectElementIsComparedFieldByField() {
    let lines = JSONDiff.lines(
      [["at": 1, "effect": "recordAttempt"], ["at": 2000, "effect": "requestReview"]],
      [["at": 1, "effect": "recordAttempt"], ["at": 2100, "effect": "requestReview"]])
    #expect(lines == ["  … (1 unchanged)", "- [1].at: 2000", "+ [1].at: 2100", "  [1]: … (1 unchanged)"])
  }

  @Test func elementsPairedAtDifferentIndicesShowEachSidesIndex() {
    let lines = JSONDiff.lines([["k": 1], "x", ["k": 2]], [["k": 1], ["k": 3]])
    #expect(lines == ["  … (1 unchanged)", "- [1]: \"x\"", "- [2].k: 2", "+ [1].k: 3"])
  }

  @Test func aTypeChangeShowsBothWholeValues() {
    #expect(JSONDiff.lines(["v": ["a": 1]], ["v": "1"]) == ["- v: {\"a\":1}", "+ v: \"1\""])
    #expect(JSONDiff.lines(["v": 1], ["v": .number("1.0")]) == ["- v: 1", "+ v: 1.0"])
    #expect(JSONDiff.lines(["v": 1], ["v": "1"]) == ["- v: 1", "+ v: \"1\""])
  }

  @Test func stringsAreCanonicalJSONWithControlCharactersEscaped() {
    #expect(JSONDiff.lines(["s": "a\"b"], ["s": "a\nb"]) == ["- s: \"a\\\"b\"", "+ s: \"a\\nb\""])
  }

  @Test func stringsThatDifferOnlyInvisiblyShowTheirScalarsEscaped() {
    // "é" as one scalar against "e" and a combining acute accent: equal to Swift's ==, not to JSON.
    #expect(
      JSONDiff.lines(["name": "Caf\u{E9}"], ["name": "Cafe\u{301}"]) == ["- name: \"Caf\\u{E9}\"", "+ name: \"Cafe\\u{301}\""])
    #expect(JSONDiff.lines("a\u{A0}b", "a b") == ["- \"a\\u{A0}b\"", "+ \"a b\""])
    #expect(JSONDiff.lines("ab", "a\u{200B}b") == ["- \"ab\"", "+ \"a\\u{200B}b\""])
    // Cyrillic а looks like Latin a.
    #expect(JSONDiff.lines("pay", "p\u{430}y") == ["- \"pay\"", "+ \"p\\u{430}y\""])
  }

  @Test func visibleDifferencesKeepNonASCIITextReadable() {
    #expect(JSONDiff.lines("카페 2.0.10", "카페 2.0.9") == ["- \"카페 2.0.10\"", "+ \"카페 2.0.9\""])
  }

  @Test func keysThatAreNotPlainNamesAreQuoted() {
    #expect(JSONDiff.lines(["a b": ["c.d": 1]], ["a b": ["c.d": 2]]) == ["- [\"a b\"][\"c.d\"]: 1", "+ [\"a b\"][\"c.d\"]: 2"])
  }

  @Test func nestedArraysInsideArraysKeepTheirPath() {
    #expect(JSONDiff.lines([[1, 2]], [[1, 3]]) == ["  [0]: … (1 unchanged)", "- [0][1]: 2", "+ [0][1]: 3"])
  }

  @Test func theSameInputAlwaysGivesTheSameText() {
    let a = SampleRuns.timelineExpected
    let b = SampleRuns.timelineActual
    let first = JSONDiff.diff(a, b, legend: legend)
    for _ in 0..<20 { #expect(JSONDiff.diff(a, b, legend: legend) == first) }
  }

  @Test func timelineDiffMatchesItsGolden() throws {
    let diff = try #require(JSONDiff.diff(SampleRuns.timelineExpected, SampleRuns.timelineActual, legend: legend))
    Golden.assertMatches(diff + "\n", named: "jsondiff/timeline.txt")
  }

  @Test func aLongArrayWithOneChangeStaysShort() {
    let a = JSONValue.array((0..<10_000).map { .int($0) })
    var items = (0..<10_000).map { JSONValue.int($0) }
    items[5_000] = -1
    let lines = JSONDiff.lines(a, .array(items))
    #expect(lines == ["  … (5000 unchanged)", "- [5000]: 5000", "+ [5000]: -1", "  … (4999 unchanged)"])
  }
}

@Suite struct ReportGoldenHelperTests {
  @Test func recordModeComesFromTheEnvironmentAndIsNeverOnCI() {
    #expect(Golden.recordMode(environment: [:]) == .never)
    #expect(Golden.recordMode(environment: ["CONFORM_RECORD": "1"]) == .failed)
    #expect(Golden.recordMode(environment: ["CONFORM_RECORD": "missing"]) == .missing)
    #expect(Golden.recordMode(environment: ["CONFORM_RECORD": "all"]) == .all)
    #expect(Golden.recordMode(environment: ["CONFORM_RECORD": "0"]) == .never)
    #expect(Golden.recordMode(environment: ["CONFORM_RECORD": "1", "CI": "true"]) == .never)
  }

  @Test func aMissingGoldenFailsWithoutRecording() {
    let name = "never-written-\(UInt64.random(in: 0...UInt64.max)).txt"
    let problem = Golden.check("text", named: name, mode: .never)
    #expect(problem?.contains("is missing") == true)
    #expect(!FileManager.default.fileExists(atPath: Golden.directory.appendingPathComponent(name).path))
  }

  @Test func aDifferentGoldenFailsWithALineDiff() throws {
    let problem = try #require(Golden.check("x\n", named: "jsondiff/timeline.txt", mode: .never))
    #expect(problem.contains("output differs from Tests/Golden/jsondiff/timeline.txt"))
    #expect(problem.contains("(- golden, + actual)"))
  }
}

/// The diff's work and output stay bounded whatever an implementation answers.
@Suite struct ReportJSONDiffBoundsTests {
  @Test func arraysTooFarApartAreSummarisedAndTheirFirstDifferenceShown() {
    let expected: JSONValue = [1, 2]
    let actual = JSONValue.array((0..<200_000).map { .int(Int64($0)) })
    let lines = JSONDiff.lines(expected, actual)
    #expect(lines.count < 10, "\(lines.prefix(10))")
    #expect(lines.contains("  2 elements vs 200000; first difference at [0] (too far apart to align element by element)"))
    #expect(lines.contains("- [0]: 1") && lines.contains("+ [0]: 0"))
  }

  @Test func commonEndsAreSkippedSoOneInsertionInAHugeArrayIsStillOneLine() {
    let base = (0..<100_000).map { JSONValue.int(Int64($0)) }
    var changed = base
    changed.insert("new", at: 50_000)
    #expect(
      JSONDiff.lines(.array(base), .array(changed)) == [
        "  … (50000 unchanged)", "+ [50000]: \"new\"", "  … (50000 unchanged)",
      ])
  }

  @Test func aHugeStringIsCutAroundItsFirstDifference() {
    let long = String(repeating: "x", count: 15 << 20)
    let other = String(repeating: "x", count: 5_000) + "y" + String(repeating: "x", count: (15 << 20) - 5_001)
    let lines = JSONDiff.lines(.string(long), .string(other))
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.utf8.count < JSONDiff.valueLimit + 100 }, "\(lines.map(\.count))")
    #expect(lines[1].contains("y"))
    #expect(lines[0].hasPrefix("- …(4751 characters) "))
    #expect(lines[0].hasSuffix(" …(\((15 << 20) + 2 - 5_751) characters more)"))
  }
}
