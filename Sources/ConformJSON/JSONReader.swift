/// Malformed JSON, with where it went wrong.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, lower-case ("expected ':' after an object key").
  public var message: String
  /// 1-based line within the text that was read.
  public var line: Int
  /// 1-based column, counted in bytes from the start of the line.
  public var column: Int
  /// The text may be valid JSON, but it holds more values than the reader was allowed to build.
  public var tooManyValues: Bool

  public init(message: String, line: Int, column: Int, tooManyValues: Bool = false) {
    self.message = message
    self.line = line
    self.column = column
    self.tooManyValues = tooManyValues
  }

  public var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict JSON reader (RFC 8259), written by hand for speed and exactness.
///
/// It refuses what other readers let through: duplicate keys, invalid UTF-8, lone surrogate
/// escapes, leading zeros, trailing commas, trailing text, nesting deeper than `maxDepth`.
/// Integers that fit in 64 bits become `.int`; other numbers keep their literal text.
public enum JSONReader {
  /// The deepest nesting accepted, so hostile input cannot exhaust the stack.
  public static let maxDepth = 128

  public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    var text = text
    return try text.withUTF8 { buffer in Result { () throws(JSONSyntaxError) in try parse(buffer) } }.get()
  }

  public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { buffer in Result { () throws(JSONSyntaxError) in try parse(buffer) } }.get()
  }

  public static func parse(_ bytes: ArraySlice<UInt8>) throws(JSONSyntaxError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { buffer in Result { () throws(JSONSyntaxError) in try parse(buffer) } }.get()
  }

  /// Reads `buffer`, building at most `maxValues` values (every value counts, nested ones too):
  /// the time and memory of reading text from elsewhere stay bounded whatever it holds (a 16 MiB
  /// line of 5 million empty objects). A value cut from a larger text is read `nestedIn` levels
  /// deep, so `maxDepth` counts the levels around it as reading the whole text would.
  public static func parse(_ buffer: UnsafeBufferPointer<UInt8>, maxValues: Int = .max, nestedIn depth: Int = 0)
    throws(JSONSyntaxError) -> JSONValue
  {
    var parser = Parser(bytes: buffer, maxValues: maxValues)
    do throws(Failure) {
      parser.skipWhitespace()
      let value = try parser.value(depth: depth)
      parser.skipWhitespace()
      if parser.index < buffer.count { throw parser.failure("unexpected text after the JSON value") }
      return value
    } catch {
      throw error.located(in: buffer)
    }
  }
}

/// An error found at a byte offset, before the line and column are worked out.
private struct Failure: Error {
  var message: String
  var offset: Int
  var tooManyValues = false

  func located(in bytes: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError {
    let end = min(offset, bytes.count)
    var line = 1
    var lineStart = 0
    for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    return JSONSyntaxError(message: message, line: line, column: end - lineStart + 1, tooManyValues: tooManyValues)
  }
}

/// A key compared by its scalars, as JSON keys are, rather than by canonical equivalence.
private struct ExactKey: Hashable {
  var text: String

  static func == (lhs: ExactKey, rhs: ExactKey) -> Bool { UTF8Order.equal(lhs.text, rhs.text) }
  func hash(into hasher: inout Hasher) { UTF8Order.hash(text, into: &hasher) }
}

private struct Parser {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  /// The decoded bytes of a string with escapes, reused from string to string.
  var unescaped: [UInt8] = []
  let maxValues: Int
  /// Values still allowed.
  var valuesLeft: Int

  init(bytes: UnsafeBufferPointer<UInt8>, maxValues: Int = .max) {
    self.bytes = bytes
    self.maxValues = maxValues
    valuesLeft = maxValues
  }

  func failure(_ message: String, at offset: Int? = nil) -> Failure {
    Failure(message: message, offset: offset ?? index)
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  mutating func value(depth: Int) throws(Failure) -> JSONValue {
    guard index < bytes.count else { throw failure("unexpected end of input, expected a value") }
    valuesLeft -= 1
    guard valuesLeft >= 0 else {
      var failure = failure("more than \(maxValues) values, the most read in one text")
      failure.tooManyValues = true
      throw failure
    }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object(depth: depth + 1)
    case UInt8(ascii: "["): return try array(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): try literal("true"); return .bool(true)
    case UInt8(ascii: "f"): try literal("false"); return .bool(false)
    case UInt8(ascii: "n"): try literal("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw failure("unexpected character \(describe(bytes[index])), expected a value")
    }
  }

  mutating func literal(_ word: StaticString) throws(Failure) {
    let start = index
    for byte in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
      guard index < bytes.count, bytes[index] == byte else {
        throw failure("invalid literal, expected \(word)", at: start)
      }
      index += 1
    }
  }

