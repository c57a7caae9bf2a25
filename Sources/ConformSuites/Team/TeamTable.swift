import ConformArchive
import ConformFixtures
import ConformJSON
import ConformPlatform
import ConformProtocol

/// A team suite's table as it is made: each case's fixture line, written, counted and hashed as
/// soon as its expected output is known, and the case and its output (the suite's drafts, for
/// the smoke tier and its lookups).
///
/// Used by one thread at a time: the model run's reading thread while the model answers, then
/// the thread that made it.
final class TeamTable: @unchecked Sendable {
  /// A case on its way into the table: its request's first bytes (the id and the input, which
  /// its fixture line holds as they are, so each is encoded once), and what else its line needs.
  /// A class: the threads pass it by one reference.
  final class Case: Sendable {
    let name: String
    /// Its line of `cases.jsonl`; nil for a case made from the domain.
    let line: Int?
    /// `{"id":…,"input":…,"seq":` (`CaseRequest.writePrefix`), and where its parts are.
    let prefix: [UInt8]
    let parts: CaseRequest.PrefixParts
    let input: JSONValue
    let note: String
    let tags: [String]
    let decisions: [Int]
    /// The output the case states, which the model must answer.
    let expected: JSONValue?
    let suite: String

    convenience init(_ named: TeamSuiteFolder.NamedCase, suite: String) {
      self.init(
        name: named.name, line: named.line, input: named.input, note: named.note, tags: named.tags,
        decisions: named.decisions, expected: named.expected, suite: suite)
    }

    convenience init(_ generated: TeamDomain.GeneratedCase, suite: String) {
      self.init(
        name: generated.name, line: nil, input: generated.input, note: "made from the domain", tags: generated.tags,
        decisions: generated.decisions, expected: nil, suite: suite)
    }

    private init(
      name: String, line: Int?, input: JSONValue, note: String, tags: [String], decisions: [Int], expected: JSONValue?,
      suite: String
    ) {
      var prefix: [UInt8] = []
      parts = CaseRequest.writePrefix(id: "\(suite)/\(name)", input: input, into: &prefix)
      self.prefix = prefix
      (self.name, self.line, self.input, self.note) = (name, line, input, note)
      (self.tags, self.decisions, self.expected, self.suite) = (tags, decisions, expected, suite)
    }

    /// This case with `decisions` instead of its own: those the model listed for a case made
    /// from the domain.
    func listing(_ decisions: [Int]) -> Case {
      Case(name: name, line: line, input: input, note: note, tags: tags, decisions: decisions, expected: expected, suite: suite)
    }

    /// The input's canonical bytes.
    var inputBytes: CanonicalBytes { CanonicalBytes(bytes: prefix[parts.input]) }

    /// Whether `id` is this case's, `<suite>/<name>`, read from the prefix it was sent with.
    func isNamed(_ id: String) -> Bool {
      var id = id
      return id.withUTF8 { id in
        prefix.withUnsafeBufferPointer { prefix in
          let quoted = UnsafeBufferPointer(rebasing: prefix[(parts.id.lowerBound + 1)..<(parts.id.upperBound - 1)])
          // An id needing no escapes is written as it is (case names are ASCII, no `"` or `\`).
          return quoted.elementsEqual(id)
        }
      }
    }
  }

  let suite: String
  /// `<suite>/D1`, … for each decision number from 1.
  private let decisionIDs: [String]
  private(set) var bytes: [UInt8] = []
  /// The cases written, in order, and their expected outputs.
  private(set) var cases: [Case] = []
  private(set) var outputs: [JSONValue] = []
  /// Each case's varying members, beside its output.
  private(set) var variations: [OutputVariation] = []
  /// The lines counted and hashed as they are written (`summary`): the tags of the cases
  /// before the current run of equal tags, and each decision's cases by number.
  private var counted = TableSummary()
  private var runTags: [String] = []
  private var runLength: Int64 = 0
  private var decisionCounts: [Int64]
  private var hasher = SHA256()
  private var hashed = 0

  init(suite: String, decisionCount: Int) {
    self.suite = suite
    decisionIDs = (0..<decisionCount).map { Decision.id(suite: suite, number: $0 + 1) }
    decisionCounts = Array(repeating: 0, count: decisionCount)
  }

  /// How many cases are written.
  var count: Int { outputs.count }

  /// Makes room for about `size` bytes of lines (a table's lines are about twice its cases').
  func reserve(_ size: Int) { bytes.reserveCapacity(size) }

  /// Writes the next case's line: `output` is its expected output, `varies` its members that
  /// may take other values.
  func add(_ entry: Case, output: JSONValue, varies: OutputVariation = OutputVariation()) {
    _ = entry.prefix.withUnsafeBufferPointer { prefix in
      FixtureLine.write(
        into: &bytes, decisions: entry.decisions.map { decisionIDs[$0 - 1] },
        expected: { JSONWriter.write(output, into: &$0) },
        id: { $0.append(contentsOf: UnsafeBufferPointer(rebasing: prefix[entry.parts.id])) },
        input: { $0.append(contentsOf: UnsafeBufferPointer(rebasing: prefix[entry.parts.input])) },
        tail: { FixtureLine.writeTail(note: entry.note, suite: suite, tags: entry.tags, varies: varies, into: &$0) })
    }
    cases.append(entry)
    outputs.append(output)
    variations.append(varies)
    count(entry)
    if bytes.count - hashed >= 1 << 18 { hashWritten() }
  }

