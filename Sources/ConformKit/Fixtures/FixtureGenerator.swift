import ConformJSON
import ConformProtocol

/// One file of a fixture set: its name within the folder and its bytes.
public struct FixtureFile: Sendable, Equatable {
  public var name: String
  public var bytes: [UInt8]
}

/// Turns the suites' specs and reference models into the published truth tables.
public enum FixtureGenerator {
  /// The version of the generator, which is the version of conform.
  public static let version = ConformVersion.current

  /// The files of a fixture set, in a fixed order, the manifest last. Same options, same bytes.
  public static func generate(options: GeneratorOptions, suites: [any Suite] = SuiteRegistry.all) -> [FixtureFile] {
    var files: [FixtureFile] = []
    var entries: [FixtureManifest.SuiteEntry] = []
    for suite in suites {
      var table: [UInt8] = []
      var count: Int64 = 0
      var tags: [String: Int64] = [:]
      for fixture in suite.cases(options: options) {
        JSONWriter.write(fixture.json, into: &table)
        table.append(0x0A)
        count += 1
        for tag in fixture.tags { tags[tag, default: 0] += 1 }
      }
      let tableName = "\(suite.name).jsonl"
      let specName = "\(suite.name).md"
      files.append(FixtureFile(name: tableName, bytes: table))
      files.append(FixtureFile(name: specName, bytes: suite.spec))
      entries.append(
        FixtureManifest.SuiteEntry(
          name: suite.name, specVersion: suite.specVersion, fixtures: tableName, spec: specName, cases: count, tags: tags,
          facts: suite.manifestFacts(options: options)))
    }
    let manifest = FixtureManifest(
      generatorVersion: version, generatorOptions: options.json, protocolVersion: ProtocolVersion.current,
      bundleVersion: nil,
      files: files.map { FixtureManifest.File(path: $0.name, bytes: Int64($0.bytes.count), sha256: SHA256.hex($0.bytes)) },
      suites: entries)
    files.append(FixtureFile(name: "manifest.json", bytes: manifest.bytes))
    return files
  }

  /// Writes a fixture set into `directory`, replacing the files of the same names.
  public static func write(options: GeneratorOptions, to directory: String) throws(ConformError) -> [FixtureFile] {
    let files = generate(options: options)
    for file in files { try FileIO.write(file.bytes, to: FileIO.join(directory, file.name)) }
    return files
  }
}

/// The version of this build of conform.
public enum ConformVersion {
  public static let current = "0.1.0"
}

extension FixtureFile {
  /// A fixtures folder's manifest and the files it lists (checked when the bundle is made).
  package static func readFolder(_ directory: String) throws(ConformError) -> [FixtureFile] {
    let manifestPath = FileIO.join(directory, "manifest.json")
    guard FileIO.isDirectory(directory) else {
      throw .file(path: directory, message: "no such folder: give a fixtures folder (conform generate --out DIR)")
    }
    let manifestBytes = try FileIO.read(manifestPath)
    let manifest = try FixtureSet.parseManifest(manifestBytes, path: manifestPath)
    var files = [FixtureFile(name: "manifest.json", bytes: manifestBytes)]
    for suite in manifest.suites {
      for name in [suite.fixtures, suite.spec] {
        guard FixtureSet.isPlainName(name) else {
          throw .file(path: manifestPath, message: "suite \(suite.name): \"\(name)\" is not a plain file name")
        }
        files.append(FixtureFile(name: name, bytes: try FileIO.read(FileIO.join(directory, name))))
      }
    }
    return files
  }
}
