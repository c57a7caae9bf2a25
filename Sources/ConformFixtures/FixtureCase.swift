import ConformJSON

/// One row of a truth table: an input and the output the spec requires for it.
public struct FixtureCase: Sendable, Equatable {
  /// Stable id, `<suite>/<family>/<name>`, ASCII, used to filter, skip and compare runs.
  public var id: String
  public var suite: String
  /// Families and topics (`seed`, `boundary`, `pitfall`, `grid`, `exhaustive`, ...).
  public var tags: [String]
  /// What the case tests, in one sentence.
  public var note: String
  public var input: JSONValue
  public var expected: JSONValue
  /// The ids of the spec decisions the case exercises (`version-compare/D3`), in the spec's
  /// order: computed from the reference model (`Suite.decisions(for:)`); empty in a table made
  /// before decisions were listed, where the line has no `decisions`.
  public var decisions: [String]
  /// The members of `expected` that may take other values (a random pick the spec allows);
  /// empty: `expected` is the only answer.
  public var varies: OutputVariation

  public init(
    id: String, suite: String, tags: [String], note: String, input: JSONValue, expected: JSONValue, decisions: [String] = [],
    varies: OutputVariation = OutputVariation()
  ) {
    self.id = id
    self.suite = suite
    self.tags = tags
    self.note = note
    self.input = input
    self.expected = expected
    self.decisions = decisions
    self.varies = varies
  }

  /// Whether `output` answers the case: the expected output, or it but for varying members,
  /// each holding one of its allowed values.
  public func accepts(_ output: JSONValue) -> Bool { varies.accepts(output, expected: expected) }
}

/// A case before the reference model has given its expected output.
public struct CaseDraft: Sendable {
  /// The id without the suite prefix: `seed/2.0.10-vs-2.0.9`.
  public var name: String
  public var tags: [String]
  public var note: String
  public var input: JSONValue
  /// The reference model's output for `input`, when the generator ran the model on the typed
  /// input it built `input` from (the same output, without reading `input` back); nil: the suite's
  /// `expected(for:)` gives it.
  public var expected: JSONValue?
  /// The spec's decisions `input` exercises (`Suite.decisions(for:)`), when the generator
  /// computed them from the typed input it built `input` from; nil: the suite's
  /// `decisions(for:)` gives them.
  public var decisions: [Int]?
  /// The members of `expected` that may take other values (a team suite's model says which).
  public var varies: OutputVariation

  public init(
    _ name: String, tags: [String], note: String, input: JSONValue, expected: JSONValue? = nil, decisions: [Int]? = nil,
    varies: OutputVariation = OutputVariation()
  ) {
    self.name = name
    self.tags = tags
    self.note = note
    self.input = input
    self.expected = expected
    self.decisions = decisions
    self.varies = varies
  }
}

extension FixtureCase {
  /// The fixture line's JSON (without the newline).
  public var json: JSONValue {
    var object: JSONObject = [
      "expected": expected, "id": .string(id), "input": input, "note": .string(note),
      "suite": .string(suite), "tags": .array(tags.map(JSONValue.string)),
    ]
    if !decisions.isEmpty { object["decisions"] = .array(decisions.map(JSONValue.string)) }
    if !varies.isEmpty { object["varies"] = varies.json }
    return .object(object)
  }

  /// Reads a fixture line's JSON; errors name the field.
  public init(json: JSONValue) throws(JSONShapeError) {
    let fields = try JSONFields(json)
    try fields.rejectUnknown(["decisions", "expected", "id", "input", "note", "suite", "tags", "varies"])
    id = try fields.string("id")
    suite = try fields.string("suite")
    note = try fields.string("note")
    input = try fields.value("input")
    expected = try fields.value("expected")
    tags = try Self.strings(fields.array("tags"), field: "tags")
    decisions = try fields.object["decisions"] == nil ? [] : Self.strings(fields.array("decisions"), field: "decisions")
    let expected = expected
    varies =
      try fields.object["varies"].map { value throws(JSONShapeError) in try OutputVariation(json: value, expected: expected) }
      ?? OutputVariation()
    guard Self.isValidID(id), id.hasPrefix(suite + "/") else {
      throw JSONShapeError(
        path: "id", message: "\"\(id)\" is not a case id: it must be \"\(suite)/...\" in ASCII letters, digits and ._~+-/")
    }
    for (index, decision) in decisions.enumerated() where !Self.isDecisionID(decision, suite: suite) {
      throw JSONShapeError(
        path: "decisions[\(index)]", message: "\"\(decision)\" is not a decision id: it must be \"\(suite)/D<n>\", n from 1")
    }
  }

  private static func strings(_ items: [JSONValue], field: String) throws(JSONShapeError) -> [String] {
    var strings: [String] = []
    for (index, item) in items.enumerated() {
      guard let text = item.stringValue else {
        throw JSONShapeError(path: "\(field)[\(index)]", message: "expected a string, found \(item.typeName)")
      }
      strings.append(text)
    }
    return strings
  }

  /// `<suite>/D<n>`, n a positive number without leading zeros.
  static func isDecisionID(_ id: String, suite: String) -> Bool {
    let prefix = suite + "/D"
    guard id.hasPrefix(prefix) else { return false }
    let number = id.utf8.dropFirst(prefix.utf8.count)
    return !number.isEmpty && number.first != UInt8(ascii: "0")
      && number.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// Ids are ASCII so that they are safe in globs, file names, JUnit and shells.
  public static func isValidID(_ id: String) -> Bool {
    !id.isEmpty
      && id.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
          UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "/"):
          true
        default: false
        }
      }
  }
}
