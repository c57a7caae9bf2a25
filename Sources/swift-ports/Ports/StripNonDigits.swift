/// Port `strip-non-digits`, written from a behaviour seen in real version parsers: each
/// dot-separated part keeps only its ASCII digits (`"2rc1"` reads 21, `"v2"` 2, `"-3"` 3, `"1٣"`
/// 1), and a part left empty, or empty to begin with, is 0 (`"1..2"` is 1.0.2, `""` is 0). The
/// parts are then compared as the spec compares them, the shorter padded with zeros.
enum StripNonDigitsVersionChecker: VersionComparing {
  static func isNewerVersion(_ remote: String, than local: String) -> Bool {
    PaddedParts.isNewer(parts(of: remote), than: parts(of: local))
  }

  /// Every piece between U+002E scalars, empty ones kept, read as its ASCII digits alone; 0 when
  /// none are left or they spell a number past Int64.
  static func parts(of version: String) -> [Int64] {
    version.unicodeScalars.split(separator: ".", omittingEmptySubsequences: false).map { piece in
      var digits = ""
      for scalar in piece where scalar.value >= 0x30 && scalar.value <= 0x39 { digits.unicodeScalars.append(scalar) }
      return Int64(digits) ?? 0
    }
  }
}

/// The spec's comparison of two lists of parts: none means not newer, the shorter list is padded
/// with zeros, the first differing part decides.
enum PaddedParts {
  static func isNewer(_ remote: [Int64], than local: [Int64]) -> Bool {
    guard !remote.isEmpty, !local.isEmpty else { return false }
    for index in 0..<max(remote.count, local.count) {
      let r = index < remote.count ? remote[index] : 0
      let l = index < local.count ? local[index] : 0
      if r != l { return r > l }
    }
    return false
  }
}
