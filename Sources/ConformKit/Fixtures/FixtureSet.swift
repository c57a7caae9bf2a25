import ConformJSON

/// A checked set of truth tables, ready to run: the manifest, its digest and every case.
public struct FixtureSet: Sendable {
  public var manifest: FixtureManifest
  /// SHA-256 of `manifest.json`'s bytes: names the whole set, since the manifest holds every file's digest.
  public var manifestDigest: String
  /// Where the set came from: a folder, a bundle, or `built-in`.
  public var source: String
  /// `sha256:<hex>` of the bundle archive when the set came from one.
  public var bundleDigest: String?
  /// Every case, suite by suite in the manifest's order, each suite in file order.
  public var cases: [FixtureCase]

  /// The tables generated in memory by this build: the same bytes as the published `fixtures/`.
  public static func builtIn() -> FixtureSet {
    let files = FixtureGenerator.generate(options: .published)
    // The generator's own output cannot be malformed; a failure here is a bug in conform.
    do {
      return try FixtureSet(files: files.map { ($0.name, $0.bytes) }, source: "built-in", pathPrefix: "built-in/")
    } catch {
      preconditionFailure("built-in fixtures do not load: \(error)")
    }
  }

  /// Loads and checks the fixtures folder at `directory`.
  public static func load(directory: String) throws(ConformError) -> FixtureSet {
    guard FileIO.isDirectory(directory) else {
      throw .file(path: directory, message: "no such folder: give a fixtures folder or a bundle")
    }
    let manifestPath = FileIO.join(directory, "manifest.json")
    guard FileIO.isDirectory(directory), (try? FileIO.read(manifestPath)) != nil else {
      throw .file(path: manifestPath, message: "missing: \(directory) is not a fixtures folder (run conform generate)")
    }
    let manifest = try parseManifest(try FileIO.read(manifestPath), path: manifestPath)
    var files: [(String, [UInt8])] = [("manifest.json", try FileIO.read(manifestPath))]
    for file in manifest.files {
      // An unpacked bundle lists `schema/<name>.json`: plain names separated by slashes.
      guard file.path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy({ isPlainName(String($0)) }) else {
        throw .file(path: manifestPath, message: "file \"\(file.path)\" is not a plain relative path")
      }
      files.append((file.path, try FileIO.read(FileIO.join(directory, file.path))))
    }
    return try FixtureSet(files: files, source: directory, pathPrefix: directory.hasSuffix("/") ? directory : directory + "/")
  }

  /// Checks `files` (name and bytes, one of them `manifest.json`) against the manifest and parses every case.
  public init(files: [(name: String, bytes: [UInt8])], source: String, pathPrefix: String) throws(ConformError) {
    let byName = Dictionary(files.map { ($0.name, $0.bytes) }, uniquingKeysWith: { first, _ in first })
    let manifestPath = pathPrefix + "manifest.json"
    guard let manifestBytes = byName["manifest.json"] else {
      throw .file(path: manifestPath, message: "missing: not a fixture set (run conform generate)")
    }
    let manifest = try Self.parseManifest(manifestBytes, path: manifestPath)
    for file in manifest.files {
      let path = pathPrefix + file.path
      guard let bytes = byName[file.path] else { throw .file(path: path, message: "listed in the manifest but missing") }
      let digest = SHA256.hex(bytes)
      guard digest == file.sha256, Int64(bytes.count) == file.bytes else {
        throw .file(
          path: path,
          message: "does not match the manifest (sha256 \(digest), \(bytes.count) bytes; manifest says \(file.sha256), "
            + "\(file.bytes) bytes): the file was changed or the set is incomplete; regenerate it or fetch it again")
      }
    }
    var cases: [FixtureCase] = []
    var seen: [String: String] = [:]
    for entry in manifest.suites {
      let path = pathPrefix + entry.fixtures
      guard SuiteRegistry.named(entry.name) != nil else {
        throw .file(
          path: manifestPath,
          message: "unknown suite \"\(entry.name)\": this conform knows \(SuiteRegistry.names.joined(separator: ", ")); upgrade conform")
      }
      guard manifest.files.contains(where: { $0.path == entry.fixtures }), let table = byName[entry.fixtures] else {
        throw .file(path: manifestPath, message: "suite \(entry.name): its table \(entry.fixtures) is not listed under files")
      }
      let before = cases.count
      try Self.parseTable(table, suite: entry.name, path: path, into: &cases, seen: &seen)
      let count = cases.count - before
      guard count == entry.cases else {
        throw .file(path: path, message: "has \(count) cases, the manifest says \(entry.cases)")
      }
    }
    self.manifest = manifest
    self.manifestDigest = SHA256.hex(manifestBytes)
    self.source = source
    self.cases = cases
  }

  static func parseManifest(_ bytes: [UInt8], path: String) throws(ConformError) -> FixtureManifest {
    do {
      return try FixtureManifest(json: try JSONReader.parse(bytes))
    } catch let error as JSONSyntaxError {
      throw .syntax(path, error)
    } catch let error as JSONShapeError {
      throw .file(path: path, message: error.description)
    } catch {
      throw .file(path: path, message: "\(error)")
    }
  }

  static func parseTable(
    _ bytes: [UInt8], suite: String, path: String, into cases: inout [FixtureCase], seen: inout [String: String]
  ) throws(ConformError) {
    guard !bytes.isEmpty else { throw .file(path: path, message: "is empty: a suite needs at least one case") }
    guard bytes.last == 0x0A else { throw .file(path: path, message: "does not end with a newline: the last line may be cut short") }
    var lineNumber = 0
    var start = 0
    while start < bytes.count {
      lineNumber += 1
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      let fixture: FixtureCase
      do {
        fixture = try FixtureCase(json: try JSONReader.parse(bytes[start..<end]))
      } catch let error as JSONSyntaxError {
        throw .syntax(path, error, line: lineNumber)
      } catch let error as JSONShapeError {
        throw .file(path: path, line: lineNumber, message: error.description)
      } catch {
        throw .file(path: path, line: lineNumber, message: "\(error)")
      }
      start = end + 1
      guard fixture.suite == suite else {
        throw .file(path: path, line: lineNumber, message: "case \(fixture.id) belongs to suite \"\(fixture.suite)\", not \"\(suite)\"")
      }
      if let first = seen[fixture.id] {
        throw .file(path: path, line: lineNumber, message: "duplicate case id \(fixture.id) (first at \(first))")
      }
      seen[fixture.id] = "\(path) line \(lineNumber)"
      cases.append(fixture)
    }
  }

  static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && !name.contains("/") && name != "." && name != ".." && !name.hasPrefix(".")
  }
}
