import ConformFixtures

/// The hex of a `sha256:<64 hex digits>` digest, lower-cased.
package func parseDigest(_ text: String) throws(ConformError) -> String {
  let hex = text.hasPrefix("sha256:") ? String(text.dropFirst(7)).lowercased() : ""
  guard hex.count == 64, hex.allSatisfy({ $0.isHexDigit }) else {
    throw .usage("run: --expect-digest takes sha256: and 64 hex digits (as in a results file's header), not \"\(text)\"")
  }
  return hex
}
