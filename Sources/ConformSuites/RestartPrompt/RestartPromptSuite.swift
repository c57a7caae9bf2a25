import ConformFixtures
import ConformJSON

/// The `restart-prompt` truth table: when the Android app shows "restart to update" for a flexible
/// in-app update, and how often (the Android half of the app-store version story).
public struct RestartPromptSuite: BuiltInSuite {
  public let name = "restart-prompt"
  public var specVersion: String { Self.written.suiteDescription.version }
  public var spec: [UInt8] { Self.written.published }
  package static let written = BuiltInSpec(
    json: PackageResources.restart_prompt_suite_json, prose: PackageResources.restart_prompt_md,
    file: "restart-prompt.suite.json")

  public init() {}

  /// `depth`: how long the exhaustive search's step sequences get.
  public var parameters: [SuiteParameter] { [.depth] }

  public func expected(for input: JSONValue) throws -> JSONValue {
    switch try RestartPromptInput.read(input) {
    case .timeline(let timeline): Self.output(timeline)
    case .refused(let reason): reason.output
    }
  }

  /// The reference model's output for `timeline`.
  static func output(_ timeline: RestartPromptInput) -> JSONValue {
    var model = RestartPromptModel(status: timeline.status)
    for step in timeline.steps { model.apply(step) }
    return model.output
  }

  public func drafts(options: GeneratorOptions) -> AnySequence<CaseDraft> { drafts(options: options, keeping: nil) }

  public func drafts(options: GeneratorOptions, keeping keep: (@Sendable (Int) -> Bool)?) -> AnySequence<CaseDraft> {
    StepSequences.tableDrafts(
      seeds: Self.namedCases,
      alphabets: Self.alphabets.map { $0.sequences(options) },
      keeping: keep)
  }

  /// The seeds and every sequence of each alphabet (the empty one once), counted without making them.
  public func caseCount(options: GeneratorOptions) -> Int {
    StepSequences.tableCount(
      seeds: Self.namedCases.count, alphabets: Self.alphabets.map { ($0.letters.count, $0.depth(options)) })
  }

  public func manifestFacts(options: GeneratorOptions) -> JSONValue {
    .object(
      JSONObject(
        uniqueKeysWithValues: Self.alphabets.map { alphabet in
          let depth = alphabet.depth(options)
          let facts: JSONValue = [
            "depth": .int(Int64(depth)),
            "letters": .array(alphabet.letters.map { .string($0.label) }),
            "sequences": .int(Int64(StepSequences.count(letters: alphabet.letters.count, maxLength: depth))),
            "start": .string(alphabet.start.rawValue),
          ]
          return ("exhaustive-\(alphabet.name)", facts)
        }))
  }
}

extension RestartPromptSuite: WritesFixtureLines {
  package func fixtureLines(options: GeneratorOptions, keeping keep: (@Sendable (Int) -> Bool)?) -> FixtureLineSource {
    StepSequences.tableLines(
      suite: self, seeds: Self.namedCases, alphabets: Self.alphabets.map { $0.sequences(options) },
      keeping: keep)
  }
}

/// A set of steps whose every sequence up to a depth is a case, from one start status.
struct RestartPromptAlphabet: Sendable {
  var name: String
  var start: InstallStatus
  var letters: [(label: String, step: RestartPromptStep)]
  /// How much shorter than the options' `depth` this alphabet's sequences are.
  var depthOffset: Int
  var note: String

  func depth(_ options: GeneratorOptions) -> Int { max(0, options.value(of: .depth) - depthOffset) }

  /// The alphabet's every sequence up to its depth: each case's name, its input (the JSON of
  /// `RestartPromptInput(status: start, steps:)`, from each letter's JSON made once) and the
  /// model's output, the model run on the typed steps.
  func sequences(_ options: GeneratorOptions) -> StepSequences.Alphabet<DecisionProbe<RestartPromptModel>> {
    let steps = letters.map(\.step)
    return StepSequences.Alphabet(
      name: name, tags: ["exhaustive", name], note: note, labels: letters.map(\.label), steps: steps.map(\.json),
      base: RestartPromptInput(status: start, steps: []).json, maxLength: depth(options),
      start: options.listsDecisions
        ? RestartPromptSuite.probe(status: start) : DecisionProbe(reference: RestartPromptModel(status: start), drifted: []),
      apply: { $0.apply(steps[$1]) }, output: \.reference.output, decisions: options.listsDecisions ? \.decisions : nil)
  }
}

extension RestartPromptSuite {
  static let alphabets: [RestartPromptAlphabet] = [
    RestartPromptAlphabet(
      name: "session", start: .downloading,
      letters: [
        ("launch", .launch), ("answer", .answer), ("done", .status(.downloaded)), ("dismiss", .dismiss), ("kill", .kill),
        ("restart", .restart),
      ],
      depthOffset: 0,
      note: "exhaustive from a download in progress: launches, query answers, completion, dismissal, kill, restart"),
    RestartPromptAlphabet(
      name: "status", start: .downloaded,
      letters: [
        ("launch", .launch), ("answer", .answer), ("dl", .status(.downloading)), ("done", .status(.downloaded)),
        ("cancel", .status(.canceled)), ("dismiss", .dismiss),
      ],
      depthOffset: 1,
      note: "exhaustive from a finished download: repeated and changing statuses against the prompt and its dismissal"),
  ]

