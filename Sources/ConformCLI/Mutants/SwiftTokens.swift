/// A small token-level scanner of Swift source, enough to find mutation sites without SwiftSyntax
/// (the kit takes no dependencies): comments are skipped, a string literal (with its
/// interpolations, multi-line and raw forms) is one token, and each token knows its line and
/// whether white space stands on either side of it, which is how Swift tells a binary operator
/// (`a < b`) from a generic's bracket (`Array<Int>`) or a postfix one (`x?.y`).
struct SwiftToken: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    /// A name or a keyword (`let`, `guard`, `$0`, `` `default` ``).
    case identifier
    /// An integer or floating-point literal.
    case number
    /// A whole string literal, quotes and interpolations included.
    case string
    /// A run of operator characters (`<=`, `&&`, `??`, `->`, `...`), or `.` alone.
    case `operator`
    /// `( ) [ ] { } , : ; @ # \`.
    case punctuation
  }

  var kind: Kind
  var text: String
  /// The UTF-8 offsets of the token in the file.
  var start: Int
  var end: Int
  /// The token's line, from 1.
  var line: Int
  var spaceBefore: Bool
  var spaceAfter: Bool

  /// An operator with white space on both sides: Swift reads it as infix.
  var isSpacedOperator: Bool { kind == .operator && spaceBefore && spaceAfter }

  func `is`(_ text: String) -> Bool { self.text == text }
}

enum SwiftTokens {
  /// The characters an operator is made of (the ASCII ones: the app code uses no others).
  static let operatorBytes: Set<UInt8> = Set("/=-+!*%<>&|^~?.".utf8)

  /// The tokens of `source`, comments left out.
  static func scan(_ source: String) -> [SwiftToken] {
    let bytes = Array(source.utf8)
    var tokens: [SwiftToken] = []
    var index = 0
    var line = 1
    var spaceBefore = true

    func add(_ kind: SwiftToken.Kind, from start: Int, line startLine: Int) {
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      tokens.append(
        SwiftToken(kind: kind, text: text, start: start, end: index, line: startLine, spaceBefore: spaceBefore, spaceAfter: false)
      )
      spaceBefore = false
    }

    while index < bytes.count {
      let byte = bytes[index]
      let next = index + 1 < bytes.count ? bytes[index + 1] : 0
      if byte == 0x0A || byte == 0x20 || byte == 0x09 || byte == 0x0D {
        if byte == 0x0A { line += 1 }
        index += 1
        markSpace(&tokens, &spaceBefore)
        continue
      }
      if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        markSpace(&tokens, &spaceBefore)
        continue
      }
      if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
        index = skipBlockComment(bytes, from: index, line: &line)
        markSpace(&tokens, &spaceBefore)
        continue
      }
      let start = index
      let startLine = line
      if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && isRawStringStart(bytes, at: index)) {
        index = skipString(bytes, from: index, line: &line)
        add(.string, from: start, line: startLine)
      } else if isDigit(byte) {
        index += 1
        while index < bytes.count {
          let c = bytes[index]
          if isIdentifierByte(c) {
            index += 1
          } else if c == UInt8(ascii: "."), index + 1 < bytes.count, isDigit(bytes[index + 1]) {
            index += 1
          } else {
            break
          }
        }
        add(.number, from: start, line: startLine)
      } else if isIdentifierByte(byte) || byte == UInt8(ascii: "$") || byte >= 0x80 {
        index += 1
        while index < bytes.count, isIdentifierByte(bytes[index]) || bytes[index] >= 0x80 { index += 1 }
        add(.identifier, from: start, line: startLine)
      } else if byte == UInt8(ascii: "`") {
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "`"), bytes[index] != 0x0A { index += 1 }
        index = min(index + 1, bytes.count)
        add(.identifier, from: start, line: startLine)
      } else if operatorBytes.contains(byte) {
        index += 1
        if byte == UInt8(ascii: ".") {
          // `.` alone is member access; `...` and `..<` are operators.
          while index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "<") { index += 1 }
        } else {
          while index < bytes.count, operatorBytes.contains(bytes[index]), bytes[index] != UInt8(ascii: "."),
            !(bytes[index] == UInt8(ascii: "/") && index + 1 < bytes.count
              && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")))
          {
            index += 1
          }
        }
        add(.operator, from: start, line: startLine)
      } else {
        index += 1
        add(.punctuation, from: start, line: startLine)
      }
    }
    return tokens
  }

  /// White space (or a comment) follows the last token and precedes the next.
  private static func markSpace(_ tokens: inout [SwiftToken], _ spaceBefore: inout Bool) {
    spaceBefore = true
    if !tokens.isEmpty { tokens[tokens.count - 1].spaceAfter = true }
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  static func isIdentifierByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
  }

  private static func isRawStringStart(_ bytes: [UInt8], at index: Int) -> Bool {
    var cursor = index
    while cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") { cursor += 1 }
    return cursor < bytes.count && bytes[cursor] == UInt8(ascii: "\"")
  }

  /// The offset after the block comment at `start` (they nest in Swift).
  private static func skipBlockComment(_ bytes: [UInt8], from start: Int, line: inout Int) -> Int {
    var index = start + 2
    var depth = 1
    while index < bytes.count, depth > 0 {
      if bytes[index] == 0x0A { line += 1 }
      if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
        depth += 1
        index += 2
      } else if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
        depth -= 1
        index += 2
      } else {
        index += 1
      }
    }
    return index
  }

  /// The offset after the string literal at `start`: `#`s, `"` or `"""`, escapes and
  /// interpolations (whose own strings are skipped whole) up to the matching close.
  static func skipString(_ bytes: [UInt8], from start: Int, line: inout Int) -> Int {
    var index = start
    var hashes = 0
    while index < bytes.count, bytes[index] == UInt8(ascii: "#") {
      hashes += 1
      index += 1
    }
    let quote = UInt8(ascii: "\"")
    let multiline = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
    index += multiline ? 3 : 1
    func closes(at position: Int) -> Bool {
      let quotes = multiline ? 3 : 1
      guard position + quotes + hashes <= bytes.count else { return false }
      for offset in 0..<quotes where bytes[position + offset] != quote { return false }
      for offset in 0..<hashes where bytes[position + quotes + offset] != UInt8(ascii: "#") { return false }
      return true
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A {
        line += 1
        if !multiline { return index }
      }
      if closes(at: index) { return index + (multiline ? 3 : 1) + hashes }
      if byte == UInt8(ascii: "\\") {
        var cursor = index + 1
        var escapeHashes = 0
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") {
          escapeHashes += 1
          cursor += 1
        }
        if escapeHashes == hashes, cursor < bytes.count, bytes[cursor] == UInt8(ascii: "(") {
          index = skipInterpolation(bytes, from: cursor, line: &line)
          continue
        }
        index = escapeHashes == hashes ? cursor + 1 : index + 1
        continue
      }
      index += 1
    }
    return index
  }

  /// The offset after the interpolation whose `(` is at `start`.
  private static func skipInterpolation(_ bytes: [UInt8], from start: Int, line: inout Int) -> Int {
    var index = start + 1
    var depth = 1
    while index < bytes.count, depth > 0 {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index = skipString(bytes, from: index, line: &line)
        continue
      }
      if byte == 0x0A { line += 1 }
      if byte == UInt8(ascii: "(") { depth += 1 }
      if byte == UInt8(ascii: ")") { depth -= 1 }
      index += 1
    }
    return index
  }
}
