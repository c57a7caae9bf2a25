import ConformJSON
import Testing

@testable import ConformFixtures

/// A read through `JSONFields` that must fail, and the exact message it must give.
struct FieldsFailure: Sendable, CustomTestStringConvertible {
  var name: String
  var read: @Sendable (JSONFields) throws -> Void
  var description: String

  var testDescription: String { name }
}

@Suite struct JSONFieldsTests {
  static let answer: JSONValue = [
    "type": "result", "seq": 12, "id": "version-compare/grid/1", "flag": true, "none": nil,
    "big": .number("99999999999999999999"), "items": [1, 2], "output": ["newer": true, "count": "3"],
  ]

  static let failures: [FieldsFailure] = [
    FieldsFailure(name: "missing field", read: { _ = try $0.int("sequence") }, description: #"field "sequence": missing"#),
    FieldsFailure(
      name: "string where an integer is expected", read: { _ = try $0.int("id") },
      description: #"field "id": expected an integer, found a string "version-compare/grid/1""#),
    FieldsFailure(
      name: "integer where a string is expected", read: { _ = try $0.string("seq") },
      description: #"field "seq": expected a string, found a number 12"#),
    FieldsFailure(
      name: "null where a boolean is expected", read: { _ = try $0.bool("none") },
      description: #"field "none": expected a boolean, found null"#),
    FieldsFailure(
      name: "number text is not an integer", read: { _ = try $0.int("big") },
      description: #"field "big": expected an integer, found a number 99999999999999999999"#),
    FieldsFailure(
      name: "optional integer of the wrong type", read: { _ = try $0.optionalInt("flag") },
      description: #"field "flag": expected an integer or null, found a boolean true"#),
    FieldsFailure(
      name: "optional string must still be present", read: { _ = try $0.optionalString("comment") },
      description: #"field "comment": missing"#),
    FieldsFailure(
      name: "array where an object is expected", read: { _ = try $0.fields("items") },
      description: #"field "items": expected an object, found an array"#),
    FieldsFailure(
      name: "nested wrong type names the full path", read: { _ = try $0.fields("output").int("count") },
      description: #"field "output.count": expected an integer, found a string "3""#),
    FieldsFailure(
      name: "nested missing field names the full path", read: { _ = try $0.fields("output").bool("older") },
      description: #"field "output.older": missing"#),
    FieldsFailure(
      name: "unknown field", read: { try $0.rejectUnknown(["type", "seq", "id", "flag", "none", "big", "items"]) },
      description: #"field "output": unknown field"#),
    FieldsFailure(
      name: "unknown nested field", read: { try $0.fields("output").rejectUnknown(["newer"]) },
      description: #"field "output.count": unknown field"#),
  ]

  @Test(arguments: failures)
  func failsWithAnExactMessage(_ failure: FieldsFailure) throws {
    let fields = try JSONFields(Self.answer)
    let error = #expect(throws: JSONShapeError.self) { try failure.read(fields) }
    #expect(error?.description == failure.description)
  }

  @Test func readsEveryTypeExactly() throws {
    let fields = try JSONFields(Self.answer)
    #expect(try fields.int("seq") == 12)
    #expect(try fields.string("type") == "result")
    #expect(try fields.bool("flag") == true)
    #expect(try fields.optionalInt("none") == nil)
    #expect(try fields.optionalInt("seq") == 12)
    #expect(try fields.optionalString("none") == nil)
    #expect(try fields.optionalString("type") == "result")
    #expect(try fields.array("items") == [1, 2])
    #expect(try fields.value("big") == .number("99999999999999999999"))
    #expect(try fields.fields("output").bool("newer") == true)
    try fields.rejectUnknown(["type", "seq", "id", "flag", "none", "big", "items", "output"])
  }

  @Test func topLevelMustBeAnObject() {
    let error = #expect(throws: JSONShapeError.self) { try JSONFields([1, 2]) }
    #expect(error?.description == "expected an object, found an array")
  }

  @Test func unknownMeansDifferentScalarsEvenWhenSwiftCallsThemEqual() throws {
    // "e" + U+0301 is not the known key "é": value("é") would call it missing, so it is unknown.
    let fields = try JSONFields(try JSONReader.parse(#"{"e\u0301":1}"#))
    #expect(throws: JSONShapeError(path: "e\u{301}", message: "unknown field")) { try fields.rejectUnknown(["é"]) }
    #expect(throws: JSONShapeError(path: "é", message: "missing")) { try fields.int("é") }
  }
}
