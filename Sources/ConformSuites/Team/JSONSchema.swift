import ConformJSON

/// A JSON Schema (draft 2020-12) of the subset conform reads: a value's `type`, its allowed values
/// (`enum`, `const`), integer bounds (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`),
/// string lengths (`minLength`, `maxLength`), an object's fields (`properties`, `required`,
/// `additionalProperties`), an array's items (`items`, `minItems`, `maxItems`, `uniqueItems`) and
/// the combinators `allOf`, `anyOf`, `oneOf` and `not`; a subschema may also be `true` or `false`.
///
/// Anything else (`pattern`, `$ref`, `$defs`, `prefixItems`, …) is refused when the schema is read:
/// refusing beats silently ignoring. The annotations `$id`, `title`, `description`, `$comment`,
/// `examples` and `default` are accepted and ignored, and the root must declare
/// `"$schema": "https://json-schema.org/draft/2020-12/schema"`.
///
/// Where conform differs from the specification, on purpose:
/// - `integer` matches only an integer literal that fits in 64 bits (`JSONValue.int`): `2000.0`,
///   `2e3` and `99999999999999999999` are numbers, not integers (the specification counts `2000.0`).
/// - `enum`, `const` and `uniqueItems` compare numbers by their literal: `2` and `2.0` differ.
///   Strings compare by their Unicode scalars, so `"é"` and `"e\u{301}"` differ, as the spec says.
/// - Bounds must be integers. An integer instance is compared exactly; any other number is
///   compared through `Double(literal)`, so precision beyond 2^53 is lost.
package struct JSONSchema: Sendable {
  /// A problem with a schema or with an instance: where, as a JSON pointer, and what.
  package struct Problem: Error, Equatable, CustomStringConvertible {
    /// The JSON pointer of the bad part ("" for the whole value), `~` and `/` escaped as `~0`, `~1`.
    package var pointer: String
    /// What is wrong, for people: lower-case, no final stop.
    package var message: String

    /// A problem at `pointer`.
    package init(pointer: String, message: String) {
      (self.pointer, self.message) = (pointer, message)
    }

    /// `/config/winThreshold: expected an integer, found a string ("3")`.
    package var description: String { "\(pointer.isEmpty ? "/" : pointer): \(message)" }
  }

  /// The only `$schema` URI conform reads.
  package static let draft = "https://json-schema.org/draft/2020-12/schema"

  /// The keywords that check something, in the order their checks run.
  static let keywords = [
    "type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength",
    "required", "properties", "additionalProperties", "items", "minItems", "maxItems", "uniqueItems",
    "allOf", "anyOf", "oneOf", "not",
  ]

  /// The keywords accepted and ignored (`$schema` at the root only).
  static let annotations = ["$schema", "$id", "title", "description", "$comment", "examples", "default"]

  private let root: Node

  /// Parses `value` as a schema.
  ///
  /// Throws a problem naming the JSON pointer of the bad part (`/properties/userId/minimum`) when the
  /// root does not declare draft 2020-12, a keyword is outside the subset, or a keyword's value has
  /// the wrong shape.
  package init(_ value: JSONValue) throws(Problem) {
    let write = "write \"$schema\": \"\(Self.draft)\""
    guard case .object(let object) = value else {
      throw Problem(pointer: "", message: "a schema's root must be an object; \(write)")
    }
    guard let declared = object["$schema"] else {
      throw Problem(pointer: "", message: "missing \"$schema\"; conform reads JSON Schema draft 2020-12: \(write)")
    }
    guard declared == .string(Self.draft) else {
      throw Problem(
        pointer: "/$schema",
        message: "conform reads JSON Schema draft 2020-12 only, found \(Self.describe(declared)): \(write)")
    }
    root = try Self.parse(value, at: "", isRoot: true)
  }

  /// The problems of `instance` against the schema, first ones first, at most `limit`; empty when
  /// it is valid.
  ///
  /// Checks run in the order of `keywords`, an object's members in key order, an array's items in
  /// order. A value of the wrong `type` gets that one problem, none from its node's other keywords.
  package func problems(of instance: JSONValue, limit: Int = 10) -> [Problem] {
    var report = Report(limit: limit, describes: true)
    var pointer = Pointer()
    Self.check(root, instance, at: &pointer, into: &report)
    return report.problems
  }
}

