import ConformFixtures
import ConformJSON

/// What "smaller" means when shrinking: fewer bytes of canonical JSON; on a tie, integers nearer
/// to 0 or a boundary (the sum of their distances); then the canonical bytes compared by how
/// simple each is (digits from `0`, then `.`, letters, other ASCII, anything else), so `0` beats
/// `+`, `1` beats `9` and `a` beats `x`. A total, deterministic order.
public struct ShrinkOrder: Comparable, Sendable {
  /// The input's canonical JSON.
  public let bytes: [UInt8]
  /// The sum of each integer's distance to its nearest boundary (0 included).
  public let distance: Double

  public init(_ value: JSONValue) {
    bytes = JSONWriter.bytes(value)
    distance = Self.distance(value)
  }

  public static func < (a: ShrinkOrder, b: ShrinkOrder) -> Bool {
    if a.bytes.count != b.bytes.count { return a.bytes.count < b.bytes.count }
    if a.distance != b.distance { return a.distance < b.distance }
    return a.bytes.lexicographicallyPrecedes(b.bytes) { rank($0) < rank($1) }
  }

  /// A byte's simplicity: lower is simpler; distinct bytes get distinct ranks.
  static func rank(_ byte: UInt8) -> Int {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "."): 10
    case UInt8(ascii: "a")...UInt8(ascii: "z"): 11 + Int(byte - UInt8(ascii: "a"))
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): 37 + Int(byte - UInt8(ascii: "A"))
    default: 100 + Int(byte)
    }
  }

  public static func == (a: ShrinkOrder, b: ShrinkOrder) -> Bool { a.bytes == b.bytes }

  private static func distance(_ value: JSONValue) -> Double {
    switch value {
    case .int(let number): Double(JSONShrinker.distance(number, JSONShrinker.nearestBoundary(to: number)))
    case .array(let items): items.reduce(0) { $0 + distance($1) }
    case .object(let object): object.members.reduce(0) { $0 + distance($1.value) }
    default: 0
    }
  }
}
