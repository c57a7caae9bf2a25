/// Port `no-zero-padding`: compares the parts both versions have, then calls the longer list
/// newer, so `"2.0.0"` is newer than `"2.0"` (the spec pads the shorter list with zeros).
enum NoZeroPaddingVersionChecker: VersionComparing {
  static func isNewerVersion(_ remote: String, than local: String) -> Bool {
    let remoteParts = AppStoreVersionChecker.numericParts(of: remote)
    let localParts = AppStoreVersionChecker.numericParts(of: local)
    guard !remoteParts.isEmpty, !localParts.isEmpty else { return false }

    for (r, l) in zip(remoteParts, localParts) where r != l {
      return r > l
    }
    return remoteParts.count > localParts.count
  }
}
