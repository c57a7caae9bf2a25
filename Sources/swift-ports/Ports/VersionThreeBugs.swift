/// Port `version-three-bugs`, three bugs in one checker that never compares strings: the
/// comparison of `no-zero-padding` (`"2.0.0"` is newer than `"2.0"`), empty pieces kept as 0
/// (`"1..2"` is 1.0.2, as in `version-padding-and-empty`), and parts read digit by digit with
/// each digit's `wholeNumberValue`, which accepts every Unicode decimal digit: Arabic-Indic `"٣"`
/// reads 3 and fullwidth `"１"` 1, where the spec reads a piece that is not ASCII digits as 0.
enum VersionThreeBugsChecker: VersionComparing {
  static func isNewerVersion(_ remote: String, than local: String) -> Bool {
    NoZeroPaddingVersionChecker.isNewer(
      VersionPaddingAndEmptyChecker.partsKeepingEmpty(of: remote, number: anyDecimalDigits),
      than: VersionPaddingAndEmptyChecker.partsKeepingEmpty(of: local, number: anyDecimalDigits))
  }

  /// An optional sign and one or more decimal digits of any script (Unicode category Nd), each
  /// worth its digit value; 0 for anything else or past Int64. Sign and range are the reference's:
  /// only the digits' script drifts.
  static func anyDecimalDigits(_ piece: Substring) -> Int64 {
    var scalars = piece.unicodeScalars
    let negative = scalars.first == "-"
    if negative || scalars.first == "+" { scalars = scalars.dropFirst() }
    guard !scalars.isEmpty else { return 0 }
    var value: Int64 = 0
    for scalar in scalars {
      guard scalar.properties.numericType == .decimal, let digit = Character(scalar).wholeNumberValue else { return 0 }
      let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
      let (next, carry) =
        negative ? shifted.subtractingReportingOverflow(Int64(digit)) : shifted.addingReportingOverflow(Int64(digit))
      guard !overflow, !carry else { return 0 }
      value = next
    }
    return value
  }
}
