import ConformFixtures
import ConformJSON

/// The `timeline` truth table: the review-prompt scheduler from the review-prompt story.
public struct TimelineSuite: BuiltInSuite {
  public let name = "timeline"
  public var specVersion: String { Self.written.suiteDescription.version }
  public var spec: [UInt8] { Self.written.published }
  package static let written = BuiltInSpec(
    json: PackageResources.timeline_suite_json, prose: PackageResources.timeline_md,
    file: "timeline.suite.json")

  public init() {}

  /// `depth`: how long the exhaustive search's step sequences get.
  public var parameters: [SuiteParameter] { [.depth] }

  public func expected(for input: JSONValue) throws -> JSONValue {
    switch try TimelineInput.read(input) {
    case .timeline(let timeline): Self.output(timeline)
    case .refused(let reason): reason.output
    }
  }

  /// The reference model's output for `timeline`.
  static func output(_ timeline: TimelineInput) -> JSONValue {
    var model = TimelineModel(start: timeline.start)
    for step in timeline.steps { model.apply(step) }
    return model.output
  }

  public func drafts(options: GeneratorOptions) -> AnySequence<CaseDraft> { drafts(options: options, keeping: nil) }

  public func drafts(options: GeneratorOptions, keeping keep: (@Sendable (Int) -> Bool)?) -> AnySequence<CaseDraft> {
    StepSequences.tableDrafts(seeds: Self.namedCases, alphabets: Self.alphabets.map { $0.sequences(options) }, keeping: keep)
  }

  /// The seeds and every step sequence of each alphabet up to its depth (the empty sequence
  /// once, in the first alphabet), as `drafts(options:)` makes them, counted without making them.
  public func caseCount(options: GeneratorOptions) -> Int {
    StepSequences.tableCount(
      seeds: Self.namedCases.count, alphabets: Self.alphabets.map { ($0.letters.count, $0.depth(options)) })
  }

  public func manifestFacts(options: GeneratorOptions) -> JSONValue {
    .object(
      JSONObject(
        uniqueKeysWithValues: Self.alphabets.map { alphabet in
          let depth = alphabet.depth(options)
          let count = StepSequences.count(letters: alphabet.letters.count, maxLength: depth)
          let facts: JSONValue = [
            "depth": .int(Int64(depth)),
            "letters": .array(alphabet.letters.map { .string($0.label) }),
            "sequences": .int(Int64(count)),
          ]
          return ("exhaustive-\(alphabet.name)", facts)
        }))
  }
}

extension TimelineSuite: WritesFixtureLines {
  package func fixtureLines(options: GeneratorOptions, keeping keep: (@Sendable (Int) -> Bool)?) -> FixtureLineSource {
    StepSequences.tableLines(
      suite: self, seeds: Self.namedCases, alphabets: Self.alphabets.map { $0.sequences(options) },
      keeping: keep)
  }
}

/// A set of steps whose every sequence up to a depth is a case.
struct TimelineAlphabet: Sendable {
  struct Letter: Sendable {
    var label: String
    var step: TimelineStep
  }

  var name: String
  var letters: [Letter]
  /// How much shorter than the options' `depth` this alphabet's sequences are.
  var depthOffset: Int
  var note: String

  func depth(_ options: GeneratorOptions) -> Int { max(0, options.value(of: .depth) - depthOffset) }

  /// The alphabet's every sequence up to its depth: each case's name, its input (the JSON of
  /// `TimelineInput(start: exhaustiveStart, steps:)`, from each letter's JSON made once) and the
  /// model's output, the model run on the typed steps.
  func sequences(_ options: GeneratorOptions) -> StepSequences.Alphabet<DecisionProbe<TimelineModel>> {
    let steps = letters.map(\.step)
    let start = TimelineSuite.exhaustiveStart
    return StepSequences.Alphabet(
      name: name, tags: ["exhaustive", name], note: note, labels: letters.map(\.label), steps: steps.map(\.json),
      base: TimelineInput(start: TimelineSuite.exhaustiveStart, steps: []).json, maxLength: depth(options),
      start: options.listsDecisions
        ? TimelineSuite.probe(start: start) : DecisionProbe(reference: TimelineModel(start: start), drifted: []),
      apply: { $0.apply(steps[$1]) }, output: \.reference.output, writeOutput: { $0.reference.writeOutput(into: &$1) },
      decisions: options.listsDecisions ? \.decisions : nil)
  }
}

