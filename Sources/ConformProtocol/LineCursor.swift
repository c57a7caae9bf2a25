import Foundation

/// The one byte scanner of the wire formats: steps through a line without building values.
///
/// It recognises only what the fast paths need (plain strings, integers, the extent of a value)
/// and never decides that a line is invalid: a caller that finds nothing it expects gives the
/// line to `JSONReader`, which accepts or rejects it with a precise message.
struct LineCursor {
  let line: UnsafeBufferPointer<UInt8>
  /// The next byte to read, 0-based.
  var index: Int
  /// Where the scan stops: the end of the line, or of the part of it being read.
  let end: Int

  init(line: UnsafeBufferPointer<UInt8>, index: Int = 0, end: Int? = nil) {
    self.line = line
    self.index = index
    self.end = end ?? line.count
  }

  mutating func skipWhitespace() {
    while index < end {
      switch line[index] {
      case 0x20, 0x09, 0x0D, 0x0A: index += 1
      default: return
      }
    }
  }

  func at(_ byte: UInt8) -> Bool { index < end && line[index] == byte }

  /// Whether the line holds `word` at `index`, without moving.
  func has(_ word: StaticString) -> Bool {
    let length = word.utf8CodeUnitCount
    guard index + length <= end else { return false }
    for offset in 0..<length where line[index + offset] != word.utf8Start[offset] { return false }
    return true
  }

  /// Steps over `word` when the line holds it at `index`.
  mutating func skip(_ word: StaticString) -> Bool {
    guard has(word) else { return false }
    index += word.utf8CodeUnitCount
    return true
  }

  /// A string without escapes or control characters; its content's range.
  mutating func plainString() -> Range<Int>? {
    guard at(UInt8(ascii: "\"")) else { return nil }
    let start = index + 1
    var position = start
    while position < end {
      let byte = line[position]
      if byte == UInt8(ascii: "\"") {
        index = position + 1
        return start..<position
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      position += 1
    }
    return nil
  }

  func equals(_ range: Range<Int>, _ word: StaticString) -> Bool {
    guard range.count == word.utf8CodeUnitCount else { return false }
    for offset in 0..<range.count where line[range.lowerBound + offset] != word.utf8Start[offset] { return false }
    return true
  }

  /// A JSON integer in `Int64`'s range (no fraction, exponent, leading zero or `-0`).
  mutating func integer() -> Int64? {
    var position = index
    let negative = position < end && line[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    let digitsStart = position
    var value: Int64 = 0
    while position < end, line[position] >= 0x30, line[position] <= 0x39 {
      let digit = Int64(line[position] - 0x30)
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      value = next
      position += 1
    }
    let digits = position - digitsStart
    guard digits > 0, !(digits > 1 && line[digitsStart] == 0x30), !(negative && value == 0) else { return nil }
    if position < end {
      switch line[position] {
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
      default: break
      }
    }
    index = position
    return value
  }

  /// Skips one value (strings, nesting and scalars), without validating it; false when the line
  /// ends inside it or a closing bracket comes first.
  mutating func skipValue() -> Bool {
    var depth = 0
    while index < end {
      let byte = line[index]
      switch byte {
      case UInt8(ascii: "\""):
        index = closingQuote(from: index + 1)
        guard index < end else { return false }
        index += 1
        if depth == 0 { return true }
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        guard depth > 0 else { return false }
        depth -= 1
        index += 1
        if depth == 0 { return true }
      case UInt8(ascii: ","), 0x20, 0x09, 0x0D, 0x0A:
        guard depth > 0 else { return true }
        index += 1
      default:
        index += 1
        if depth == 0 {
          while index < end {
            switch line[index] {
            case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0D, 0x0A: return true
            default: index += 1
            }
          }
          return true
        }
      }
    }
    return false
  }

  /// The quote that ends a string whose content starts at `contentStart` (one with an even run
  /// of backslashes before it), or `end`. Found with `memchr`: a 15 MiB string is one pass.
  func closingQuote(from contentStart: Int) -> Int {
    let base = line.baseAddress!
    var from = contentStart
    while from < end, let found = memchr(base + from, Int32(UInt8(ascii: "\"")), end - from) {
      let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      var before = quote
      while before > contentStart, line[before - 1] == UInt8(ascii: "\\") { before -= 1 }
      if (quote - before) % 2 == 0 { return quote }
      from = quote + 1
    }
    return end
  }

  /// Skips one value and returns its bytes' range, or nil as `skipValue` fails.
  mutating func value() -> Range<Int>? {
    let start = index
    return skipValue() ? start..<index : nil
  }
}
