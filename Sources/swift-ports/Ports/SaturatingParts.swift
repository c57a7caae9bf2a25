/// Port `saturating-parts`, written from a behaviour seen in real version parsers: a part is an
/// optional sign and ASCII digits, accumulated in 64 bits with saturating arithmetic, so a part
/// past Int64 reads Int64.max (Int64.min when negative) where the spec reads it as 0. Everything
/// else is the spec's: pieces split at `.`, empty ones dropped, padding with zeros.
enum SaturatingPartsVersionChecker: VersionComparing {
  static func isNewerVersion(_ remote: String, than local: String) -> Bool {
    PaddedParts.isNewer(parts(of: remote), than: parts(of: local))
  }

  static func parts(of version: String) -> [Int64] {
    version.utf8.split(separator: UInt8(ascii: ".")).map(saturating)
  }

  /// The piece's value, clamped to Int64's range instead of refused; 0 for anything but an
  /// optional sign and ASCII digits.
  static func saturating(_ piece: String.UTF8View.SubSequence) -> Int64 {
    var digits = piece[...]
    let negative = digits.first == UInt8(ascii: "-")
    if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
    guard !digits.isEmpty else { return 0 }
    var value: Int64 = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return 0 }
      let digit = Int64(byte - UInt8(ascii: "0"))
      let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
      let (next, carry) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      value = overflow || carry ? (negative ? .min : .max) : next
    }
    return value
  }
}
