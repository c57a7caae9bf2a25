import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// The JSON Schema subset: what it refuses to read, and the problems it finds in instances.
@Suite struct JSONSchemaTests {
  /// The schema in `text`, declared draft 2020-12 unless it declares something itself.
  static func schema(_ text: String) throws -> JSONSchema {
    var value = try JSONReader.parse(text)
    if case .object(var object) = value, object["$schema"] == nil {
      object["$schema"] = .string(JSONSchema.draft)
      value = .object(object)
    }
    return try JSONSchema(value)
  }

  /// The problems of the instance in `text` against the schema in `schema`, as `pointer: message`.
  static func problems(_ schema: String, _ text: String, limit: Int = 10) throws -> [String] {
    try Self.schema(schema).problems(of: JSONReader.parse(text), limit: limit).map(\.description)
  }

  /// The problem the schema in `text` is refused with, nil when it is read.
  static func refusal(_ text: String) throws -> JSONSchema.Problem? {
    do {
      _ = try schema(text)
      return nil
    } catch let problem as JSONSchema.Problem {
      return problem
    }
  }

  // MARK: Reading schemas

  @Test func readsTheSubsetWithAnnotations() throws {
    let text = """
      {"$id": "https://example.com/config", "title": "config", "description": "d", "$comment": "c",
       "examples": [{}], "default": {}, "type": "object", "required": ["userId"],
       "properties": {"userId": {"type": "integer", "minimum": 1, "maximum": 9, "exclusiveMinimum": 0,
         "exclusiveMaximum": 10}, "name": {"type": ["string", "null"], "minLength": 1, "maxLength": 9},
         "kind": {"enum": ["a", "b"]}, "version": {"const": 2}, "tags": {"type": "array",
         "items": {"type": "string"}, "minItems": 0, "maxItems": 3, "uniqueItems": true},
         "either": {"anyOf": [true, {"type": "null"}]}, "one": {"oneOf": [{"type": "null"}]},
         "all": {"allOf": [{}]}, "never": {"not": {"type": "null"}}},
       "additionalProperties": false}
      """
    #expect(try Self.refusal(text) == nil)
  }

  @Test func refusesDraft07() throws {
    let problem = try #require(try Self.refusal(#"{"$schema": "http://json-schema.org/draft-07/schema#", "type": "integer"}"#))
    #expect(problem.pointer == "/$schema")
    #expect(problem.message.contains("draft 2020-12 only"))
    #expect(problem.message.contains("draft-07"))
    #expect(problem.message.contains(#"write "$schema": "https://json-schema.org/draft/2020-12/schema""#))
  }

  @Test func refusesAMissingSchemaURI() throws {
    let problem = try #require(throws: JSONSchema.Problem.self) { try JSONSchema(["type": "integer"]) }
    #expect(problem.pointer == "")
    #expect(problem.message.contains("missing \"$schema\""))
    #expect(problem.message.contains(JSONSchema.draft))
    #expect(problem.description.hasPrefix("/: missing"))
  }

  @Test func refusesASchemaURIBelowTheRoot() throws {
    let problem = try #require(try Self.refusal(#"{"items": {"$schema": "https://json-schema.org/draft/2020-12/schema"}}"#))
    #expect(problem.pointer == "/items/$schema")
    #expect(problem.message.contains("root only"))
  }

  /// A schema, the pointer of its bad part, and words its message holds.
  struct Refusal: Sendable, CustomTestStringConvertible {
    var schema: String
    var pointer: String
    var words: [String]

    var testDescription: String { schema }
  }

