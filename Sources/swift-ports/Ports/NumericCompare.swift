import Foundation

/// Port `numeric-compare`, written from a behaviour seen in real version checks: the two versions
/// compared whole as text with `compare(_:options: .numeric)`, which orders runs of digits by
/// their value and everything else character by character. So `"2.0.0"` is newer than `"2.0"` (a
/// longer string after an equal prefix, D8), `"1.01"` and `"1.1"` differ, and `"1-2"` against
/// `"1.2"` turns on `-` against `.`, none of which the spec's parts do.
enum NumericCompareVersionChecker: VersionComparing {
  static func isNewerVersion(_ remote: String, than local: String) -> Bool {
    remote.compare(local, options: .numeric) == .orderedDescending
  }
}
