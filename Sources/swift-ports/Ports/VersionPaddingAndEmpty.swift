/// Port `version-padding-and-empty`, two bugs in one checker: the comparison of `no-zero-padding`
/// (the longer version wins once the common parts are equal, so `"2.0.0"` is newer than `"2.0"`),
/// and a split that keeps empty pieces as 0, as Kotlin's `split(".")` does, so `"1..2"` reads as
/// 1.0.2 and `".5"` as 0.5 (the spec drops empty pieces: 1.2 and 5).
enum VersionPaddingAndEmptyChecker: VersionComparing {
  static func isNewerVersion(_ remote: String, than local: String) -> Bool {
    NoZeroPaddingVersionChecker.isNewer(partsKeepingEmpty(of: remote), than: partsKeepingEmpty(of: local))
  }

  /// Splits at every U+002E scalar and keeps the empty pieces: `"1..2"` is `[1, 0, 2]`, and even
  /// `""` is one empty piece, `[0]`. Each piece is read by `number` (by default the reference's
  /// rule: an optional sign and ASCII digits within Int64, anything else 0).
  static func partsKeepingEmpty(
    of version: String, number: (Substring) -> Int64 = { Int64($0) ?? 0 }
  ) -> [Int64] {
    version.unicodeScalars.split(separator: ".", omittingEmptySubsequences: false).map { number(Substring($0)) }
  }
}
