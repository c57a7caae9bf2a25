import ConformArchive
import ConformJSON
import Foundation

/// A bundle's files whose pin matched: an unpacked folder, or a `.tar.gz` held in memory.
struct BundleFiles {
  /// How a file's path is shown: `<folder>/` or `<archive>:conform-fixtures-X.Y.Z/`.
  private let prefix: String
  private let manifest: [UInt8]
  /// The archive's files by path under its top folder; nil for a folder, read from disk.
  private let entries: [String: [UInt8]]?
  private let folder: String

  /// The limits of the kit's own reader: a bundle is about 1 MB packed, 11 MB unpacked.
  private static let maxArchiveBytes = 256 << 20
  private static let limits = Ustar.Limits(maxEntryBytes: 256 << 20, maxTotalBytes: 1 << 30, maxEntries: 1000)

  /// Opens `path` and checks it against `pin`: the archive's digest, or for a folder its manifest's.
  init(path: String, pin: String) throws(ConformBundleError) {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw ConformBundleError("\(path) does not exist. \(ConformBundleError.howToPin)")
    }
    folder = path
    if isFolder.boolValue {
      let manifestPath = (path as NSString).appendingPathComponent("manifest.json")
      guard let manifest = Self.read(manifestPath) else {
        throw ConformBundleError(
          "\(manifestPath) cannot be read: \(path) is not an unpacked conform bundle. \(ConformBundleError.howToPin)")
      }
      try Self.check(
        "sha256:" + SHA256.hex(manifest), pin: pin, path: manifestPath, kind: "manifest digest (the SHA-256 of manifest.json)")
      (prefix, self.manifest, entries) = (path.hasSuffix("/") ? path : path + "/", manifest, nil)
    } else {
      guard let archive = Self.read(path) else {
        throw ConformBundleError("\(path) cannot be read. \(ConformBundleError.howToPin)")
      }
      guard archive.count <= Self.maxArchiveBytes else {
        throw ConformBundleError(
          "\(path): \(archive.count) bytes, over the \(Self.maxArchiveBytes) a bundle may have: this is not a conform bundle")
      }
      try Self.check(
        "sha256:" + SHA256.hex(archive), pin: pin, path: path, kind: "archive digest (the SHA-256 of the .tar.gz file)")
      let (top, files) = try Self.unpack(archive, path: path)
      prefix = "\(path):\(top)/"
      guard let manifest = files["manifest.json"] else {
        throw ConformBundleError("\(prefix)manifest.json is missing: this is not a conform bundle")
      }
      (self.manifest, entries) = (manifest, files)
    }
  }

  /// Every suite's cases, once every file the manifest lists has its size and SHA-256 and every
  /// suite its number of cases.
  func casesBySuite() throws(ConformBundleError) -> [String: [ConformCase]] {
    let manifestPath = prefix + "manifest.json"
    func shape<T>(_ body: () throws -> T) throws(ConformBundleError) -> T {
      do { return try body() } catch let error as ConformBundleError { throw error } catch {
        throw ConformBundleError("\(manifestPath): \(error): the bundle is damaged; fetch it again")
      }
    }
    let fields = try shape { try JSONFields(try JSONReader.parse(manifest)) }
    let format = try shape { try fields.int("format") }
    guard format == 1 else {
      throw ConformBundleError(
        "\(manifestPath): manifest format \(format); this ConformTesting reads format 1: use a conform as new as the one that wrote the bundle"
      )
    }
    var checked: [String: [UInt8]] = [:]
    for (index, file) in try shape({ try fields.array("files") }).enumerated() {
      let (name, size, digest) = try shape {
        let file = try JSONFields(file, path: "files[\(index)]")
        return (try file.string("path"), try file.int("bytes"), try file.string("sha256"))
      }
      checked[name] = try checkedFile(name, bytes: size, sha256: digest)
    }
    var cases: [String: [ConformCase]] = [:]
    for (index, suite) in try shape({ try fields.array("suites") }).enumerated() {
      let (name, table, count) = try shape {
        let suite = try JSONFields(suite, path: "suites[\(index)]")
        return (try suite.string("name"), try suite.string("fixtures"), try suite.int("cases"))
      }
      guard let bytes = checked[table] else {
        throw ConformBundleError(
          "\(manifestPath): suite \(name)'s cases, \(table), are not listed in its files: the bundle is damaged")
      }
      let suiteCases = try Self.cases(in: bytes, file: prefix + table, suite: name)
      guard suiteCases.count == count else {
        throw ConformBundleError(
          "\(prefix + table) has \(suiteCases.count) cases, manifest.json says \(count): the bundle was changed after it was published; fetch it again"
        )
      }
      cases[name] = suiteCases
    }
    return cases
  }

  /// A listed file's bytes, once its size and SHA-256 are the manifest's.
  private func checkedFile(_ name: String, bytes: Int64, sha256: String) throws(ConformBundleError) -> [UInt8] {
    let path = prefix + name
    guard let contents = entries.map({ $0[name] }) ?? Self.read((folder as NSString).appendingPathComponent(name)) else {
      throw ConformBundleError("\(path) is listed in manifest.json but missing: the bundle is incomplete; fetch it again")
    }
    guard contents.count == bytes else {
      throw ConformBundleError(
        "\(path) has \(contents.count) bytes, manifest.json says \(bytes): the bundle was changed after it was published; fetch it again"
      )
    }
    let digest = SHA256.hex(contents)
    guard digest == sha256 else {
      throw ConformBundleError(
        "\(path) has SHA-256 \(digest), manifest.json says \(sha256): the bundle was changed after it was published; fetch it again"
      )
    }
    return contents
  }

  /// One case per line: `id`, `suite`, `note`, `input`, `expected` and, in later bundles, `decisions`.
  private static func cases(in bytes: [UInt8], file: String, suite: String) throws(ConformBundleError) -> [ConformCase] {
    var cases: [ConformCase] = []
    var failure: ConformBundleError?
    bytes.withUnsafeBufferPointer { buffer in
      JSONLines.forEachLine(in: buffer) { number, line in
        guard failure == nil else { return }
        let location = "\(file) line \(number)"
        do {
          let fields = try JSONFields(try JSONReader.parse(line))
          var decisions: [String] = []
          if fields.object["decisions"] != nil {
            for (index, value) in try fields.array("decisions").enumerated() {
              guard let id = value.stringValue else {
                throw JSONShapeError(path: "decisions[\(index)]", message: "expected a string, found \(value.typeName)")
              }
              decisions.append(id)
            }
          }
          let expected = try fields.value("expected")
          let varies = try fields.object["varies"].map { value throws(JSONShapeError) in
            try OutputVariation(json: value, expected: expected)
          }
          let fixture = ConformCase(
            id: try fields.string("id"), suite: try fields.string("suite"), note: try fields.string("note"),
            input: try fields.value("input"), expected: expected, location: location, decisions: decisions,
            varies: varies ?? OutputVariation())
          guard fixture.suite == suite, fixture.id.hasPrefix(suite + "/") else {
            failure = ConformBundleError("\(location): case \(fixture.id) of suite \(fixture.suite) in suite \(suite)'s file")
            return
          }
          cases.append(fixture)
        } catch {
          failure = ConformBundleError("\(location): \(error)")
        }
      }
    }
    if let failure { throw failure }
    return cases
  }

  private static func check(_ digest: String, pin: String, path: String, kind: String) throws(ConformBundleError) {
    guard digest != pin else { return }
    throw ConformBundleError(
      "\(path) is not the pinned bundle: its \(kind) is \(digest), \(ConformBundle.digestVariable) is \(pin). "
        + "Use the bundle the pin names, or change the pin on purpose. \(ConformBundleError.howToPin)")
  }

  /// The archive's files by path under its one top folder, `conform-fixtures-X.Y.Z`.
  private static func unpack(_ archive: [UInt8], path: String) throws(ConformBundleError) -> (String, [String: [UInt8]]) {
    let entries: [TarEntry]
    do throws(TarGz.Failure) {
      entries = try TarGz.entries(archive, limit: limits.maxTotalBytes, limits: limits)
    } catch {
      switch error {
      case .gzip(let error), .tar(let error):
        throw ConformBundleError("\(path): \(error.message): it is damaged or not a conform bundle; fetch it again")
      }
    }
    let top = entries.first.map { String($0.path.prefix { $0 != "/" }) } ?? ""
    guard top.hasPrefix("conform-fixtures-") else {
      throw ConformBundleError("\(path): its files are not under a conform-fixtures-X.Y.Z/ folder: this is not a conform bundle")
    }
    var files: [String: [UInt8]] = [:]
    for entry in entries where !entry.isFolder {
      guard entry.path.hasPrefix(top + "/") else {
        throw ConformBundleError("\(path): entry \"\(entry.path)\" is outside its top folder \(top)/: do not use this archive")
      }
      files[String(entry.path.dropFirst(top.count + 1))] = entry.bytes
    }
    return (top, files)
  }

  private static func read(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
  }
}