// MARK: - The parsed schema

extension JSONSchema {
  /// A JSON type a `type` keyword names.
  private enum Kind: String, CaseIterable, Sendable {
    case null, boolean, integer, number, string, array, object

    /// Whether `value` is of this type; `integer` is `JSONValue.int` only.
    func matches(_ value: JSONValue) -> Bool {
      switch (self, value) {
      case (.null, .null), (.boolean, .bool), (.integer, .int), (.number, .int), (.number, .number),
        (.string, .string), (.array, .array), (.object, .object):
        true
      default: false
      }
    }

    /// "an integer", for messages.
    var phrase: String {
      switch self {
      case .null: "null"
      case .integer, .array, .object: "an \(rawValue)"
      default: "a \(rawValue)"
      }
    }
  }

  /// One check a schema node makes.
  private enum Rule: Sendable {
    /// The `false` schema: nothing is valid.
    case never
    case type([Kind])
    case oneOfValues([JSONValue])
    case constant(JSONValue)
    /// A numeric bound: its keyword and value.
    case bound(String, Int64)
    /// `minLength`, `maxLength`, `minItems` or `maxItems`, and its value.
    case size(String, Int)
    case required([String])
    /// `properties` and `additionalProperties` (nil: any other member is allowed).
    case members([(name: String, node: Node)], additional: Node?)
    case items(Node)
    case uniqueItems
    case allOf([Node]), anyOf([Node]), oneOf([Node])
    case not(Node)
  }

  /// One schema, as the checks its keywords make (none for `true`).
  private struct Node: Sendable {
    var rules: [Rule]

    /// Whether this is the `false` schema.
    var isFalse: Bool {
      if rules.count == 1, case .never = rules[0] { return true }
      return false
    }
  }

  /// The problems found so far, and how many are wanted.
  private struct Report {
    var problems: [Problem] = []
    /// How many problems were found: all of them are in `problems` when `describes`.
    var found = 0
    let limit: Int
    /// Whether problems are described; a branch of `anyOf`, `oneOf` or `not` is first only
    /// tried, and described only when the whole fails (most values pass).
    let describes: Bool

    var isFull: Bool { found >= limit }

    mutating func add(_ pointer: Pointer, _ message: @autoclosure () -> String) {
      guard !isFull else { return }
      found += 1
      if describes { problems.append(.init(pointer: pointer.text, message: message())) }
    }
  }

  /// Where a check is in the instance, as the member names and item indices leading there: its
  /// text is made only for a problem (checking a large table passes through every member).
  private struct Pointer {
    enum Token {
      case name(String)
      case index(Int)
    }

    var tokens: [Token] = []

    /// `/items/0/name`, each name escaped (`~` as `~0`, `/` as `~1`); "" for the whole value.
    var text: String {
      tokens.map { token in
        switch token {
        case .name(let name): "/" + JSONSchema.escape(name)
        case .index(let index): "/\(index)"
        }
      }.joined()
    }
  }
}

// MARK: - Parsing

