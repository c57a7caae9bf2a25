/// Malformed JSON, with where it went wrong.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, lower-case ("expected ':' after an object key").
  public var message: String
  /// 1-based line within the text that was read.
  public var line: Int
  /// 1-based column, counted in bytes from the start of the line.
  public var column: Int

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

  public static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
    var parser = Parser(bytes: buffer)
    do throws(Failure) {
      parser.skipWhitespace()
      let value = try parser.value(depth: 0)
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

  func located(in bytes: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError {
    let end = min(offset, bytes.count)
    var line = 1
    var lineStart = 0
    for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    return JSONSyntaxError(message: message, line: line, column: end - lineStart + 1)
  }
}

private struct Parser {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

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
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    var sorted = true
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(JSONObject())
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw failure(index < bytes.count ? "expected a string key" : "unexpected end of input in an object")
      }
      let keyOffset = index
      let key = try string()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw failure("expected ':' after the key \"\(key)\"")
      }
      index += 1
      skipWhitespace()
      let member = try value(depth: depth)
      if let last = members.last, sorted, !JSONObject.precedes(last.key, key) {
        if JSONObject.same(last.key, key) { throw failure("duplicate key \"\(key)\"", at: keyOffset) }
        sorted = false
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
      members.sort { JSONObject.precedes($0.key, $1.key) }
      for position in members.indices.dropFirst() where JSONObject.same(members[position - 1].key, members[position].key) {
        throw failure("duplicate key \"\(members[position].key)\"")
      }
    }
    return .object(JSONObject(sortedMembers: members))
  }

  mutating func array(depth: Int) throws(Failure) -> JSONValue {
    guard depth <= JSONReader.maxDepth else { throw failure("nesting deeper than \(JSONReader.maxDepth)") }
    index += 1
    var items: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(items)
    }
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
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit", at: index) }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) { throw failure("leading zeros are not allowed", at: start) }
    } else {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
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
    if integral, let exact = exactInteger(literal) { return .int(exact) }
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

  mutating func string() throws(Failure) -> String {
    let start = index
    index += 1
    let contentStart = index
    // Fast path: no escapes.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
        index += 1
        return try validated(content, at: contentStart)
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw failure("control character \(describe(byte)) in a string must be escaped") }
      index += 1
    }
    guard index < bytes.count else { throw failure("unterminated string", at: start) }
    // Slow path: decode escapes into a byte buffer.
    var decoded = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
    var runStart = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return try validated(decoded, at: contentStart)
      }
      if byte < 0x20 { throw failure("control character \(describe(byte)) in a string must be escaped") }
      guard byte == UInt8(ascii: "\\") else {
        decoded.append(byte)
        index += 1
        continue
      }
      runStart = index
      index += 1
      guard index < bytes.count else { break }
      switch bytes[index] {
      case UInt8(ascii: "\""): decoded.append(UInt8(ascii: "\""))
      case UInt8(ascii: "\\"): decoded.append(UInt8(ascii: "\\"))
      case UInt8(ascii: "/"): decoded.append(UInt8(ascii: "/"))
      case UInt8(ascii: "b"): decoded.append(0x08)
      case UInt8(ascii: "f"): decoded.append(0x0C)
      case UInt8(ascii: "n"): decoded.append(0x0A)
      case UInt8(ascii: "r"): decoded.append(0x0D)
      case UInt8(ascii: "t"): decoded.append(0x09)
      case UInt8(ascii: "u"):
        let scalar = try unicodeEscape(at: runStart)
        decoded.append(contentsOf: Array(String(Character(scalar)).utf8))
        continue
      default: throw failure("invalid escape \\\(describe(bytes[index]))", at: runStart)
      }
      index += 1
    }
    throw failure("unterminated string", at: start)
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

  func validated(_ content: some Collection<UInt8>, at offset: Int) throws(Failure) -> String {
    guard let text = String(validating: content, as: UTF8.self) else {
      throw failure("string is not valid UTF-8", at: offset)
    }
    return text
  }

  func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  func describe(_ byte: UInt8) -> String {
    byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "0x\(String(byte, radix: 16, uppercase: true))"
  }
}
