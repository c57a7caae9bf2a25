/// Canonical Huffman codes as DEFLATE uses them (RFC 1951 section 3.2.2): a code is given by
/// its lengths alone, and codes of one length are consecutive in symbol order.
package enum HuffmanCode {
  /// Code lengths of at most `limit` bits for symbols with the given frequencies; an unused
  /// symbol gets length 0.
  ///
  /// The code is always complete with at least two symbols, so every decoder accepts it: when
  /// fewer than two symbols are used, symbols 0 and 1 are added. Lengths that would exceed `limit`
  /// are avoided by halving the frequencies (keeping each used one at least 1) and building again,
  /// which converges to a balanced tree. Ties break by symbol, so the result is deterministic.
  package static func lengths(frequencies: [Int], limit: Int) -> [UInt8] {
    var weights = frequencies
    if weights.lazy.filter({ $0 > 0 }).count < 2 {
      for symbol in 0..<min(2, weights.count) where weights[symbol] == 0 { weights[symbol] = 1 }
    }
    while true {
      let depths = treeDepths(weights)
      if depths.allSatisfy({ $0 <= limit }) { return depths.map { UInt8($0) } }
      weights = weights.map { $0 == 0 ? 0 : max(1, $0 >> 1) }
    }
  }

  /// The depth of each used symbol in a Huffman tree over `weights` (0 for unused symbols).
  ///
  /// Two queues, as in van Leeuwen's method: the leaves sorted by weight and the internal nodes in
  /// the order they are made, which is also by weight.
  private static func treeDepths(_ weights: [Int]) -> [Int] {
    let leaves = weights.indices.filter { weights[$0] > 0 }.sorted { (weights[$0], $0) < (weights[$1], $1) }
    // Nodes 0..<leaves.count are the sorted leaves; the rest are internal, in creation order.
    var weight = leaves.map { weights[$0] }
    var parent = [Int](repeating: -1, count: 2 * leaves.count - 1)
    var nextLeaf = 0
    var nextInternal = leaves.count
    func takeSmallest() -> Int {
      if nextLeaf < leaves.count, nextInternal >= weight.count || weight[nextLeaf] <= weight[nextInternal] {
        nextLeaf += 1
        return nextLeaf - 1
      }
      nextInternal += 1
      return nextInternal - 1
    }
    for _ in 0..<leaves.count - 1 {
      let first = takeSmallest()
      let second = takeSmallest()
      weight.append(weight[first] + weight[second])
      parent[first] = weight.count - 1
      parent[second] = weight.count - 1
    }
    // Parents come after their children, so one backward pass gives every depth.
    var depth = [Int](repeating: 0, count: weight.count)
    for node in stride(from: weight.count - 2, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
    var result = [Int](repeating: 0, count: weights.count)
    for (node, symbol) in leaves.enumerated() { result[symbol] = depth[node] }
    return result
  }

  /// Each symbol's canonical code, bit-reversed so that it can be written least significant bit
  /// first as DEFLATE packs Huffman codes.
  static func reversedCodes(lengths: [UInt8]) -> [UInt32] {
    let maxLength = Int(lengths.max() ?? 0)
    var countOfLength = [Int](repeating: 0, count: maxLength + 1)
    for length in lengths where length > 0 { countOfLength[Int(length)] += 1 }
    var nextCode = [UInt32](repeating: 0, count: maxLength + 2)
    var code: UInt32 = 0
    for length in stride(from: 1, through: maxLength, by: 1) {
      code = (code + UInt32(countOfLength[length - 1])) << 1
      nextCode[length] = code
    }
    return lengths.map { length in
      guard length > 0 else { return 0 }
      let code = nextCode[Int(length)]
      nextCode[Int(length)] += 1
      return reverse(code, bits: Int(length))
    }
  }

  static func reverse(_ code: UInt32, bits: Int) -> UInt32 {
    var reversed: UInt32 = 0
    var rest = code
    for _ in 0..<bits {
      reversed = reversed << 1 | rest & 1
      rest >>= 1
    }
    return reversed
  }
}

/// The fixed tables of DEFLATE (RFC 1951 section 3.2.5 and 3.2.6).
enum DeflateTables {
  /// Base match length of length symbols 257...285.
  static let lengthBase: [Int] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
  ]
  static let lengthExtraBits: [Int] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  /// Base distance of distance symbols 0...29.
  static let distanceBase: [Int] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
    6145, 8193, 12289, 16385, 24577,
  ]
  static let distanceExtraBits: [Int] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
  ]
  /// The order in which a dynamic block gives the code-length code's lengths.
  static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

  /// The fixed literal/length code: 0-143 in 8 bits, 144-255 in 9, 256-279 in 7, 280-287 in 8.
  static let fixedLiteralLengths: [UInt8] =
    Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112) + Array(repeating: 7, count: 24)
    + Array(repeating: 8, count: 8)
  /// The fixed distance code: 30 symbols (and two unused) in 5 bits.
  static let fixedDistanceLengths: [UInt8] = Array(repeating: 5, count: 32)

  /// The length symbol's index (0...28, for symbol 257 + index) of each match length 3...258, at `length - 3`.
  static let lengthIndex: [UInt8] = (3...258).map { length in
    UInt8(lengthBase.lastIndex { $0 <= length }!)
  }

  /// The distance symbol (0...29) of each distance 1...32768, at `distance - 1`.
  static let distanceSymbol: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 32768)
    for symbol in 0..<30 {
      let end = symbol == 29 ? 32768 : distanceBase[symbol + 1] - 1
      for distance in distanceBase[symbol]...end { table[distance - 1] = UInt8(symbol) }
    }
    return table
  }()
}