  static let refusals: [Refusal] = [
    Refusal(
      schema: #"{"properties": {"name": {"type": "string", "pattern": "^a"}}}"#, pointer: "/properties/name/pattern",
      words: ["unsupported keyword \"pattern\"", "minLength", "additionalProperties"]),
    Refusal(
      schema: ##"{"properties": {"a": {"$ref": "#/$defs/a"}}}"##, pointer: "/properties/a/$ref", words: ["unsupported", "$ref"]),
    Refusal(schema: #"{"$defs": {}}"#, pointer: "/$defs", words: ["unsupported", "$defs"]),
    Refusal(schema: #"{"prefixItems": [true]}"#, pointer: "/prefixItems", words: ["unsupported"]),
    Refusal(schema: #"{"properties": {"a/b": {"format": "date"}}}"#, pointer: "/properties/a~1b/format", words: ["unsupported"]),
    Refusal(
      schema: #"{"properties": {"userId": {"minimum": 1.5}}}"#, pointer: "/properties/userId/minimum",
      words: ["must be an integer", "1.5", "bounds are integers"]),
    Refusal(
      schema: #"{"properties": {"userId": {"minimum": "3"}}}"#, pointer: "/properties/userId/minimum",
      words: ["must be an integer", "a string (\"3\")"]),
    Refusal(schema: #"{"exclusiveMaximum": 2e3}"#, pointer: "/exclusiveMaximum", words: ["must be an integer"]),
    Refusal(schema: #"{"type": "integr"}"#, pointer: "/type", words: ["\"integr\" is not a JSON Schema type", "integer"]),
    Refusal(schema: #"{"type": ["string", "string"]}"#, pointer: "/type/1", words: ["twice"]),
    Refusal(schema: #"{"type": []}"#, pointer: "/type", words: ["empty"]),
    Refusal(schema: #"{"required": "a"}"#, pointer: "/required", words: ["array of strings"]),
    Refusal(schema: #"{"required": ["a", "a"]}"#, pointer: "/required/1", words: ["distinct"]),
    Refusal(schema: #"{"enum": []}"#, pointer: "/enum", words: ["non-empty array"]),
    Refusal(schema: #"{"minLength": -1}"#, pointer: "/minLength", words: ["non-negative integer"]),
    Refusal(schema: #"{"uniqueItems": "yes"}"#, pointer: "/uniqueItems", words: ["boolean"]),
    Refusal(schema: #"{"items": [{"type": "string"}]}"#, pointer: "/items", words: ["object or a boolean", "an array"]),
    Refusal(schema: #"{"anyOf": []}"#, pointer: "/anyOf", words: ["non-empty array of schemas"]),
    Refusal(schema: #"{"oneOf": [{"maximum": 1.0}]}"#, pointer: "/oneOf/0/maximum", words: ["must be an integer"]),
    Refusal(
      schema: #"{"additionalProperties": {"minItems": 1.0}}"#, pointer: "/additionalProperties/minItems", words: ["integer"]),
    Refusal(schema: #"{"title": 3}"#, pointer: "/title", words: ["a string"]),
  ]

  @Test(arguments: refusals)
  func refusesWithThePointer(_ refusal: Refusal) throws {
    let problem = try #require(try Self.refusal(refusal.schema))
    #expect(problem.pointer == refusal.pointer)
    for word in refusal.words { #expect(problem.message.contains(word), "\(problem.message)") }
  }

  @Test func refusesARootThatIsNotAnObject() {
    #expect(
      throws: JSONSchema.Problem(
        pointer: "",
        message: #"a schema's root must be an object; write "$schema": "https://json-schema.org/draft/2020-12/schema""#)
    ) {
      try JSONSchema(true)
    }
  }

  // MARK: Types

  @Test func anIntegerIsAnIntegerLiteralOnly() throws {
    let integer = #"{"type": "integer"}"#
    #expect(try Self.problems(integer, "2000") == [])
    #expect(try Self.problems(integer, "-9223372036854775808") == [])
    let fraction = try Self.problems(integer, "2000.0")
    #expect(fraction.count == 1)
    #expect(fraction.first?.hasPrefix("/: expected an integer, found a number (2000.0)") == true)
    #expect(try Self.problems(integer, "2e3").first?.contains("without a fraction or exponent") == true)
    #expect(try Self.problems(integer, "99999999999999999999").first?.contains("fits in 64 bits") == true)
    let number = #"{"type": "number"}"#
    #expect(try Self.problems(number, "2000") == [])
    #expect(try Self.problems(number, "2000.0") == [])
    #expect(try Self.problems(number, "\"2000\"") == [#"/: expected a number, found a string ("2000")"#])
  }

  @Test func namesTheTypeFoundAtTheNestedPointer() throws {
    let schema = #"{"properties": {"config": {"properties": {"winThreshold": {"type": "integer"}}}}}"#
    #expect(
      try Self.problems(schema, #"{"config": {"winThreshold": "3"}}"#) == [
        #"/config/winThreshold: expected an integer, found a string ("3")"#
      ])
    #expect(try Self.problems(schema, #"{"config": {"winThreshold": 3}}"#) == [])
    let several = #"{"type": ["integer", "string", "null"]}"#
    #expect(try Self.problems(several, "null") == [])
    #expect(try Self.problems(several, "[1]") == ["/: expected an integer, a string or null, found an array"])
    #expect(try Self.problems(#"{"type": "boolean"}"#, "{}") == ["/: expected a boolean, found an object"])
    #expect(try Self.problems(#"{"type": "object"}"#, "false") == ["/: expected an object, found a boolean (false)"])
  }

  @Test func aWrongTypeGivesOneProblem() throws {
    #expect(
      try Self.problems(#"{"type": "string", "enum": ["a"], "const": "a"}"#, "1") == [
        #"/: expected a string, found a number (1)"#
      ])
  }

  // MARK: Values

  @Test func enumComparesStringsByScalars() throws {
    let composed = "\u{E9}"
    let decomposed = "e\u{301}"
    let schema = #"{"enum": ["\#(composed)", 1]}"#
    #expect(try Self.problems(schema, "\"\(composed)\"") == [])
    #expect(try Self.problems(schema, "1") == [])
    #expect(
      try Self.problems(schema, "\"\(decomposed)\"") == ["/: \"\(decomposed)\" is not one of the enum values \"\(composed)\", 1"])
    #expect(try Self.problems(schema, "1.0").first?.contains("not one of the enum values") == true)
  }

  @Test func constComparesStructurally() throws {
    #expect(try Self.problems(#"{"const": 2}"#, "2") == [])
    #expect(try Self.problems(#"{"const": 2}"#, "2.0") == ["/: expected the const 2, found 2.0"])
    #expect(try Self.problems(#"{"const": 2.0}"#, "2.0") == [])
    let object = #"{"const": {"a": [1, "x"], "b": null}}"#
    #expect(try Self.problems(object, #"{"b": null, "a": [1, "x"]}"#) == [])
    #expect(try Self.problems(object, #"{"a": [1, "x"]}"#).count == 1)
    #expect(try Self.problems(object, #"{"a": [1, "x"], "b": null, "c": 1}"#).count == 1)
  }

  @Test func boundsAreExactForIntegersAndThroughDoubleForOtherNumbers() throws {
    let schema = #"{"properties": {"percent": {"minimum": 0, "maximum": 100}}}"#
    #expect(try Self.problems(schema, #"{"percent": 100}"#) == [])
    #expect(try Self.problems(schema, #"{"percent": 0}"#) == [])
    #expect(try Self.problems(schema, #"{"percent": 101}"#) == ["/percent: 101 is above the maximum 100"])
    #expect(try Self.problems(schema, #"{"percent": -1}"#) == ["/percent: -1 is below the minimum 0"])
    #expect(try Self.problems(schema, #"{"percent": 99.5}"#) == [])
    #expect(try Self.problems(schema, #"{"percent": 100.5}"#) == ["/percent: 100.5 is above the maximum 100"])
    #expect(try Self.problems(schema, #"{"percent": 1e3}"#) == ["/percent: 1e3 is above the maximum 100"])
    #expect(try Self.problems(schema, #"{"percent": "200"}"#) == [])
    let exclusive = #"{"exclusiveMinimum": 0, "exclusiveMaximum": 9223372036854775807}"#
    #expect(try Self.problems(exclusive, "1") == [])
    #expect(try Self.problems(exclusive, "0") == ["/: 0 is not above the exclusiveMinimum 0"])
    #expect(try Self.problems(exclusive, "9223372036854775806") == [])
    #expect(
      try Self.problems(exclusive, "9223372036854775807") == [
        "/: 9223372036854775807 is not below the exclusiveMaximum 9223372036854775807"
      ])
  }

  @Test func lengthsCountScalars() throws {
    let decomposed = "e\u{301}"
    #expect(try Self.problems(#"{"maxLength": 1}"#, "\"\u{E9}\"") == [])
    #expect(
      try Self.problems(#"{"maxLength": 1}"#, "\"\(decomposed)\"") == [
        "/: \"\(decomposed)\" is 2 code points long, above the maxLength 1"
      ])
    #expect(try Self.problems(#"{"minLength": 2}"#, "\"\(decomposed)\"") == [])
    #expect(
      try Self.problems(#"{"minLength": 2}"#, "\"\u{E9}\"") == ["/: \"\u{E9}\" is 1 code point long, below the minLength 2"])
    #expect(try Self.problems(#"{"minLength": 1}"#, "\"😀\"") == [])
  }

  // MARK: Objects and arrays

  @Test func requiredAndAdditionalProperties() throws {
    let schema =
      #"{"type": "object", "required": ["userId", "name"], "properties": {"userId": {"type": "integer"}, "name": true}, "additionalProperties": false}"#
    #expect(try Self.problems(schema, #"{"userId": 1, "name": "x"}"#) == [])
    #expect(try Self.problems(schema, #"{"name": "x"}"#) == [#"/: missing required field "userId""#])
    #expect(
      try Self.problems(schema, #"{"userId": 1, "name": "x", "extra": 1, "a/b~": 2}"#) == [
        "/a~1b~0: not allowed: the schema's additionalProperties is false",
        "/extra: not allowed: the schema's additionalProperties is false",
      ])
    // A field named with a decomposed é is not the field named with a precomposed one.
    let accented = #"{"required": ["caf\u00e9"]}"#
    #expect(try Self.problems(accented, "{\"cafe\u{301}\": 1}") == ["/: missing required field \"caf\u{E9}\""])
    let typed = #"{"properties": {"a": {}}, "additionalProperties": {"type": "string"}}"#
    #expect(try Self.problems(typed, #"{"a": 1, "b": "x"}"#) == [])
    #expect(try Self.problems(typed, #"{"a": 1, "b": 2}"#) == ["/b: expected a string, found a number (2)"])
    #expect(
      try Self.problems(#"{"additionalProperties": false}"#, #"{"b": 2}"#) == [
        "/b: not allowed: the schema's additionalProperties is false"
      ])
    #expect(
      try Self.problems(#"{"properties": {"gone": false}}"#, #"{"gone": 2}"#) == ["/gone: not allowed: the schema here is false"])
  }

  @Test func nestedArraysOfObjects() throws {
    let schema = """
      {"type": "object", "properties": {"teams": {"type": "array", "minItems": 1, "items": {
        "type": "object", "required": ["name"], "additionalProperties": false, "properties": {
          "name": {"type": "string", "minLength": 1},
          "players": {"type": "array", "maxItems": 2, "uniqueItems": true, "items": {"type": "integer"}}}}}}}
      """
    #expect(try Self.problems(schema, #"{"teams": [{"name": "a", "players": [1, 2]}, {"name": "b"}]}"#) == [])
    #expect(
      try Self.problems(schema, #"{"teams": [{"name": "a", "players": [1, "2"]}, {"players": [3, 3, 3], "nick": "c"}]}"#) == [
        #"/teams/0/players/1: expected an integer, found a string ("2")"#,
        #"/teams/1: missing required field "name""#,
        "/teams/1/nick: not allowed: the schema's additionalProperties is false",
        "/teams/1/players: has 3 items, above the maxItems 2",
        "/teams/1/players: items 0 and 1 are equal, but uniqueItems is true",
      ])
    #expect(try Self.problems(schema, #"{"teams": []}"#) == ["/teams: has 0 items, below the minItems 1"])
  }

  @Test func uniqueItemsComparesStructurally() throws {
    let unique = #"{"uniqueItems": true}"#
    #expect(try Self.problems(unique, #"[1, 1.0, "\u00e9", "e\u0301", {"a": 1}, {"a": 2}]"#) == [])
    #expect(
      try Self.problems(unique, #"[{"a": 1, "b": 2}, 0, {"b": 2, "a": 1}]"#) == [
        "/: items 0 and 2 are equal, but uniqueItems is true"
      ])
    #expect(try Self.problems(#"{"uniqueItems": false}"#, "[1, 1]") == [])
  }

  // MARK: Combinators

  @Test func oneOfMatchingTwoBranchesIsAProblem() throws {
    let schema = #"{"oneOf": [{"type": "integer"}, {"type": "number", "minimum": 0}, {"type": "string"}]}"#
    #expect(try Self.problems(schema, "-1") == [])
    #expect(try Self.problems(schema, "\"x\"") == [])
    #expect(try Self.problems(schema, "3") == ["/: matches the oneOf schemas 0 and 1, but must match exactly one"])
    #expect(
      try Self.problems(schema, "null") == ["/: matches none of the oneOf schemas (schema 0: /: expected an integer, found null)"]
    )
  }

  @Test func anyOfReportsTheFirstBranchsFirstProblem() throws {
    let schema = #"{"properties": {"id": {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "string", "minLength": 1}]}}}"#
    #expect(try Self.problems(schema, #"{"id": 3}"#) == [])
    #expect(try Self.problems(schema, #"{"id": "x"}"#) == [])
    #expect(
      try Self.problems(schema, #"{"id": 0}"#) == [
        "/id: matches none of the anyOf schemas (schema 0: /id: 0 is below the minimum 1)"
      ])
    #expect(
      try Self.problems(schema, #"{"id": ""}"#).first?.hasPrefix(
        "/id: matches none of the anyOf schemas (schema 0: /id: expected an integer") == true)
  }

  @Test func allOfAndNot() throws {
    let schema = #"{"allOf": [{"type": "integer"}, {"maximum": 5}], "not": {"const": 3}}"#
    #expect(try Self.problems(schema, "4") == [])
    #expect(try Self.problems(schema, "6") == ["/: 6 is above the maximum 5"])
    #expect(try Self.problems(schema, "3") == [#"/: matches the schema under "not", which it must not"#])
    #expect(
      try Self.problems(schema, "3.5") == [
        "/: expected an integer, found a number (3.5): an integer is written without a fraction or exponent and fits in 64 bits"
      ])
  }

  @Test func stopsAtTheLimit() throws {
    let schema = #"{"items": {"type": "string"}}"#
    #expect(try Self.problems(schema, "[1, 2, 3, 4]").count == 4)
    #expect(
      try Self.problems(schema, "[1, 2, 3, 4]", limit: 2) == [
        "/0: expected a string, found a number (1)", "/1: expected a string, found a number (2)",
      ])
    #expect(try Self.problems(schema, "[1]", limit: 0) == [])
  }

  @Test func describesProblemsWithTheirPointer() {
    #expect(JSONSchema.Problem(pointer: "", message: "m").description == "/: m")
    #expect(JSONSchema.Problem(pointer: "/a", message: "m").description == "/a: m")
  }
}
