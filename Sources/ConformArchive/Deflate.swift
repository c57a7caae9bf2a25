/// DEFLATE compression (RFC 1951): LZ77 over a 32 KiB window with hash chains and lazy matching,
/// then each block written as whichever is smallest of dynamic Huffman, fixed Huffman or stored.
///
/// Deterministic: the same input always gives the same bytes, whatever the machine, which is what
/// makes a bundle's digest reproducible. The settings are close to `gzip -9`; on the fixtures'
/// JSON lines the output is within a few percent of it.
package enum Deflate {
  /// How hard the matcher looks; the defaults are the published bundles' settings.
  package struct Settings: Sendable {
    /// How many earlier positions with the same 3-byte hash are tried per match.
    var maxChain = 1024
    /// A match this long is taken without looking further.
    var niceLength = 258
    /// A match this long is taken without trying the next position (lazy matching).
    var lazyLength = 128
    /// Tokens per block: each block gets its own Huffman codes.
    var blockTokens = 1 << 16

    package static let standard = Settings()
  }

  static func compress(_ input: [UInt8], settings: Settings = .standard) -> [UInt8] {
    var writer = BitWriter()
    writer.bytes.reserveCapacity(input.count / 8 + 64)
    input.withUnsafeBufferPointer { data in
      let matcher = Matcher(data: data, settings: settings)
      defer { matcher.deallocate() }
      var block = BlockTokens(capacity: settings.blockTokens)
      var position = 0
      var blockStart = 0
      // A match already found at `position` (which is then already in the hash chains).
      var pending: Match?
      while position < data.count {
        let match = pending ?? matcher.longestMatch(at: position)
        pending = nil
        if match.length < 3 {
          block.literal(data[position])
          position += 1
        } else if match.length < settings.lazyLength, position + 1 < data.count {
          let next = matcher.longestMatch(at: position + 1)
          if next.length > match.length {
            block.literal(data[position])
            position += 1
            pending = next
          } else {
            block.match(length: match.length, distance: match.distance)
            matcher.insert(from: position + 2, to: position + match.length)
            position += match.length
          }
        } else {
          block.match(length: match.length, distance: match.distance)
          matcher.insert(from: position + 1, to: position + match.length)
          position += match.length
        }
        if block.count >= settings.blockTokens, pending == nil {
          block.write(raw: UnsafeBufferPointer(rebasing: data[blockStart..<position]), final: false, into: &writer)
          block.reset()
          blockStart = position
        }
      }
      block.write(raw: UnsafeBufferPointer(rebasing: data[blockStart..<position]), final: true, into: &writer)
    }
    writer.alignToByte()
    return writer.bytes
  }
}

private struct Match {
  var length: Int
  var distance: Int
}

/// The LZ77 matcher: for each 3-byte hash the latest position (`head`) and, for each position in
/// the window, the previous one with the same hash (`previous`).
private struct Matcher {
  static let windowSize = 32768
  static let hashBits = 16
  static let maxMatch = 258

  let data: UnsafeBufferPointer<UInt8>
  let settings: Deflate.Settings
  let head: UnsafeMutablePointer<Int32>
  let previous: UnsafeMutablePointer<Int32>

  init(data: UnsafeBufferPointer<UInt8>, settings: Deflate.Settings) {
    self.data = data
    self.settings = settings
    head = .allocate(capacity: 1 << Self.hashBits)
    head.initialize(repeating: -1, count: 1 << Self.hashBits)
    previous = .allocate(capacity: Self.windowSize)
    previous.initialize(repeating: -1, count: Self.windowSize)
  }

  func deallocate() {
    head.deallocate()
    previous.deallocate()
  }

  func hash(_ position: Int) -> Int {
    let key = UInt32(data[position]) | UInt32(data[position + 1]) << 8 | UInt32(data[position + 2]) << 16
    return Int((key &* 0x9E37_79B1) >> (32 - UInt32(Self.hashBits)))
  }

  /// Adds `position` to its hash chain and returns the chain's previous head.
  func insert(_ position: Int) -> Int {
    guard position + 2 < data.count else { return -1 }
    let bucket = hash(position)
    let earlier = Int(head[bucket])
    previous[position & (Self.windowSize - 1)] = Int32(truncatingIfNeeded: earlier)
    head[bucket] = Int32(truncatingIfNeeded: position)
    return earlier
  }

  func insert(from start: Int, to end: Int) {
    var position = start
    while position < end {
      _ = insert(position)
      position += 1
    }
  }