extension JSONSchema {
  /// The node the schema `value` at `pointer` makes, its checks in the order of `keywords`.
  private static func parse(_ value: JSONValue, at pointer: String, isRoot: Bool = false) throws(Problem) -> Node {
    let object: JSONObject
    switch value {
    case .bool(let accepts): return Node(rules: accepts ? [] : [.never])
    case .object(let members): object = members
    default: throw Problem(pointer: pointer, message: "a schema must be an object or a boolean, found \(describe(value))")
    }
    for key in object.keys where !(keywords + annotations).contains(where: { same($0, key) }) {
      let supported = keywords.joined(separator: ", ")
      throw Problem(
        pointer: pointer + "/" + escape(key),
        message: "unsupported keyword \"\(key)\": conform reads only \(supported) (and the annotations "
          + "\(annotations.joined(separator: ", ")))")
    }
    if !isRoot, object["$schema"] != nil {
      throw Problem(pointer: pointer + "/$schema", message: "\"$schema\" belongs at the root only")
    }
    for key in ["$id", "title", "description", "$comment"] {
      if let text = object[key], text.stringValue == nil { throw shape(key, "a string", text, pointer) }
    }
    if let examples = object["examples"], examples.arrayValue == nil {
      throw shape("examples", "an array", examples, pointer)
    }
    var rules: [Rule] = []
    for key in keywords {
      guard let value = object[key] else { continue }
      let at = pointer + "/" + key
      switch key {
      case "type": rules.append(.type(try kinds(value, at: at)))
      case "enum":
        guard let values = value.arrayValue, !values.isEmpty else { throw shape(key, "a non-empty array", value, pointer) }
        rules.append(.oneOfValues(values))
      case "const": rules.append(.constant(value))
      case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
        guard case .int(let bound) = value else {
          let fraction = if case .number = value { ": conform's bounds are integers" } else { "" }
          throw Problem(pointer: at, message: "\(key) must be an integer, found \(describe(value))\(fraction)")
        }
        rules.append(.bound(key, bound))
      case "minLength", "maxLength", "minItems", "maxItems":
        guard case .int(let size) = value, size >= 0 else { throw shape(key, "a non-negative integer", value, pointer) }
        rules.append(.size(key, Int(clamping: size)))
      case "required":
        guard let names = value.arrayValue else { throw shape(key, "an array of strings", value, pointer) }
        var seen: [String] = []
        for (index, name) in names.enumerated() {
          guard let text = name.stringValue, !seen.contains(where: { same($0, text) }) else {
            throw Problem(pointer: "\(at)/\(index)", message: "required must list distinct strings, found \(describe(name))")
          }
          seen.append(text)
        }
        rules.append(.required(seen))
      case "properties":
        guard let fields = value.objectValue else { throw shape(key, "an object of schemas", value, pointer) }
        var members: [(name: String, node: Node)] = []
        for (name, schema) in fields.members { members.append((name, try parse(schema, at: at + "/" + escape(name)))) }
        let additional = try object["additionalProperties"].map { (schema) throws(Problem) in
          try parse(schema, at: pointer + "/additionalProperties")
        }
        rules.append(.members(members, additional: additional))
      case "additionalProperties":
        if object["properties"] == nil { rules.append(.members([], additional: try parse(value, at: at))) }
      case "items": rules.append(.items(try parse(value, at: at)))
      case "uniqueItems":
        guard let unique = value.boolValue else { throw shape(key, "a boolean", value, pointer) }
        if unique { rules.append(.uniqueItems) }
      case "allOf": rules.append(.allOf(try branches(value, key, pointer)))
      case "anyOf": rules.append(.anyOf(try branches(value, key, pointer)))
      case "oneOf": rules.append(.oneOf(try branches(value, key, pointer)))
      default: rules.append(.not(try parse(value, at: at)))
      }
    }
    return Node(rules: rules)
  }

  /// The types a `type` keyword names: one string or a non-empty array of distinct ones.
  private static func kinds(_ value: JSONValue, at pointer: String) throws(Problem) -> [Kind] {
    func kind(_ name: JSONValue, at pointer: String) throws(Problem) -> Kind {
      let names = Kind.allCases.map(\.rawValue).joined(separator: ", ")
      guard let text = name.stringValue, let kind = Kind.allCases.first(where: { same($0.rawValue, text) }) else {
        throw Problem(pointer: pointer, message: "\(JSONWriter.string(name)) is not a JSON Schema type; write one of \(names)")
      }
      return kind
    }
    guard case .array(let names) = value else { return [try kind(value, at: pointer)] }
    guard !names.isEmpty else { throw Problem(pointer: pointer, message: "type must not be an empty array") }
    var kinds: [Kind] = []
    for (index, name) in names.enumerated() {
      let next = try kind(name, at: "\(pointer)/\(index)")
      guard !kinds.contains(next) else { throw Problem(pointer: "\(pointer)/\(index)", message: "type lists \(next) twice") }
      kinds.append(next)
    }
    return kinds
  }