extension TimelineSuite {
  static let config = ReviewConfig(winThreshold: 3, cooldownDays: 7)

  /// One win below the threshold, never asked, in the foreground with a window.
  static func start(
    wins: Int64 = 2, force: Bool = false, delay: Int64 = 2000, scene: SceneState = .foregroundActive
  ) -> TimelineStart {
    TimelineStart(
      eligibility: EligibilityInput(
        config: config, wonCompletionCount: wins, lastAttemptEpochDay: nil, todayEpochDay: 20000,
        lastPromptedVersion: nil, currentVersion: "1.0.0", forceOverride: force),
      delayMilliseconds: delay, sceneState: scene, windowAttached: true)
  }

  static let exhaustiveStart = start()

  static let alphabets: [TimelineAlphabet] = [
    TimelineAlphabet(
      name: "cancel",
      letters: [
        .init(label: "win", step: .win), .init(label: "show", step: .show), .init(label: "leave", step: .leave),
        .init(label: "late", step: .leaveAfterSleep), .init(label: "t1000", step: .advance(milliseconds: 1000)),
        .init(label: "bg", step: .scene(.background)),
      ],
      depthOffset: 0,
      note: "exhaustive: wins, shows, leaves before/after the sleep, time, background"),
    TimelineAlphabet(
      name: "state",
      letters: [
        .init(label: "win", step: .win), .init(label: "show", step: .show),
        .init(label: "t2000", step: .advance(milliseconds: 2000)),
        .init(label: "detach", step: .detachWindow), .init(label: "attach", step: .attachWindow),
        .init(label: "day7", step: .nextDay(days: 7)), .init(label: "v1.1.0", step: .setVersion("1.1.0")),
      ],
      depthOffset: 1,
      note: "exhaustive: wins, shows, firing, window, day and version changes"),
  ]

  static func seed(
    _ name: String, _ tags: [String], _ note: String, start: TimelineStart = exhaustiveStart, _ steps: [TimelineStep]
  ) -> CaseDraft {
    CaseDraft("seed/\(name)", tags: ["seed"] + tags, note: note, input: TimelineInput(start: start, steps: steps).json)
  }

  static let wait = TimelineStep.advance(milliseconds: 2000)
  static let tick = TimelineStep.advance(milliseconds: 1000)
  static let fired: [TimelineStep] = [.win, .show, wait]

