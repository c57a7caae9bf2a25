/// Port `grapheme-split`: the story's `split(separator: ".")` on a String, which compares whole
/// Characters, so a dot followed by a combining mark (`"1.\u{301}2"`) is no separator.
enum GraphemeSplitVersionChecker: VersionComparing {
  static func isNewerVersion(_ remote: String, than local: String) -> Bool {
    let remoteParts = remote.split(separator: ".").map { Int64($0) ?? 0 }
    let localParts = local.split(separator: ".").map { Int64($0) ?? 0 }
    guard !remoteParts.isEmpty, !localParts.isEmpty else { return false }

    let count = max(remoteParts.count, localParts.count)
    for i in 0..<count {
      let r = i < remoteParts.count ? remoteParts[i] : 0
      let l = i < localParts.count ? localParts[i] : 0
      if r != l { return r > l }
    }
    return false
  }
}
