import ConformArchive
import ConformJSON
import ConformProtocol

/// A checked fixture set whose cases stay in their tables (a fixtures folder's files, or a
/// bundle's members), read back a batch at a time as a run sends them.
///
/// Checking reads each table once, a chunk at a time: its digest, every line a case of its
/// suite, every id once. What stays is where each line starts (8 bytes a case), where its parts
/// are (12 bytes a case) and a hash of each id while checking (about as much), so a run of a
/// fixtures folder takes memory that hardly grows with its tables, where holding the parsed
/// cases took several times their size.
package final class IndexedFixtures: Sendable {
  package let manifest: FixtureManifest
  /// SHA-256 of `manifest.json`'s bytes.
  package let manifestDigest: String
  /// Where the set came from: a folder or a bundle.
  package let source: String
  /// `sha256:<hex>` of the bundle archive when the set came from one.
  package let bundleDigest: String?
  /// The suites' tables, in the manifest's order.
  let tables: [TableFile]
  /// The index of each table's first case, then the number of cases.
  let firstCases: [Int]
  /// Per table, where the parts of each line are, when every line is its case's canonical line
  /// (`FixtureSet.writeLine`, as `conform generate` writes them): a run then copies its bytes
  /// instead of parsing them, with no scan; nil when a line is not canonical.
  let lineParts: [[FixtureLine.Offsets]?]
  /// The title of each decision of the suites this conform does not build in (a team's), by id,
  /// read from their specs: what reports show beside a decision (built-in ones have their own).
  package let decisionTitles: [String: String]

  /// Every case of every table.
  package var count: Int { firstCases.last! }

  /// Checks the fixtures folder at `directory`; `visit` gets each case and its index, in order.
  /// `builtIn` names the suites this conform builds in (another is a team's, run from its table
  /// and spec alone).
  package static func load(
    directory: String, builtIn: any SuiteCatalogue, visit: (Int, FixtureCase) -> Void
  ) throws(ConformError) -> IndexedFixtures {
    guard FileIO.isDirectory(directory) else {
      throw .file(path: directory, message: "no such folder: give a fixtures folder or a bundle")
    }
    let manifestPath = FileIO.join(directory, "manifest.json")
    guard let manifestBytes = try? FileIO.read(manifestPath) else {
      throw .file(path: manifestPath, message: "missing: \(directory) is not a fixtures folder (run conform generate)")
    }
    let manifest = try FixtureSet.parseManifest(manifestBytes, path: manifestPath)
    for file in manifest.files {
      // An unpacked bundle lists `schema/<name>.json`: plain names separated by slashes.
      guard file.path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy({ FixtureSet.isPlainName(String($0)) })
      else {
        throw .file(path: manifestPath, message: "file \"\(file.path)\" is not a plain relative path")
      }
      // A stale manifest stops the load before a file of the wrong size is read at all.
      let path = FileIO.join(directory, file.path)
      if let size = FileIO.size(path), size != file.bytes {
        throw .file(
          path: path,
          message: "is \(Plural.grouped(Int(size), "byte")), the manifest says \(Plural.grouped(Int(file.bytes), "byte")) "
            + "(not read): the file was changed or the set is incomplete; regenerate it or fetch it again")
      }
    }
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    return try IndexedFixtures(
      manifestBytes: manifestBytes, manifest: manifest, source: directory, pathPrefix: prefix, bundleDigest: nil,
      builtIn: builtIn,
      open: { (name) throws(ConformError) in
        let path = prefix + name
        guard FileIO.size(path) != nil else { throw .file(path: path, message: "no such file") }
        return try TableFile(path: path)
      },
      visit: visit)
  }

  /// Checks `files` (name and bytes, one of them `manifest.json`); `visit` gets each case and
  /// its index, in order.
  package convenience init(
    files: [(name: String, bytes: [UInt8])], source: String, pathPrefix: String, bundleDigest: String? = nil,
    builtIn: any SuiteCatalogue, visit: (Int, FixtureCase) -> Void
  ) throws(ConformError) {
    let byName = Dictionary(files.map { ($0.name, $0.bytes) }, uniquingKeysWith: { first, _ in first })
    let manifestPath = pathPrefix + "manifest.json"
    guard let manifestBytes = byName["manifest.json"] else {
      throw .file(path: manifestPath, message: "missing: not a fixture set (run conform generate)")
    }
    try self.init(
      manifestBytes: manifestBytes, manifest: try FixtureSet.parseManifest(manifestBytes, path: manifestPath), source: source,
      pathPrefix: pathPrefix, bundleDigest: bundleDigest, builtIn: builtIn,
      open: { (name) throws(ConformError) in
        guard let bytes = byName[name] else {
          throw .file(path: pathPrefix + name, message: "listed in the manifest but missing")
        }
        return TableFile(bytes: bytes, path: pathPrefix + name)
      },
      visit: visit)
  }

  /// Checks every file the manifest lists against it (other files first, then each suite's
  /// table as it is read), and every case.
  package init(
    manifestBytes: [UInt8], manifest: FixtureManifest, source: String, pathPrefix: String, bundleDigest: String?,
    builtIn: any SuiteCatalogue, open: (String) throws(ConformError) -> TableFile, visit: (Int, FixtureCase) -> Void
  ) throws(ConformError) {
    let manifestPath = pathPrefix + "manifest.json"
    let tableNames = Set(manifest.suites.map(\.fixtures))
    var decisionTitles: [String: String] = [:]
    for file in manifest.files where !tableNames.contains(file.path) {
      let opened = try open(file.path)
      var spec: [UInt8]?
      let team = manifest.suites.first { $0.spec == file.path && builtIn.suite(named: $0.name) == nil }
      if team != nil { spec = [] }
      try Self.check(opened, against: file) { line in spec?.append(contentsOf: line + [0x0A]) }
      if let team, let spec {
        do {
          for decision in try SpecDecisions.parse(spec, suite: team.name) { decisionTitles[decision.id] = decision.title }
        } catch {
          throw .file(path: opened.path, line: error.line, message: error.message)
        }
      }
    }
    var check = CaseCheck(expectedCases: manifest.suites.reduce(0) { $0 + Self.expectedCases(of: $1, in: manifest) })
    var tables: [TableFile] = []
    var firstCases = [0]
    var lineParts: [[FixtureLine.Offsets]?] = []
    var encoded: [UInt8] = []
    for (index, entry) in manifest.suites.enumerated() {
      // A suite conform does not build in (a team's own) is run from its table and its spec alone.
      guard builtIn.suite(named: entry.name) != nil || manifest.files.contains(where: { $0.path == entry.spec }) else {
        throw .file(
          path: manifestPath,
          message: "field \"suites[\(index)].name\": suite \"\(entry.name)\" is not built into this conform "
            + "(\(builtIn.names.joined(separator: ", "))) and its spec \(entry.spec) is not listed under files: "
            + "make the fixtures with conform generate --suite, or upgrade conform")
      }
      guard let file = manifest.files.first(where: { $0.path == entry.fixtures }) else {
        throw .file(path: manifestPath, message: "suite \(entry.name): its table \(entry.fixtures) is not listed under files")
      }
      let table = try open(entry.fixtures)
      let first = firstCases.last!
      var count = 0
      // Where the canonical line's parts are, as long as every line so far is canonical.
      var parts: [FixtureLine.Offsets]? = []
      let expected = Self.expectedCases(of: entry, in: manifest)
      parts!.reserveCapacity(expected)
      // A line's error waits for the digest: a table that is not the manifest's is reported as such.
      var lineError: ConformError?
      try Self.check(table, against: file, expectedLines: expected) { line in
        guard lineError == nil else { return }
        do throws(ConformError) {
          let fixture = try check.check(line, number: count + 1, suite: entry.name, table: table, earlier: tables)
          visit(first + count, fixture)
          count += 1
          if parts != nil {
            encoded.removeAll(keepingCapacity: true)
            let written = FixtureLine.Offsets(FixtureSet.writeLine(fixture, into: &encoded))
            if let written, encoded.dropLast().elementsEqual(line) { parts!.append(written) } else { parts = nil }
          }
        } catch {
          lineError = error
        }
      }
      guard table.size > 0 else { throw .file(path: table.path, message: "is empty: a suite needs at least one case") }
      guard table.endsWithNewline else {
        throw .file(path: table.path, message: "does not end with a newline: the last line may be cut short")
      }
      if let lineError { throw lineError }
      guard count == entry.cases else {
        throw .file(path: table.path, message: "has \(Plural.count(count, "case")), the manifest says \(entry.cases)")
      }
      tables.append(table)
      firstCases.append(first + count)
      lineParts.append(parts)
    }
    self.manifest = manifest
    self.manifestDigest = SHA256.hex(manifestBytes)
    self.source = source
    self.bundleDigest = bundleDigest
    self.tables = tables
    self.firstCases = firstCases
    self.lineParts = lineParts
    self.decisionTitles = decisionTitles
  }

  /// The cases the manifest says a suite's table has, as room to make before reading it: no more
  /// than its listed size allows (a line takes more than 16 bytes), so a manifest that claims
  /// billions of cases costs nothing before its table is read.
  private static func expectedCases(of suite: FixtureManifest.SuiteEntry, in manifest: FixtureManifest) -> Int {
    let bytes = manifest.files.first { $0.path == suite.fixtures }?.bytes ?? 0
    return Int(max(0, min(suite.cases, bytes / 16)))
  }

  /// Reads `table` once, lines to `line`, and compares its digest and size with the manifest's.
  private static func check(
    _ table: TableFile, against file: FixtureManifest.File, expectedLines: Int = 0,
    line: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(ConformError) {
    var hasher = SHA256()
    try table.scan(hasher: &hasher, expectedLines: expectedLines, line: line)
    let digest = hasher.finalizeHex()
    guard digest == file.sha256, table.size == file.bytes else {
      throw .file(
        path: table.path,
        message: "does not match the manifest (sha256 \(digest), \(table.size) bytes; manifest says \(file.sha256), "
          + "\(file.bytes) bytes): the file was changed or the set is incomplete; regenerate it or fetch it again")
    }
  }

  /// The cases at `indices`, read again from their tables.
  ///
  /// - Throws: when a table no longer reads as it did when checked (it changed since).
  package func cases(_ indices: [Int]) throws(ConformError) -> [FixtureCase] {
    var cases: [FixtureCase] = []
    cases.reserveCapacity(indices.count)
    try readRuns(indices) { (table, _, numbers, bytes) throws(ConformError) in
      var start = 0
      for number in numbers {
        let length = table.length(ofLine: number)
        cases.append(try Self.reread(bytes[start..<start + length - 1], table: table, number: number + 1))
        start += length
      }
    }
    return cases
  }

  /// The cases at `indices` as a run's case table, in that order, with their positions in the
  /// run: copied from their lines by the parts found when checking them when their tables are
  /// canonical, else parsed and encoded.
  ///
  /// The bytes of each run of consecutive lines, read in one call, become a chunk of the table
  /// as they are: nothing is copied before the table's own arena.
  package func caseTable(_ indices: [Int], suites: [String], ordinals: [Int32]) throws(ConformError) -> CaseTable {
    guard lineParts.allSatisfy({ $0 != nil }) else {
      return CaseTable(try cases(indices), suites: suites, ordinals: ordinals)
    }
    var bytes: [UInt8] = []
    var parts: [FixtureLine.Parts] = []
    var caseSuites: [String] = []
    parts.reserveCapacity(indices.count)
    caseSuites.reserveCapacity(indices.count)
    var runs: [(table: TableFile, slot: Int, numbers: Range<Int>)] = []
    forEachRun(indices) { runs.append(($0, $1, $2)) }
    // Room for the lines and for the suites' parts the table appends.
    bytes.reserveCapacity(runs.reduce(0) { $0 + $1.table.length(ofLines: $1.numbers) } + 1024)
    for (table, slot, numbers) in runs {
      let suite = manifest.suites[slot].name
      let offsets = lineParts[slot]!
      var start = bytes.count
      try table.read(lines: numbers, appendingTo: &bytes)
      for number in numbers {
        let end = start + table.length(ofLine: number) - 1
        parts.append(offsets[number].parts(start: start, end: end))
        caseSuites.append(suite)
        start = end + 1
      }
    }
    return CaseTable(lines: bytes, parts: parts, caseSuites: caseSuites, suites: suites, ordinals: ordinals)
  }

  /// Reads the lines of the cases at `indices`, in order: each run of consecutive lines of one
  /// table in one read, passed to `body` with its table, the table's slot and the runs's line
  /// numbers (from 0), newlines included.
  private func readRuns(
    _ indices: [Int], _ body: (TableFile, Int, Range<Int>, [UInt8]) throws(ConformError) -> Void
  ) throws(ConformError) {
    var runs: [(table: TableFile, slot: Int, numbers: Range<Int>)] = []
    forEachRun(indices) { runs.append(($0, $1, $2)) }
    for (table, slot, numbers) in runs { try body(table, slot, numbers, try table.read(lines: numbers)) }
  }

  /// Each run of consecutive lines of one table among the cases at `indices`, in order: its
  /// table, the table's slot and the run's line numbers (from 0).
  private func forEachRun(_ indices: [Int], _ body: (TableFile, Int, Range<Int>) -> Void) {
    var position = 0
    while position < indices.count {
      let first = indices[position]
      let slot = tableSlot(of: first)
      let line = first - firstCases[slot]
      var end = position + 1
      while end < indices.count, indices[end] == indices[end - 1] + 1, indices[end] < firstCases[slot + 1] { end += 1 }
      body(tables[slot], slot, line..<line + end - position)
      position = end
    }
  }

  /// Which table holds case `index`.
  private func tableSlot(of index: Int) -> Int {
    var low = 0
    var high = tables.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if firstCases[middle] <= index { low = middle } else { high = middle - 1 }
    }
    return low
  }

  private static func reread(_ line: ArraySlice<UInt8>, table: TableFile, number: Int) throws(ConformError) -> FixtureCase {
    do {
      return try FixtureCase(json: try JSONReader.parse(line))
    } catch {
      throw .file(
        path: table.path, line: number,
        message: "no longer reads as a case (\(error)): the file changed during the run; run again with fixtures that stay put")
    }
  }
}

