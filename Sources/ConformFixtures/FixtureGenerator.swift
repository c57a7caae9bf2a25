import ConformArchive
import ConformJSON
import ConformProtocol

/// One file of a fixture set: its name within the folder and its bytes.
public struct FixtureFile: Sendable, Equatable {
  public var name: String
  public var bytes: [UInt8]

  package init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
  }
}

/// Turns the suites' specs and reference models into the published truth tables.
public enum FixtureGenerator {
  /// The version of the generator, which is the version of conform.
  public static let version = ConformVersion.current

  /// The files of a fixture set, in a fixed order, the manifest last. Same options, same bytes.
  public static func generate(options: GeneratorOptions, suites: [any Suite]) -> [FixtureFile] {
    var files: [FixtureFile] = []
    _ = make(options: options, suites: suites) { (name: String, piece: [UInt8], _: Bool) in
      if files.last?.name != name { files.append(FixtureFile(name: name, bytes: [])) }
      files[files.count - 1].bytes += piece
    }
    return files
  }

  /// Writes a fixture set into `directory`, replacing the files of the same names, each table
  /// as it is made: memory stays flat however deep the search. Every file is written beside its
  /// name and put in place once all are written, the manifest last: a generation that fails
  /// (a full disk) leaves the folder as it was.
  ///
  /// - Returns: the names of the files written, in order, the manifest's bytes, and how many
  ///   cases of each suite list no decision (none is a generator bug: `DecisionTable`).
  public static func write(
    options: GeneratorOptions, suites: [any Suite], to directory: String
  ) throws(ConformError) -> (names: [String], manifest: [UInt8], undecided: [String: Int64]) {
    try FileIO.createDirectory(directory)
    var names: [String] = []
    var manifest: [UInt8] = []
    var written: [FileIO.Output] = []
    var output: FileIO.Output?
    let undecided = try make(options: options, suites: suites) {
      (name: String, piece: [UInt8], last: Bool) throws(ConformError) in
      if output == nil {
        names.append(name)
        output = try FileIO.Output(creating: FileIO.join(directory, name))
      }
      try output!.write(piece)
      if name == "manifest.json" { manifest = piece }
      if last {
        try output!.closeStaged()
        written.append(output!)
        output = nil
      }
    }
    for file in written { try file.commit() }
    return (names, manifest, undecided)
  }

  /// Makes the files of a fixture set in order, the manifest last, handing each to `emit` in
  /// pieces (a table about every MiB as it is made, other files whole; `last` on a file's last
  /// piece), its size and digest counted as it goes: same options, same bytes.
  private static func make<Failure: Error>(
    options: GeneratorOptions, suites: [any Suite],
    emit: (_ name: String, _ piece: [UInt8], _ last: Bool) throws(Failure) -> Void
  ) throws(Failure) -> [String: Int64] {
    var undecided: [String: Int64] = [:]
    let pieceSize = 1 << 20
    var files: [FixtureManifest.File] = []
    var entries: [FixtureManifest.SuiteEntry] = []
    for suite in suites {
      let tableName = "\(suite.name).jsonl"
      let specName = "\(suite.name).md"
      let table: TableSummary
      if options.tier == .full, let written = (suite as? any HasWrittenTable)?.writtenTable {
        // Written and summed up already, while its model ran: handed on as it is.
        table = written.summary
        for start in stride(from: 0, to: max(written.bytes.count, 1), by: pieceSize) {
          let end = min(start + pieceSize, written.bytes.count)
          try emit(tableName, Array(written.bytes[start..<end]), end == written.bytes.count)
        }
      } else {
        table = try writeTable(of: suite, options: options, pieceSize: pieceSize) { piece, last throws(Failure) in
          try emit(tableName, piece, last)
        }
      }
      if table.undecided > 0 { undecided[suite.name] = table.undecided }
      try emit(specName, suite.spec, true)
      files.append(FixtureManifest.File(path: tableName, bytes: table.size, sha256: table.sha256))
      files.append(FixtureManifest.File(path: specName, bytes: Int64(suite.spec.count), sha256: SHA256.hex(suite.spec)))
      entries.append(
        FixtureManifest.SuiteEntry(
          name: suite.name, specVersion: suite.specVersion, fixtures: tableName, spec: specName, cases: table.count,
          tags: table.tags, facts: suite.manifestFacts(options: options), decisions: table.decisions))
    }
    let manifest = FixtureManifest(
      generatorVersion: version, generatorOptions: options.json, protocolVersion: ProtocolVersion.current,
      bundleVersion: nil, files: files, suites: entries)
    try emit("manifest.json", manifest.bytes, true)
    return undecided
  }

  /// Writes `suite`'s table at `options` as it is made, handing it to `emit` about `pieceSize`
  /// bytes at a time (`last` on the last piece), summed up as it goes.
  private static func writeTable<Failure: Error>(
    of suite: any Suite, options: GeneratorOptions, pieceSize: Int,
    emit: (_ piece: [UInt8], _ last: Bool) throws(Failure) -> Void
  ) throws(Failure) -> TableSummary {
    var summary = TableSummary()
    var piece: [UInt8] = []
    piece.reserveCapacity(pieceSize + 4096)
    var hasher = SHA256()
    // The suite's lines written straight from its model when it can, else its cases'.
    let lines = suite.tierFixtureLines(options: options)
    var cases = lines == nil ? suite.cases(options: options).makeIterator() : nil
    while true {
      if let lines {
        guard let (_, tags, decisions) = lines.next(into: &piece) else { break }
        summary.count(tags: tags, decisions: decisions)
      } else {
        guard let fixture = cases!.next() else { break }
        FixtureSet.writeLine(fixture, into: &piece)
        summary.count(tags: fixture.tags, decisions: fixture.decisions)
      }
      if piece.count >= pieceSize {
        hasher.update(piece)
        summary.size += Int64(piece.count)
        try emit(piece, false)
        piece.removeAll(keepingCapacity: true)
      }
    }
    hasher.update(piece)
    summary.size += Int64(piece.count)
    try emit(piece, true)
    summary.sha256 = hasher.finalizeHex()
    return summary
  }
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
