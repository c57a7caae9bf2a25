import ConformArchive
import ConformJSON
import ConformProtocol
import Foundation

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
  /// For a set generated in memory, the canonical lines it was hashed from: a run copies its
  /// requests and expected outputs from them instead of encoding every case again.
  var encoded: EncodedCases?

  /// The tables generated in memory by this build from `builtIn`'s suites: the same bytes as the
  /// published `fixtures/`, or as `conform generate --tier smoke` for the smoke tier.
  public static func builtIn(tier: Tier = .full, suites builtIn: any SuiteCatalogue) -> FixtureSet {
    var options = GeneratorOptions.published(for: builtIn.suites)
    options.tier = tier
    return generated(
      options: options, source: tier == .full ? "built-in" : "built-in, \(tier.rawValue) tier", suites: builtIn.suites)
  }

  /// The tables `FixtureGenerator.generate(options:)` writes, with the same manifest and digest,
  /// made in one pass: each case is kept as the generator makes it and its line only hashed.
  ///
  /// Nothing is written out, parsed back or hashed twice: the generator's own output needs no
  /// checking against itself, and that was most of the time `conform run` took to start. The
  /// work is spread over every core by `GeneratedTables`.
  package static func generated(options: GeneratorOptions, source: String, suites: [any Suite]) -> FixtureSet {
    let maker = GeneratedTables(suites: suites, options: options)
    DispatchQueue.concurrentPerform(iterations: max(2, ProcessInfo.processInfo.activeProcessorCount)) { _ in maker.work() }
    return maker.set(source: source)
  }

  /// A fixture's line, newline included: the bytes of `JSONWriter.write(fixture.json)`, written
  /// without building the object (`FixtureLine`). Returns where its parts are.
  @discardableResult
  package static func writeLine(_ fixture: FixtureCase, into bytes: inout [UInt8]) -> FixtureLine.Parts {
    FixtureLine.write(
      expected: fixture.expected, id: fixture.id, input: fixture.input, note: fixture.note, suite: fixture.suite,
      tags: fixture.tags, decisions: fixture.decisions, varies: fixture.varies, into: &bytes)
  }

  package init(manifest: FixtureManifest, manifestDigest: String, source: String, cases: [FixtureCase]) {
    self.manifest = manifest
    self.manifestDigest = manifestDigest
    self.source = source
    self.cases = cases
  }

  /// Loads and checks the fixtures folder at `directory` (`builtIn`: see `IndexedFixtures`).
  public static func load(directory: String, builtIn: any SuiteCatalogue) throws(ConformError) -> FixtureSet {
    var cases: [FixtureCase] = []
    let indexed = try IndexedFixtures.load(directory: directory, builtIn: builtIn) { _, fixture in cases.append(fixture) }
    return FixtureSet(manifest: indexed.manifest, manifestDigest: indexed.manifestDigest, source: directory, cases: cases)
  }

  /// Checks `files` (name and bytes, one of them `manifest.json`) against the manifest and parses every case.
  public init(
    files: [(name: String, bytes: [UInt8])], source: String, pathPrefix: String, builtIn: any SuiteCatalogue
  ) throws(ConformError) {
    var cases: [FixtureCase] = []
    let indexed = try IndexedFixtures(files: files, source: source, pathPrefix: pathPrefix, builtIn: builtIn) { _, fixture in
      cases.append(fixture)
    }
    self.init(manifest: indexed.manifest, manifestDigest: indexed.manifestDigest, source: source, cases: cases)
  }

  package static func parseManifest(_ bytes: [UInt8], path: String) throws(ConformError) -> FixtureManifest {
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

  package static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && !name.contains("/") && name != "." && name != ".." && !name.hasPrefix(".")
  }
}

/// The canonical lines of a set generated in memory, and where each case's parts are in them:
/// `{"expected":…,"id":…,"input":…,"note":…,"suite":…,"tags":[…]}`.
final class EncodedCases: Sendable {
  /// Where one case's line and its parts are (`FixtureLine.Parts`), in bytes from the start of
  /// its chunk; 32-bit, as a set holds many.
  package struct Line: Sendable {
    var chunk: Int32
    var line: Range<Int32>
    var expected: Range<Int32>
    var id: Range<Int32>
    var input: Range<Int32>

    init(_ parts: FixtureLine.Parts, chunk: Int32) {
      func narrow(_ range: Range<Int>) -> Range<Int32> { Int32(range.lowerBound)..<Int32(range.upperBound) }
      self.chunk = chunk
      line = narrow(parts.line)
      expected = narrow(parts.expected)
      id = narrow(parts.id)
      input = narrow(parts.input)
    }

    var parts: FixtureLine.Parts {
      func widen(_ range: Range<Int32>) -> Range<Int> { Int(range.lowerBound)..<Int(range.upperBound) }
      return FixtureLine.Parts(line: widen(line), expected: widen(expected), id: widen(id), input: widen(input))
    }
  }

