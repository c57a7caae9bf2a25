/// A value of the wrong shape: a missing or extra field, or a field of the wrong type.
public struct JSONShapeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Where in the document, as a dotted path ("input.config.winThreshold").
  public var path: String
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { path.isEmpty ? message : "field \"\(path)\": \(message)" }
}

/// Reads the fields of a JSON object strictly: every field required unless asked for as
/// optional, every type checked, nothing converted. Errors name the field by its path.
public struct JSONFields: Sendable {
  public let object: JSONObject
  /// The path of this object within its document, empty at the top.
  public let path: String

  public init(_ value: JSONValue, path: String = "") throws(JSONShapeError) {
    guard case .object(let object) = value else {
      throw JSONShapeError(path: path, message: "expected an object, found \(value.typeName)")
    }
    self.object = object
    self.path = path
  }

  public func pathOf(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  /// The field's value; missing is an error.
  public func value(_ key: String) throws(JSONShapeError) -> JSONValue {
    guard let value = object[key] else { throw JSONShapeError(path: pathOf(key), message: "missing") }
    return value
  }

  public func int(_ key: String) throws(JSONShapeError) -> Int64 {
    let value = try value(key)
    guard case .int(let number) = value else { throw wrongType(key, "an integer", value) }
    return number
  }
  /// An integer field within `range`; outside it, an error naming the field and the range.
  public func int(_ key: String, in range: ClosedRange<Int64>) throws(JSONShapeError) -> Int64 {
    let value = try int(key)
    guard range.contains(value) else {
      throw JSONShapeError(path: pathOf(key), message: "\(value) is outside \(range.lowerBound)...\(range.upperBound)")
    }
    return value
  }

  /// An integer field that may be `null`; it must still be present.
  public func optionalInt(_ key: String) throws(JSONShapeError) -> Int64? {
    let value = try value(key)
    if value.isNull { return nil }
    guard case .int(let number) = value else { throw wrongType(key, "an integer or null", value) }
    return number
  }

  public func string(_ key: String) throws(JSONShapeError) -> String {
    let value = try value(key)
    guard case .string(let text) = value else { throw wrongType(key, "a string", value) }
    return text
  }

  /// A string field that may be `null`; it must still be present.
  public func optionalString(_ key: String) throws(JSONShapeError) -> String? {
    let value = try value(key)
    if value.isNull { return nil }
    guard case .string(let text) = value else { throw wrongType(key, "a string or null", value) }
    return text
  }

  public func bool(_ key: String) throws(JSONShapeError) -> Bool {
    let value = try value(key)
    guard case .bool(let flag) = value else { throw wrongType(key, "a boolean", value) }
    return flag
  }

  public func array(_ key: String) throws(JSONShapeError) -> [JSONValue] {
    let value = try value(key)
    guard case .array(let items) = value else { throw wrongType(key, "an array", value) }
    return items
  }

  public func fields(_ key: String) throws(JSONShapeError) -> JSONFields {
    try JSONFields(try value(key), path: pathOf(key))
  }

  /// Fails on any field not in `known`, so a typo is never silently ignored.
  ///
  /// Keys match by their scalars, as `value(_:)` finds them: `Set<String>` would take
  /// `"e\u{301}"` for a known `"é"` (canonical equivalence), and the field would then be missing.
  /// A list scanned in turn, not a set: no key is hashed, and every answer line comes here.
  public func rejectUnknown(_ known: [String]) throws(JSONShapeError) {
    for member in object.members where !known.contains(where: { UTF8Order.equal($0, member.key) }) {
      throw JSONShapeError(path: pathOf(member.key), message: "unknown field")
    }
  }

  private func wrongType(_ key: String, _ expected: String, _ found: JSONValue) -> JSONShapeError {
    // `null` names itself; other values follow their type: `found a string "x"`.
    let shown = found.isNull ? "null" : "\(found.typeName) \(found)"
    return JSONShapeError(path: pathOf(key), message: "expected \(expected), found \(shown)")
  }
}
