/// DEFLATE decompression (RFC 1951): stored, fixed and dynamic Huffman blocks, as `gzip -1` to
/// `gzip -9`, zlib and this kit's `Deflate` write them.
///
/// The input is untrusted: every length, code and distance is checked, and the output stops at a
/// caller's limit so that a small archive cannot expand without bound.
enum Inflate {
  /// Where inflated bytes go: a callee handed them a chunk at a time, in order.
  typealias Sink = (UnsafeBufferPointer<UInt8>) throws(ArchiveError) -> Void

  /// Decompresses the DEFLATE stream that starts at `offset` in `input`, handing its bytes to
  /// `sink` a chunk at a time: only the last 32 KiB (what a back-reference may reach) and a
  /// chunk not yet handed on are held, so output of any size takes bounded memory.
  ///
  /// - Returns: the offset just past the stream's last byte.
  /// - Throws: `ArchiveError` for a malformed stream, a truncated one, or output past `limit`
  ///   bytes; or what `sink` throws.
  static func decompress(
    _ input: UnsafeBufferPointer<UInt8>, from offset: Int, limit: Int, to sink: Sink
  ) throws(ArchiveError) -> Int {
    var reader = BitReader(bytes: input, position: offset)
    var output = Window(limit: limit)
    var final = false
    while !final {
      final = try reader.bits(1) == 1
      switch try reader.bits(2) {
      case 0:
        try copyStored(&reader, into: &output)
      case 1:
        try inflateBlock(&reader, Self.fixedLiterals, Self.fixedDistances, into: &output, sink: sink)
      case 2:
        let (literals, distances) = try readDynamicHeader(&reader)
        try inflateBlock(&reader, literals, distances, into: &output, sink: sink)
      default:
        throw ArchiveError("invalid block type 3 in the compressed data")
      }
      try output.handOn(to: sink)
    }
    return reader.endOfStream()
  }

  /// One stream's output: the bytes a back-reference may still reach, and those not yet handed on.
  struct Window {
    /// The farthest back a back-reference reaches (RFC 1951).
    static let reach = 32_768
    /// Bytes held before they are handed on.
    static let chunk = 1 << 20

    let limit: Int
    var bytes: [UInt8] = []
    /// Bytes of the stream dropped from the front of `bytes`: handed on and out of reach.
    var dropped = 0
    /// How many of `bytes` are handed on already.
    var handed = 0

    init(limit: Int) {
      self.limit = limit
      bytes.reserveCapacity(Self.chunk + Self.reach + 65_536)
    }

    /// Bytes the stream wrote so far.
    var written: Int { dropped + bytes.count }

    /// Hands on what is new, then drops what no back-reference can reach.
    mutating func handOn(to sink: Sink) throws(ArchiveError) {
      if handed < bytes.count {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ArchiveError) in
          try sink(UnsafeBufferPointer(rebasing: buffer[handed...]))
        }
      }
      let drop = bytes.count - Self.reach
      if drop > 0 {
        bytes.removeFirst(drop)
        dropped += drop
      }
      handed = bytes.count
    }
  }

  private static let fixedLiterals = try! DecodingTable(lengths: DeflateTables.fixedLiteralLengths)
  private static let fixedDistances = try! DecodingTable(lengths: DeflateTables.fixedDistanceLengths)

  private static func copyStored(_ reader: inout BitReader, into output: inout Window) throws(ArchiveError) {
    reader.alignToByte()
    let length = try reader.bits(16)
    let complement = try reader.bits(16)
    guard length == ~complement & 0xFFFF else {
      throw ArchiveError("a stored block's length \(length) does not match its complement")
    }
    guard output.written + Int(length) <= output.limit else { throw tooLarge(output.limit) }
    try reader.copyBytes(Int(length), into: &output.bytes)
  }

  private static func readDynamicHeader(_ reader: inout BitReader) throws(ArchiveError) -> (DecodingTable, DecodingTable) {
    let literalCount = Int(try reader.bits(5)) + 257
    let distanceCount = Int(try reader.bits(5)) + 1
    let codeLengthCount = Int(try reader.bits(4)) + 4
    guard literalCount <= 286, distanceCount <= 30 else {
      throw ArchiveError("a dynamic block declares \(literalCount) literal and \(distanceCount) distance codes")
    }
    var codeLengthLengths = [UInt8](repeating: 0, count: 19)
    for symbol in DeflateTables.codeLengthOrder[0..<codeLengthCount] {
      codeLengthLengths[symbol] = UInt8(try reader.bits(3))
    }
    let codeLengths = try DecodingTable(lengths: codeLengthLengths)
    var lengths: [UInt8] = []
    lengths.reserveCapacity(literalCount + distanceCount)
    while lengths.count < literalCount + distanceCount {
      let symbol = try reader.decode(codeLengths)
      let repeated: UInt8
      let times: Int
      switch symbol {
      case 0...15:
        lengths.append(UInt8(symbol))
        continue
      case 16:
        guard let last = lengths.last else { throw ArchiveError("a code length repeats with nothing before it") }
        repeated = last
        times = 3 + Int(try reader.bits(2))
      case 17:
        repeated = 0
        times = 3 + Int(try reader.bits(3))
      default:
        repeated = 0
        times = 11 + Int(try reader.bits(7))
      }
      guard lengths.count + times <= literalCount + distanceCount else {
        throw ArchiveError("a dynamic block's code lengths run past the declared codes")
      }
      lengths.append(contentsOf: repeatElement(repeated, count: times))
    }
    guard lengths[256] > 0 else { throw ArchiveError("a dynamic block has no end-of-block code") }
    return (
      try DecodingTable(lengths: Array(lengths[0..<literalCount])),
      try DecodingTable(lengths: Array(lengths[literalCount...]))
    )
  }

  private static func inflateBlock(
    _ reader: inout BitReader, _ literals: DecodingTable, _ distances: DecodingTable, into output: inout Window, sink: Sink
  ) throws(ArchiveError) {
    while true {
      if output.bytes.count - output.handed >= Window.chunk { try output.handOn(to: sink) }
      let symbol = try reader.decode(literals)
      if symbol < 256 {
        guard output.written < output.limit else { throw tooLarge(output.limit) }
        output.bytes.append(UInt8(symbol))
        continue
      }
      if symbol == 256 { return }
      let lengthIndex = symbol - 257
      guard lengthIndex < 29 else { throw ArchiveError("invalid length symbol \(symbol)") }
      let length =
        DeflateTables.lengthBase[lengthIndex] + Int(try reader.bits(DeflateTables.lengthExtraBits[lengthIndex]))
      let distanceSymbol = try reader.decode(distances)
      guard distanceSymbol < 30 else { throw ArchiveError("invalid distance symbol \(distanceSymbol)") }
      let distance =
        DeflateTables.distanceBase[distanceSymbol]
        + Int(try reader.bits(DeflateTables.distanceExtraBits[distanceSymbol]))
      guard distance <= output.written else {
        throw ArchiveError("a back-reference of distance \(distance) reaches before the start of the data")
      }
      guard output.written + length <= output.limit else { throw tooLarge(output.limit) }
      var from = output.bytes.count - distance
      for _ in 0..<length {
        output.bytes.append(output.bytes[from])
        from += 1
      }
    }
  }

  private static func tooLarge(_ limit: Int) -> ArchiveError {
    ArchiveError("expands to more than \(limit) bytes")
  }
}

