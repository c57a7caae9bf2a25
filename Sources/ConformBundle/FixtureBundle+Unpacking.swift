import ConformArchive
import ConformFixtures
import ConformPlatform
import Foundation

extension FixtureBundle {
  /// Checks a bundle as `read` does, but unpacks it a file at a time into a private folder
  /// instead of holding its tables, and leaves its cases there (see `IndexedFixtures`): a run
  /// of a bundle takes memory that hardly grows with the bundle, as a run of a folder does.
  ///
  /// The folder is removed before this returns: the tables stay open, so they can still be read
  /// and nothing is left behind however the run ends.
  /// - Parameters:
  ///   - name: the archive's path or name, used in every error message.
  ///   - visit: gets each case and its index, in order.
  package static func index(
    archive: [UInt8], name: String, limits: BundleLimits = .standard, builtIn: any SuiteCatalogue,
    visit: (Int, FixtureCase) -> Void
  ) throws(ConformError) -> IndexedFixtures {
    try checkSize(archive, name: name, limits: limits)
    let folder = try UnpackFolder()
    defer { folder.remove() }
    let (version, names) = try unpack(archive, name: name, limits: limits, into: folder)
    let prefix = "\(name):\(BundleLayout.folderName(version: version.description))/"
    let top = folder.path(of: BundleLayout.folderName(version: version.description))
    let manifestPath = prefix + BundleLayout.manifestName
    guard names.contains(BundleLayout.manifestName),
      let manifestBytes = try? FileIO.read(FileIO.join(top, BundleLayout.manifestName))
    else {
      throw .bundle("\(name): has no manifest.json in its top folder: it is damaged or not a conform bundle: fetch it again")
    }
    try checkFormat(manifestBytes, path: manifestPath)
    let manifest = try FixtureSet.parseManifest(manifestBytes, path: manifestPath)
    try checkManifest(manifest, bytes: manifestBytes, names: names, version: version, prefix: prefix)
    var tags: [String: [String: Int64]] = [:]
    let fixtures = try IndexedFixtures(
      manifestBytes: manifestBytes, manifest: manifest, source: name, pathPrefix: prefix,
      bundleDigest: BundleDigest.sha256(archive), builtIn: builtIn,
      open: { (file) throws(ConformError) in
        guard names.contains(file) else { throw .file(path: prefix + file, message: "listed in the manifest but missing") }
        return try TableFile(path: FileIO.join(top, file), named: prefix + file)
      },
      visit: { index, fixture in
        for tag in fixture.tags { tags[fixture.suite, default: [:]][tag, default: 0] += 1 }
        visit(index, fixture)
      })
    for suite in manifest.suites {
      try checkTags(tags[suite.name] ?? [:], of: suite, prefix: prefix)
    }
    return fixtures
  }

  /// Inflates and reads `archive` as it goes, writing each file under `folder`; returns the
  /// bundle's version and its files' paths, relative to its top folder.
  private static func unpack(
    _ archive: [UInt8], name: String, limits: BundleLimits, into folder: UnpackFolder
  ) throws(ConformError) -> (SemanticVersion, [String]) {
    var top: (name: String, version: SemanticVersion)?
    var names: [String] = []
    var file: UnpackedFile?
    // What stopped the unpacking that is ours to say: an entry outside the top folder, a file
    // that cannot be written.
    var failure: ConformError?
    func stop(_ error: ConformError) -> ArchiveError {
      failure = error
      return ArchiveError(error.description)
    }
    func begin(_ entry: TarEntry) throws(ArchiveError) {
      do throws(ConformError) {
        try file?.close()
        file = nil
        if top == nil { top = try topFolder(of: entry.path, name: name) }
        let folderName = top!.name
        guard entry.path.hasPrefix(folderName + "/") || (entry.isFolder && entry.path == folderName) else {
          throw .bundle("\(name): entry \"\(entry.path)\" is outside the top folder \(folderName)/: do not use this archive")
        }
        guard !entry.isFolder else { return }
        names.append(String(entry.path.dropFirst(folderName.count + 1)))
        file = try UnpackedFile(folder.path(of: entry.path))
      } catch {
        throw stop(error)
      }
    }
    do throws(TarGz.Failure) {
      try TarGz.read(archive, limit: limits.maxTotalBytes, limits: limits.ustar, entry: begin) { (bytes) throws(ArchiveError) in
        do throws(ConformError) { try file?.write(bytes) } catch { throw stop(error) }
      }
    } catch {
      // A damaged gzip stream is said first: what it did to the tar data inside is its doing.
      if case .tar = error, let failure { throw failure }
      throw bundleError(error, name: name)
    }
    try file?.close()
    guard let top else { throw .bundle("\(name): the archive is empty") }
    return (top.version, names)
  }

  /// What is wrong with an archive, and what to do.
  static func bundleError(_ failure: TarGz.Failure, name: String) -> ConformError {
    switch failure {
    case .gzip(let error): .bundle("\(name): \(error.message): it is damaged or not a conform bundle: fetch it again")
    case .tar(let error): .bundle("\(name): \(error.message): do not use it")
    }
  }

  /// The `conform-fixtures-X.Y.Z` folder the first entry is under, and its version.
  static func topFolder(of path: String, name: String) throws(ConformError) -> (name: String, version: SemanticVersion) {
    let top = String(path.prefix { $0 != "/" })
    guard top.hasPrefix(BundleLayout.folderPrefix),
      let version = SemanticVersion(String(top.dropFirst(BundleLayout.folderPrefix.count)))
    else {
      throw .bundle("\(name): entry \"\(path)\" is not under a conform-fixtures-<version>/ folder: this is not a conform bundle")
    }
    return (top, version)
  }
}

/// A private folder a bundle is unpacked into, removed with everything in it.
private struct UnpackFolder {
  let root: String

  init() throws(ConformError) {
    do {
      root = try PathIO.makeTemporaryFolder(prefix: FileIO.join(NSTemporaryDirectory(), "conform-bundle."))
    } catch {
      throw .file(path: NSTemporaryDirectory(), message: "cannot hold an unpacked bundle: \(error.reason)")
    }
  }

  /// Where the archive's `path` goes (a checked relative path: no `..`, no absolute path).
  func path(of relative: String) -> String { FileIO.join(root, relative) }

  func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// One file being unpacked, written as its bytes arrive.
private final class UnpackedFile {
  let path: String
  private var descriptor: Int32

  init(_ path: String) throws(ConformError) {
    do {
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    } catch {
      throw .file(path: path, message: "cannot be unpacked: \(error.localizedDescription)")
    }
    do {
      descriptor = try DescriptorIO.createNew(path)
    } catch {
      throw .file(path: path, message: "cannot be unpacked: \(error.reason)")
    }
    self.path = path
  }

  func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(ConformError) {
    var done = 0
    while done < bytes.count {
      let transfer = DescriptorIO.write(descriptor, from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[done...])))
      guard case .bytes(let wrote) = transfer else {
        let reason = if case .failed(let code) = transfer { Errno.describe(code) } else { "the file would block" }
        throw .file(path: path, message: "cannot be unpacked: \(reason)")
      }
      done += wrote
    }
  }

  func close() throws(ConformError) {
    guard descriptor >= 0 else { return }
    let failure = DescriptorIO.close(descriptor)
    descriptor = -1
    if let failure { throw .file(path: path, message: "cannot be unpacked: \(Errno.describe(failure))") }
  }

  deinit { if descriptor >= 0 { DescriptorIO.close(descriptor) } }
}
