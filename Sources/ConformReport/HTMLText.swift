import ConformArchive
import ConformFixtures
import Foundation

/// Text made safe for an HTML page, wherever it goes: element content or a quoted attribute value.
///
/// What a results file holds came from the implementation under test, which may write anything:
/// `</script>`, `<!--`, quotes that end an attribute, NUL, escape sequences, U+2028. The page never
/// puts such text in a script or a style, only in content and double-quoted attributes, and there
/// every `&`, `<`, `>`, `"` and `'` becomes a character reference; controls (C0 other than tab and
/// newline, DEL, C1) become a visible `\u{1B}` first, as on the terminal, since a browser would
/// drop or replace them silently.
enum HTMLText {
  static func escape(_ text: String) -> String {
    let visible = VisibleText.escapingControls(text)
    guard needsEscaping(visible) else { return visible }
    var result = ""
    result.reserveCapacity(visible.utf8.count + 16)
    for scalar in visible.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// One pass over the UTF-8 bytes: most text needs no escaping at all.
  private static func needsEscaping(_ text: String) -> Bool {
    text.utf8.contains { byte in
      byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
        || byte == UInt8(ascii: "'")
    }
  }

  /// At most `limit` bytes of `text`, cut at a scalar boundary, saying how long the whole is:
  /// `{"big":"aaaa… (16,777,216 bytes in all)`. Counted in UTF-8 bytes, before escaping.
  static func capped(_ text: String, _ limit: Int) -> String {
    let count = text.utf8.count
    guard count > limit else { return text }
    let utf8 = text.utf8
    var end = utf8.index(utf8.startIndex, offsetBy: max(0, limit))
    while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }  // not inside a scalar
    return String(decoding: utf8[..<end], as: UTF8.self) + "… (\(count.grouped) bytes in all)"
  }

  /// `sha256-BASE64`, for a Content-Security-Policy that allows exactly this inline script or style.
  static func cspHash(_ text: String) -> String {
    let hex = Array(SHA256.hex(Array(text.utf8)).utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32)
    var index = 0
    while index + 1 < hex.count {
      bytes.append(nibble(hex[index]) << 4 | nibble(hex[index + 1]))
      index += 2
    }
    return "sha256-" + Data(bytes).base64EncodedString()
  }

  private static func nibble(_ digit: UInt8) -> UInt8 {
    digit >= UInt8(ascii: "a") ? digit - UInt8(ascii: "a") + 10 : digit - UInt8(ascii: "0")
  }
}
