/// Compares the App Store's version with the installed one. The reference is
/// `AppStoreVersionChecker`; a port brings its own.
protocol VersionComparing: Sendable {
  /// Whether `remote` is strictly newer than `local`.
  static func isNewerVersion(_ remote: String, than local: String) -> Bool
}

/// The story's `isNewerVersion`, made conformant to the `version-compare` spec.
enum AppStoreVersionChecker: VersionComparing {
  static func isNewerVersion(_ remote: String, than local: String) -> Bool {
    isNewer(numericParts(of: remote), than: numericParts(of: local))
  }

  /// The comparison of the parts, missing ones counting as 0; a version without parts is never
  /// newer, nor older.
  static func isNewer(_ remoteParts: [Int64], than localParts: [Int64]) -> Bool {
    guard !remoteParts.isEmpty, !localParts.isEmpty else { return false }

    let count = max(remoteParts.count, localParts.count)
    for i in 0..<count {
      let r = i < remoteParts.count ? remoteParts[i] : 0
      let l = i < localParts.count ? localParts[i] : 0
      if r != l { return r > l }
    }
    return false
  }

  /// Splits at every U+002E scalar, not at `.` characters: `"1.\u{301}2"` has a separator even
  /// though the dot and the combining mark form one Character. Empty pieces are dropped; a piece
  /// that is not an optional sign and ASCII digits within Int64 (`"beta"`, `"٣"`, an overflow) is 0.
  static func numericParts(of version: String) -> [Int64] {
    version.unicodeScalars.split(separator: ".").map { piece in Int64(Substring(piece)) ?? 0 }
  }
}