  /// The longest earlier match for the bytes at `position` (length 0 when none of at least 3), after
  /// adding `position` to the chains.
  func longestMatch(at position: Int) -> Match {
    var candidate = insert(position)
    let available = min(Self.maxMatch, data.count - position)
    var best = Match(length: 0, distance: 0)
    guard available >= 3 else { return best }
    var chain = settings.maxChain
    let base = data.baseAddress!
    while candidate >= 0, position - candidate <= Self.windowSize, chain > 0 {
      // Cheap test first: a longer match must agree at the byte that would extend the best one.
      if best.length == 0 || base[candidate + best.length] == base[position + best.length] {
        var length = 0
        while length < available, base[candidate + length] == base[position + length] { length += 1 }
        if length > best.length {
          best = Match(length: length, distance: position - candidate)
          if length >= settings.niceLength || length == available { break }
        }
      }
      let next = Int(previous[candidate & (Self.windowSize - 1)])
      // A slot overwritten by a newer position points forward: the chain ends here.
      guard next < candidate else { break }
      candidate = next
      chain -= 1
    }
    return best.length >= 3 ? best : Match(length: 0, distance: 0)
  }
}

/// One block's tokens and symbol frequencies, and how to write it.
private struct BlockTokens {
  /// A literal byte is its value; a match is `1 << 31 | (length - 3) << 16 | (distance - 1)`.
  private var tokens: [UInt32] = []
  private var literalFrequencies = [Int](repeating: 0, count: 286)
  private var distanceFrequencies = [Int](repeating: 0, count: 30)

  init(capacity: Int) { tokens.reserveCapacity(capacity + 1) }

  var count: Int { tokens.count }

  mutating func reset() {
    tokens.removeAll(keepingCapacity: true)
    for index in literalFrequencies.indices { literalFrequencies[index] = 0 }
    for index in distanceFrequencies.indices { distanceFrequencies[index] = 0 }
  }

  mutating func literal(_ byte: UInt8) {
    tokens.append(UInt32(byte))
    literalFrequencies[Int(byte)] += 1
  }

  mutating func match(length: Int, distance: Int) {
    tokens.append(1 << 31 | UInt32(length - 3) << 16 | UInt32(distance - 1))
    literalFrequencies[257 + Int(DeflateTables.lengthIndex[length - 3])] += 1
    distanceFrequencies[Int(DeflateTables.distanceSymbol[distance - 1])] += 1
  }

  /// Writes the block in its smallest form; `raw` is the input the tokens stand for.
  func write(raw: UnsafeBufferPointer<UInt8>, final: Bool, into writer: inout BitWriter) {
    var literals = literalFrequencies
    literals[256] = 1
    let dynamic = DynamicHeader(literalFrequencies: literals, distanceFrequencies: distanceFrequencies)
    let dynamicBits = 3 + dynamic.bits + dataBits(dynamic.literalLengths, dynamic.distanceLengths, literals)
    let fixedBits = 3 + dataBits(DeflateTables.fixedLiteralLengths, DeflateTables.fixedDistanceLengths, literals)
    let chunks = max(1, (raw.count + 65534) / 65535)
    let storedBits = chunks * (3 + 7 + 32) + raw.count * 8
    if storedBits < min(dynamicBits, fixedBits) {
      writeStored(raw, final: final, into: &writer)
    } else if fixedBits <= dynamicBits {
      writer.write(final ? 1 : 0, bits: 1)
      writer.write(1, bits: 2)
      writeTokens(DeflateTables.fixedLiteralLengths, DeflateTables.fixedDistanceLengths, into: &writer)
    } else {
      writer.write(final ? 1 : 0, bits: 1)
      writer.write(2, bits: 2)
      dynamic.write(into: &writer)
      writeTokens(dynamic.literalLengths, dynamic.distanceLengths, into: &writer)
    }
  }

  private func dataBits(_ literalLengths: [UInt8], _ distanceLengths: [UInt8], _ literals: [Int]) -> Int {
    var bits = 0
    for symbol in 0..<286 where literals[symbol] > 0 {
      let extra = symbol > 256 ? DeflateTables.lengthExtraBits[symbol - 257] : 0
      bits += literals[symbol] * (Int(literalLengths[symbol]) + extra)
    }
    for symbol in 0..<30 where distanceFrequencies[symbol] > 0 {
      bits += distanceFrequencies[symbol] * (Int(distanceLengths[symbol]) + DeflateTables.distanceExtraBits[symbol])
    }
    return bits
  }

  private func writeTokens(_ literalLengths: [UInt8], _ distanceLengths: [UInt8], into writer: inout BitWriter) {
    let literalCodes = HuffmanCode.reversedCodes(lengths: literalLengths)
    let distanceCodes = HuffmanCode.reversedCodes(lengths: distanceLengths)
    for token in tokens {
      if token & 1 << 31 == 0 {
        writer.write(literalCodes[Int(token)], bits: Int(literalLengths[Int(token)]))
        continue
      }
      let length = Int(token >> 16 & 0xFF) + 3
      let distance = Int(token & 0xFFFF) + 1
      let lengthIndex = Int(DeflateTables.lengthIndex[length - 3])
      writer.write(literalCodes[257 + lengthIndex], bits: Int(literalLengths[257 + lengthIndex]))
      writer.write(
        UInt32(length - DeflateTables.lengthBase[lengthIndex]), bits: DeflateTables.lengthExtraBits[lengthIndex])
      let distanceSymbol = Int(DeflateTables.distanceSymbol[distance - 1])
      writer.write(distanceCodes[distanceSymbol], bits: Int(distanceLengths[distanceSymbol]))
      writer.write(
        UInt32(distance - DeflateTables.distanceBase[distanceSymbol]),
        bits: DeflateTables.distanceExtraBits[distanceSymbol])
    }
    writer.write(literalCodes[256], bits: Int(literalLengths[256]))
  }