  /// Counts a case's tags and decisions: the cases of a run of equal tags at once, the
  /// decisions by number (most cases of a table share their tags, and strings hash slowly).
  private func count(_ entry: Case) {
    counted.count += 1
    if entry.decisions.isEmpty { counted.undecided += 1 }
    for number in entry.decisions { decisionCounts[number - 1] += 1 }
    if entry.tags != runTags {
      for tag in runTags { counted.tags[tag, default: 0] += runLength }
      (runTags, runLength) = (entry.tags, 0)
    }
    runLength += 1
  }

  /// The table summed up as the generator would as it wrote it, once every line is written.
  var summary: TableSummary {
    hashWritten()
    var summary = counted
    for tag in runTags { summary.tags[tag, default: 0] += runLength }
    for (index, count) in decisionCounts.enumerated() where count > 0 { summary.decisions[decisionIDs[index]] = count }
    summary.size = Int64(bytes.count)
    var copy = hasher
    summary.sha256 = copy.finalizeHex()
    return summary
  }

  private func hashWritten() {
    bytes.withUnsafeBufferPointer { hasher.update(UnsafeBufferPointer(rebasing: $0[hashed...])) }
    hashed = bytes.count
  }
}

/// A team suite's table made with its model running: the writing thread reads `cases.jsonl`
/// and sends each case as it is read, then the domain's; the reading thread checks each answer
/// and writes the table's lines in case order (`TeamTable`), whatever the model's order.
final class TableRun: @unchecked Sendable {
  private let folder: TeamSuiteFolder
  private let table: TeamTable
  /// The cases sent, in order: written by the writing thread, looked up by the reading one.
  private let sent = Locked<[TeamTable.Case]>([])
  /// How many named cases were read, and how many of them state their output: written by the
  /// writing thread only, read once it has finished.
  private(set) var namedCount = 0
  private(set) var statedCount = 0
  /// How many cases the domain made beyond its case budget (`"size": {"maxCases": N}`), left out:
  /// written by the writing thread, read once it has finished.
  private(set) var beyondBudget = 0
  /// What reading the cases found wrong (they are the team's to fix before any answer counts).
  private(set) var readProblem: ConformError?
  /// Answers that came before an earlier case's, by case index (reading thread only).
  private var early: [Int: (output: JSONValue, varies: OutputVariation, entry: TeamTable.Case)] = [:]

  /// The model, as its problems name it.
  private let model: String

  init(folder: TeamSuiteFolder, table: TeamTable) {
    self.folder = folder
    self.table = table
    model = "model \(folder.model?.joined(separator: " ") ?? "")"
  }

  /// How many cases were sent.
  var sentCount: Int { sent.withLock { $0.count } }

  /// The name of the first case the table lacks.
  func firstUnanswered() -> String { sent.withLock { $0[table.count].name } }

  /// The writing thread: each named case as it is read, then the domain's cases whose inputs no
  /// earlier case has; a problem with the cases stops the sending (the model's input ends) and
  /// is kept.
  func sendCases(_ send: (inout [UInt8]) -> Bool) {
    let suite = folder.name
    var suffix: [UInt8] = []
    CaseRequest.writeSuffix(suite: suite, into: &suffix)
    var batch: [UInt8] = []
    batch.reserveCapacity(1 << 17)
    var open = true
    var seq: Int64 = 0
    func sendCase(_ entry: TeamTable.Case) {
      sent.withLock { $0.append(entry) }
      seq += 1
      entry.prefix.withUnsafeBufferPointer { prefix in
        suffix.withUnsafeBufferPointer { suffix in CaseRequest.write(prefix: prefix, seq: seq, suffix: suffix, into: &batch) }
      }
      if batch.count >= 1 << 16 { open = open && send(&batch) }
    }
    // The domain's cases are made first, so that each named case's input (its canonical bytes,
    // encoded for its request anyway) is looked up among theirs, not kept.
    var generated = folder.domain?.cases(decisionCount: folder.decisions.count) ?? []
    if let budget = folder.domain?.size.maxCases, generated.count > budget {
      beyondBudget = generated.count - budget
      generated.removeLast(generated.count - budget)
    }
    var domainCases = generated.map { TeamTable.Case($0, suite: suite) }
    var domainInputs: [CanonicalBytes: Int] = [:]
    for (index, entry) in domainCases.enumerated() { domainInputs[entry.inputBytes] = domainInputs[entry.inputBytes] ?? index }
    let inputSizes = Set(domainInputs.keys.map(\.bytes.count))
    var repeated = Set(domainCases.indices.filter { domainInputs[domainCases[$0].inputBytes] != $0 })
    if let size = FileIO.size(FileIO.join(folder.folder, folder.casesFile)) {
      table.reserve(Int(min(size, 1 << 30)) * 2 + (1 << 16))
    }
    do throws(ConformError) {
      try folder.readCases { read in
        namedCount += 1
        if read.expected != nil { statedCount += 1 }
        let entry = TeamTable.Case(read, suite: suite)
        if inputSizes.contains(entry.parts.input.count), let index = domainInputs[entry.inputBytes] { repeated.insert(index) }
        sendCase(entry)
      }
      domainCases = domainCases.indices.filter { !repeated.contains($0) }.map { domainCases[$0] }
      for entry in domainCases {
        if let problem = folder.inputSchema.problems(of: entry.input, limit: 1).first {
          throw .file(
            path: FileIO.join(folder.folder, "suite.json"),
            message: "field \"domain\": it makes \(JSONWriter.string(entry.input)) (case \(entry.name)), which the "
              + "inputSchema refuses: \(problem); narrow the domain or widen the schema")
        }
        sendCase(entry)
      }
    } catch {
      readProblem = error
      return
    }
    if open, !batch.isEmpty { _ = send(&batch) }
  }