/// A canonical Huffman code as a lookup table indexed by the next `bits` input bits (least
/// significant first): each entry is `symbol << 8 | code length`, or 0 where no code matches.
struct DecodingTable {
  let entries: [UInt32]
  let bits: Int

  /// - Throws: when the lengths are over-subscribed (more codes than bit patterns) or too long.
  init(lengths: [UInt8]) throws(ArchiveError) {
    let maxLength = Int(lengths.max() ?? 0)
    guard maxLength <= 15 else { throw ArchiveError("a Huffman code is longer than 15 bits") }
    // Kraft's inequality, in units of 2^-15: an over-subscribed code cannot be decoded.
    var space = 0
    for length in lengths where length > 0 { space += 1 << (15 - Int(length)) }
    guard space <= 1 << 15 else { throw ArchiveError("a Huffman code is over-subscribed") }
    bits = max(1, maxLength)
    var entries = [UInt32](repeating: 0, count: 1 << bits)
    let codes = HuffmanCode.reversedCodes(lengths: lengths)
    for (symbol, length) in lengths.enumerated() where length > 0 {
      let entry = UInt32(symbol) << 8 | UInt32(length)
      var index = Int(codes[symbol])
      while index < entries.count {
        entries[index] = entry
        index += 1 << Int(length)
      }
    }
    self.entries = entries
  }
}

/// Reads bits least significant first from a byte buffer.
private struct BitReader {
  let bytes: UnsafeBufferPointer<UInt8>
  /// The next byte not yet in `buffer`.
  var position: Int
  var buffer: UInt64 = 0
  var count = 0

  init(bytes: UnsafeBufferPointer<UInt8>, position: Int) {
    self.bytes = bytes
    self.position = position
  }

  /// Fills the buffer with as many whole bytes as fit and remain.
  mutating func refill() {
    while count <= 56, position < bytes.count {
      buffer |= UInt64(bytes[position]) << UInt64(count)
      position += 1
      count += 8
    }
  }

  mutating func bits(_ wanted: Int) throws(ArchiveError) -> UInt32 {
    if count < wanted {
      refill()
      guard count >= wanted else { throw ArchiveError("the compressed data ends too early") }
    }
    let value = UInt32(truncatingIfNeeded: buffer & (1 << UInt64(wanted) - 1))
    buffer >>= UInt64(wanted)
    count -= wanted
    return value
  }

  mutating func decode(_ table: DecodingTable) throws(ArchiveError) -> Int {
    if count < table.bits { refill() }
    let entry = table.entries[Int(buffer & (1 << UInt64(table.bits) - 1))]
    let length = Int(entry & 0xFF)
    guard length > 0 else { throw ArchiveError("invalid Huffman code in the compressed data") }
    guard length <= count else { throw ArchiveError("the compressed data ends too early") }
    buffer >>= UInt64(length)
    count -= length
    return Int(entry >> 8)
  }

  mutating func alignToByte() {
    let drop = count % 8
    buffer >>= UInt64(drop)
    count -= drop
  }

  /// Copies `length` bytes at the byte-aligned read position.
  mutating func copyBytes(_ length: Int, into output: inout [UInt8]) throws(ArchiveError) {
    // Give back the whole bytes still in the buffer, then copy straight from the input.
    position -= count / 8
    buffer = 0
    count = 0
    guard position + length <= bytes.count else { throw ArchiveError("the compressed data ends too early") }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<position + length]))
    position += length
  }

  /// The offset of the first byte after the stream (the final block ends mid-byte at most).
  func endOfStream() -> Int { position - count / 8 }
}
