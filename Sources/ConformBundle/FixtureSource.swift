import ConformFixtures
import Foundation

/// Fixtures ready to run, with what names them.
public struct LoadedFixtures: Sendable {
  /// Where the fixtures came from.
  public enum Origin: Sendable, Equatable {
    /// Generated in memory by this build (`FixtureSet.builtIn()`).
    case builtIn
    /// A fixtures folder (`conform generate`) or an unpacked bundle, at this path.
    case folder(String)
    /// A bundle archive at this path.
    case bundle(String)
  }

  public var fixtures: FixtureSet
  public var origin: Origin
  /// The digest `--expect-digest` pins, `sha256:<hex>`: of the archive file for a bundle, of
  /// `manifest.json` for a folder or the built-in fixtures. Record it in results.
  public var digest: String
  /// The bundle's version (`bundleVersion` in its manifest); nil for a fixtures folder.
  public var bundleVersion: String?

  /// The archive's digest when the fixtures came from a bundle.
  public var archiveDigest: String? {
    if case .bundle = origin { return digest }
    return nil
  }
}

/// Where `conform run --fixtures` and `conform bundle` get their fixtures from.
public enum FixtureSource {
  /// Loads and checks fixtures: nil for the built-in ones, a folder, or a bundle archive (any file).
  ///
  /// A pinned digest (`sha256:<hex>`, see `LoadedFixtures.digest`) is compared before anything is
  /// parsed, so a bundle that is not the pinned one is never read.
  /// - Throws: `ConformError.usage` for a malformed digest, `.bundle` when the digest does not
  ///   match or a bundle is refused, `.file` naming the file that is missing or does not match.
  public static func load(
    _ path: String?, expectDigest: String?, tier: Tier = .full, limits: BundleLimits = .standard,
    builtIn: any SuiteCatalogue
  ) throws(ConformError) -> LoadedFixtures {
    let expected = try expectDigest.map { (text) throws(ConformError) in try BundleDigest.parse(text) }
    guard let path else {
      let fixtures = FixtureSet.builtIn(tier: tier, suites: builtIn)
      let digest = "sha256:" + fixtures.manifestDigest
      try check(digest, expected, what: "the built-in fixtures' manifest.json")
      return LoadedFixtures(fixtures: fixtures, origin: .builtIn, digest: digest, bundleVersion: nil)
    }
    if FileIO.isDirectory(path) {
      let manifestPath = FileIO.join(path, BundleLayout.manifestName)
      if expected != nil {
        try check(BundleDigest.sha256(try FileIO.read(manifestPath)), expected, what: manifestPath)
      }
      let fixtures = try FixtureSet.load(directory: path, builtIn: builtIn)
      return LoadedFixtures(
        fixtures: fixtures, origin: .folder(path), digest: "sha256:" + fixtures.manifestDigest,
        bundleVersion: fixtures.manifest.bundleVersion)
    }
    let archive = try readArchive(path, limits: limits)
    try check(BundleDigest.sha256(archive), expected, what: path)
    let verified = try FixtureBundle.read(archive: archive, name: path, limits: limits, builtIn: builtIn)
    return LoadedFixtures(
      fixtures: verified.fixtures, origin: .bundle(path), digest: verified.archiveDigest,
      bundleVersion: verified.bundle.version.description)
  }

  /// Checks the fixtures folder or the bundle at `path`, leaving its cases in their tables (see
  /// `IndexedFixtures`; a bundle is unpacked a file at a time first); `visit` gets each case and
  /// its index. A pinned digest is compared first.
  package static func index(
    _ path: String, expectDigest: String?, limits: BundleLimits = .standard, builtIn: any SuiteCatalogue,
    visit: (Int, FixtureCase) -> Void
  ) throws(ConformError) -> IndexedFixtures {
    let expected = try expectDigest.map { (text) throws(ConformError) in try BundleDigest.parse(text) }
    guard FileIO.isDirectory(path) else {
      let archive = try readArchive(path, limits: limits)
      try check(BundleDigest.sha256(archive), expected, what: path)
      return try FixtureBundle.index(archive: archive, name: path, limits: limits, builtIn: builtIn, visit: visit)
    }
    let manifestPath = FileIO.join(path, BundleLayout.manifestName)
    if expected != nil {
      try check(BundleDigest.sha256(try FileIO.read(manifestPath)), expected, what: manifestPath)
    }
    return try IndexedFixtures.load(directory: path, builtIn: builtIn, visit: visit)
  }

  /// Reads a bundle file, refusing one too large to be a bundle before reading it.
  package static func readArchive(_ path: String, limits: BundleLimits) throws(ConformError) -> [UInt8] {
    guard FileManager.default.fileExists(atPath: path) else {
      throw .file(path: path, message: "no such file or folder: give a bundle (.tar.gz) or a fixtures folder")
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
    guard size <= limits.maxArchiveBytes else {
      throw .bundle("\(path): \(size) bytes, over the limit of \(limits.maxArchiveBytes) for a bundle")
    }
    return try FileIO.read(path)
  }

  private static func check(_ actual: String, _ expected: String?, what: String) throws(ConformError) {
    guard let expected, actual != expected else { return }
    throw .bundle(
      "\(what) has \(actual), not the pinned \(expected) (--expect-digest): these are not the pinned fixtures; "
        + "fetch the pinned bundle again or update the pin")
  }
}