  let chunks: [[UInt8]]
  /// One per case, in the set's order.
  let lines: [Line]

  init(chunks: [[UInt8]], lines: [Line]) {
    self.chunks = chunks
    self.lines = lines
  }
}

/// Makes a generated set's cases and lines on several threads at once (each runs `work()`):
/// drafts are taken in order, 512 at a time, under a lock (the cheap part); the model's outputs
/// and the canonical lines are made outside it; each chunk is hashed, in order, by whichever
/// thread finds the next one ready, so hashing overlaps making.
///
/// A run of the built-in tables starts it in the background (`start`) and sends each chunk as
/// soon as it is made (`chunk(_:)`); the set, its manifest and digest, come when all are made.
/// Such a run keeps no cases (`keepsCases` false): a timeline-shaped table's chunks are then its
/// lines written straight from the model under the lock (`FixtureLineSource`), with no
/// `JSONValue` made for a case, and a case is parsed from its line when a record needs it.
package final class GeneratedTables: @unchecked Sendable {
  package struct Chunk: Sendable {
    package var suite: Int
    /// Each case, as made; nil when the chunk was written as lines.
    var fixtures: [FixtureCase]?
    var lines: [UInt8]
    var spans: [EncodedCases.Line]
    /// How many cases have each tag, and each decision (the manifest's counts).
    var tags: [String: Int64] = [:]
    var decisions: [String: Int64] = [:]

    var count: Int { spans.count }

    mutating func count(tags: [String], decisions: [String]) {
      for tag in tags { self.tags[tag, default: 0] += 1 }
      for decision in decisions { self.decisions[decision, default: 0] += 1 }
    }
  }

  static let chunkSize = 512
  package let suites: [any Suite]
  let options: GeneratorOptions
  /// Whether every chunk keeps its cases (`Chunk.fixtures`), as a whole set needs them.
  let keepsCases: Bool

  // Guarded by `drafting`: where the drafts are.
  private let drafting = NSLock()
  private var suiteIndex = 0
  private var drafts: AnyIterator<CaseDraft>?
  private var lines: FixtureLineSource?
  private var nextChunk = 0

  // Guarded by `state`: the chunks made (nil: being made), the next to hash, whether a thread
  // is hashing, the threads still working.
  private let state = NSCondition()
  private var made: [Chunk?] = []
  private var nextToHash = 0
  private var hashing = false
  private var working = 0
  private var done = false

  // Touched only by the thread that is hashing.
  private var hashers: [SHA256]

  package init(suites: [any Suite], options: GeneratorOptions, keepsCases: Bool = true) {
    self.suites = suites
    self.options = options
    self.keepsCases = keepsCases
    hashers = Array(repeating: SHA256(), count: suites.count)
  }

  /// Starts `threads` threads making the tables, and returns.
  package func start(threads: Int) {
    state.lock()
    working = threads
    state.unlock()
    for index in 0..<threads {
      let thread = Thread { [self] in
        make()
        state.lock()
        working -= 1
        if working == 0 { done = true }
        state.broadcast()
        state.unlock()
      }
      thread.name = "conform tables \(index)"
      thread.start()
    }
  }

  /// Makes chunks until every suite is done (one of the threads of `concurrentPerform`).
  func work() {
    make()
    state.lock()
    done = true
    state.unlock()
  }

  private func make() {
    while let taken = take() {
      switch taken {
      case .lines(let chunk, let id):
        deposit(chunk, id: id)
      case .drafts(let batch, let suite, let id):
        var chunk = Chunk(suite: suite, fixtures: [], lines: [], spans: [])
        chunk.fixtures!.reserveCapacity(batch.count)
        chunk.spans.reserveCapacity(batch.count)
        for draft in batch {
          let fixture = suites[suite].fixture(for: draft)
          chunk.spans.append(EncodedCases.Line(FixtureSet.writeLine(fixture, into: &chunk.lines), chunk: Int32(id)))
          chunk.fixtures!.append(fixture)
          chunk.count(tags: fixture.tags, decisions: fixture.decisions)
        }
        deposit(chunk, id: id)
      }
    }
  }

  /// What `take()` hands a thread: a chunk already written as lines, or drafts to make one of.
  private enum Taken {
    case lines(Chunk, id: Int)
    case drafts([CaseDraft], suite: Int, id: Int)

    var isEmpty: Bool {
      switch self {
      case .lines(let chunk, _): chunk.count == 0
      case .drafts(let batch, _, _): batch.isEmpty
      }
    }
  }

  /// The next chunk: its lines written under the lock when the suite writes them and no case is
  /// kept, else its drafts; nil when every suite is done.
  private func take() -> Taken? {
    drafting.lock()
    defer { drafting.unlock() }
    while suiteIndex < suites.count {
      if drafts == nil, lines == nil {
        let suite = suites[suiteIndex]
        lines = keepsCases ? nil : suite.tierFixtureLines(options: options)
        if lines == nil { drafts = suite.tierDrafts(options: options).makeIterator() }
      }
      let id = nextChunk
      let taken: Taken
      if let lines {
        var chunk = Chunk(suite: suiteIndex, fixtures: nil, lines: [], spans: [])
        chunk.spans.reserveCapacity(Self.chunkSize)
        while chunk.count < Self.chunkSize, let line = lines.next(into: &chunk.lines) {
          chunk.spans.append(EncodedCases.Line(line.parts, chunk: Int32(id)))
          chunk.count(tags: line.tags, decisions: line.decisions)
        }
        taken = .lines(chunk, id: id)
      } else {
        var batch: [CaseDraft] = []
        batch.reserveCapacity(Self.chunkSize)
        while batch.count < Self.chunkSize, let draft = drafts!.next() { batch.append(draft) }
        taken = .drafts(batch, suite: suiteIndex, id: id)
      }
      guard !taken.isEmpty else {
        suiteIndex += 1
        (drafts, lines) = (nil, nil)
        continue
      }
      nextChunk += 1
      state.lock()
      while made.count <= id { made.append(nil) }
      state.unlock()
      return taken
    }
    return nil
  }

  /// Hands over a made chunk; hashes it and any that follow it if no other thread is hashing.
  private func deposit(_ chunk: Chunk, id: Int) {
    state.lock()
    made[id] = chunk
    state.broadcast()
    if hashing {
      state.unlock()
      return
    }
    hashing = true
    while nextToHash < made.count, let next = made[nextToHash] {
      nextToHash += 1
      state.unlock()
      hashers[next.suite].update(next.lines)
      state.lock()
    }
    hashing = false
    state.broadcast()
    state.unlock()
  }

  /// Chunk `id`, waiting until it is made; nil past the last one.
  package func chunk(_ id: Int) -> Chunk? {
    state.lock()
    defer { state.unlock() }
    while true {
      if id < made.count, let chunk = made[id] { return chunk }
      if done { return nil }
      state.wait()
    }
  }

  /// Waits until every chunk is made and hashed.
  private func waitUntilDone() {
    state.lock()
    while !done || hashing || nextToHash < made.count { state.wait() }
    state.unlock()
  }

  /// The manifest `FixtureGenerator.generate` writes for these tables; waits until every chunk
  /// is made and hashed.
  package func manifest() -> FixtureManifest {
    waitUntilDone()
    var files: [FixtureManifest.File] = []
    var entries: [FixtureManifest.SuiteEntry] = []
    for (index, suite) in suites.enumerated() {
      var bytes: Int64 = 0
      var count: Int64 = 0
      var tags: [String: Int64] = [:]
      var decisions: [String: Int64] = [:]
      for case let chunk? in made where chunk.suite == index {
        bytes += Int64(chunk.lines.count)
        count += Int64(chunk.count)
        tags.merge(chunk.tags, uniquingKeysWith: +)
        decisions.merge(chunk.decisions, uniquingKeysWith: +)
      }
      let tableName = "\(suite.name).jsonl"
      let specName = "\(suite.name).md"
      var hasher = hashers[index]
      files.append(FixtureManifest.File(path: tableName, bytes: bytes, sha256: hasher.finalizeHex()))
      files.append(FixtureManifest.File(path: specName, bytes: Int64(suite.spec.count), sha256: SHA256.hex(suite.spec)))
      entries.append(
        FixtureManifest.SuiteEntry(
          name: suite.name, specVersion: suite.specVersion, fixtures: tableName, spec: specName, cases: count, tags: tags,
          facts: suite.manifestFacts(options: options), decisions: decisions))
    }
    return FixtureManifest(
      generatorVersion: FixtureGenerator.version, generatorOptions: options.json, protocolVersion: ProtocolVersion.current,
      bundleVersion: nil, files: files, suites: entries)
  }

  /// The whole set, with the manifest and digest `FixtureGenerator.generate` gives; waits until
  /// every chunk is made.
  func set(source: String) -> FixtureSet {
    precondition(keepsCases, "a set of generated tables that kept no cases")
    let manifest = manifest()
    let chunks = made.map { $0! }
    var set = FixtureSet(
      manifest: manifest, manifestDigest: SHA256.hex(manifest.bytes), source: source, cases: chunks.flatMap { $0.fixtures! })
    // Chunks are in suite order, like the cases.
    set.encoded = EncodedCases(chunks: chunks.map(\.lines), lines: chunks.flatMap(\.spans))
    return set
  }
}
