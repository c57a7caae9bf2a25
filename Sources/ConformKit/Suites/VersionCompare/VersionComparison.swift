import ConformJSON

/// The reference model of the `version-compare` suite.
public enum VersionComparison {
  /// Whether `remote` is strictly newer than `local` (rules 1 to 4 of the spec).
  public static func isNewer(_ remote: String, than local: String) -> Bool {
    let remoteParts = parts(of: remote)
    let localParts = parts(of: local)
    guard !remoteParts.isEmpty, !localParts.isEmpty else { return false }
    for index in 0..<max(remoteParts.count, localParts.count) {
      let r = index < remoteParts.count ? remoteParts[index] : 0
      let l = index < localParts.count ? localParts[index] : 0
      if r != l { return r > l }
    }
    return false
  }

  /// The numeric parts: split at every U+002E scalar, empty pieces dropped.
  public static func parts(of version: String) -> [Int64] {
    version.utf8.split(separator: UInt8(ascii: ".")).map(part)
  }

  /// An optional sign and ASCII digits within Int64, else 0 (Swift's `Int()` on a 64-bit machine).
  static func part(_ bytes: String.UTF8View.SubSequence) -> Int64 {
    var digits = bytes[...]
    var negative = false
    if let first = digits.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      negative = first == UInt8(ascii: "-")
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty else { return 0 }
    var value: Int64 = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return 0 }
      let digit = Int64(byte - UInt8(ascii: "0"))
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      guard !overflow1, !overflow2 else { return 0 }
      value = next
    }
    return value
  }
}
