/// The one place a run gets its fixtures: built in when `path` is nil, else the folder or the
/// bundle at `path` (`FixtureSource`).
///
/// `expectDigest` pins the set (`sha256:<hex>` of the archive for a bundle, of `manifest.json`
/// otherwise). A mismatch is an error, so the run stops before any implementation is started.
/// `tier` picks the built-in tables' tier (a folder or a bundle holds its own).
public func loadFixtures(path: String?, expectDigest: String?, tier: Tier = .full) throws(ConformError) -> FixtureSet {
  let loaded = try FixtureSource.load(path, expectDigest: expectDigest, tier: tier)
  var fixtures = loaded.fixtures
  fixtures.bundleDigest = loaded.archiveDigest
  return fixtures
}

/// The hex of a `sha256:<64 hex digits>` digest, lower-cased.
package func parseDigest(_ text: String) throws(ConformError) -> String {
  let hex = text.hasPrefix("sha256:") ? String(text.dropFirst(7)).lowercased() : ""
  guard hex.count == 64, hex.allSatisfy({ $0.isHexDigit }) else {
    throw .usage("run: --expect-digest takes sha256: and 64 hex digits (as in a results file's header), not \"\(text)\"")
  }
  return hex
}