  private func writeStored(_ raw: UnsafeBufferPointer<UInt8>, final: Bool, into writer: inout BitWriter) {
    var start = 0
    repeat {
      let end = min(raw.count, start + 65535)
      writer.write(final && end == raw.count ? 1 : 0, bits: 1)
      writer.write(0, bits: 2)
      writer.alignToByte()
      let length = UInt32(end - start)
      writer.write(length, bits: 16)
      writer.write(~length & 0xFFFF, bits: 16)
      writer.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: raw[start..<end]))
      start = end
    } while start < raw.count
  }
}

/// The Huffman codes of a dynamic block and the header that describes them (RFC 1951 section 3.2.7).
private struct DynamicHeader {
  var literalLengths: [UInt8]
  var distanceLengths: [UInt8]
  /// The code lengths of both codes, run-length coded: (symbol 0...18, extra bits' value).
  private var runs: [(symbol: Int, extra: UInt32)] = []
  private var codeLengthLengths: [UInt8]
  private var literalCount: Int
  private var distanceCount: Int
  private var codeLengthCount: Int
  /// The header's size in bits, after the 3-bit block header.
  private(set) var bits: Int

  init(literalFrequencies: [Int], distanceFrequencies: [Int]) {
    literalLengths = HuffmanCode.lengths(frequencies: literalFrequencies, limit: 15)
    distanceLengths = HuffmanCode.lengths(frequencies: distanceFrequencies, limit: 15)
    literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
    distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
    let all = Array(literalLengths[0..<literalCount]) + Array(distanceLengths[0..<distanceCount])
    var index = 0
    while index < all.count {
      let length = all[index]
      var run = 1
      while index + run < all.count, all[index + run] == length { run += 1 }
      index += run
      if length == 0 {
        while run >= 11 {
          let take = min(run, 138)
          runs.append((18, UInt32(take - 11)))
          run -= take
        }
        if run >= 3 {
          runs.append((17, UInt32(run - 3)))
          run = 0
        }
      } else {
        runs.append((Int(length), 0))
        run -= 1
        while run >= 3 {
          let take = min(run, 6)
          runs.append((16, UInt32(take - 3)))
          run -= take
        }
      }
      for _ in 0..<run { runs.append((Int(length), 0)) }
    }
    var frequencies = [Int](repeating: 0, count: 19)
    for run in runs { frequencies[run.symbol] += 1 }
    codeLengthLengths = HuffmanCode.lengths(frequencies: frequencies, limit: 7)
    codeLengthCount = 4
    for (position, symbol) in DeflateTables.codeLengthOrder.enumerated() where codeLengthLengths[symbol] > 0 {
      codeLengthCount = max(codeLengthCount, position + 1)
    }
    bits = 5 + 5 + 4 + 3 * codeLengthCount
    for run in runs { bits += Int(codeLengthLengths[run.symbol]) + Self.extraBits(run.symbol) }
  }

  private static func extraBits(_ symbol: Int) -> Int {
    switch symbol {
    case 16: 2
    case 17: 3
    case 18: 7
    default: 0
    }
  }

  func write(into writer: inout BitWriter) {
    writer.write(UInt32(literalCount - 257), bits: 5)
    writer.write(UInt32(distanceCount - 1), bits: 5)
    writer.write(UInt32(codeLengthCount - 4), bits: 4)
    for symbol in DeflateTables.codeLengthOrder[0..<codeLengthCount] {
      writer.write(UInt32(codeLengthLengths[symbol]), bits: 3)
    }
    let codes = HuffmanCode.reversedCodes(lengths: codeLengthLengths)
    for run in runs {
      writer.write(codes[run.symbol], bits: Int(codeLengthLengths[run.symbol]))
      writer.write(run.extra, bits: Self.extraBits(run.symbol))
    }
  }
}

/// Packs bits least significant first, as DEFLATE does.
struct BitWriter {
  var bytes: [UInt8] = []
  private var buffer: UInt64 = 0
  private var count = 0

  /// Appends the low `bits` (0...32) bits of `value`.
  mutating func write(_ value: UInt32, bits: Int) {
    buffer |= (UInt64(value) & (1 << UInt64(bits) - 1)) << UInt64(count)
    count += bits
    while count >= 8 {
      bytes.append(UInt8(truncatingIfNeeded: buffer))
      buffer >>= 8
      count -= 8
    }
  }

  /// Pads with zero bits to the next byte boundary.
  mutating func alignToByte() {
    if count > 0 { write(0, bits: 8 - count) }
  }
}
