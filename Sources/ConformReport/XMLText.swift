/// Text made safe for XML 1.0 character data and attribute values.
///
/// `&`, `<`, `>` and quotes become entities; characters XML 1.0 forbids outright (C0 controls
/// other than tab, newline and carriage return; U+FFFE and U+FFFF) cannot be escaped at all, so
/// they are replaced by a visible `\u{1B}`. In attributes, tab, newline and carriage return become
/// character references, because a parser would otherwise normalise them to spaces.
enum XMLText {
  static func content(_ text: String) -> String { escape(text, inAttribute: false) }

  static func attribute(_ text: String) -> String { escape(text, inAttribute: true) }

  private static func escape(_ text: String, inAttribute: Bool) -> String {
    guard needsEscaping(text, inAttribute: inAttribute) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where inAttribute: result += "&quot;"
      case "'" where inAttribute: result += "&apos;"
      case "\n" where inAttribute: result += "&#10;"
      case "\r": result += "&#13;"
      case "\t" where inAttribute: result += "&#9;"
      case "\n", "\t": result.unicodeScalars.append(scalar)
      default:
        if isForbidden(scalar) {
          result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// One pass over the UTF-8 bytes: most text needs no escaping at all.
  private static func needsEscaping(_ text: String, inAttribute: Bool) -> Bool {
    let scan = { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
      var index = 0
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), 0x0D, 0xEF: return true
        case UInt8(ascii: "\""), UInt8(ascii: "'"), 0x0A, 0x09: if inAttribute { return true }
        case 0..<0x20: return true
        default: break
        }
        index += 1
      }
      return false
    }
    return text.utf8.withContiguousStorageIfAvailable(scan) ?? Array(text.utf8).withUnsafeBufferPointer(scan)
  }

  /// Not a `Char` of XML 1.0 (surrogates cannot occur in a Swift string).
  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" || scalar.value == 0xFFFE || scalar.value == 0xFFFF
  }
}

/// Durations as JUnit writes them: seconds with exactly three decimals, rounded half up.
enum JUnitTime {
  static func seconds(microseconds: Int64) -> String {
    let microseconds = max(0, microseconds)
    return seconds(milliseconds: microseconds / 1000 + (microseconds % 1000 >= 500 ? 1 : 0))
  }

  static func seconds(milliseconds: Int64) -> String {
    let milliseconds = max(0, milliseconds)
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}
