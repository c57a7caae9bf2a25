/// A digest shortened for a line of a report.
package enum ShortDigest {
  /// `sha256:` and the first 12 hex digits.
  package static func of(_ digest: String) -> String {
    let parts = digest.split(separator: ":", maxSplits: 1)
    guard parts.count == 2 else { return String(digest.prefix(19)) }
    return "\(parts[0]):\(parts[1].prefix(12))"
  }
}
