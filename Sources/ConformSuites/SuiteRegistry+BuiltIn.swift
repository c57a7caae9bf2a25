import ConformBundle
import ConformFixtures

// The fixtures, bundles and the harness are given the suites they need (`SuiteCatalogue`), so
// that they know no registry. These are their forms for the suites built into this conform.

extension FixtureGenerator {
  /// The built-in suites' files (see `generate(options:suites:)`).
  public static func generate(options: GeneratorOptions) -> [FixtureFile] {
    generate(options: options, suites: SuiteRegistry.all)
  }

  /// Writes the built-in suites' files (see `write(options:suites:to:)`).
  public static func write(
    options: GeneratorOptions, to directory: String
  ) throws(ConformError) -> (names: [String], manifest: [UInt8], undecided: [String: Int64]) {
    try write(options: options, suites: SuiteRegistry.all, to: directory)
  }
}

extension FixtureSet {
  /// The built-in suites' tables generated in memory (see `builtIn(tier:suites:)`).
  public static func builtIn(tier: Tier = .full) -> FixtureSet { builtIn(tier: tier, suites: SuiteRegistry.catalogue) }

  /// The built-in suites' tables for `options` (see `generated(options:source:suites:)`).
  package static func generated(options: GeneratorOptions, source: String) -> FixtureSet {
    generated(options: options, source: source, suites: SuiteRegistry.all)
  }

  /// Loads and checks the fixtures folder at `directory`.
  public static func load(directory: String) throws(ConformError) -> FixtureSet {
    try load(directory: directory, builtIn: SuiteRegistry.catalogue)
  }

  /// Checks `files` (name and bytes, one of them `manifest.json`) against the manifest and parses every case.
  public init(files: [(name: String, bytes: [UInt8])], source: String, pathPrefix: String) throws(ConformError) {
    try self.init(files: files, source: source, pathPrefix: pathPrefix, builtIn: SuiteRegistry.catalogue)
  }
}

extension IndexedFixtures {
  /// Checks the fixtures folder at `directory` (see `load(directory:builtIn:visit:)`).
  package static func load(directory: String, visit: (Int, FixtureCase) -> Void) throws(ConformError) -> IndexedFixtures {
    try load(directory: directory, builtIn: SuiteRegistry.catalogue, visit: visit)
  }
}

extension FixtureBundle {
  /// Bundles a fixture set's files with `documents` (see `init(fixtureFiles:documents:version:builtIn:)`).
  public init(fixtureFiles: [FixtureFile], documents: [FixtureFile], version: SemanticVersion) throws(ConformError) {
    try self.init(fixtureFiles: fixtureFiles, documents: documents, version: version, builtIn: SuiteRegistry.catalogue)
  }

  /// Reads an archive as untrusted input and checks all of it (see `read(archive:name:limits:builtIn:)`).
  public static func read(archive: [UInt8], name: String, limits: BundleLimits = .standard) throws(ConformError) -> VerifiedBundle
  {
    try read(archive: archive, name: name, limits: limits, builtIn: SuiteRegistry.catalogue)
  }
}

extension FixtureSource {
  /// Loads and checks fixtures (see `load(_:expectDigest:tier:limits:builtIn:)`).
  public static func load(
    _ path: String?, expectDigest: String?, tier: Tier = .full, limits: BundleLimits = .standard
  ) throws(ConformError) -> LoadedFixtures {
    try load(path, expectDigest: expectDigest, tier: tier, limits: limits, builtIn: SuiteRegistry.catalogue)
  }

  /// Checks the fixtures folder or the bundle at `path` (see `index(_:expectDigest:limits:builtIn:visit:)`).
  package static func index(
    _ path: String, expectDigest: String?, limits: BundleLimits = .standard, visit: (Int, FixtureCase) -> Void
  ) throws(ConformError) -> IndexedFixtures {
    try index(path, expectDigest: expectDigest, limits: limits, builtIn: SuiteRegistry.catalogue, visit: visit)
  }
}

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
