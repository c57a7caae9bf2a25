import ConformJSON

/// One row of a truth table: an input and the output the spec requires for it.
public struct FixtureCase: Sendable, Equatable {
  /// Stable id, `<suite>/<family>/<name>`, ASCII, used to filter, skip and compare runs.
  public var id: String
  public var suite: String
  /// Families and topics (`seed`, `boundary`, `pitfall`, `grid`, `exhaustive`, ...).
  public var tags: [String]
  /// What bug this case guards against, in one sentence.
  public var note: String
  public var input: JSONValue
  public var expected: JSONValue

  public init(id: String, suite: String, tags: [String], note: String, input: JSONValue, expected: JSONValue) {
    self.id = id
    self.suite = suite
    self.tags = tags
    self.note = note
    self.input = input
    self.expected = expected
  }
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

  public init(_ name: String, tags: [String], note: String, input: JSONValue, expected: JSONValue? = nil) {
    self.name = name
    self.tags = tags
    self.note = note
    self.input = input
    self.expected = expected
  }
}

extension FixtureCase {
  /// The fixture line's JSON (without the newline).
  public var json: JSONValue {
    [
      "expected": expected, "id": .string(id), "input": input, "note": .string(note),
      "suite": .string(suite), "tags": .array(tags.map(JSONValue.string)),
    ]
  }

  /// Reads a fixture line's JSON; errors name the field.
  public init(json: JSONValue) throws(JSONShapeError) {
    let fields = try JSONFields(json)
    try fields.rejectUnknown(["expected", "id", "input", "note", "suite", "tags"])
    id = try fields.string("id")
    suite = try fields.string("suite")
    note = try fields.string("note")
    input = try fields.value("input")
    expected = try fields.value("expected")
    var tags: [String] = []
    for (index, tag) in try fields.array("tags").enumerated() {
      guard let text = tag.stringValue else {
        throw JSONShapeError(path: "tags[\(index)]", message: "expected a string, found \(tag.typeName)")
      }
      tags.append(text)
    }
    self.tags = tags
    guard Self.isValidID(id), id.hasPrefix(suite + "/") else {
      throw JSONShapeError(
        path: "id", message: "\"\(id)\" is not a case id: it must be \"\(suite)/...\" in ASCII letters, digits and ._~+-/")
    }
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