  static func seed(_ name: String, _ tags: [String], _ note: String, start: InstallStatus, _ steps: [RestartPromptStep])
    -> CaseDraft
  {
    CaseDraft("seed/\(name)", tags: ["seed"] + tags, note: note, input: RestartPromptInput(status: start, steps: steps).json)
  }

  static let done = RestartPromptStep.status(.downloaded)
  static let downloading = RestartPromptStep.status(.downloading)

  static let seedCases: [CaseDraft] = [
    seed(
      "downloaded-while-closed", ["closed"],
      "a download finished while the app was closed reaches no listener: the next launch's query must prompt",
      start: .downloading, [.launch, .kill, done, .launch, .answer]),
    seed(
      "downloaded-before-launch", ["closed"], "a download already finished at launch: the launch query's answer shows the prompt",
      start: .downloaded, [.launch, .answer]),
    seed(
      "listener-reports-downloaded", ["listener"],
      "a download that finishes while the app runs is heard by the listener: the prompt shows",
      start: .downloading, [.launch, .answer, done]),
    seed(
      "listener-and-query-both-report", ["once"],
      "the listener and the launch query both report DOWNLOADED: one prompt, not two",
      start: .downloading, [.launch, done, .answer]),
    seed(
      "progress-callbacks-then-duplicate-downloaded", ["once"],
      "progress callbacks, then DOWNLOADED twice: the prompt shows once",
      start: .pending, [.launch, .answer, downloading, downloading, done, done]),
    seed(
      "dismissed-then-query-answers", ["dismissal"],
      "a dismissal lasts for the session: the launch query answering DOWNLOADED later shows nothing",
      start: .downloading, [.launch, done, .dismiss, .answer]),
    seed(
      "dismissed-then-duplicate-callback", ["dismissal"],
      "a dismissal lasts for the session: a repeated DOWNLOADED callback shows nothing",
      start: .downloading, [.launch, .answer, done, .dismiss, done]),
    seed(
      "dismissed-then-next-launch", ["dismissal", "closed"],
      "a dismissal ends with its process: the next launch's query prompts again",
      start: .downloaded, [.launch, .answer, .dismiss, .kill, .launch, .answer]),
    seed(
      "restart-completes-update", ["restart"],
      "Restart on the prompt calls completeUpdate: Play installs (INSTALLED) and the process ends",
      start: .downloaded, [.launch, .answer, .restart]),
    seed(
      "after-restart-no-prompt", ["restart"],
      "after Restart installs the update, the next launch's query reports INSTALLED: no prompt",
      start: .downloaded, [.launch, .answer, .restart, .launch, .answer]),
    seed(
      "download-canceled-hides-prompt", ["status"], "a canceled download hides the visible prompt (hidePrompt)",
      start: .downloading, [.launch, done, .status(.canceled)]),
    seed(
      "new-download-after-dismissal", ["dismissal", "status"],
      "a new download forgets the dismissal: when it finishes, the prompt shows again",
      start: .downloading, [.launch, done, .dismiss, downloading, done]),
    seed(
      "query-dies-with-process", ["closed"], "a query sent before a kill never answers; the next launch's query prompts",
      start: .downloaded, [.launch, .kill, .answer, .launch, .answer]),
    seed(
      "failed-download-no-prompt", ["status"], "a FAILED status at launch has nothing to install: no prompt", start: .failed,
      [.launch, .answer]),
    seed(
      "dismiss-before-prompt", ["dismissal"],
      "a dismiss with no prompt on screen is not remembered: the query's DOWNLOADED then prompts",
      start: .downloaded, [.launch, .dismiss, .answer]),
    seed(
      "restart-without-prompt", ["restart"],
      "Restart with no prompt on screen does nothing: no completeUpdate, the query then prompts", start: .downloaded,
      [.launch, .restart, .answer]),
    seed(
      "launch-twice", ["once"], "a launch of a running app sends no second query: one answer, one prompt",
      start: .downloaded, [.launch, .launch, .answer, .answer]),
    seed(
      "downloaded-while-killed-then-running", ["closed"],
      "killed during the download, relaunched, finished while open: the listener prompts",
      start: .downloading, [.launch, .kill, .launch, .answer, done]),
  ]
}

extension RestartPromptSuite {
  /// The model's states and transitions that the case goes through (`StepCoverage`); for an
  /// input outside the domain, the reason it is refused with. Not pairs of transitions, as the
  /// timeline's: the full table takes every step in every reachable state (27 × 13, `transition/`)
  /// and all pairs of the first four steps from every status, so its pairs of transitions are
  /// thousands, most in one case each, and a smoke tier covering them would be half the family.
  public func coverageKeys(of fixture: FixtureCase) -> [String] {
    guard let read = try? RestartPromptInput.read(fixture.input) else { return [] }
    guard case .timeline(let timeline) = read else {
      if case .refused(let reason) = read { return ["refused \(reason.rawValue)"] }
      return []
    }
    return StepCoverage.keys(
      of: RestartPromptModel(status: timeline.status), through: timeline.steps, apply: { $0.apply($1) },
      state: \.abstractState, effects: \.effects.count, label: { JSONWriter.string($0.json) }, pairs: false)
  }
}

extension RestartPromptModel {
  /// Everything the model holds but its effects and step counter.
  var abstractState: String { "\(status.rawValue) running=\(running) query=\(queryPending) prompt=\(reportedPrompt.rawValue)" }
}
