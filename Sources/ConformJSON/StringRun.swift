/// Where a run of bytes that a JSON string holds as they are ends, found eight bytes at a time.
///
/// The hot loop of reading and writing long strings: an answer may be a 15 MiB string, read,
/// checked and written again by the harness. A few word operations per 8 bytes keep that quick
/// in a release build and bearable in a debug build, where every per-byte subscript is a call.
package enum StringRun {
  /// The first position from `start` whose byte is a quote, a backslash or a control character
  /// (below 0x20), or, when `asciiOnly`, 0x80 or above; `bytes.count` when there is none.
  package static func end(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, asciiOnly: Bool) -> Int {
    guard let base = bytes.baseAddress else { return start }
    let nonASCII: UInt64 = asciiOnly ? 0x8080_8080_8080_8080 : 0
    var position = start
    while position + 8 <= bytes.count {
      let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
      // The high bit of a byte below 0x20, of a quote (0x22) and of a backslash (0x5C): for
      // each, a byte that is zero after subtracting it (or after an exclusive or) borrows. Exact
      // for whether the word has one; a borrow may mark a later byte, found by the loop below.
      // Written out in one expression: a debug build would call a helper for every word.
      let quotes = word ^ 0x2222_2222_2222_2222
      let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
      let special =
        ((word &- 0x2020_2020_2020_2020) & ~word) | ((quotes &- 0x0101_0101_0101_0101) & ~quotes)
        | ((backslashes &- 0x0101_0101_0101_0101) & ~backslashes)
      if (special & 0x8080_8080_8080_8080) | (word & nonASCII) != 0 { break }
      position += 8
    }
    // The byte that stopped the word, or the last few bytes.
    while position < bytes.count {
      let byte = bytes[position]
      if byte < 0x20 || byte == quote || byte == backslash || (asciiOnly && byte >= 0x80) { break }
      position += 1
    }
    return position
  }

  private static let quote = UInt8(ascii: "\"")
  private static let backslash = UInt8(ascii: "\\")
}
