import ConformArchive
import ConformDocuments
import ConformFixtures
import ConformJSON
import Foundation

/// A published fixture bundle: a fixture set with the protocol and the layout documents, packed
/// as one deterministic `conform-fixtures-<version>.tar.gz`.
///
/// The bundle's `manifest.json` is the fixture set's manifest with `bundleVersion` set and the
/// documents added to `files`, so it lists every file's size and SHA-256 but its own. The same
/// files and version always give the same archive bytes: entries sorted by path, gzip and tar
/// headers without times, owners or host names.
public struct FixtureBundle: Sendable {
  public var version: SemanticVersion
  /// Every file under the top folder, `manifest.json` included, sorted by path.
  public var files: [FixtureFile]
  /// The bundle's cases and manifest, checked.
  public var fixtures: FixtureSet

  public var manifest: FixtureManifest { fixtures.manifest }

  public var folderName: String { BundleLayout.folderName(version: version.description) }
  public var archiveName: String { BundleLayout.archiveName(version: version.description) }

  /// Bundles a fixture set's files (the generator's output or a fixtures folder's, `manifest.json`
  /// among them) with `documents` (paths relative to the top folder, such as `PROTOCOL.md`).
  ///
  /// Only the suites' tables and specs are taken from the fixture set, so bundling an unpacked
  /// bundle again gives the same bundle.
  public init(
    fixtureFiles: [FixtureFile], documents: [FixtureFile], version: SemanticVersion, builtIn: any SuiteCatalogue
  ) throws(ConformError) {
    let source = try FixtureSet(
      files: fixtureFiles.map { ($0.name, $0.bytes) }, source: "fixtures", pathPrefix: "fixtures/", builtIn: builtIn)
    let byName = Dictionary(fixtureFiles.map { ($0.name, $0.bytes) }, uniquingKeysWith: { first, _ in first })
    let suiteFiles = Set(source.manifest.suites.flatMap { [$0.fixtures, $0.spec] })
    var listed = source.manifest.files.filter { suiteFiles.contains($0.path) }
    var files = listed.map { FixtureFile(name: $0.path, bytes: byName[$0.path]!) }
    for document in documents.sorted(by: { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }) {
      guard Self.isSafeRelativePath(document.name) else {
        throw .bundle("document \"\(document.name)\" is not a plain relative path: rename it")
      }
      guard !files.contains(where: { $0.name == document.name }), document.name != BundleLayout.manifestName else {
        throw .bundle("document \(document.name) has the name of a file of the fixture set: rename it")
      }
      files.append(document)
      listed.append(
        FixtureManifest.File(path: document.name, bytes: Int64(document.bytes.count), sha256: SHA256.hex(document.bytes)))
    }
    var manifest = source.manifest
    manifest.bundleVersion = version.description
    manifest.files = listed
    files.append(FixtureFile(name: BundleLayout.manifestName, bytes: manifest.bytes))
    self.version = version
    self.files = files.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    // The cases are the source's, checked above; only the manifest and the name change.
    fixtures = source
    fixtures.manifest = manifest
    fixtures.manifestDigest = SHA256.hex(manifest.bytes)
    fixtures.source = BundleLayout.archiveName(version: version.description)
  }

  /// The same bundle under another version: only the manifest and the top folder change.
  public func relabelled(_ version: SemanticVersion) -> FixtureBundle {
    var manifest = manifest
    manifest.bundleVersion = version.description
    var copy = self
    copy.version = version
    copy.files = files.map { $0.name == BundleLayout.manifestName ? FixtureFile(name: $0.name, bytes: manifest.bytes) : $0 }
    copy.fixtures.manifest = manifest
    copy.fixtures.manifestDigest = SHA256.hex(manifest.bytes)
    copy.fixtures.source = BundleLayout.archiveName(version: version.description)
    return copy
  }

  init(version: SemanticVersion, files: [FixtureFile], fixtures: FixtureSet) {
    self.version = version
    self.files = files
    self.fixtures = fixtures
  }

  /// Refuses to publish a bundle that conform's own reader would refuse: a file, the files
  /// together, their number or the archive over `limits`.
  public func checkReadable(archive: [UInt8], limits: BundleLimits = .standard) throws(ConformError) {
    let advice = "conform run and bundle verify would refuse it: publish a smaller --depth or --tier smoke"
    if let file = files.first(where: { $0.bytes.count > limits.maxEntryBytes }) {
      throw .usage(
        "bundle create: \(file.name) is \(Plural.grouped(file.bytes.count, "byte")), over the "
          + "\(Plural.grouped(limits.maxEntryBytes, "byte")) a bundle's file may hold: \(advice)")
    }
    let total = files.reduce(0) { $0 + 512 + ($1.bytes.count + 511) / 512 * 512 }
    guard total <= limits.maxTotalBytes, files.count <= limits.maxEntries, archive.count <= limits.maxArchiveBytes else {
      throw .usage(
        "bundle create: \(Plural.count(files.count, "file")) of \(Plural.grouped(total, "byte")) unpacked, "
          + "\(Plural.grouped(archive.count, "byte")) packed, over a bundle's limits (\(limits.maxEntries) entries, "
          + "\(Plural.grouped(limits.maxTotalBytes, "byte")) unpacked, \(Plural.grouped(limits.maxArchiveBytes, "byte")) packed): \(advice)"
      )
    }
  }

  /// The `.tar.gz` archive's bytes.
  public func archive() -> [UInt8] {
    let entries = files.map { TarEntry(path: folderName + "/" + $0.name, bytes: $0.bytes) }
    // Names are checked when the bundle is made, and sizes are far below ustar's 8 GiB.
    do {
      return Gzip.compress(try Ustar.archive(entries))
    } catch {
      preconditionFailure("bundle entries cannot be archived: \(error)")
    }
  }

  /// The documents every bundle carries as conform has them built in (`ProtocolDocuments`,
  /// harness/PROTOCOL.md and harness/schema/*.json), and the layout documents.
  public static var builtInDocuments: [FixtureFile] {
    ProtocolDocuments.files.map { FixtureFile(name: $0.path, bytes: $0.bytes) } + BundleLayout.layoutDocuments
  }

  /// The documents every bundle carries: `PROTOCOL.md` and `schema/*.json` from `harnessDirectory`
  /// (the schemas only when that folder exists), and the layout documents.
  public static func documents(harnessDirectory: String) throws(ConformError) -> [FixtureFile] {
    let protocolPath = FileIO.join(harnessDirectory, "PROTOCOL.md")
    guard FileManager.default.fileExists(atPath: protocolPath) else {
      throw .file(
        path: protocolPath, message: "missing: give --harness a folder holding PROTOCOL.md, or leave it out (conform has its own)"
      )
    }
    var documents = [FixtureFile(name: "PROTOCOL.md", bytes: try FileIO.read(protocolPath))]
    let schemaDirectory = FileIO.join(harnessDirectory, "schema")
    if FileIO.isDirectory(schemaDirectory) {
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: schemaDirectory)
      } catch {
        throw .file(path: schemaDirectory, message: "cannot be listed: \(error.localizedDescription)")
      }
      for name in names.sorted() where name.hasSuffix(".json") && FixtureSet.isPlainName(name) {
        let path = FileIO.join(schemaDirectory, name)
        guard !FileIO.isDirectory(path) else { continue }
        documents.append(FixtureFile(name: "schema/" + name, bytes: try FileIO.read(path)))
      }
    }
    return documents + BundleLayout.layoutDocuments
  }
}
