import ConformFixtures
import ConformJSON
import ConformProtocol

/// A team's suite as the generator sees it: a `Suite` whose table is the folder's named cases,
/// then the boundary and pairwise cases its domain makes, their expected outputs stated or
/// computed by the model (run once, over every case, when the suite is made), and whose
/// decisions are those each case names (a generated case: its fields' decisions).
package struct TeamSuite: Suite {
  package let folder: TeamSuiteFolder
  /// How many named cases the table has, and how many of them state their output.
  package let namedCount: Int
  package let statedCount: Int
  /// How many cases the domain added.
  package var generatedCount: Int { cases.count - namedCount }
  /// The table's cases, named ones first, and their expected outputs; none for a search.
  private let cases: [TeamTable.Case]
  private let outputs: [JSONValue]
  /// The full table, as `drafts` make it, written and summed up while the model answered.
  private let table: [UInt8]
  private let summary: TableSummary
  /// The model, running, for a search (`searching(folder:timeout:)`): it answers the fuzzer's
  /// inputs and the shrinker's candidates.
  private let session: ModelSession?
  /// What a search does when the model fails on an input (it ends the search: there is no
  /// expected output to go on with): the command line reports it and exits.
  private let modelFailed: (@Sendable (ConformError) -> Never)?

  /// The suite for `conform fuzz --suite DIR`: the domain's random inputs, the model running to
  /// answer them.
  ///
  /// - Throws: `ConformError.file` naming suite.json when it has no domain or no model;
  ///   `ConformError.implementation` when the model does not start and say hello.
  package static func searching(
    folder: TeamSuiteFolder, timeout: Double, modelFailed: @escaping @Sendable (ConformError) -> Never
  ) throws(ConformError) -> TeamSuite {
    guard folder.domain != nil, let model = folder.model else {
      throw .file(
        path: FileIO.join(folder.folder, "suite.json"),
        message: "conform fuzz searches a suite's \"domain\" with its \"model\" answering: add both (harness/TEAM-SUITES.md)")
    }
    return TeamSuite(
      folder: folder, table: TeamTable(suite: folder.name, decisionCount: folder.decisions.count), counts: (0, 0),
      session: try ModelSession(command: model, suite: folder.name, timeout: timeout), modelFailed: modelFailed)
  }

  private init(
    folder: TeamSuiteFolder, table: TeamTable, counts: (named: Int, stated: Int), session: ModelSession?,
    modelFailed: (@Sendable (ConformError) -> Never)?
  ) {
    self.folder = folder
    (namedCount, statedCount) = counts
    cases = table.cases
    outputs = table.outputs
    self.table = table.bytes
    summary = table.summary
    self.session = session
    self.modelFailed = modelFailed
  }

  /// Reads the folder's cases and makes its table: with a model, the model runs while the cases
  /// are read, each case sent to it as soon as it is read and checked, each answer checked (it
  /// matches the output schema and the output the case states) and written into the table as
  /// it comes.
  ///
  /// - Parameter folder: read without its cases (`TeamSuiteFolder(folder:readingCases:)`): they
  ///   are read here.
  /// - Throws: first what reading the cases finds (`TeamSuiteFolder.readCases(each:)`), and a
  ///   domain input the input schema refuses; then as `ModelRun.run` does: the model's problems,
  ///   and `ConformError.file` naming `cases.jsonl`'s line of a case whose stated output is not
  ///   the model's or whose answer does not match the output schema; and a case that states no
  ///   output when the suite has no model.
  package init(folder: TeamSuiteFolder, timeout: Double) throws(ConformError) {
    let table = TeamTable(suite: folder.name, decisionCount: folder.decisions.count)
    guard let model = folder.model else {
      var cases: [TeamSuiteFolder.NamedCase] = []
      try folder.readCases { cases.append($0) }
      for entry in cases {
        guard let expected = entry.expected else {
          throw .file(
            path: FileIO.join(folder.folder, folder.casesFile), line: entry.line,
            message: "case \(entry.name) states no \"expected\" output and suite.json names no \"model\" to compute it")
        }
        table.add(TeamTable.Case(entry, suite: folder.name), output: expected)
      }
      self.init(folder: folder, table: table, counts: (cases.count, cases.count), session: nil, modelFailed: nil)
      return
    }
    let run = TableRun(folder: folder, table: table)
    let suite = folder.name
    var modelProblem: ConformError?
    do {
      try ModelRun.run(
        model, suite: suite, timeout: timeout, requests: { send in run.sendCases(send) },
        answered: { answer, line throws(ConformError) in try run.take(answer, line: line) },
        unanswered: { table.count < run.sentCount ? "case \(run.firstUnanswered())" : nil })
    } catch {
      modelProblem = error
    }
    if let problem = run.readProblem ?? modelProblem { throw problem }
    self.init(folder: folder, table: table, counts: (run.namedCount, run.statedCount), session: nil, modelFailed: nil)
  }

  package var name: String { folder.name }
  package var specVersion: String { folder.version }
  package var spec: [UInt8] { folder.publishedSpec }

  /// A case's output from the table, else (searching) the model's, for an input the input
  /// schema accepts.
  package func expected(for input: JSONValue) throws -> JSONValue {
    if let index = cases.firstIndex(where: { $0.input == input }) { return outputs[index] }
    guard let session else {
      throw JSONShapeError(path: "", message: "not a case of \(name): a team suite's model runs outside conform")
    }
    if let problem = folder.inputSchema.problems(of: input, limit: 1).first {
      throw JSONShapeError(path: problem.pointer, message: problem.message)
    }
    return try session.output(for: input)
  }

  /// The table's cases as drafts, made when asked (the smoke tier): the full table's lines are
  /// written while the model answers.
  package var drafts: [CaseDraft] {
    zip(cases, outputs).map { entry, output in
      CaseDraft(entry.name, tags: entry.tags, note: entry.note, input: entry.input, expected: output, decisions: entry.decisions)
    }
  }

  package func drafts(options: GeneratorOptions) -> AnySequence<CaseDraft> { AnySequence(drafts) }

  /// A named or generated case's decisions; none for another input (a fuzzed one): conform
  /// cannot tell which of a team's decisions it exercises, so its failures are grouped by shape.
  package func decisions(for input: JSONValue) throws -> [Int] {
    cases.first(where: { $0.input == input })?.decisions ?? []
  }

  package func caseCount(options: GeneratorOptions) -> Int { cases.count }

  /// The generic simplifications the domain can make (the schema is checked by `expected(for:)`).
  package func shrinkCandidates(of input: JSONValue) -> [JSONValue] {
    let candidates = JSONShrinker.candidates(of: input) + JSONShrinker.jointCandidates(of: input)
    guard let domain = folder.domain else { return candidates }
    return candidates.filter(domain.contains)
  }

  package func fuzzInput(using generator: inout SeededGenerator) -> JSONValue? {
    guard session != nil else { return nil }
    return folder.domain?.randomInput(using: &generator)
  }

  /// The model's answer for the input; a model that fails while searching ends the search
  /// (`modelFailed`).
  package func fuzzCase(using generator: inout SeededGenerator) -> (input: JSONValue, expected: JSONValue)? {
    guard let input = fuzzInput(using: &generator), let session, let modelFailed else { return nil }
    do throws(ConformError) {
      if let problem = folder.inputSchema.problems(of: input, limit: 1).first {
        throw .file(
          path: FileIO.join(folder.folder, "suite.json"),
          message: "field \"domain\": it makes \(JSONWriter.string(input)), which the inputSchema refuses: \(problem); "
            + "narrow the domain or widen the schema")
      }
      return (input, try session.output(for: input))
    } catch {
      modelFailed(error)
    }
  }
}

extension TeamSuite: HasWrittenTable {
  /// The table the model's answers made.
  package var writtenTable: (bytes: [UInt8], summary: TableSummary) { (table, summary) }
}
