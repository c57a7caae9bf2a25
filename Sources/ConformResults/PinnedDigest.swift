/// The digest that names a run's fixtures as a team pins it (`--expect-digest`,
/// `CONFORM_FIXTURES_DIGEST`): the bundle archive's when the fixtures came from a `.tar.gz`, else
/// manifest.json's (a folder, an unpacked bundle, the built-in tables).
extension ResultHeader.Fixtures {
  /// `sha256:<hex>` of the archive for a bundle, of manifest.json otherwise.
  public var pinnedDigest: String { bundleDigest ?? manifestDigest }

  /// `bundle archive digest` or `manifest digest`: which one `pinnedDigest` is.
  public var pinnedDigestKind: String { bundleDigest == nil ? "manifest digest" : "bundle archive digest" }

  /// `sha256:0665ede9abcd` for a bundle (the pin's first 12 hex digits), `manifest sha256:34a450fb29fe`
  /// otherwise, so a reader never takes a manifest digest for the archive's.
  public var shortPinnedDigest: String {
    (bundleDigest == nil ? "manifest " : "") + ShortDigest.of(pinnedDigest)
  }

  /// The digests two runs' fixtures are compared by: the archives' when both came from a bundle,
  /// else the manifests' (an unpacked bundle has the same manifest as its archive).
  public static func comparedDigests(_ a: Self, _ b: Self) -> (a: String, b: String, kind: String) {
    if let bundleA = a.bundleDigest, let bundleB = b.bundleDigest { return (bundleA, bundleB, "bundle archive digest") }
    return (a.manifestDigest, b.manifestDigest, "manifest digest")
  }

  /// `bundle 0.2.0, archive digest sha256:<64 hex> (manifest digest sha256:<64 hex>)`, or
  /// `manifest digest sha256:<64 hex>` (with the bundle's version when the manifest names one).
  public var digestsText: String {
    let version = bundleVersion.map { "bundle \($0), " } ?? ""
    guard let bundleDigest else { return version + "manifest digest \(manifestDigest)" }
    return version + "bundle archive digest \(bundleDigest) (manifest digest \(manifestDigest))"
  }
}
