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
    let nonASCII = asciiOnly ? highBits : 0
    var position = start
    while position + 8 <= bytes.count {
      let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
      if word & nonASCII != 0 || hasSpecialByte(word) { break }
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
  // Literals rather than stored constants: a debug build reads a `static let` through a call.
  private static var highBits: UInt64 { 0x8080_8080_8080_8080 }

  /// Whether one of the word's bytes is a quote, a backslash or below 0x20 (exact: a borrow can
  /// mark a wrong byte of the word, never a word without one).
  private static func hasSpecialByte(_ word: UInt64) -> Bool {
    let control = (word &- 0x2020_2020_2020_2020) & ~word
    let quotes = zeroByte(word ^ 0x2222_2222_2222_2222)
    let backslashes = zeroByte(word ^ 0x5C5C_5C5C_5C5C_5C5C)
    return (control | quotes | backslashes) & 0x8080_8080_8080_8080 != 0
  }

  /// The high bit of each zero byte (and maybe of bytes above one) set, the rest clear.
  private static func zeroByte(_ word: UInt64) -> UInt64 { (word &- 0x0101_0101_0101_0101) & ~word }
}
