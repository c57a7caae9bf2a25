import ConformFixtures
import ConformJSON
import ConformPlatform
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
  /// How many cases the domain made beyond its case budget, left out of the table.
  package let beyondBudget: Int
  /// The table's cases, named ones first, and their expected outputs; none for a search.
  private let cases: [TeamTable.Case]
  private let outputs: [JSONValue]
  /// Each case's varying members (`suite.json`'s `"varies"`), beside its output.
  private let variations: [OutputVariation]
  /// Each case's input and its position in `cases` (the first case with it): the smoke tier's
  /// coverage asks for tens of thousands of inputs' outputs and decisions.
  private let positions: [JSONValue: Int]
  /// The full table, as `drafts` make it, written and summed up while the model answered.
  private let table: [UInt8]
  private let summary: TableSummary
  /// The model, running, for a search (`searching(folder:timeout:)`): it answers the fuzzer's
  /// inputs and the shrinker's candidates.
  let session: ModelSession?
  /// What a search does when the model fails on an input (it ends the search: there is no
  /// expected output to go on with): the command line reports it and exits.
  private let modelFailed: (@Sendable (ConformError) -> Never)?
  /// The decisions the model said gave its answers to a search's inputs (numbers), so that a
  /// finding is filed under them; emptied past 100,000 inputs.
  private let answeredDecisions = Locked<[JSONValue: [Int]]>([:])
  /// The varying members of the model's answers to a search's inputs, so that a fuzzed case
  /// accepts any of their allowed values; emptied past 100,000 inputs.
  private let answeredVaries = Locked<[JSONValue: OutputVariation]>([:])

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
      folder: folder, table: TeamTable(suite: folder.name, decisionCount: folder.decisions.count), counts: (0, 0, 0),
      session: try ModelSession(command: model, suite: folder.name, timeout: timeout), modelFailed: modelFailed)
  }

  private init(
    folder: TeamSuiteFolder, table: TeamTable, counts: (named: Int, stated: Int, beyondBudget: Int), session: ModelSession?,
    modelFailed: (@Sendable (ConformError) -> Never)?
  ) {
    self.folder = folder
    (namedCount, statedCount, beyondBudget) = counts
    cases = table.cases
    outputs = table.outputs
    variations = table.variations
    var positions: [JSONValue: Int] = [:]
    for (index, entry) in cases.enumerated() where positions[entry.input] == nil { positions[entry.input] = index }
    self.positions = positions
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
      self.init(folder: folder, table: table, counts: (cases.count, cases.count, 0), session: nil, modelFailed: nil)
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
    self.init(
      folder: folder, table: table, counts: (run.namedCount, run.statedCount, run.beyondBudget), session: nil, modelFailed: nil)
  }

  package var name: String { folder.name }
  package var specVersion: String { folder.version }
  package var spec: [UInt8] { folder.publishedSpec }

  /// A case's output from the table, else (searching) the model's, for an input the input
  /// schema accepts.
  package func expected(for input: JSONValue) throws -> JSONValue {
    if let index = positions[input] { return outputs[index] }
    guard let session else {
      throw JSONShapeError(path: "", message: "not a case of \(name): a team suite's model runs outside conform")
    }
    if let problem = folder.inputSchema.problems(of: input, limit: 1).first {
      throw JSONShapeError(path: problem.pointer, message: problem.message)
    }
    return try settled([input], try session.answers(for: [input]))[0]
  }

  /// The model's output for `input` as a port with decision `drift`'s drift would answer: the
  /// request carries `"drift": "D3"` (harness/TEAM-SUITES.md, "Decisions from the model"), for
  /// attribution by counterfactual drifts. Nil when the suite is not searching (no model runs).
  ///
  /// Nil too when the model answers an `error` (it does not model that drift).
  ///
  /// - Throws: `ConformError.implementation` when the model fails on the request.
  package func output(for input: JSONValue, drift: Int) throws(ConformError) -> JSONValue? {
    guard let session else { return nil }
    return try session.driftedOutputs(for: [input], drift: "D\(drift)")[0]
  }

  /// The model's outputs for `inputs` as a case expects them (`TeamSuiteFolder.settle`: each
  /// varying member at the first of its allowed values), keeping the decisions the model listed
  /// for each input and the varying members of each output.
  ///
  /// - Throws: `ConformError.implementation` when it lists a decision suite.json does not have;
  ///   `ConformError.file` naming suite.json's `"varies"` line when an answer contradicts its
  ///   allowed values.
  private func settled(
    _ inputs: [JSONValue], _ answers: [(output: JSONValue, decisions: [String]?, varies: JSONValue?)]
  ) throws(ConformError) -> [JSONValue] {
    let model = "model \(folder.model?.joined(separator: " ") ?? "")"
    var listed: [(JSONValue, [Int])] = []
    var varying: [(JSONValue, OutputVariation)] = []
    var outputs: [JSONValue] = []
    outputs.reserveCapacity(inputs.count)
    for (input, answer) in zip(inputs, answers) {
      if let ids = answer.decisions { listed.append((input, try folder.decisionNumbers(ids, model: model, input: input))) }
      guard !folder.varies.isEmpty || answer.varies != nil else {
        outputs.append(answer.output)
        continue
      }
      do throws(TeamSuiteFolder.VariesProblem) {
        let settled = try folder.settle(answer.output, stated: answer.varies)
        outputs.append(settled.output)
        if !settled.varies.isEmpty { varying.append((input, settled.varies)) }
      } catch {
        let (path, line) = folder.variesLocation
        throw .file(
          path: path, line: line,
          message: "\(model) answers \(JSONWriter.string(input)) with \(JSONWriter.string(answer.output)): \(error.message)")
      }
    }
    if !listed.isEmpty {
      answeredDecisions.withLock { known in
        if known.count > 100_000 { known.removeAll() }
        for (input, numbers) in listed { known[input] = numbers }
      }
    }
    if !varying.isEmpty {
      answeredVaries.withLock { known in
        if known.count > 100_000 { known.removeAll() }
        for (input, variation) in varying { known[input] = variation }
      }
    }
    return outputs
  }

  /// A case's varying members: a table case's, else those of the model's answer to a search's
  /// input (asked for by `expected(for:)` or the fuzzer first), else none.
  package func varies(for input: JSONValue) -> OutputVariation {
    // Without a table or a "varies", nothing to look up: a deep input is not hashed for nothing.
    if !positions.isEmpty, let index = positions[input] { return variations[index] }
    guard !folder.varies.isEmpty else { return OutputVariation() }
    return answeredVaries.withLock { $0[input] } ?? OutputVariation()
  }

  /// The table's cases as drafts, made when asked (the smoke tier): the full table's lines are
  /// written while the model answers.
  package var drafts: [CaseDraft] {
    cases.indices.map { index in
      let entry = cases[index]
      return CaseDraft(
        entry.name, tags: entry.tags, note: entry.note, input: entry.input, expected: outputs[index], decisions: entry.decisions,
        varies: variations[index])
    }
  }

  package func drafts(options: GeneratorOptions) -> AnySequence<CaseDraft> { AnySequence(drafts) }

  /// A named or generated case's decisions; for another input (a fuzzed one), those the model
  /// listed in its answer, else those the domain gives it (its union branches', else its
  /// fields'), as the table's generated cases list them; none without a domain.
  package func decisions(for input: JSONValue) throws -> [Int] {
    if let index = positions[input] { return cases[index].decisions }
    return answeredDecisions.withLock { $0[input] }
      ?? folder.domain?.decisions(of: input, decisionCount: folder.decisions.count) ?? []
  }

  package func caseCount(options: GeneratorOptions) -> Int { cases.count }

  /// The simplifications the domain can make (the schema is checked by `expected(for:)`), the
  /// structural ones first: optional members dropped, then arrays and strings shortened, then
  /// the generic ones (values moved toward simpler ones).
  package func shrinkCandidates(of input: JSONValue) -> [JSONValue] {
    let generic = JSONShrinker.candidates(of: input) + JSONShrinker.jointCandidates(of: input)
    guard let domain = folder.domain else { return generic }
    var seen: Set<JSONValue> = [input]
    return (domain.withoutOptionalMembers(of: input) + JSONShrinker.shortened(input) + generic).filter {
      seen.insert($0).inserted && domain.contains($0)
    }
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
      try checkFuzzInput(input)
      return (input, try settled([input], try session.answers(for: [input]))[0])
    } catch {
      modelFailed(error)
    }
  }

  /// A domain input the input schema refuses is the suite's to fix.
  private func checkFuzzInput(_ input: JSONValue) throws(ConformError) {
    if let problem = folder.inputSchema.problems(of: input, limit: 1).first {
      throw .file(
        path: FileIO.join(folder.folder, "suite.json"),
        message: "field \"domain\": it makes \(JSONWriter.string(input)), which the inputSchema refuses: \(problem); "
          + "narrow the domain or widen the schema")
    }
  }
}

