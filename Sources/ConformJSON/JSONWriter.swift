/// Writes canonical JSON: keys in code point order, no insignificant whitespace, `null` written
/// where a value is absent, strings escaped minimally (`"`, `\`, control characters) and otherwise
/// left as UTF-8.
///
/// The same value always gives the same bytes, so fixture diffs are reviewable and digests stable.
public enum JSONWriter {
  /// Appends the canonical bytes of `value` to `output`.
  public static func write(_ value: JSONValue, into output: inout [UInt8]) {
    switch value {
    case .null: output.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    case .bool(true): output.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
    case .bool(false): output.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
    case .int(let number): writeInteger(number, into: &output)
    case .number(let literal): output.append(contentsOf: literal.utf8)
    case .string(let text): writeString(text, into: &output)
    case .array(let items):
      output.append(UInt8(ascii: "["))
      for (position, item) in items.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        write(item, into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      output.append(UInt8(ascii: "{"))
      for (position, member) in object.members.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        writeString(member.key, into: &output)
        output.append(UInt8(ascii: ":"))
        write(member.value, into: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  public static func bytes(_ value: JSONValue) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(64)
    write(value, into: &output)
    return output
  }

  public static func string(_ value: JSONValue) -> String {
    String(decoding: bytes(value), as: UTF8.self)
  }

  public static func writeInteger(_ number: Int64, into output: inout [UInt8]) {
    if number == 0 {
      output.append(UInt8(ascii: "0"))
      return
    }
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                 UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
      (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var magnitude = number.magnitude
    withUnsafeMutableBytes(of: &digits) { buffer in
      while magnitude > 0 {
        buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      }
      if number < 0 { output.append(UInt8(ascii: "-")) }
      for position in stride(from: count - 1, through: 0, by: -1) { output.append(buffer[position]) }
    }
  }

  public static func writeString(_ text: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
      case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
      case 0..<0x20:
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
        output.append(hex[Int(byte >> 4)])
        output.append(hex[Int(byte & 0xF)])
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}

extension JSONValue: CustomStringConvertible {
  /// The canonical JSON text.
  public var description: String { JSONWriter.string(self) }
}
