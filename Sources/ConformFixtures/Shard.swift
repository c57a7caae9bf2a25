import ConformJSON

/// One of N parts of a run (`--shard K/N`), each run on its own machine (a CI job matrix) and
/// merged back into one report (`conform report` given the N results files).
///
/// Every shard computes the partition alone, from the cases themselves, so neither the machine,
/// the order of fixture lines nor `--jobs` changes it:
/// - a fixture set's selected cases (built-in, a folder, a bundle), in id order (code point
///   order): each case in turn goes to the shard with the least expected cost so far (the
///   lowest K on a tie), its cost estimated from its input's size (`cost(of:)`). Shards get
///   about the same work, not just the same count.
/// - a generated suite's stream (`--generate`): case i of the stream goes to shard i mod N + 1.
///   The stream lists each family's cases together, shortest first (every step sequence of one
///   length, then the next), so neighbours cost the same, and on equal costs the greedy rule
///   above is exactly this round robin. Unlike it, it needs no case made to know its shard:
///   each shard makes only its own cases (`Suite.drafts(options:keeping:)`) and counts them
///   without making them (`count(of:)`).
public struct Shard: Sendable, Equatable {
  /// K, from 1.
  public let index: Int
  /// N.
  public let count: Int

  public init(index: Int, count: Int) {
    precondition(count >= 1 && (1...count).contains(index), "shard \(index)/\(count)")
    self.index = index
    self.count = count
  }

  /// The most shards a run may be split into.
  public static let maxCount = 1000

  /// Reads `K/N` (1 ≤ K ≤ N ≤ `maxCount`); nil for anything else.
  public init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }),
      let index = Int(parts[0]), let count = Int(parts[1]),
      (1...Self.maxCount).contains(count), (1...count).contains(index)
    else { return nil }
    self.init(index: index, count: count)
  }

  /// `2/3`.
  public var label: String { "\(index)/\(count)" }

  /// The results header's `options.shard`: `{"count":N,"index":K}`.
  public var json: JSONValue { ["count": .int(Int64(count)), "index": .int(Int64(index))] }

  /// Reads the results header's `options.shard`; nil when absent, null or not a shard.
  public init?(json: JSONValue?) {
    guard let json, let index = json["index"]?.intValue, let count = json["count"]?.intValue,
      count >= 1, (1...count).contains(index), count <= Int64(Self.maxCount)
    else { return nil }
    self.init(index: Int(index), count: Int(count))
  }

  /// A case's expected cost, in bytes: its input's canonical JSON size, plus what every case
  /// costs whatever its input (a request's envelope, an answer, a result record).
  public static func cost(of input: JSONValue) -> Int { caseOverhead + JSONSize.bytes(of: input) }

  /// The fixed part of `cost(of:)`: about one request's envelope and one answer line.
  static let caseOverhead = 64

  /// This shard's part of `selected` (indices into `cases`), in the order of `selected`. The
  /// cases are assigned in id order, so the part depends only on which cases are selected.
  public func part(of selected: [Int], in cases: [FixtureCase]) -> [Int] {
    let mine = keeps(selected.map { (Array(cases[$0].id.utf8), Self.cost(of: cases[$0].input)) })
    return zip(selected, mine).filter(\.1).map(\.0)
  }

  /// Which of `cases` (each an id's UTF-8 bytes and a cost; ids unique, in any order) are this
  /// shard's: each in id order goes to the shard with the least cost so far.
  public func keeps(_ cases: [(id: [UInt8], cost: Int)]) -> [Bool] {
    let byID = cases.indices.sorted { cases[$0].id.lexicographicallyPrecedes(cases[$1].id) }
    var balancer = ShardBalancer(count: count)
    var mine = [Bool](repeating: false, count: cases.count)
    for position in byID where balancer.assign(cost: cases[position].cost) == index0 { mine[position] = true }
    return mine
  }

  /// Whether case `position` (from 0) of a generated stream is this shard's.
  public var keeps: @Sendable (Int) -> Bool {
    let (count, mine) = (count, index0)
    return { $0 % count == mine }
  }

  /// How many of the first `total` cases of a generated stream are this shard's.
  public func count(of total: Int) -> Int { total > index0 ? (total - index0 + count - 1) / count : 0 }

  /// K from 0, as `ShardBalancer.assign` returns it.
  var index0: Int { index - 1 }
}

/// The greedy assignment behind `Shard`: each case goes to the shard with the least cost so far,
/// the lowest shard on a tie. A min-heap of (load, shard): log N per case.
public struct ShardBalancer: Sendable {
  private var heap: [(load: Int, shard: Int)]

  public init(count: Int) { heap = (0..<count).map { (0, $0) } }

  /// The shard (from 0) that gets a case of cost `cost`.
  public mutating func assign(cost: Int) -> Int {
    let shard = heap[0].shard
    heap[0].load += max(cost, 1)
    var parent = 0
    while true {
      var least = parent
      let left = 2 * parent + 1
      if left < heap.count, Self.precedes(heap[left], heap[least]) { least = left }
      if left + 1 < heap.count, Self.precedes(heap[left + 1], heap[least]) { least = left + 1 }
      if least == parent { return shard }
      heap.swapAt(parent, least)
      parent = least
    }
  }

  private static func precedes(_ a: (load: Int, shard: Int), _ b: (load: Int, shard: Int)) -> Bool {
    a.load != b.load ? a.load < b.load : a.shard < b.shard
  }
}

/// The size of a value's canonical JSON, counted without writing it (strings by their UTF-8
/// bytes, escapes aside): an estimate of a case's cost that costs nothing to make.
package enum JSONSize {
  package static func bytes(of value: JSONValue) -> Int {
    switch value {
    case .null: 4
    case .bool(let value): value ? 4 : 5
    case .int(let value): digits(value)
    case .number(let text): text.utf8.count
    case .string(let text): text.utf8.count + 2
    case .array(let items): items.reduce(1 + max(items.count, 1)) { $0 + bytes(of: $1) }
    case .object(let object):
      object.members.reduce(1 + max(object.count, 1)) { $0 + $1.key.utf8.count + 3 + bytes(of: $1.value) }
    }
  }

  /// Characters of an integer in decimal, its sign included.
  private static func digits(_ value: Int64) -> Int {
    var count = value < 0 ? 2 : 1
    var rest = value.magnitude / 10
    while rest > 0 {
      count += 1
      rest /= 10
    }
    return count
  }
}
