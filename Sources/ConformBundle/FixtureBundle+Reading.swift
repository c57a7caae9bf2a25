import ConformArchive
import ConformFixtures
import ConformJSON

/// A bundle that passed every check, with its fixtures ready to run.
public struct VerifiedBundle: Sendable {
  public var bundle: FixtureBundle
  public var fixtures: FixtureSet { bundle.fixtures }
  /// `sha256:<hex>` of the archive file.
  public var archiveDigest: String
}

extension FixtureBundle {
  /// Reads an archive as untrusted input and checks all of it: the gzip and tar structure, the
  /// safety of every entry, the manifest's format and version, every file against the manifest,
  /// and every case.
  ///
  /// - Parameter name: the archive's path or name, used in every error message.
  /// - Throws: `ConformError.bundle` for what is wrong with the archive, `ConformError.file`
  ///   naming the file inside it (`NAME:conform-fixtures-1.0.0/timeline.jsonl`) that does not match.
  public static func read(
    archive: [UInt8], name: String, limits: BundleLimits = .standard, builtIn: any SuiteCatalogue
  ) throws(ConformError) -> VerifiedBundle {
    try checkSize(archive, name: name, limits: limits)
    let entries: [TarEntry]
    do throws(TarGz.Failure) {
      entries = try TarGz.entries(archive, limit: limits.maxTotalBytes, limits: limits.ustar)
    } catch {
      throw bundleError(error, name: name)
    }
    let (version, files) = try topFolder(of: entries, name: name)
    let prefix = "\(name):\(BundleLayout.folderName(version: version.description))/"
    guard let manifestBytes = files.first(where: { $0.name == BundleLayout.manifestName })?.bytes else {
      throw .bundle("\(name): has no manifest.json in its top folder: it is damaged or not a conform bundle: fetch it again")
    }
    try checkFormat(manifestBytes, path: prefix + BundleLayout.manifestName)
    let manifest = try FixtureSet.parseManifest(manifestBytes, path: prefix + BundleLayout.manifestName)
    try checkManifest(manifest, bytes: manifestBytes, names: files.map(\.name), version: version, prefix: prefix)
    let fixtures = try FixtureSet(files: files.map { ($0.name, $0.bytes) }, source: name, pathPrefix: prefix, builtIn: builtIn)
    for suite in fixtures.manifest.suites {
      var tags: [String: Int64] = [:]
      for fixture in fixtures.cases where fixture.suite == suite.name {
        for tag in fixture.tags { tags[tag, default: 0] += 1 }
      }
      try checkTags(tags, of: suite, prefix: prefix)
    }
    return VerifiedBundle(
      bundle: FixtureBundle(version: version, files: files, fixtures: fixtures), archiveDigest: BundleDigest.sha256(archive))
  }

  /// Refuses an archive too large to be a bundle before anything is inflated.
  static func checkSize(_ archive: [UInt8], name: String, limits: BundleLimits) throws(ConformError) {
    guard archive.count <= limits.maxArchiveBytes else {
      throw .bundle("\(name): \(archive.count) bytes, over the limit of \(limits.maxArchiveBytes) for a bundle")
    }
  }

  /// Why `archive` is not a conform bundle at all, or nil when it has a bundle's shape (a gzip
  /// file holding a ustar archive whose first entry is under `conform-fixtures-X.Y.Z/`, with a
  /// `manifest.json` that names a bundle version) and so is a bundle, damaged or not.
  ///
  /// `bundle verify` asks it after `read` refused the archive: not a bundle is exit 2, a bundle
  /// that does not verify exit 1.
  package static func notABundleReason(_ archive: [UInt8], limits: BundleLimits = .standard) -> String? {
    guard archive.count >= 2, archive[0] == 0x1F, archive[1] == 0x8B else {
      return "it is not a gzip file (it does not start with 1f 8b)"
    }
    // The first block is all this keeps of the inflated bytes: a gzip bomb takes no memory.
    var head: [UInt8] = []
    do {
      try Gzip.decompress(archive, limit: limits.maxTotalBytes) { head += $0.prefix(512 - head.count) }
    } catch {
      return nil
    }
    guard head.count == 512, Array(head[257..<262]) == Array("ustar".utf8) else {
      return "it is a gzip file, but what it holds is not a tar archive"
    }
    guard let entries = try? TarGz.entries(archive, limit: limits.maxTotalBytes, limits: limits.ustar) else { return nil }
    let top = entries.first.map { String($0.path.prefix { $0 != "/" }) } ?? ""
    guard top.hasPrefix(BundleLayout.folderPrefix), SemanticVersion(String(top.dropFirst(BundleLayout.folderPrefix.count))) != nil
    else {
      return "its first entry is not under a conform-fixtures-<version>/ folder"
    }
    guard let manifest = entries.first(where: { $0.path == "\(top)/\(BundleLayout.manifestName)" }) else {
      return "it has no manifest.json in its top folder \(top)/"
    }
    if let json = try? JSONReader.parse(manifest.bytes), json["bundleVersion"] == nil {
      return "its manifest.json has no bundleVersion (a fixtures folder packed by hand)"
    }
    return nil
  }