extension TeamSuite: BatchFuzzing {
  /// The inputs the generators make, each checked against the input schema, and the model's
  /// outputs for them, asked for in one stream; a model that fails ends the search
  /// (`modelFailed`).
  package func fuzzCases(using generators: [SeededGenerator]) -> (
    cases: [(input: JSONValue, expected: JSONValue)], inputs: EncodedInputs
  ) {
    guard let session, let modelFailed else { return ([], EncodedInputs()) }
    do throws(ConformError) {
      var inputs: [JSONValue] = []
      inputs.reserveCapacity(generators.count)
      for var generator in generators {
        guard let input = fuzzInput(using: &generator) else { return ([], EncodedInputs()) }
        try checkFuzzInput(input)
        inputs.append(input)
      }
      var encoded = EncodedInputs()
      let answers = try session.answers(for: inputs, encoded: &encoded)
      return (Array(zip(inputs, try settled(inputs, answers))), encoded)
    } catch {
      modelFailed(error)
    }
  }
}

extension TeamSuite {
  /// The full table's size, as `conform generate --suite` prints it: `ab-vectors: 90 cases (8
  /// named; from the domain 20 boundary, 62 pairwise), 41,211 bytes` (`3-wise` in place of
  /// `pairwise` with strength 3), and what the domain's `"size"` left out.
  package var sizeLine: String {
    let tags = summary.tags
    let kind = folder.domain?.size.strength == 3 ? "3-wise" : "pairwise"
    let covering = "\(tags[kind] ?? 0) \(kind)"
    var line =
      "\(name): \(Plural.count(Int(summary.count), "case")) (\(namedCount) named; from the domain "
      + "\(tags["boundary"] ?? 0) boundary, \(covering)), \(Plural.count(Int(summary.size), "byte"))"
    if let size = folder.domain?.size, size != TeamDomain.Size() {
      var controls = ["strength \(size.strength)"]
      if let levels = size.levels { controls.append("at most \(levels) levels a field") }
      if let budget = size.maxCases { controls.append("a budget of \(budget) cases from the domain") }
      line += "; size: \(controls.joined(separator: ", "))"
      if beyondBudget > 0 { line += " (\(beyondBudget) more left out)" }
    }
    return line
  }
}

extension TeamSuite: HasWrittenTable {
  /// The table the model's answers made.
  package var writtenTable: (bytes: [UInt8], summary: TableSummary) { (table, summary) }
}
