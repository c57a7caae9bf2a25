/// The one place a run gets its fixtures: built in when `path` is nil, else the folder at
/// `path`. (Bundles arrive here too, through `FixtureSource.load`, when that lands.)
///
/// `expectDigest` pins the set: `sha256:<hex>` of its manifest. A mismatch is an error, so the
/// run stops before any implementation is started.
public func loadFixtures(path: String?, expectDigest: String?) throws(ConformError) -> FixtureSet {
  let fixtures = if let path { try FixtureSet.load(directory: path) } else { FixtureSet.builtIn() }
  if let expectDigest {
    let pinned = try parseDigest(expectDigest)
    guard pinned == fixtures.manifestDigest else {
      throw .file(
        path: fixtures.source,
        message: "the fixtures' manifest digest is sha256:\(fixtures.manifestDigest), but --expect-digest asks for "
          + "sha256:\(pinned): these are not the pinned fixtures (fetch the pinned version, or update the pin)")
    }
  }
  return fixtures
}

/// The hex of a `sha256:<64 hex digits>` digest, lower-cased.
func parseDigest(_ text: String) throws(ConformError) -> String {
  let hex = text.hasPrefix("sha256:") ? String(text.dropFirst(7)).lowercased() : ""
  guard hex.count == 64, hex.allSatisfy({ $0.isHexDigit }) else {
    throw .usage("run: --expect-digest takes sha256: and 64 hex digits (as in a results file's header), not \"\(text)\"")
  }
  return hex
}
