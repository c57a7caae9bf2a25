/// An answer line's envelope, read without allocating: where its `id` and payload are.
///
/// Offsets are into the scanned line. The payload is not validated here: the harness compares
/// its bytes with the expected output's canonical bytes (equal bytes are an exact match of
/// values), and parses it strictly with `JSONReader` only when they differ.
struct ScannedAnswer: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case result, skipped, error
  }

  var kind: Kind
  var seq: Int64
  /// The id string's content (no escapes in it).
  var id: Range<Int>
  /// The payload value's bytes (`output`, `reason` or `message`).
  var payload: Range<Int>
}

/// The fast path for reading answers: the usual line (`type`, `seq`, `id` and one payload,
/// keys and id without escapes, in any order) is scanned in place. Anything else returns nil,
/// and the line goes to `Answer.parse`, which accepts or rejects it with a precise message:
/// the scanner never decides that a line is invalid.
enum AnswerScanner {
  static func scan(_ line: UnsafeBufferPointer<UInt8>) -> ScannedAnswer? {
    var scanner = Cursor(line: line)
    return scanner.answer()
  }

  private struct Cursor {
    let line: UnsafeBufferPointer<UInt8>
    var index = 0

    mutating func skipWhitespace() {
      while index < line.count {
        switch line[index] {
        case 0x20, 0x09, 0x0D, 0x0A: index += 1
        default: return
        }
      }
    }

    func at(_ byte: UInt8) -> Bool { index < line.count && line[index] == byte }

    /// A string without escapes or control characters; its content's range.
    mutating func plainString() -> Range<Int>? {
      guard at(UInt8(ascii: "\"")) else { return nil }
      let start = index + 1
      var position = start
      while position < line.count {
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
      let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
      for offset in 0..<range.count where line[range.lowerBound + offset] != bytes[offset] { return false }
      return true
    }

    /// A JSON integer in `Int64`'s range (no fraction, exponent, leading zero or `-0`).
    mutating func integer() -> Int64? {
      var position = index
      let negative = position < line.count && line[position] == UInt8(ascii: "-")
      if negative { position += 1 }
      let digitsStart = position
      var value: Int64 = 0
      while position < line.count, line[position] >= 0x30, line[position] <= 0x39 {
        let digit = Int64(line[position] - 0x30)
        let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
        let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
        if overflow1 || overflow2 { return nil }
        value = next
        position += 1
      }
      let digits = position - digitsStart
      guard digits > 0, !(digits > 1 && line[digitsStart] == 0x30), !(negative && value == 0) else { return nil }
      if position < line.count {
        switch line[position] {
        case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
        default: break
        }
      }
      index = position
      return value
    }

    /// Skips one value (strings, nesting and scalars), without validating it.
    mutating func skipValue() -> Bool {
      var depth = 0
      while index < line.count {
        let byte = line[index]
        switch byte {
        case UInt8(ascii: "\""):
          index += 1
          while index < line.count, line[index] != UInt8(ascii: "\"") {
            index += line[index] == UInt8(ascii: "\\") ? 2 : 1
          }
          guard index < line.count else { return false }
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
            while index < line.count {
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

    mutating func answer() -> ScannedAnswer? {
      skipWhitespace()
      guard at(UInt8(ascii: "{")) else { return nil }
      index += 1
      var kind: ScannedAnswer.Kind?
      var seq: Int64?
      var id: Range<Int>?
      var payload: Range<Int>?
      var payloadKind: ScannedAnswer.Kind?
      while true {
        skipWhitespace()
        guard let key = plainString() else { return nil }
        skipWhitespace()
        guard at(UInt8(ascii: ":")) else { return nil }
        index += 1
        skipWhitespace()
        if equals(key, "type") {
          guard kind == nil, let value = plainString() else { return nil }
          if equals(value, "result") {
            kind = .result
          } else if equals(value, "skipped") {
            kind = .skipped
          } else if equals(value, "error") {
            kind = .error
          } else {
            return nil
          }
        } else if equals(key, "seq") {
          guard seq == nil, let value = integer() else { return nil }
          seq = value
        } else if equals(key, "id") {
          guard id == nil, let value = plainString() else { return nil }
          id = value
        } else {
          let named: ScannedAnswer.Kind
          if equals(key, "output") {
            named = .result
          } else if equals(key, "reason") {
            named = .skipped
          } else if equals(key, "message") {
            named = .error
          } else {
            return nil
          }
          guard payload == nil else { return nil }
          let start = index
          guard skipValue() else { return nil }
          payload = start..<index
          payloadKind = named
        }
        skipWhitespace()
        if at(UInt8(ascii: ",")) {
          index += 1
          continue
        }
        guard at(UInt8(ascii: "}")) else { return nil }
        index += 1
        break
      }
      skipWhitespace()
      guard index == line.count, let kind, let seq, let id, let payload, payloadKind == kind else { return nil }
      return ScannedAnswer(kind: kind, seq: seq, id: id, payload: payload)
    }
  }
}
