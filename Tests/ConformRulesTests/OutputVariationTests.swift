import ConformJSON
import ConformProtocol
import Testing

@testable import ConformFixtures

/// A fixture line's `varies` (`OutputVariation`): written last, canonically, read back strictly,
/// and the answers it accepts.
@Suite struct OutputVariationTests {
  private let expected: JSONValue = ["arm": "blue", "why": "random"]
  private var variation: OutputVariation { OutputVariation(["/arm": ["green", "control", "blue", "green"]]) }

  @Test func anyAllowedValueIsAcceptedAndTheRestIsExact() {
    #expect(variation.accepts(["arm": "green", "why": "random"], expected: expected))
    #expect(variation.accepts(expected, expected: expected))
    #expect(!variation.accepts(["arm": "red", "why": "random"], expected: expected), "outside the set")
    #expect(!variation.accepts(["arm": "green", "why": "bucketed"], expected: expected), "another member differs")
    #expect(!variation.accepts(["why": "random"], expected: expected), "the member is missing")
    #expect(!OutputVariation().accepts(["arm": "green", "why": "random"], expected: expected), "nothing varies")
  }

  @Test func theSetIsCanonicalAndTheExpectedValueTheFirst() {
    #expect(variation["/arm"] == ["blue", "control", "green"])
    #expect(variation.settled(["arm": "green", "why": "random"]) == ["arm": "blue", "why": "random"])
  }

  @Test func aFixtureLineCarriesItLastAndReadsItBack() throws {
    let fixture = FixtureCase(
      id: "ab/x", suite: "ab", tags: ["named"], note: "", input: ["user": ""], expected: expected, varies: variation)
    var bytes: [UInt8] = []
    FixtureSet.writeLine(fixture, into: &bytes)
    let line = String(decoding: bytes, as: UTF8.self)
    #expect(line == JSONWriter.string(fixture.json) + "\n")
    #expect(line.hasSuffix(#""tags":["named"],"varies":{"/arm":["blue","control","green"]}}"# + "\n"))
    let read = try FixtureCase(json: try JSONReader.parse(Array(bytes.dropLast())))
    #expect(read == fixture)
    #expect(read.accepts(["arm": "control", "why": "random"]))
  }

  @Test(arguments: [
    (JSONValue.object(["arm": ["blue"]]), "not a JSON Pointer"),
    (JSONValue.object(["/arm": []]), "a non-empty array"),
    (JSONValue.object(["/arm": ["green"]]), "the expected output holds \"blue\" there"),
    (JSONValue.array([]), "expected an object of JSON Pointers"),
  ])
  func aBadVariesIsRefusedNamingTheField(varies: JSONValue, message: String) {
    var json = FixtureCase(id: "ab/x", suite: "ab", tags: [], note: "", input: [:], expected: expected).json
    if case .object(var object) = json {
      object["varies"] = varies
      json = .object(object)
    }
    #expect {
      try FixtureCase(json: json)
    } throws: { error in
      let shape = error as? JSONShapeError
      return shape?.path.hasPrefix("varies") == true && shape?.message.contains(message) == true
    }
  }
}
