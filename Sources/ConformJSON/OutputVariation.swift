/// The members of an expected output that may take any of several values: a random pick the
/// spec allows (a variant chosen when no stickiness is given). Each member is named by a JSON
/// Pointer of object members (`/variant`, `/assignment/arm`) and lists the values it may take;
/// the expected output holds one of them (the first, in canonical order, as the generator writes
/// it). A fixture line carries it as `"varies": {"/variant": ["blue", "control"]}`.
public struct OutputVariation: Sendable, Hashable {
  /// Each pointer's allowed values, sorted by pointer, each list in canonical order, no value twice.
  public private(set) var members: [(pointer: String, values: [JSONValue])]

  /// No member varies: the expected output is the only answer.
  public init() { members = [] }

  /// The sets given, sorted into canonical order (the same sets, the same bytes).
  public init(_ sets: [String: [JSONValue]]) {
    members = sets.map { ($0.key, Self.canonical($0.value)) }.sorted { UTF8Order.compare($0.0, $1.0) < 0 }
  }

  public var isEmpty: Bool { members.isEmpty }

  /// The allowed values of the member at `pointer`, if it varies.
  public subscript(pointer: String) -> [JSONValue]? { members.first { $0.pointer == pointer }?.values }

  public static func == (a: OutputVariation, b: OutputVariation) -> Bool {
    a.members.count == b.members.count
      && zip(a.members, b.members).allSatisfy { $0.pointer == $1.pointer && $0.values == $1.values }
  }

  public func hash(into hasher: inout Hasher) {
    for member in members {
      hasher.combine(member.pointer)
      hasher.combine(member.values)
    }
  }

  /// `{"/variant": ["blue", "control"], ...}`.
  public var json: JSONValue {
    .object(JSONObject(uniqueKeysWithValues: members.map { ($0.pointer, JSONValue.array($0.values)) }))
  }

  /// Reads a fixture line's `varies` for its `expected` output: each member a pointer of object
  /// members to a non-empty array of values, the expected output holding one of them there.
  public init(json: JSONValue, expected: JSONValue, path: String = "varies") throws(JSONShapeError) {
    guard case .object(let object) = json, !object.members.isEmpty else {
      throw JSONShapeError(
        path: path, message: "expected an object of JSON Pointers to their allowed values, found \(json.typeName)")
    }
    var sets: [String: [JSONValue]] = [:]
    for (pointer, value) in object.members {
      let member = "\(path).\(pointer)"
      guard Self.tokens(pointer) != nil else {
        throw JSONShapeError(path: member, message: "not a JSON Pointer of object members: write \"/field\" or \"/field/inner\"")
      }
      guard case .array(let values) = value, !values.isEmpty else {
        throw JSONShapeError(path: member, message: "expected a non-empty array of the values the member may take")
      }
      guard let held = Self.value(at: pointer, in: expected), values.contains(held) else {
        throw JSONShapeError(
          path: member,
          message:
            "the expected output holds \(Self.describe(Self.value(at: pointer, in: expected))) there, not one of these values")
      }
      sets[pointer] = values
    }
    self.init(sets)
  }

  /// Whether `output` is `expected` but for varying members, each holding one of its allowed
  /// values.
  public func accepts(_ output: JSONValue, expected: JSONValue) -> Bool {
    if output == expected { return true }
    guard !members.isEmpty else { return false }
    var settled = output
    for (pointer, values) in members {
      guard let held = Self.value(at: pointer, in: output), values.contains(held),
        let wanted = Self.value(at: pointer, in: expected)
      else { return false }
      settled = Self.setting(pointer, to: wanted, in: settled)
    }
    return settled == expected
  }

  /// Whether two answers are the same answer: equal, or equal but for varying members, each of
  /// which holds one of its allowed values in both (two failing answers that differ only in a
  /// random pick fail the same way).
  public func sameAnswer(_ a: JSONValue, _ b: JSONValue) -> Bool {
    if a == b { return true }
    guard !members.isEmpty else { return false }
    for (pointer, values) in members {
      let (heldA, heldB) = (Self.value(at: pointer, in: a), Self.value(at: pointer, in: b))
      guard heldA == nil || values.contains(heldA!), heldB == nil || values.contains(heldB!) else { return false }
    }
    return settled(a) == settled(b)
  }

  /// `output` with each varying member's value replaced by the first of its allowed values: the
  /// expected output a table writes, the same bytes whichever value the model picked.
  public func settled(_ output: JSONValue) -> JSONValue {
    members.reduce(output) { output, member in
      Self.value(at: member.pointer, in: output) == nil ? output : Self.setting(member.pointer, to: member.values[0], in: output)
    }
  }

  // MARK: - JSON Pointers of object members

  /// The member names of a pointer (`/a/b` → `["a", "b"]`, `~1` for `/`, `~0` for `~`); nil when
  /// it is not one (empty, not starting with `/`, or a bad escape).
  public static func tokens(_ pointer: String) -> [String]? {
    guard pointer.hasPrefix("/") else { return nil }
    var tokens: [String] = []
    for part in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      var token = ""
      var escaping = false
      for character in part {
        if escaping {
          guard character == "0" || character == "1" else { return nil }
          token.append(character == "0" ? "~" : "/")
          escaping = false
        } else if character == "~" {
          escaping = true
        } else {
          token.append(character)
        }
      }
      guard !escaping else { return nil }
      tokens.append(token)
    }
    return tokens
  }

  /// The value at `pointer` in `value`; nil when a member on the way is absent or not an object.
  public static func value(at pointer: String, in value: JSONValue) -> JSONValue? {
    guard let tokens = tokens(pointer) else { return nil }
    var current = value
    for token in tokens {
      guard case .object(let object) = current, let next = object[token] else { return nil }
      current = next
    }
    return current
  }

  /// `value` with the member at `pointer` set to `member` (the objects on the way exist).
  static func setting(_ pointer: String, to member: JSONValue, in value: JSONValue) -> JSONValue {
    guard let tokens = tokens(pointer) else { return value }
    func set(_ tokens: ArraySlice<String>, in value: JSONValue) -> JSONValue {
      guard let first = tokens.first else { return member }
      guard case .object(var object) = value, let inner = object[first] else { return value }
      object[first] = set(tokens.dropFirst(), in: inner)
      return .object(object)
    }
    return set(tokens[...], in: value)
  }

  /// The values in canonical order (by their canonical bytes), each once.
  private static func canonical(_ values: [JSONValue]) -> [JSONValue] {
    var seen: Set<JSONValue> = []
    return values.filter { seen.insert($0).inserted }.sorted {
      JSONWriter.bytes($0).lexicographicallyPrecedes(JSONWriter.bytes($1))
    }
  }

  private static func describe(_ value: JSONValue?) -> String { value.map(JSONWriter.string) ?? "no member" }
}