/// Checks a set's lines as they are read: each a case of its table's suite, every id once.
///
/// Ids are remembered by hash value; when one is seen again, the tables read so far are searched
/// for the same id, so a duplicate is named with its first line, and two ids that share a hash
/// are not taken for one.
struct CaseCheck {
  private var seen: Set<Int>

  init(expectedCases: Int = 0) {
    seen = Set(minimumCapacity: expectedCases)
  }

  mutating func check(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, suite: String, table: TableFile, earlier: [TableFile]
  ) throws(ConformError) -> FixtureCase {
    let fixture = try Self.parse(line, path: table.path, number: number)
    guard fixture.suite == suite else {
      throw .file(
        path: table.path, line: number, message: "case \(fixture.id) belongs to suite \"\(fixture.suite)\", not \"\(suite)\"")
    }
    if !seen.insert(fixture.id.hashValue).inserted,
      let first = try Self.firstLine(of: fixture.id, in: earlier + [table], before: number)
    {
      throw .file(path: table.path, line: number, message: "duplicate case id \(fixture.id) (first at \(first))")
    }
    return fixture
  }

  static func parse(_ line: UnsafeBufferPointer<UInt8>, path: String, number: Int) throws(ConformError) -> FixtureCase {
    try shape(path: path, number: number) { try JSONReader.parse(line) }
  }