  static let seedCases: [CaseDraft] = [
    seed(
      "fires-after-delay", [],
      "the request fires delayMs (2 s) after the show, at exactly the due time: attempt recorded, then review requested", fired),
    seed(
      "not-yet-at-1999ms", ["boundary"], "1 ms before the due time nothing fires and the request is still scheduled",
      [.win, .show, .advance(milliseconds: 1999)]),
    seed(
      "fires-when-advanced-past-due", ["boundary"],
      "an advance past the due time fires at the due time (at 2000), not at the advance's end",
      [.win, .show, .advance(milliseconds: 5000)]),
    seed(
      "cancel-before-sleep", ["cancel"],
      "a leave right after the show cancels the request: it never fires and the prompt stays pending",
      [.win, .show, .leave, wait]),
    seed(
      "cancel-during-sleep", ["cancel"],
      "a leave during the wait cancels the request: it never fires and the prompt stays pending",
      [.win, .show, tick, .leave, tick]),
    seed(
      "cancel-after-sleep", ["cancel"],
      "a cancel after the sleep returned must not fire (e.g. Swift needs guard !Task.isCancelled after sleep)",
      [.win, .show, .leaveAfterSleep, tick]),
    seed(
      "cancel-after-sleep-then-return", ["cancel"],
      "after a late cancel the prompt is still pending: the next show schedules it afresh and it fires",
      [.win, .show, .leaveAfterSleep, .show, wait]),
    seed(
      "backgrounded-during-wait", ["scene"],
      "a scene in the background at the due time (window still attached) records nothing and stays pending",
      [.win, .show, tick, .scene(.background), tick]),
    seed(
      "inactive-at-due-time", ["scene"],
      "a foreground-inactive scene (a transition) at the due time is not foreground-active: nothing fires",
      [.win, .show, .scene(.foregroundInactive), wait]),
    seed(
      "backgrounded-then-shown-again", ["scene"],
      "a fire missed in the background keeps the prompt pending: the next show in the foreground fires",
      [.win, .show, tick, .scene(.background), tick, .scene(.foregroundActive), .show, wait]),
    seed(
      "window-detached-at-due-time", ["window"],
      "no window at the due time: nothing is recorded or requested, and the prompt stays pending",
      [.win, .show, .detachWindow, wait]),
    seed(
      "window-back-before-due-time", ["window"],
      "a window detached and attached again during the wait does not stop the request: it fires on time",
      [.win, .show, .detachWindow, tick, .attachWindow, tick]),
    seed(
      "show-twice-schedules-once", ["once"],
      "a second show while a request is scheduled keeps the first due time: one request, at 2000",
      [.win, .show, tick, .show, tick, wait]),
    seed(
      "leave-and-show-again", ["cancel"], "a show after a leave schedules afresh, due delayMs after that show (3000)",
      [.win, .show, tick, .leave, .show, wait]),
    seed(
      "show-without-pending", [], "a show with no eligible win (count below the threshold) schedules nothing: nothing fires",
      start: start(wins: 0), [.win, .show, wait]),
    seed(
      "pending-is-not-an-attempt", ["record"],
      "a pending prompt whose request is cancelled records no attempt (no cooldown, version not used up)",
      [.win, .show, .leave]),
    seed(
      "second-win-in-cooldown", ["repository"],
      "the recorded attempt feeds the next win: 3 days later, within the 7-day cooldown, nothing is asked",
      fired + [.nextDay(days: 3), .win, .show, wait]),
    seed(
      "second-win-same-version", ["repository"],
      "the recorded version feeds the next win: after the cooldown, the same version is not asked again",
      fired + [.nextDay(days: 7), .win, .show, wait]),
    seed(
      "second-win-after-update", ["repository"], "exactly the cooldown (7 days) later and a new version, the next win asks again",
      fired + [.nextDay(days: 7), .setVersion("1.1.0"), .win, .show, wait]),
    seed(
      "version-read-at-fire-time", ["record"],
      "the attempt records the version running at the due time (1.1.0), not the one at the show",
      [.win, .show, tick, .setVersion("1.1.0"), tick]),
    seed(
      "day-read-at-fire-time", ["record"], "the attempt records the day of the due time (20001), not the day of the show",
      [.win, .show, tick, .nextDay(days: 1), tick]),
    seed(
      "force-override", ["force"], "the debug switch makes a win pending whatever the count: it fires like an eligible one",
      start: start(wins: 0, force: true), fired),
    seed(
      "zero-delay", ["boundary"], "with delayMs 0 the request fires at the next advance, even one of 0 ms, not inside the show",
      start: start(delay: 0), [.win, .show, .advance(milliseconds: 0)]),
  ]
}

extension TimelineSuite {
  /// The model's states, transitions and pairs of transitions that the case goes through
  /// (`StepCoverage`); the clock is read relative to now, so that states differ by what can
  /// still happen, not by when.
  public func coverageKeys(of fixture: FixtureCase) -> [String] {
    guard let timeline = try? TimelineInput(json: fixture.input) else { return [] }
    return StepCoverage.keys(
      of: TimelineModel(start: timeline.start), through: timeline.steps, apply: { $0.apply($1) }, state: \.abstractState,
      effects: \.effects.count, label: \.label)
  }
}

extension TimelineModel {
  /// The state without the absolute clock and calendar: pending, time left before the due
  /// request, scene, window, and whether one more win would make the prompt pending.
  var abstractState: String {
    var next = state
    next.wonCompletionCount += 1
    let remaining = dueAt.map { "due+\($0 - now)" } ?? "none"
    return
      "pending=\(pending) \(remaining) \(sceneState.rawValue) window=\(windowAttached) nextWin=\(Eligibility.isEligible(next))"
  }
}

extension TimelineStep {
  /// The step as its JSON, for coverage keys.
  var label: String { String(decoding: JSONWriter.bytes(json), as: UTF8.self) }
}
