/// A JSON value that never changes what it was given.
///
/// Integers that fit in 64 bits are held exactly as `Int64`; every other number (a fraction, an
/// exponent, an integer out of range) keeps its literal text, so `1.0` stays `1.0` and
/// `99999999999999999999` is never turned into something else. Strings compare by their Unicode
/// scalars, not by canonical equivalence: `"é"` and `"e\u{301}"` are different values here, as they
/// are to Kotlin.
public enum JSONValue: Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  /// A number that is not an `Int64`, as its exact literal text.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)
}

extension JSONValue {
  /// The value of `key` when this is an object, else nil.
  public subscript(key: String) -> JSONValue? {
    if case .object(let object) = self { return object[key] }
    return nil
  }

  public var intValue: Int64? {
    if case .int(let value) = self { return value }
    return nil
  }

  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The JSON type's name, for error messages ("expected an integer, found a string").
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .int, .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension JSONValue: Equatable {
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.number(let a), .number(let b)): UTF8Order.equal(a, b)
    case (.string(let a), .string(let b)): UTF8Order.equal(a, b)
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a == b
    default: false
    }
  }
}

extension JSONValue: Hashable {
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    case .int(let value): hasher.combine(value)
    case .number(let text): UTF8Order.hash(text, into: &hasher)
    case .string(let text): UTF8Order.hash(text, into: &hasher)
    case .array(let items): hasher.combine(items)
    case .object(let object): hasher.combine(object)
    }
  }
}

extension JSONValue: ExpressibleByNilLiteral {
  public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int64) { self = .int(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(uniqueKeysWithValues: elements))
  }
}

extension JSONValue {
  /// `.string(text)` or `.null` when `text` is nil.
  public init(_ text: String?) { self = text.map(JSONValue.string) ?? .null }

  /// `.int(number)` or `.null` when `number` is nil.
  public init(_ number: Int64?) { self = number.map(JSONValue.int) ?? .null }
}