  static func parse(_ line: ArraySlice<UInt8>, path: String, number: Int) throws(ConformError) -> FixtureCase {
    try shape(path: path, number: number) { try JSONReader.parse(line) }
  }

  private static func shape(path: String, number: Int, _ read: () throws -> JSONValue) throws(ConformError) -> FixtureCase {
    do {
      return try FixtureCase(json: try read())
    } catch let error as JSONSyntaxError {
      throw .syntax(path, error, line: number)
    } catch let error as JSONShapeError {
      throw .file(path: path, line: number, message: error.description)
    } catch {
      throw .file(path: path, line: number, message: "\(error)")
    }
  }

  /// `PATH line N` of the first case with `id` in `tables`, the last of them read up to line
  /// `before` (1-based, not included); nil when there is none.
  private static func firstLine(of id: String, in tables: [TableFile], before: Int) throws(ConformError) -> String? {
    for (position, table) in tables.enumerated() {
      let lines = position == tables.count - 1 ? before - 1 : table.lineCount
      guard lines > 0 else { continue }
      let bytes = try table.read(lines: 0..<lines)
      var start = 0
      for number in 1...lines {
        let end = bytes[start...].firstIndex(of: 0x0A)!
        if try parse(bytes[start..<end], path: table.path, number: number).id == id { return "\(table.path) line \(number)" }
        start = end + 1
      }
    }
    return nil
  }
}