  mutating func object(depth: Int) throws(Failure) -> JSONValue {
    guard depth <= JSONReader.maxDepth else { throw failure("nesting deeper than \(JSONReader.maxDepth)") }
    let objectStart = index
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(JSONObject())
    }
    var members: [(key: String, value: JSONValue)] = []
    members.reserveCapacity(4)
    // The members usually arrive sorted; only when they do not is a sort needed.
    var sorted = true
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw failure(index < bytes.count ? "expected a string key" : "unexpected end of input in an object")
      }
      let keyOffset = index
      let key = try string()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw failure("expected ':' after the key \(quoted(key))")
      }
      index += 1
      skipWhitespace()
      let member = try value(depth: depth)
      if sorted, let last = members.last {
        let order = UTF8Order.compare(last.key, key)
        if order == 0 { throw failure("duplicate key \(quoted(key))", at: keyOffset) }
        if order > 0 { sorted = false }
      }
      members.append((key, member))
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end of input in an object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "}") else { throw failure("expected ',' or '}' in an object") }
      index += 1
      break
    }
    if !sorted {
      Self.sortByKey(&members)
      for position in members.indices.dropFirst()
      where UTF8Order.equal(members[position - 1].key, members[position].key) {
        throw firstDuplicateKey(inObjectAt: objectStart, depth: depth)
      }
    }
    return .object(JSONObject(sortedMembers: members))
  }

  /// Sorts members by key: by insertion when there are few (the usual case), else by the library.
  static func sortByKey(_ members: inout [(key: String, value: JSONValue)]) {
    guard members.count <= 12 else {
      members.sort { UTF8Order.compare($0.key, $1.key) < 0 }
      return
    }
    members.withUnsafeMutableBufferPointer { buffer in
      for end in 1..<buffer.count {
        var position = end
        while position > 0, UTF8Order.compare(buffer[position - 1].key, buffer[position].key) > 0 {
          buffer.swapAt(position - 1, position)
          position -= 1
        }
      }
    }
  }

  /// The error for an object known to hold a duplicate key: reads the object again from its
  /// start, in text order, to point at the first key that repeats an earlier one.
  func firstDuplicateKey(inObjectAt objectStart: Int, depth: Int) -> Failure {
    var reader = Parser(bytes: bytes)
    reader.index = objectStart + 1
    var seen: Set<ExactKey> = []
    do throws(Failure) {
      while true {
        reader.skipWhitespace()
        let keyOffset = reader.index
        let key = try reader.string()
        guard seen.insert(ExactKey(text: key)).inserted else {
          return failure("duplicate key \(quoted(key))", at: keyOffset)
        }
        reader.skipWhitespace()
        reader.index += 1  // the ':'
        reader.skipWhitespace()
        _ = try reader.value(depth: depth)
        reader.skipWhitespace()
        reader.index += 1  // the ',' (or the '}', after which a duplicate was already found)
      }
    } catch {
      // The object was read once without error, so this cannot happen.
      return error
    }
  }

  mutating func array(depth: Int) throws(Failure) -> JSONValue {
    guard depth <= JSONReader.maxDepth else { throw failure("nesting deeper than \(JSONReader.maxDepth)") }
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array([])
    }
    var items: [JSONValue] = []
    while true {
      skipWhitespace()
      items.append(try value(depth: depth))
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end of input in an array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else { throw failure("expected ',' or ']' in an array") }
      index += 1
      return .array(items)
    }
  }

  mutating func number() throws(Failure) -> JSONValue {
    let start = index
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit", at: index) }
    let digitsStart = index
    // Up to 18 digits cannot overflow; longer integers take the exact check below.
    var magnitude: UInt64 = 0
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) { throw failure("leading zeros are not allowed", at: start) }
    } else {
      while index < bytes.count, isDigit(bytes[index]) {
        magnitude = magnitude &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
        index += 1
      }
    }
    let digitCount = index - digitsStart
    var integral = true
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      integral = false
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit after '.'") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      integral = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit in the exponent") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    let literal = UnsafeBufferPointer(rebasing: bytes[start..<index])
    if integral {
      // `-0` is not the integer 0: it stays text so that it is written back as it came.
      if digitCount <= 18 {
        if !negative { return .int(Int64(magnitude)) }
        if magnitude != 0 { return .int(-Int64(magnitude)) }
      } else if let exact = exactInteger(literal) {
        return .int(exact)
      }
    }
    return .number(String(decoding: literal, as: UTF8.self))
  }

  /// The literal's value when it is an integer in `Int64`'s range, other than `-0`.
  func exactInteger(_ literal: UnsafeBufferPointer<UInt8>) -> Int64? {
    let negative = literal[0] == UInt8(ascii: "-")
    var value: Int64 = 0
    for byte in literal.dropFirst(negative ? 1 : 0) {
      let digit = Int64(byte - UInt8(ascii: "0"))
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      value = next
    }
    if negative && value == 0 { return nil }
    return value
  }

  /// Reads a string with `index` on its opening quote; leaves `index` after the closing quote.
  mutating func string() throws(Failure) -> String {
    let start = index
    index += 1
    let contentStart = index
    // Fast path: no escapes, so the text is a slice of the input.
    while index < bytes.count {
      // Plain ASCII first, a word at a time.
      index = StringRun.end(in: bytes, from: index, asciiOnly: true)
      guard index < bytes.count else { break }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
        index += 1
        return makeString(content)
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw controlCharacter(byte) }
      try skipUTF8Sequence()
    }
    guard index < bytes.count else { throw failure("unterminated string", at: start) }
    // Slow path: decode escapes into a reused byte buffer.
    unescaped.removeAll(keepingCapacity: true)
    unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
    while index < bytes.count {
      let runStart = index
      index = StringRun.end(in: bytes, from: index, asciiOnly: true)
      if runStart < index { unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
      guard index < bytes.count else { break }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return unescaped.withUnsafeBufferPointer { makeString($0) }
      }
      if byte < 0x20 { throw controlCharacter(byte) }
      guard byte == UInt8(ascii: "\\") else {
        let sequenceStart = index
        try skipUTF8Sequence()
        unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[sequenceStart..<index]))
        continue
      }
      let escapeStart = index
      index += 1
      guard index < bytes.count else { break }
      switch bytes[index] {
      case UInt8(ascii: "\""): unescaped.append(UInt8(ascii: "\""))
      case UInt8(ascii: "\\"): unescaped.append(UInt8(ascii: "\\"))
      case UInt8(ascii: "/"): unescaped.append(UInt8(ascii: "/"))
      case UInt8(ascii: "b"): unescaped.append(0x08)
      case UInt8(ascii: "f"): unescaped.append(0x0C)
      case UInt8(ascii: "n"): unescaped.append(0x0A)
      case UInt8(ascii: "r"): unescaped.append(0x0D)
      case UInt8(ascii: "t"): unescaped.append(0x09)
      case UInt8(ascii: "u"):
        appendUTF8(of: try unicodeEscape(at: escapeStart))
        continue
      default: throw invalidEscape(bytes[index], at: escapeStart)
      }
      index += 1
    }
    throw failure("unterminated string", at: start)
  }

  /// A string of UTF-8 bytes already checked. The library checks them again (it has no unchecked
  /// initializer), but for up to 15 ASCII bytes that is one word test.
  func makeString(_ content: UnsafeBufferPointer<UInt8>) -> String {
    String(unsafeUninitializedCapacity: content.count) { buffer in
      _ = buffer.initialize(fromContentsOf: content)
      return content.count
    }
  }

  func invalidEscape(_ byte: UInt8, at escapeStart: Int) -> Failure {
    let escape = byte >= 0x20 && byte < 0x7F ? "'\\\(Character(Unicode.Scalar(byte)))'" : "'\\' followed by \(describe(byte))"
    return failure("invalid escape \(escape)", at: escapeStart)
  }

  func controlCharacter(_ byte: UInt8) -> Failure {
    failure("control character \(describe(byte)) in a string must be escaped")
  }

  /// Checks the UTF-8 sequence whose lead byte (0x80 or above) is at `index` and steps over it.
  ///
  /// Strict, per Unicode's table of well-formed byte sequences: no overlong forms, no encoded
  /// surrogates (U+D800 to U+DFFF), nothing above U+10FFFF. The error points at the lead byte.
  mutating func skipUTF8Sequence() throws(Failure) {
    let lead = bytes[index]
    // The length, and the range of the second byte: narrower after E0, ED, F0 and F4.
    let (length, secondLow, secondHigh): (Int, UInt8, UInt8)
    switch lead {
    case 0xC2...0xDF: (length, secondLow, secondHigh) = (2, 0x80, 0xBF)
    case 0xE0: (length, secondLow, secondHigh) = (3, 0xA0, 0xBF)  // no overlong forms
    case 0xE1...0xEC, 0xEE...0xEF: (length, secondLow, secondHigh) = (3, 0x80, 0xBF)
    case 0xED: (length, secondLow, secondHigh) = (3, 0x80, 0x9F)  // no surrogates
    case 0xF0: (length, secondLow, secondHigh) = (4, 0x90, 0xBF)  // no overlong forms
    case 0xF1...0xF3: (length, secondLow, secondHigh) = (4, 0x80, 0xBF)
    case 0xF4: (length, secondLow, secondHigh) = (4, 0x80, 0x8F)  // nothing above U+10FFFF
    default: throw failure("invalid UTF-8 byte \(describe(lead)) in a string")
    }
    guard index + length <= bytes.count else { throw failure("truncated UTF-8 sequence in a string") }
    let second = bytes[index + 1]
    guard second >= secondLow, second <= secondHigh else { throw failure("invalid UTF-8 sequence in a string") }
    for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
      throw failure("invalid UTF-8 sequence in a string")
    }
    index += length
  }

  mutating func appendUTF8(of scalar: Unicode.Scalar) {
    let value = scalar.value
    switch value {
    case 0..<0x80:
      unescaped.append(UInt8(value))
    case 0x80..<0x800:
      unescaped.append(0xC0 | UInt8(value >> 6))
      unescaped.append(0x80 | UInt8(value & 0x3F))
    case 0x800..<0x10000:
      unescaped.append(0xE0 | UInt8(value >> 12))
      unescaped.append(0x80 | UInt8((value >> 6) & 0x3F))
      unescaped.append(0x80 | UInt8(value & 0x3F))
    default:
      unescaped.append(0xF0 | UInt8(value >> 18))
      unescaped.append(0x80 | UInt8((value >> 12) & 0x3F))
      unescaped.append(0x80 | UInt8((value >> 6) & 0x3F))
      unescaped.append(0x80 | UInt8(value & 0x3F))
    }
  }

  /// Reads `\uXXXX` (and its low surrogate partner) with `index` on the `u`; leaves `index` after it.
  mutating func unicodeEscape(at escapeStart: Int) throws(Failure) -> Unicode.Scalar {
    index += 1
    let high = try hexQuad(at: escapeStart)
    if (0xDC00...0xDFFF).contains(high) { throw failure("lone low surrogate \\u\(hex(high))", at: escapeStart) }
    guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high)! }
    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
      throw failure("lone high surrogate \\u\(hex(high))", at: escapeStart)
    }
    index += 2
    let low = try hexQuad(at: escapeStart)
    guard (0xDC00...0xDFFF).contains(low) else { throw failure("lone high surrogate \\u\(hex(high))", at: escapeStart) }
    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
  }

  mutating func hexQuad(at escapeStart: Int) throws(Failure) -> UInt32 {
    guard index + 4 <= bytes.count else { throw failure("incomplete \\u escape", at: escapeStart) }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("invalid hex digit in a \\u escape", at: escapeStart)
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// A key as JSON text, so that a message stays on one line whatever the key holds.
  func quoted(_ key: String) -> String {
    var output: [UInt8] = []
    JSONWriter.writeString(key, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// A byte for a message: `'x'` when printable ASCII, else its hex value (`0x1F`).
  func describe(_ byte: UInt8) -> String {
    guard byte >= 0x20, byte < 0x7F else {
      let digits = String(byte, radix: 16, uppercase: true)
      return "0x" + (digits.count < 2 ? "0" : "") + digits
    }
    return "'\(Character(Unicode.Scalar(byte)))'"
  }
}