  /// The schemas of an `allOf`, `anyOf` or `oneOf`: a non-empty array.
  private static func branches(_ value: JSONValue, _ key: String, _ pointer: String) throws(Problem) -> [Node] {
    guard let schemas = value.arrayValue, !schemas.isEmpty else {
      throw shape(key, "a non-empty array of schemas", value, pointer)
    }
    var nodes: [Node] = []
    for (index, schema) in schemas.enumerated() { nodes.append(try parse(schema, at: "\(pointer)/\(key)/\(index)")) }
    return nodes
  }

  /// "`key` must be `expected`, found …", at the keyword's pointer.
  private static func shape(_ key: String, _ expected: String, _ value: JSONValue, _ pointer: String) -> Problem {
    Problem(pointer: pointer + "/" + escape(key), message: "\(key) must be \(expected), found \(describe(value))")
  }
}

// MARK: - Checking

extension JSONSchema {
  /// Adds the problems of `value`, found at `pointer`, against `node` to `report`, until it is full.
  private static func check(_ node: Node, _ value: JSONValue, at pointer: inout Pointer, into report: inout Report) {
    for rule in node.rules {
      if report.isFull { return }
      switch rule {
      case .never: report.add(pointer, "not allowed: the schema here is false")
      case .type(let kinds):
        guard !kinds.contains(where: { $0.matches(value) }) else { continue }
        report.add(pointer, wrongType(value, kinds))
        return
      case .oneOfValues(let values) where !values.contains(value):
        let listed = values.prefix(10).map(JSONWriter.string).joined(separator: ", ") + (values.count > 10 ? ", …" : "")
        report.add(pointer, "\(short(value)) is not one of the enum values \(listed)")
      case .constant(let constant) where constant != value:
        report.add(pointer, "expected the const \(short(constant)), found \(short(value))")
      case .bound(let keyword, let bound):
        guard let order = compare(value, bound) else { continue }
        let failure: String? =
          switch keyword {
          case "minimum": order < 0 ? "is below the minimum" : nil
          case "maximum": order > 0 ? "is above the maximum" : nil
          case "exclusiveMinimum": order <= 0 ? "is not above the exclusiveMinimum" : nil
          default: order >= 0 ? "is not below the exclusiveMaximum" : nil
          }
        if let failure { report.add(pointer, "\(JSONWriter.string(value)) \(failure) \(bound)") }
      case .size(let keyword, let limit):
        let size: Int? =
          switch (value, keyword.hasSuffix("Length")) {
          case (.string(let text), true): text.unicodeScalars.count
          case (.array(let items), false): items.count
          default: nil
          }
        guard let size, keyword.hasPrefix("max") ? size > limit : size < limit else { continue }
        let found =
          value.stringValue == nil ? "has \(plural(size, "item"))" : "\(short(value)) is \(plural(size, "code point")) long"
        report.add(pointer, "\(found), \(size > limit ? "above" : "below") the \(keyword) \(limit)")
      case .required(let names):
        guard let object = value.objectValue else { continue }
        for name in names where object[name] == nil {
          report.add(pointer, "missing required field \(JSONWriter.string(.string(name)))")
        }
      case .members(let properties, let additional):
        guard let object = value.objectValue else { continue }
        for (name, member) in object.members {
          pointer.tokens.append(.name(name))
          defer { pointer.tokens.removeLast() }
          if let property = properties.first(where: { same($0.name, name) }) {
            check(property.node, member, at: &pointer, into: &report)
          } else if let additional, additional.isFalse {
            report.add(pointer, "not allowed: the schema's additionalProperties is false")
          } else if let additional {
            check(additional, member, at: &pointer, into: &report)
          }
        }
      case .items(let schema):
        for (index, item) in (value.arrayValue ?? []).enumerated() {
          pointer.tokens.append(.index(index))
          check(schema, item, at: &pointer, into: &report)
          pointer.tokens.removeLast()
        }
      case .uniqueItems:
        var first: [JSONValue: Int] = [:]
        for (index, item) in (value.arrayValue ?? []).enumerated() {
          if let earlier = first[item] {
            report.add(pointer, "items \(earlier) and \(index) are equal, but uniqueItems is true")
            break
          }
          first[item] = index
        }
      case .allOf(let schemas):
        for schema in schemas { check(schema, value, at: &pointer, into: &report) }
      case .anyOf(let schemas):
        if !schemas.contains(where: { isValid($0, value, at: &pointer) }) {
          report.add(pointer, none("anyOf", schemas.map { firstProblem($0, value, at: &pointer) }))
        }
      case .oneOf(let schemas):
        let matching = schemas.indices.filter { isValid(schemas[$0], value, at: &pointer) }
        if matching.isEmpty { report.add(pointer, none("oneOf", schemas.map { firstProblem($0, value, at: &pointer) })) }
        if matching.count > 1 {
          let list = matching.dropLast().map(String.init).joined(separator: ", ") + " and \(matching.last!)"
          report.add(pointer, "matches the oneOf schemas \(list), but must match exactly one")
        }
      case .not(let schema):
        if isValid(schema, value, at: &pointer) {
          report.add(pointer, "matches the schema under \"not\", which it must not")
        }
      default: continue
      }
    }
  }

