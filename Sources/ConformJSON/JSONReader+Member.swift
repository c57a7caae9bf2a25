extension JSONReader {
  /// The integer member `key` of the object on `line`, found without building the object: for
  /// routing an answer by its `seq` before reading it whole (about four times the speed of `parse`
  /// on a harness answer, line splitting included; harness/json-fuzz/bench.sh).
  ///
  /// Exact wherever `parse` accepts the line: the result is then always
  /// `parse(line)[key]?.intValue`. Whenever the quick scan meets anything unusual (an escaped
  /// key, a number that is not a plain integer of up to 18 digits, `-0`), it falls back to
  /// `parse`. It does not check the rest of the line, so a line that `parse` refuses may still
  /// give a number here: read the line in full before trusting anything else in it.
  public static func integerMember(_ key: String, in line: UnsafeBufferPointer<UInt8>) -> Int64? {
    var key = key
    let quick = key.withUTF8 { key in
      var scanner = MemberScanner(bytes: line)
      return scanner.integerMember(key)
    }
    switch quick {
    case .found(let value): return value
    case .absent: return nil
    case .unsure: return (try? parse(line))?[key]?.intValue
    }
  }

  public static func integerMember(_ key: String, in line: [UInt8]) -> Int64? {
    line.withUnsafeBufferPointer { integerMember(key, in: $0) }
  }
}

/// What the quick scan could tell.
private enum QuickAnswer {
  case found(Int64)
  /// The line is an object without the key (if it is valid at all).
  case absent
  /// Only a full read can tell.
  case unsure
}

/// Walks the members of a top-level object, skipping values without building or checking them.
private struct MemberScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
  }

  mutating func integerMember(_ key: UnsafeBufferPointer<UInt8>) -> QuickAnswer {
    skipWhitespace()
    guard current == UInt8(ascii: "{") else { return .unsure }
    index += 1
    skipWhitespace()
    if current == UInt8(ascii: "}") { return .absent }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else { return .unsure }
      index += 1
      let keyStart = index
      while let byte = current, byte != UInt8(ascii: "\"") {
        if byte == UInt8(ascii: "\\") { return .unsure }
        index += 1
      }
      guard current != nil else { return .unsure }
      let matches = UTF8Order.compare(UnsafeBufferPointer(rebasing: bytes[keyStart..<index]), key) == 0
      index += 1
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { return .unsure }
      index += 1
      skipWhitespace()
      if matches { return integer() }
      guard skipValue() else { return .unsure }
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"): return .absent
      default: return .unsure
      }
    }
  }

  /// A plain integer of 1 to 18 digits followed by the end of the member, else `.unsure`.
  mutating func integer() -> QuickAnswer {
    let negative = current == UInt8(ascii: "-")
    if negative { index += 1 }
    let start = index
    var magnitude: Int64 = 0
    while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
      magnitude = magnitude &* 10 &+ Int64(byte &- UInt8(ascii: "0"))
      index += 1
    }
    let digits = index - start
    guard digits >= 1, digits <= 18, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return .unsure }
    // `-0` is text to the reader, not the integer 0.
    guard !(negative && magnitude == 0) else { return .unsure }
    skipWhitespace()
    guard current == UInt8(ascii: ",") || current == UInt8(ascii: "}") else { return .unsure }
    return .found(negative ? -magnitude : magnitude)
  }

  /// Steps over one value of any kind; false at the end of the input.
  mutating func skipValue() -> Bool {
    var depth = 0
    repeat {
      guard let byte = current else { return false }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        while let inner = current, inner != UInt8(ascii: "\"") { index += inner == UInt8(ascii: "\\") ? 2 : 1 }
        guard current != nil else { return false }
        index += 1
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        guard depth > 0 else { return true }
        depth -= 1
        index += 1
      case UInt8(ascii: ","):
        if depth == 0 { return true }
        index += 1
      default:
        index += 1
      }
    } while depth > 0 || !atScalarEnd
    return true
  }

  /// Whether a scalar (number or literal) at depth 0 ended at `index`.
  var atScalarEnd: Bool {
    guard let byte = current else { return true }
    return byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
      || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
