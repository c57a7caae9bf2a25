/// The gzip file format (RFC 1952) around DEFLATE.
///
/// Written deterministically: no file name, modification time 0, operating system 255
/// ("unknown"), so the same data gives the same bytes on every machine. Read as `gzip -d` reads:
/// any header flags, several members one after the other; but trailing bytes that are not a
/// member are refused, since a bundle holds nothing it does not account for.
package enum Gzip {
  package static func compress(_ data: [UInt8], settings: Deflate.Settings = .standard) -> [UInt8] {
    // ID1 ID2, CM = 8 (deflate), FLG = 0, MTIME = 0, XFL = 0, OS = 255.
    var output: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255]
    output.append(contentsOf: Deflate.compress(data, settings: settings))
    appendLittleEndian(CRC32.checksum(data), to: &output)
    appendLittleEndian(UInt32(truncatingIfNeeded: data.count), to: &output)
    return output
  }

  /// Decompresses every member of a gzip file, stopping at `limit` bytes of output.
  package static func decompress(_ data: [UInt8], limit: Int) throws(ArchiveError) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(min(limit, data.count * 4))
    try decompress(data, limit: limit) { output.append(contentsOf: $0) }
    return output
  }

  /// Decompresses every member of a gzip file, handing the bytes to `sink` a chunk at a time,
  /// in order, and stopping at `limit` bytes in all: a file of any size takes bounded memory.
  /// Each member's CRC-32 and size are checked when it ends, so the last chunks may be handed
  /// on before a damaged member is refused: the caller keeps nothing until this returns.
  package static func decompress(
    _ data: [UInt8], limit: Int, to sink: (UnsafeBufferPointer<UInt8>) throws(ArchiveError) -> Void
  ) throws(ArchiveError) {
    try data.withUnsafeBufferPointer { (data) throws(ArchiveError) in
      var offset = 0
      var member = 0
      var total = 0
      repeat {
        member += 1
        var checksum = CRC32()
        var count = 0
        offset = try skipHeader(data, at: offset, member: member)
        offset = try Inflate.decompress(data, from: offset, limit: limit - total) { (chunk) throws(ArchiveError) in
          checksum.update(chunk)
          count += chunk.count
          try sink(chunk)
        }
        total += count
        guard offset + 8 <= data.count else { throw ArchiveError("gzip member \(member) is cut short before its trailer") }
        let crc = readLittleEndian(data, at: offset)
        let size = readLittleEndian(data, at: offset + 4)
        offset += 8
        guard crc == checksum.value else {
          throw ArchiveError(
            "gzip member \(member): CRC-32 \(hex(checksum.value)) of the data does not match \(hex(crc)) in the trailer")
        }
        guard size == UInt32(truncatingIfNeeded: count) else {
          throw ArchiveError(
            "gzip member \(member): \(bytes(count)) \(count == 1 ? "does" : "do") not match "
              + "the size \(size) in the trailer")
        }
      } while offset < data.count
    }
  }

  /// Checks a member's header at `offset` and returns where its compressed data starts.
  private static func skipHeader(_ data: UnsafeBufferPointer<UInt8>, at offset: Int, member: Int) throws(ArchiveError) -> Int {
    guard offset + 10 <= data.count, data[offset] == 0x1F, data[offset + 1] == 0x8B else {
      let rest = data.count - offset
      throw ArchiveError(
        member == 1
          ? "not a gzip file (it does not start with 1f 8b)"
          : "\(bytes(rest)) after the last gzip member \(rest == 1 ? "is" : "are") not a gzip member")
    }
    guard data[offset + 2] == 8 else {
      throw ArchiveError("gzip member \(member) uses compression method \(data[offset + 2]), not deflate")
    }
    let flags = data[offset + 3]
    guard flags & 0xE0 == 0 else { throw ArchiveError("gzip member \(member) sets reserved header flags") }
    var position = offset + 10
    if flags & 0x04 != 0 {  // FEXTRA: a length and that many bytes
      guard position + 2 <= data.count else { throw truncatedHeader(member) }
      position += 2 + (Int(data[position]) | Int(data[position + 1]) << 8)
    }
    for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {  // FNAME, FCOMMENT: zero-terminated
      while position < data.count, data[position] != 0 { position += 1 }
      position += 1
    }
    if flags & 0x02 != 0 { position += 2 }  // FHCRC
    guard position <= data.count else { throw truncatedHeader(member) }
    return position
  }

  private static func truncatedHeader(_ member: Int) -> ArchiveError {
    ArchiveError("gzip member \(member)'s header is cut short")
  }

  private static func appendLittleEndian(_ value: UInt32, to output: inout [UInt8]) {
    for shift in stride(from: 0, to: 32, by: 8) { output.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
  }

  private static func readLittleEndian(_ data: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
    (0..<4).reduce(0) { value, index in value | UInt32(data[offset + index]) << UInt32(8 * index) }
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }

  /// "1 byte", "2 bytes" (this module stands alone, without the kit's `Plural`).
  private static func bytes(_ count: Int) -> String { count == 1 ? "1 byte" : "\(count) bytes" }
}
