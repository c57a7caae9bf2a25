/// Writes canonical JSON: keys in code point order, no insignificant whitespace, `null` written
/// where a value is absent, strings escaped minimally (`"`, `\`, control characters) and otherwise
/// left as UTF-8.
///
/// The same value always gives the same bytes, so fixture diffs are reviewable and digests stable.
public enum JSONWriter {
  /// Appends the canonical bytes of `value` to `output`.
  public static func write(_ value: JSONValue, into output: inout [UInt8]) {
    switch value {
    case .null: append("null", to: &output)
    case .bool(true): append("true", to: &output)
    case .bool(false): append("false", to: &output)
    case .int(let number): writeInteger(number, into: &output)
    case .number(let literal): appendUTF8(of: literal, to: &output)
    case .string(let text): writeString(text, into: &output)
    case .array(let items):
      output.append(UInt8(ascii: "["))
      for position in items.indices {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        write(items[position], into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      output.append(UInt8(ascii: "{"))
      let members = object.members
      for position in members.indices {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        writeString(members[position].key, into: &output)
        output.append(UInt8(ascii: ":"))
        write(members[position].value, into: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  public static func bytes(_ value: JSONValue) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(128)
    write(value, into: &output)
    return output
  }

  public static func string(_ value: JSONValue) -> String {
    String(decoding: bytes(value), as: UTF8.self)
  }

  public static func writeInteger(_ number: Int64, into output: inout [UInt8]) {
    if number < 0 { output.append(UInt8(ascii: "-")) }
    var magnitude = number.magnitude
    if magnitude < 10 {
      output.append(UInt8(ascii: "0") &+ UInt8(magnitude))
      return
    }
    // At most 20 digits, filled from the end of a buffer on the stack.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = 20
      while magnitude > 0 {
        start -= 1
        digits[start] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
        magnitude /= 10
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
    }
  }

  public static func writeString(_ text: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    let written: Void? = text.utf8.withContiguousStorageIfAvailable { appendEscaped($0, to: &output) }
    if written == nil {
      var copy = text
      copy.withUTF8 { appendEscaped($0, to: &output) }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Appends `bytes`, copying the runs that need no escape whole.
  private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    var runStart = 0
    while true {
      let position = StringRun.end(in: bytes, from: runStart, asciiOnly: false)
      if runStart < position { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position])) }
      guard position < bytes.count else { return }
      let byte = bytes[position]
      runStart = position + 1
      output.append(UInt8(ascii: "\\"))
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
      case 0x0A: output.append(UInt8(ascii: "n"))
      case 0x0D: output.append(UInt8(ascii: "r"))
      case 0x09: output.append(UInt8(ascii: "t"))
      case 0x08: output.append(UInt8(ascii: "b"))
      case 0x0C: output.append(UInt8(ascii: "f"))
      default:
        output.append(UInt8(ascii: "u"))
        output.append(UInt8(ascii: "0"))
        output.append(UInt8(ascii: "0"))
        output.append(hexDigit(byte >> 4))
        output.append(hexDigit(byte & 0xF))
      }
    }
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ (value &- 10)
  }

  private static func append(_ word: StaticString, to output: inout [UInt8]) {
    output.append(contentsOf: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
  }

  private static func appendUTF8(of text: String, to output: inout [UInt8]) {
    let written: Void? = text.utf8.withContiguousStorageIfAvailable { output.append(contentsOf: $0) }
    if written == nil { output.append(contentsOf: text.utf8) }
  }
}

extension JSONValue: CustomStringConvertible {
  /// The canonical JSON text.
  public var description: String { JSONWriter.string(self) }
}
