import ConformJSON

/// The `timeline` truth table: the review-prompt scheduler from the review-prompt story.
public struct TimelineSuite: Suite {
  public let name = "timeline"
  public let specVersion = "1.0.0"
  public var spec: [UInt8] { PackageResources.timeline_md }

  public init() {}

  public func expected(for input: JSONValue) throws -> JSONValue {
    Self.output(try TimelineInput(json: input))
  }

  /// The reference model's output for `timeline`.
  static func output(_ timeline: TimelineInput) -> JSONValue {
    var model = TimelineModel(start: timeline.start)
    for step in timeline.steps { model.apply(step) }
    return model.output
  }

  public func drafts(options: GeneratorOptions) -> AnySequence<CaseDraft> { drafts(options: options, keeping: nil) }

  public func drafts(options: GeneratorOptions, keeping keep: (@Sendable (Int) -> Bool)?) -> AnySequence<CaseDraft> {
    StepSequences.tableDrafts(seeds: Self.seedCases, alphabets: Self.alphabets.map { $0.sequences(options) }, keeping: keep)
  }

  public func manifestFacts(options: GeneratorOptions) -> JSONValue {
    .object(JSONObject(uniqueKeysWithValues: Self.alphabets.map { alphabet in
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
  func fixtureLines(options: GeneratorOptions, keeping keep: (@Sendable (Int) -> Bool)?) -> FixtureLineSource {
    StepSequences.tableLines(suite: self, seeds: Self.seedCases, alphabets: Self.alphabets.map { $0.sequences(options) }, keeping: keep)
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
  /// How much shorter than the generator's depth this alphabet's sequences are.
  var depthOffset: Int
  var note: String

  func depth(_ options: GeneratorOptions) -> Int { max(0, options.timelineDepth - depthOffset) }

  /// The alphabet's every sequence up to its depth: each case's name, its input (the JSON of
  /// `TimelineInput(start: exhaustiveStart, steps:)`, from each letter's JSON made once) and the
  /// model's output, the model run on the typed steps.
  func sequences(_ options: GeneratorOptions) -> StepSequences.Alphabet<TimelineModel> {
    let steps = letters.map(\.step)
    return StepSequences.Alphabet(
      name: name, tags: ["exhaustive", name], note: note, labels: letters.map(\.label), steps: steps.map(\.json),
      base: TimelineInput(start: TimelineSuite.exhaustiveStart, steps: []).json, maxLength: depth(options),
      start: TimelineModel(start: TimelineSuite.exhaustiveStart), apply: { $0.apply(steps[$1]) }, output: \.output,
      writeOutput: { $0.writeOutput(into: &$1) })
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
        .init(label: "win", step: .win), .init(label: "show", step: .show), .init(label: "t2000", step: .advance(milliseconds: 2000)),
        .init(label: "detach", step: .detachWindow), .init(label: "attach", step: .attachWindow),
        .init(label: "day7", step: .nextDay(days: 7)), .init(label: "v1.1.0", step: .setVersion("1.1.0")),
      ],
      depthOffset: 1,
      note: "exhaustive: wins, shows, firing, window, day and version changes"),
  ]

  static func seed(_ name: String, _ tags: [String], _ note: String, start: TimelineStart = exhaustiveStart, _ steps: [TimelineStep]) -> CaseDraft {
    CaseDraft("seed/\(name)", tags: ["seed"] + tags, note: note, input: TimelineInput(start: start, steps: steps).json)
  }

  static let wait = TimelineStep.advance(milliseconds: 2000)
  static let tick = TimelineStep.advance(milliseconds: 1000)
  static let fired: [TimelineStep] = [.win, .show, wait]

  static let seedCases: [CaseDraft] = [
    seed("fires-after-delay", [], "the request must fire 2 s after the completion screen shows", fired),
    seed("not-yet-at-1999ms", ["boundary"], "firing early, before the delay is over", [.win, .show, .advance(milliseconds: 1999)]),
    seed("fires-when-advanced-past-due", ["boundary"], "firing at the end of a long advance instead of at the due time",
         [.win, .show, .advance(milliseconds: 5000)]),
    seed("cancel-before-sleep", ["cancel"], "a task cancelled before its sleep starts must not fire", [.win, .show, .leave, wait]),
    seed("cancel-during-sleep", ["cancel"], "a task cancelled during its sleep must not fire", [.win, .show, tick, .leave, tick]),
    seed("cancel-after-sleep", ["cancel"],
         "the cancel arrives after Task.sleep returned: without guard !Task.isCancelled the request still fires",
         [.win, .show, .leaveAfterSleep, tick]),
    seed("cancel-after-sleep-then-return", ["cancel"], "after a late cancel the prompt is still pending and may fire later",
         [.win, .show, .leaveAfterSleep, .show, wait]),
    seed("backgrounded-during-wait", ["scene"], "the window stays attached in the background: the scene must be foreground-active",
         [.win, .show, tick, .scene(.background), tick]),
    seed("inactive-at-due-time", ["scene"], "a foreground-inactive scene (a transition) is not foreground-active",
         [.win, .show, .scene(.foregroundInactive), wait]),
    seed("backgrounded-then-shown-again", ["scene"], "a missed fire keeps the prompt pending for the next show",
         [.win, .show, tick, .scene(.background), tick, .scene(.foregroundActive), .show, wait]),
    seed("window-detached-at-due-time", ["window"], "firing with no window to present from", [.win, .show, .detachWindow, wait]),
    seed("window-back-before-due-time", ["window"], "the window is read at fire time, not at schedule time",
         [.win, .show, .detachWindow, tick, .attachWindow, tick]),
    seed("show-twice-schedules-once", ["once"], "a second show must not schedule a second request",
         [.win, .show, tick, .show, tick, wait]),
    seed("leave-and-show-again", ["cancel"], "a new show after a leave schedules afresh from its own time",
         [.win, .show, tick, .leave, .show, wait]),
    seed("show-without-pending", [], "showing the screen without an eligible win must not schedule",
         start: start(wins: 0), [.win, .show, wait]),
    seed("pending-is-not-an-attempt", ["record"], "recording the attempt when the prompt becomes pending starts the cooldown too early",
         [.win, .show, .leave]),
    seed("second-win-in-cooldown", ["repository"], "the recorded attempt must feed the next win's eligibility",
         fired + [.nextDay(days: 3), .win, .show, wait]),
    seed("second-win-same-version", ["repository"], "one request per app version, even after the cooldown",
         fired + [.nextDay(days: 7), .win, .show, wait]),
    seed("second-win-after-update", ["repository"], "a new version after the cooldown may ask again",
         fired + [.nextDay(days: 7), .setVersion("1.1.0"), .win, .show, wait]),
    seed("version-read-at-fire-time", ["record"], "the version recorded is the one running when the request fires",
         [.win, .show, tick, .setVersion("1.1.0"), tick]),
    seed("day-read-at-fire-time", ["record"], "the day recorded is the day the request fires",
         [.win, .show, tick, .nextDay(days: 1), tick]),
    seed("force-override", ["force"], "the debug switch makes any win pending", start: start(wins: 0, force: true), fired),
    seed("zero-delay", ["boundary"], "a delay of 0 fires on the next advance, even of 0 ms",
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
    return "pending=\(pending) \(remaining) \(sceneState.rawValue) window=\(windowAttached) nextWin=\(Eligibility.isEligible(next))"
  }
}

extension TimelineStep {
  /// The step as its JSON, for coverage keys.
  var label: String { String(decoding: JSONWriter.bytes(json), as: UTF8.self) }
}