  /// Every entry under one `conform-fixtures-X.Y.Z/` folder; the files with paths relative to it.
  private static func topFolder(of entries: [TarEntry], name: String) throws(ConformError) -> (SemanticVersion, [FixtureFile]) {
    guard let first = entries.first else { throw .bundle("\(name): the archive is empty") }
    let (top, version) = try topFolder(of: first.path, name: name)
    var files: [FixtureFile] = []
    for entry in entries {
      guard entry.path.hasPrefix(top + "/") || (entry.isFolder && entry.path == top) else {
        throw .bundle("\(name): entry \"\(entry.path)\" is outside the top folder \(top)/: do not use this archive")
      }
      if !entry.isFolder { files.append(FixtureFile(name: String(entry.path.dropFirst(top.count + 1)), bytes: entry.bytes)) }
    }
    return (version, files)
  }

  /// Refuses a manifest format this conform does not read, naming the conform that wrote it.
  static func checkFormat(_ bytes: [UInt8], path: String) throws(ConformError) {
    guard let json = try? JSONReader.parse(bytes), let format = json["format"]?.intValue else { return }
    let writer = json["generator"]?["version"]?.stringValue
    guard format <= FixtureManifest.currentFormat else {
      let upgrade = writer.map { "conform \($0) or later" } ?? "a later conform"
      throw .file(
        path: path,
        message:
          "manifest format \(format) is newer than this conform \(ConformVersion.current) reads (format "
          + "\(FixtureManifest.currentFormat)): upgrade to \(upgrade), which wrote this bundle")
    }
    guard format >= 1 else { throw .file(path: path, message: "manifest format \(format) does not exist (the first is 1)") }
  }

  /// What `FixtureSet` does not check: the bundle's own fields and that nothing is unaccounted for.
  static func checkManifest(
    _ manifest: FixtureManifest, bytes: [UInt8], names: [String], version: SemanticVersion, prefix: String
  ) throws(ConformError) {
    let path = prefix + BundleLayout.manifestName
    guard let bundleVersion = manifest.bundleVersion else {
      throw .file(path: path, message: "has no bundleVersion: this is a fixtures folder packed by hand, not a bundle")
    }
    guard bundleVersion == version.description else {
      throw .file(path: path, message: "bundleVersion \(bundleVersion) does not match the folder \(version)")
    }
    guard manifest.bytes == bytes else {
      throw .file(path: path, message: "is not in canonical form (was it edited?): recreate the bundle")
    }
    var listed = Set<String>()
    for file in manifest.files {
      guard isSafeRelativePath(file.path), file.path != BundleLayout.manifestName else {
        throw .file(path: path, message: "lists \"\(file.path)\", which is not a plain relative path")
      }
      guard listed.insert(file.path).inserted else {
        throw .file(path: path, message: "lists \"\(file.path)\" twice")
      }
    }
    for name in names where name != BundleLayout.manifestName && !listed.contains(name) {
      throw .file(
        path: prefix + name, message: "is not listed in manifest.json: a file was added to the bundle; do not use it")
    }
  }

  /// A suite's case counts per tag against the manifest's, which `FixtureSet` does not check.
  static func checkTags(_ tags: [String: Int64], of suite: FixtureManifest.SuiteEntry, prefix: String) throws(ConformError) {
    guard tags == suite.tags else {
      let tag = Set(tags.keys).union(suite.tags.keys).sorted().first { tags[$0] != suite.tags[$0] }!
      throw .file(
        path: prefix + BundleLayout.manifestName,
        message:
          "suite \(suite.name): tag \"\(tag)\" has \(Plural.count(tags[tag] ?? 0, "case")) in \(suite.fixtures), the manifest says \(suite.tags[tag] ?? 0)"
      )
    }
  }

  /// `a/b.json`: components of letters, digits and `._+~-`, none starting with a dot.
  static func isSafeRelativePath(_ path: String) -> Bool {
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    return components.allSatisfy { component in
      !component.isEmpty && !component.hasPrefix(".")
        && component.utf8.allSatisfy { byte in
          switch byte {
          case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "+"),
            UInt8(ascii: "~"), UInt8(ascii: "-"):
            true
          default: false
          }
        }
    }
  }
}