  /// The reading thread: an answer, checked against its case, written into the table with any
  /// later answers that came before it.
  func take(_ modelAnswer: ModelAnswer, line: Int) throws(ConformError) {
    let answer = modelAnswer.answer
    let index = Int(answer.seq) - 1
    let entry = sent.withLock { sent in sent.indices.contains(index) ? sent[index] : nil }
    guard let entry, entry.isNamed(answer.id) else {
      throw .implementation("\(model): answer line \(line) names seq \(answer.seq) and id \(answer.id), which no request had")
    }
    guard index >= table.count, early.isEmpty || early[index] == nil else {
      throw .implementation(
        "\(model): answer line \(line) answers case \(entry.name) (seq \(answer.seq)) again: a model answers each case once")
    }
    let answered = try ModelLines.output(of: answer, for: "case \(entry.name)", model: model)
    let (output, varies) = try settle(answered, stated: modelAnswer.varies, of: entry)
    try check(output, varies: varies, of: entry)
    // A case made from the domain is filed under the decisions the model says gave its answer;
    // a named case under those it lists.
    var listed = entry
    if entry.line == nil, let ids = modelAnswer.decisions {
      listed = entry.listing(try folder.decisionNumbers(ids, model: model, input: entry.input))
    }
    guard index == table.count else {
      early[index] = (output, varies, listed)
      return
    }
    table.add(listed, output: output, varies: varies)
    while !early.isEmpty, let next = early.removeValue(forKey: table.count) {
      table.add(next.entry, output: next.output, varies: next.varies)
    }
  }

  /// The output the table keeps for an answer, and its varying members (`TeamSuiteFolder.settle`).
  ///
  /// - Throws: `ConformError.file` naming `cases.jsonl`'s line of a named case, or suite.json's
  ///   `"varies"` line for a case made from the domain, when the answer contradicts its allowed
  ///   values.
  private func settle(
    _ output: JSONValue, stated: JSONValue?, of entry: TeamTable.Case
  ) throws(ConformError) -> (output: JSONValue, varies: OutputVariation) {
    guard !folder.varies.isEmpty || stated != nil else { return (output, OutputVariation()) }
    do throws(TeamSuiteFolder.VariesProblem) {
      return try folder.settle(output, stated: stated)
    } catch {
      let (path, line) = entry.line == nil ? folder.variesLocation : (FileIO.join(folder.folder, folder.casesFile), entry.line)
      throw .file(
        path: path, line: line,
        message: "case \(entry.name)\(entry.line == nil ? " (made from the domain)" : ""): the \(model) answers "
          + "\(JSONWriter.string(output)): \(error.message)")
    }
  }

  /// An answer matches the output schema, and the output the case states (but for varying
  /// members, where the case may state any allowed value).
  private func check(_ output: JSONValue, varies: OutputVariation, of entry: TeamTable.Case) throws(ConformError) {
    var casesPath: String { FileIO.join(folder.folder, folder.casesFile) }
    if let problem = folder.outputSchema.problems(of: output, limit: 1).first {
      throw .file(
        path: casesPath, line: entry.line,
        message: "case \(entry.name)\(entry.line == nil ? " (made from the domain)" : ""): the model answered "
          + "\(JSONWriter.string(output)), which does not match suite.json's outputSchema: \(problem)")
    }
    if let expected = entry.expected, !varies.accepts(expected, expected: output) {
      throw .file(
        path: casesPath, line: entry.line,
        message: "case \(entry.name) states \(JSONWriter.string(expected)) but the model answers \(JSONWriter.string(output)): "
          + "fix the model or the case")
    }
  }
}

/// A value's canonical JSON bytes as a key: equal values, equal bytes. Hashed a buffer at a time
/// (an array of bytes hashes byte by byte).
struct CanonicalBytes: Hashable, Sendable {
  var bytes: ArraySlice<UInt8>

  func hash(into hasher: inout Hasher) {
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
  }
}
