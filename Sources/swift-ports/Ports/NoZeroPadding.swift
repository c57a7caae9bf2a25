/// Port `no-zero-padding`: compares the parts both versions have, then calls the longer list
/// newer, so `"2.0.0"` is newer than `"2.0"` (the spec pads the shorter list with zeros).
enum NoZeroPaddingVersionChecker: VersionComparing {
  static func isNewerVersion(_ remote: String, than local: String) -> Bool {
    isNewer(AppStoreVersionChecker.numericParts(of: remote), than: AppStoreVersionChecker.numericParts(of: local))
  }

  /// The comparison without padding: the first differing common part decides, and when the common
  /// parts are equal the longer list is newer (`[2, 0, 0]` is newer than `[2, 0]`).
  static func isNewer(_ remoteParts: [Int64], than localParts: [Int64]) -> Bool {
    guard !remoteParts.isEmpty, !localParts.isEmpty else { return false }

    for (r, l) in zip(remoteParts, localParts) where r != l {
      return r > l
    }
    return remoteParts.count > localParts.count
  }
}
