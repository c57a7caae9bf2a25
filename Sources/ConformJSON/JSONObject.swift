/// A JSON object whose members are kept sorted by key, in Unicode code point order.
///
/// Sorted storage makes canonical output free and keeps equality independent of the order the
/// members arrived in. Keys compare by their UTF-8 bytes (which is code point order), never by
/// Swift's canonical string equivalence.
public struct JSONObject: Sendable, Hashable {
  /// The members, sorted by key, each key once.
  public private(set) var members: [(key: String, value: JSONValue)]

  public init() { members = [] }

  /// Builds an object from members in any order.
  ///
  /// - Precondition: no key appears twice (the reader reports duplicates as an error instead).
  public init(uniqueKeysWithValues pairs: some Sequence<(String, JSONValue)>) {
    members = pairs.map { (key: $0.0, value: $0.1) }
    // Literals are mostly written in key order: one pass finds them sorted, each key once.
    if zip(members, members.dropFirst()).allSatisfy({ Self.precedes($0.key, $1.key) }) { return }
    members.sort { Self.precedes($0.key, $1.key) }
    for index in members.indices.dropFirst() {
      precondition(!Self.same(members[index - 1].key, members[index].key), "duplicate key \(members[index].key)")
    }
  }

  /// Builds an object from members already sorted by key with no duplicate, as the reader does
  /// and as the generator's hot paths write them (checked in debug builds): no sorting.
  package init(sortedMembers: [(key: String, value: JSONValue)]) {
    assert(zip(sortedMembers, sortedMembers.dropFirst()).allSatisfy { Self.precedes($0.key, $1.key) }, "keys out of order")
    members = sortedMembers
  }

  public var count: Int { members.count }
  public var keys: [String] { members.map(\.key) }

  public subscript(key: String) -> JSONValue? {
    get {
      let index = position(of: key)
      guard index < members.count, Self.same(members[index].key, key) else { return nil }
      return members[index].value
    }
    set {
      let index = position(of: key)
      let present = index < members.count && Self.same(members[index].key, key)
      switch (present, newValue) {
      case (true, let value?): members[index].value = value
      case (true, nil): members.remove(at: index)
      case (false, let value?): members.insert((key, value), at: index)
      case (false, nil): break
      }
    }
  }

  /// The index of the first member whose key does not precede `key` (binary search).
  private func position(of key: String) -> Int {
    var low = 0
    var high = members.count
    while low < high {
      let middle = (low + high) / 2
      if Self.precedes(members[middle].key, key) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Code point order, which is UTF-8 byte order.
  static func precedes(_ a: String, _ b: String) -> Bool {
    UTF8Order.compare(a, b) < 0
  }

  static func same(_ a: String, _ b: String) -> Bool {
    UTF8Order.equal(a, b)
  }

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.members.count == rhs.members.count else { return false }
    for position in lhs.members.indices {
      let left = lhs.members[position]
      let right = rhs.members[position]
      guard same(left.key, right.key), left.value == right.value else { return false }
    }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(members.count)
    for member in members {
      UTF8Order.hash(member.key, into: &hasher)
      hasher.combine(member.value)
    }
  }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(uniqueKeysWithValues: elements)
  }
}