  /// The first problem of `value` against `node`, nil when it is valid.
  private static func firstProblem(_ node: Node, _ value: JSONValue, at pointer: inout Pointer) -> Problem? {
    var report = Report(limit: 1, describes: true)
    check(node, value, at: &pointer, into: &report)
    return report.problems.first
  }

  /// Whether `value` is valid against `node`, no problem described.
  private static func isValid(_ node: Node, _ value: JSONValue, at pointer: inout Pointer) -> Bool {
    var report = Report(limit: 1, describes: false)
    check(node, value, at: &pointer, into: &report)
    return report.found == 0
  }

  /// "expected an integer, found a string ("3")".
  private static func wrongType(_ value: JSONValue, _ kinds: [Kind]) -> String {
    let expected = kinds.map(\.phrase)
    var message = "expected \(expected.dropLast().joined(separator: ", "))\(expected.count > 1 ? " or " : "")"
    message += "\(expected.last!), found \(describe(value))"
    if kinds.contains(.integer), case .number = value {
      message += ": an integer is written without a fraction or exponent and fits in 64 bits"
    }
    return message
  }

  /// "matches none of the anyOf schemas (schema 0: /a: expected …)".
  private static func none(_ keyword: String, _ firsts: [Problem?]) -> String {
    "matches none of the \(keyword) schemas (schema 0: \(firsts[0].map(\.description) ?? ""))"
  }

  /// The order of a number against `bound` (negative: below), nil when `value` is not a number.
  private static func compare(_ value: JSONValue, _ bound: Int64) -> Int? {
    switch value {
    case .int(let number): return number < bound ? -1 : number > bound ? 1 : 0
    case .number(let literal):
      guard let number = Double(literal) else { return nil }
      return number < Double(bound) ? -1 : number > Double(bound) ? 1 : 0
    default: return nil
    }
  }
}

// MARK: - Text

extension JSONSchema {
  /// `a string ("3")`, `a number (2000.0)`, `null`, `an array`: a value's type and, when short, its text.
  private static func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .array, .object: value.typeName
    default: "\(value.typeName) (\(short(value)))"
    }
  }

  /// The JSON text of `value`, cut to 60 code points.
  private static func short(_ value: JSONValue) -> String {
    let text = JSONWriter.string(value)
    let scalars = text.unicodeScalars
    guard scalars.count > 60 else { return text }
    var cut = String.UnicodeScalarView(scalars.prefix(59))
    cut.append("…")
    return String(cut)
  }

  /// "1 item", "2 items".
  private static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

  /// Whether two strings hold the same Unicode scalars (Swift's `==` follows canonical equivalence).
  private static func same(_ a: String, _ b: String) -> Bool {
    var (a, b) = (a, b)
    return a.withUTF8 { a in b.withUTF8 { b in a.elementsEqual(b) } }
  }

  /// A JSON pointer token: `~` as `~0`, `/` as `~1`.
  fileprivate static func escape(_ token: String) -> String {
    guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
    var escaped = String.UnicodeScalarView()
    for scalar in token.unicodeScalars {
      switch scalar {
      case "~": escaped.append(contentsOf: "~0".unicodeScalars)
      case "/": escaped.append(contentsOf: "~1".unicodeScalars)
      default: escaped.append(scalar)
      }
    }
    return String(escaped)
  }
}
