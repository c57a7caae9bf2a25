import ConformJSON

/// A team's suite as the generator sees it: a `Suite` whose table is the folder's named cases,
/// then the boundary and pairwise cases its domain makes, their expected outputs stated or
/// computed by the model (run once, over every case, when the suite is made), and whose
/// decisions are those each case names (a generated case: its fields' decisions).
package struct TeamSuite: Suite {
  package let folder: TeamSuiteFolder
  /// The table's cases, named ones first, with their expected outputs; none for a search.
  package let drafts: [CaseDraft]
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
      folder: folder, drafts: [], session: try ModelSession(command: model, suite: folder.name, timeout: timeout),
      modelFailed: modelFailed)
  }

  private init(folder: TeamSuiteFolder, drafts: [CaseDraft], session: ModelSession?, modelFailed: (@Sendable (ConformError) -> Never)?) {
    self.folder = folder
    self.drafts = drafts
    self.session = session
    self.modelFailed = modelFailed
  }

  /// Runs the model (when the folder has one) over every case and checks its answers: each one
  /// against the output schema, and against the output a case states.
  ///
  /// - Throws: as `ModelRun.outputs` does; `ConformError.file` naming `cases.jsonl`'s line of a
  ///   case whose stated output is not the model's, or whose model answer does not match the
  ///   output schema; and for a case that states no output when the suite has no model.
  package init(folder: TeamSuiteFolder, timeout: Double) throws(ConformError) {
    self.folder = folder
    session = nil
    modelFailed = nil
    let casesPath = FileIO.join(folder.folder, folder.casesFile)
    let generated = try Self.generatedCases(of: folder)
    guard let model = folder.model else {
      var drafts: [CaseDraft] = []
      for entry in folder.cases {
        guard let expected = entry.expected else {
          throw .file(
            path: casesPath, line: entry.line,
            message: "case \(entry.name) states no \"expected\" output and suite.json names no \"model\" to compute it")
        }
        drafts.append(CaseDraft(entry.name, tags: entry.tags, note: entry.note, input: entry.input, expected: expected, decisions: entry.decisions))
      }
      self.drafts = drafts
      return
    }
    let names = folder.cases.map(\.name) + generated.map(\.name)
    // Each answer is checked against the output schema as it comes, while the model works.
    let answers = try ModelRun.outputs(
      of: model, suite: folder.name, inputs: folder.cases.map(\.input) + generated.map(\.input), names: names, timeout: timeout
    ) { index, answer in
      guard let problem = folder.outputSchema.problems(of: answer, limit: 1).first else { return nil }
      let line = index < folder.cases.count ? folder.cases[index].line : nil
      return .file(
        path: casesPath, line: line,
        message: "case \(names[index])\(line == nil ? " (made from the domain)" : ""): the model answered "
          + "\(JSONWriter.string(answer)), which does not match suite.json's outputSchema: \(problem)")
    }
    for (entry, answer) in zip(folder.cases, answers) {
      if let expected = entry.expected, expected != answer {
        throw .file(
          path: casesPath, line: entry.line,
          message: "case \(entry.name) states \(JSONWriter.string(expected)) but the model answers \(JSONWriter.string(answer)): "
            + "fix the model or the case")
      }
    }
    drafts =
      zip(folder.cases, answers).map { entry, answer in
        CaseDraft(entry.name, tags: entry.tags, note: entry.note, input: entry.input, expected: answer, decisions: entry.decisions)
      }
      + zip(generated, answers.dropFirst(folder.cases.count)).map { entry, answer in
        CaseDraft(entry.name, tags: entry.tags, note: "made from the domain", input: entry.input, expected: answer, decisions: entry.decisions)
      }
  }

  /// The domain's cases whose inputs no earlier case has, each checked against the input schema.
  static func generatedCases(of folder: TeamSuiteFolder) throws(ConformError) -> [TeamDomain.GeneratedCase] {
    guard let domain = folder.domain else { return [] }
    var seen = Set(folder.cases.map(\.input))
    var cases: [TeamDomain.GeneratedCase] = []
    for generated in domain.cases(decisionCount: folder.decisions.count) where seen.insert(generated.input).inserted {
      if let problem = folder.inputSchema.problems(of: generated.input, limit: 1).first {
        throw .file(
          path: FileIO.join(folder.folder, "suite.json"),
          message: "field \"domain\": it makes \(JSONWriter.string(generated.input)) (case \(generated.name)), which the "
            + "inputSchema refuses: \(problem); narrow the domain or widen the schema")
      }
      cases.append(generated)
    }
    return cases
  }

  package var name: String { folder.name }
  package var specVersion: String { folder.version }
  package var spec: [UInt8] { folder.publishedSpec }

  /// A case's output from the table, else (searching) the model's, for an input the input
  /// schema accepts.
  package func expected(for input: JSONValue) throws -> JSONValue {
    if let draft = drafts.first(where: { $0.input == input }), let expected = draft.expected { return expected }
    guard let session else {
      throw JSONShapeError(path: "", message: "not a case of \(name): a team suite's model runs outside conform")
    }
    if let problem = folder.inputSchema.problems(of: input, limit: 1).first {
      throw JSONShapeError(path: problem.pointer, message: problem.message)
    }
    return try session.output(for: input)
  }

  package func drafts(options: GeneratorOptions) -> AnySequence<CaseDraft> { AnySequence(drafts) }

  /// A named or generated case's decisions; none for another input (a fuzzed one): conform
  /// cannot tell which of a team's decisions it exercises, so its failures are grouped by shape.
  package func decisions(for input: JSONValue) throws -> [Int] {
    drafts.first(where: { $0.input == input })?.decisions ?? []
  }

  package func caseCount(options: GeneratorOptions) -> Int { drafts.count }

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
