/// Compares the App Store's version of the app with the installed one.
public enum StoreVersionCheck {
  /// Whether `remote` is strictly newer than `local`: numerically, part by part, a missing part
  /// counting as 0 (`"2.0"` and `"2.0.0"` are the same version).
  ///
  /// A version with no parts at all (`""`, `"."`) is never newer nor older than anything.
  public static func isNewer(_ remote: String, than local: String) -> Bool {
    var remoteParts = parts(of: remote)
    var localParts = parts(of: local)
    guard !remoteParts.isEmpty, !localParts.isEmpty else { return false }
    // Pad the shorter with zeros, then the usual ordering of arrays decides.
    let length = max(remoteParts.count, localParts.count)
    remoteParts += repeatElement(0, count: length - remoteParts.count)
    localParts += repeatElement(0, count: length - localParts.count)
    return localParts.lexicographicallyPrecedes(remoteParts)
  }

  /// The numeric parts of `version`.
  ///
  /// Split at every `.` scalar (U+002E), never at a `.` Character: a dot followed by a combining
  /// mark is one Character but still a separator. Empty pieces are dropped (`"1..2"` is 1.2). A
  /// piece counts by `Int64(_:)`, which takes an optional sign and ASCII digits only and fails on
  /// overflow; anything else (`"beta"`, `"٣"`, `"99999999999999999999"`) is 0.
  public static func parts(of version: String) -> [Int64] {
    version.unicodeScalars.split(separator: ".").map { piece in Int64(String(String.UnicodeScalarView(piece))) ?? 0 }
  }
}
