/// Port `leading-number`: each part read as the number it starts with, as `Scanner.scanInt64()`
/// or `NSString.integerValue` read it, so `"2rc1"` is 2 and `"1-beta"` is 1 (the spec: a part that
/// is not wholly a number is 0).
enum LeadingNumberVersionChecker: VersionComparing {
  static func isNewerVersion(_ remote: String, than local: String) -> Bool {
    AppStoreVersionChecker.isNewer(numericParts(of: remote), than: numericParts(of: local))
  }

  /// The optional sign and the ASCII digits a piece starts with; nothing of the rest.
  static func numericParts(of version: String) -> [Int64] {
    version.unicodeScalars.split(separator: ".").map { piece in
      var number = String.UnicodeScalarView()
      for scalar in piece {
        let isSign = number.isEmpty && (scalar == "+" || scalar == "-")
        guard isSign || ("0"..."9").contains(scalar) else { break }
        number.append(scalar)
      }
      return Int64(String(number)) ?? 0
    }
  }
}
