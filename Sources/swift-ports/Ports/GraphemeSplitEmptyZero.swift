/// Port `grapheme-split-empty-zero`, written from a real update checker's parser (two behaviours
/// of one function): it splits a version with `components(separatedBy: ".")`-style Character
/// matching, so a dot followed by a combining mark (`"1.\u{308}"`) is no separator, and a
/// version with no parts (`""`, `"."`) reads as version 0, so any version with a nonzero part is
/// newer than it, where the spec says nothing is. Pieces read as the spec reads them.
enum GraphemeSplitEmptyZeroVersionChecker: VersionComparing {
  static func isNewerVersion(_ remote: String, than local: String) -> Bool {
    PaddedParts.isNewer(parts(of: remote), than: parts(of: local))
  }

  static func parts(of version: String) -> [Int64] {
    let parts = version.split(separator: ".").map { Int64($0) ?? 0 }
    return parts.isEmpty ? [0] : parts
  }
}
