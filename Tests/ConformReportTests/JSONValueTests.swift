import ConformJSON
import Testing

@testable import ConformFixtures

/// A number literal, the value the reader must make of it, and whether it is written back as is.
struct NumberExample: Sendable, CustomTestStringConvertible {
  var literal: String
  var value: JSONValue

  var testDescription: String { literal }
}

@Suite struct JSONNumberExactnessTests {
  static let examples: [NumberExample] = [
    // Integers in Int64's range are exact.
    NumberExample(literal: "0", value: .int(0)),
    NumberExample(literal: "-1", value: .int(-1)),
    NumberExample(literal: "9223372036854775807", value: .int(.max)),
    NumberExample(literal: "-9223372036854775808", value: .int(.min)),
    NumberExample(literal: "999999999999999999", value: .int(999_999_999_999_999_999)),
    NumberExample(literal: "1000000000000000000", value: .int(1_000_000_000_000_000_000)),
    NumberExample(literal: "-999999999999999999", value: .int(-999_999_999_999_999_999)),
    // Out of range: kept as text, never coerced (JSONSerialization turns the second into 7766279631452241920).
    NumberExample(literal: "9223372036854775808", value: .number("9223372036854775808")),
    NumberExample(literal: "-9223372036854775809", value: .number("-9223372036854775809")),
    NumberExample(literal: "99999999999999999999", value: .number("99999999999999999999")),
    NumberExample(literal: "18446744073709551616", value: .number("18446744073709551616")),
    // Fractions, exponents and negative zero: text, written back exactly as they came.
    NumberExample(literal: "-0", value: .number("-0")),
    NumberExample(literal: "-0.0", value: .number("-0.0")),
    NumberExample(literal: "1.0", value: .number("1.0")),
    NumberExample(literal: "1.5", value: .number("1.5")),
    NumberExample(literal: "1e3", value: .number("1e3")),
    NumberExample(literal: "1E+3", value: .number("1E+3")),
    NumberExample(literal: "2.50e-007", value: .number("2.50e-007")),
    NumberExample(literal: "1e400", value: .number("1e400")),
    NumberExample(literal: "0.1000000000000000000000000001", value: .number("0.1000000000000000000000000001")),
  ]

  @Test(arguments: examples)
  func readsExactly(_ example: NumberExample) throws {
    #expect(try JSONReader.parse(example.literal) == example.value)
  }

  @Test(arguments: examples)
  func writesBackIdentically(_ example: NumberExample) throws {
    #expect(JSONWriter.string(try JSONReader.parse(example.literal)) == example.literal)
    #expect(JSONWriter.string(try JSONReader.parse("[\(example.literal)]")) == "[\(example.literal)]")
  }

  @Test func keepsIntegerAndTextNumbersApart() {
    // `1.0` is not the integer 1: a conformance tool reports the difference, it does not hide it.
    #expect(JSONValue.number("1.0") != .int(1))
    #expect(JSONValue.number("-0") != .int(0))
    #expect(JSONValue.number("1.0") != .number("1.00"))
  }
}

@Suite struct JSONStringIdentityTests {
  /// U+00E9 and U+0065 U+0301: equal to Swift (canonical equivalence), different to JSON.
  static let composed = "\u{E9}"
  static let decomposed = "e\u{301}"

  @Test func swiftCallsThemEqual() {
    // The trap this layer avoids: without it these would compare equal.
    #expect(Self.composed == Self.decomposed)
  }

  @Test func differentScalarsAreDifferentValues() {
    #expect(JSONValue.string(Self.composed) != .string(Self.decomposed))
    #expect(Set<JSONValue>([.string(Self.composed), .string(Self.decomposed)]).count == 2)
  }

  @Test func differentScalarsAreDifferentKeys() throws {
    let object = JSONObject(
      uniqueKeysWithValues: [(Self.composed, .int(1)), (Self.decomposed, .int(2))] as [(String, JSONValue)])
    #expect(object.count == 2)
    #expect(object[Self.composed] == 1)
    #expect(object[Self.decomposed] == 2)
    let parsed = try JSONReader.parse(#"{"\#(Self.decomposed)":2,"\#(Self.composed)":1}"#)
    #expect(parsed == .object(object))
    #expect(parsed[Self.composed] == 1)
    #expect(parsed[Self.decomposed] == 2)
  }

  @Test func objectsWithDifferentKeysDiffer() {
    #expect(JSONValue.object([Self.composed: 1]) != .object([Self.decomposed: 1]))
  }
}

@Suite struct JSONValueAccessorTests {
  @Test func accessorsReturnOnlyTheirOwnCase() {
    let value: JSONValue = ["n": 1, "s": "x", "b": true, "a": [1], "o": [:], "z": nil, "f": .number("1.5")]
    #expect(value["n"]?.intValue == 1)
    #expect(value["s"]?.stringValue == "x")
    #expect(value["b"]?.boolValue == true)
    #expect(value["a"]?.arrayValue == [1])
    #expect(value["o"]?.objectValue == JSONObject())
    #expect(value["z"]?.isNull == true)
    #expect(value["f"]?.intValue == nil)
    #expect(value["s"]?.intValue == nil)
    #expect(value["missing"] == nil)
    #expect(JSONValue.int(1)["n"] == nil)
  }

  @Test func optionalsBecomeNull() {
    #expect(JSONValue(nil as String?) == .null)
    #expect(JSONValue("x" as String?) == .string("x"))
    #expect(JSONValue(nil as Int64?) == .null)
    #expect(JSONValue(7 as Int64?) == .int(7))
  }

  @Test func typeNamesReadInAMessage() {
    let names = ([nil, true, 1, .number("1.5"), "s", [], [:]] as [JSONValue]).map(\.typeName)
    #expect(names == ["null", "a boolean", "a number", "a number", "a string", "an array", "an object"])
  }
}
