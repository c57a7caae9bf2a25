import ConformJSON

/// One case's `input`, with strict field accessors.
///
/// Every accessor reads a field of the input object the way `JSONFields` does: the field must be
/// present and of the asked type, nothing is converted, and a mistake throws a `JSONShapeError`
/// naming the field (`field "input.remote": missing`), which the adapter answers as an `error`.
public struct CaseInput: Sendable {
  /// The fixture's stable case id (`version-compare/seed/2.0.10-vs-2.0.9`).
  public let id: String
  /// The suite the case belongs to.
  public let suite: String
  /// The input exactly as the harness sent it.
  public let value: JSONValue

  public init(id: String, suite: String, value: JSONValue) {
    self.id = id
    self.suite = suite
    self.value = value
  }

  /// The input as an object, for nested reads (`try input.fields().fields("config")`).
  public func fields() throws(JSONShapeError) -> JSONFields { try JSONFields(value, path: "input") }

  public func string(_ key: String) throws(JSONShapeError) -> String { try fields().string(key) }
  public func optionalString(_ key: String) throws(JSONShapeError) -> String? { try fields().optionalString(key) }
  public func int(_ key: String) throws(JSONShapeError) -> Int64 { try fields().int(key) }
  public func optionalInt(_ key: String) throws(JSONShapeError) -> Int64? { try fields().optionalInt(key) }
  public func bool(_ key: String) throws(JSONShapeError) -> Bool { try fields().bool(key) }
  public func array(_ key: String) throws(JSONShapeError) -> [JSONValue] { try fields().array(key) }
  public func fields(_ key: String) throws(JSONShapeError) -> JSONFields { try fields().fields(key) }
}
