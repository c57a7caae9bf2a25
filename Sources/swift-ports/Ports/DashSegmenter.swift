/// Port `dash-segmenter`, written from a behaviour seen in real version checks: a scanner that
/// reads the version by character class and stops at the first `-`, so a pre-release suffix is
/// dropped (`"1.2-3"` is 1.2, `"2.0-beta"` 2.0) and so is a signed part with all that follows it
/// (`"1.-1"` is 1, `"-1"` has no parts). The rest is read and compared as the spec says.
enum DashSegmenterVersionChecker: VersionComparing {
  static func isNewerVersion(_ remote: String, than local: String) -> Bool {
    PaddedParts.isNewer(parts(of: remote), than: parts(of: local))
  }

  static func parts(of version: String) -> [Int64] {
    let scalars = version.unicodeScalars
    let kept = scalars.prefix { $0 != "-" }
    return kept.split(separator: ".").map { Int64(String(String.UnicodeScalarView($0))) ?? 0 }
  }
}
