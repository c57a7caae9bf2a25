import ConformFixtures
import ConformJSON

extension TimelineSuite {
  /// The named cases: the seeds, then the domain's edges (D17).
  static let namedCases: [CaseDraft] = seedCases + domainCases

  /// An input from the exhaustive start with `steps` (as JSON, so that a step outside the domain
  /// can be written), `config`'s and `start`'s members replaced by those given.
  static func raw(
    config: [String: JSONValue] = [:], start: [String: JSONValue] = [:], _ steps: [JSONValue]
  ) -> JSONValue {
    let base = TimelineInput(start: exhaustiveStart, steps: []).json
    var configObject = base["config"]?.objectValue ?? JSONObject()
    for (key, value) in config { configObject[key] = value }
    var startObject = base["start"]?.objectValue ?? JSONObject()
    for (key, value) in start { startObject[key] = value }
    return ["config": .object(configObject), "start": .object(startObject), "steps": .array(steps)]
  }

  /// A case of the `domain` family (D17) with input `input`.
  static func domain(_ name: String, _ note: String, _ input: JSONValue, tags: [String] = []) -> CaseDraft {
    CaseDraft("domain/\(name)", tags: ["domain"] + tags, note: note, input: input)
  }

  /// D17 on both sides of each edge: the most steps and one more, the counts at 2^31 - 1 and one
  /// past, the clock and the calendar at 2^52 and one past, the day at the 64-bit end, negative
  /// durations, scene states and ops the spec does not know, and which refusal answers first.
  static var domainCases: [CaseDraft] {
    let fired = Self.fired.map(\.json)
    let most = Int64(Int32.max)
    let limit = TimelineInput.maxMilliseconds
    func advance(_ milliseconds: Int64) -> JSONValue { TimelineStep.advance(milliseconds: milliseconds).json }
    func nextDay(_ days: Int64) -> JSONValue { TimelineStep.nextDay(days: days).json }
    let leave = TimelineStep.leave.json
    let filler = TimelineInput.maxSteps - fired.count
    return [
      domain(
        "steps-10000", "10,000 steps is inside the domain: the last three fire at 2000",
        raw(Array(repeating: leave, count: filler) + fired)),
      domain(
        "steps-10001", "10,001 steps is past the domain's bound: too-many-steps",
        raw(Array(repeating: leave, count: filler + 1) + fired)),
      domain(
        "threshold-2147483647", "a threshold of 2^31 - 1 is inside: the win is not enough, nothing fires",
        raw(config: ["winThreshold": .int(most)], fired)),
      domain(
        "threshold-2147483648", "a threshold of 2^31 is outside: count-out-of-range (a 32-bit read wraps it negative)",
        raw(config: ["winThreshold": .int(most + 1)], fired)),
      domain(
        "cooldown-negative", "a cooldown of -1 is outside: count-out-of-range",
        raw(config: ["cooldownDays": -1], fired)),
      domain(
        "cooldown-4294967296", "a cooldown of 2^32 is outside: count-out-of-range (a 32-bit read takes it as 0)",
        raw(config: ["cooldownDays": .int(1 << 32)], fired)),
      domain(
        "wins-2147483646-then-win", "a win from 2^31 - 2 reaches 2^31 - 1, inside: it fires",
        raw(start: ["wonCompletionCount": .int(most - 1)], fired)),
      domain(
        "wins-2147483647-then-win", "a win from 2^31 - 1 would pass it: count-out-of-range, not a wrapped count",
        raw(start: ["wonCompletionCount": .int(most)], fired)),
      domain(
        "wins-2147483647-lone-win", "a lone win from 2^31 - 1 is refused before it is played: count-out-of-range",
        raw(start: ["wonCompletionCount": .int(most)], [TimelineStep.win.json])),
      domain(
        "wins-2147483647-then-show",
        "only a win counts: a show from 2^31 - 1 is inside (it answers, with nothing scheduled: no win this session)",
        raw(start: ["wonCompletionCount": .int(most)], Array(fired.dropFirst()))),
      domain(
        "wins-2147483648", "a start count of 2^31 is outside: count-out-of-range",
        raw(start: ["wonCompletionCount": .int(most + 1)], [TimelineStep.show.json])),
      domain(
        "delay-at-bound",
        "a delay of 2^52 ms is inside: the request is due at 2^52, which no advance can reach (the delay and the advances share the bound)",
        raw(config: ["delayMs": .int(limit)], Array(fired.dropLast()) + [advance(0)])),
      domain(
        "delay-past-bound", "a delay of 2^52 + 1 ms is outside: time-out-of-range",
        raw(config: ["delayMs": .int(limit + 1)], Array(fired.dropLast()) + [advance(0)])),
      domain(
        "delay-negative", "a delay of -1 ms is outside: time-out-of-range (not a request due at once)",
        raw(config: ["delayMs": -1], fired)),
      domain(
        "clock-at-bound", "the delay and the advances add up to 2^52 ms, inside: it fires at 2000",
        raw(Array(fired.dropLast()) + [advance(limit - 2000)])),
      domain(
        "clock-past-bound", "the delay and the advances add up to 2^52 + 1 ms: time-out-of-range",
        raw(Array(fired.dropLast()) + [advance(limit - 2000), advance(1)])),
      domain(
        "advance-negative", "an advance of -1 ms is outside: time-out-of-range, even after a fire",
        raw(fired + [advance(-1)])),
      domain(
        "days-at-bound", "the days moved add up to 2^52, inside: today is 20000 + 2^52",
        raw(fired + [nextDay(limit - 1), nextDay(1)])),
      domain(
        "days-past-bound", "the days moved add up to 2^52 + 1: day-out-of-range",
        raw(fired + [nextDay(limit), nextDay(1)])),
      domain(
        "day-at-64-bit-end", "today 2^63 - 8 moved 7 days is the last day of 64 bits, inside",
        raw(start: ["todayEpochDay": .int(Int64.max - 7)], fired + [nextDay(7)])),
      domain(
        "day-past-64-bit-end", "today 2^63 - 8 moved 8 days would wrap: day-out-of-range",
        raw(start: ["todayEpochDay": .int(Int64.max - 7)], fired + [nextDay(8)])),
      domain("days-negative", "a nextDay of -1 days is outside: day-out-of-range", raw(fired + [nextDay(-1)])),
      domain(
        "unknown-start-scene", "\"active\" is not a scene state of the spec: unknown-scene-state",
        raw(start: ["sceneState": "active"], fired)),
      domain(
        "unknown-scene-step", "a scene step to \"suspended\": unknown-scene-state",
        raw([fired[0], fired[1], ["op": "scene", "state": "suspended"], fired[2]])),
      domain("unknown-op", "a step the spec does not have (rewind): unknown-step", raw([fired[0], ["op": "rewind"]] + fired)),
      domain(
        "unknown-op-after-fire", "an unknown step after the request fired: the whole case is refused, unknown-step",
        raw(fired + [["op": "rewind"]])),
      domain(
        "unknown-op-with-member", "an unknown op with a member a step has (ms): unknown-step, not malformed",
        raw(fired + [["ms": 5, "op": "wait"]])),
      domain(
        "count-before-delay", "a count and the delay both outside: config is read first, count-out-of-range",
        raw(config: ["delayMs": -1, "winThreshold": -1], fired)),
      domain(
        "delay-before-scene", "the delay and the start's scene both outside: time-out-of-range",
        raw(config: ["delayMs": -1], start: ["sceneState": "active"], fired)),
      domain(
        "start-before-steps", "an unknown start scene and 10,001 steps: the start is read first, unknown-scene-state",
        raw(start: ["sceneState": "active"], Array(repeating: leave, count: filler + 1) + fired)),
      domain(
        "first-step-refusal-wins", "an unknown step, then a negative advance: the first refusal answers, unknown-step",
        raw([["op": "rewind"], advance(-1)])),
    ] + enumeratedFormCases
  }

  /// D17 for every enumerated string: each scene state (as the start and in a `scene` step) and
  /// each op, with white space around it, in another case and in full-width letters
  /// (`EnumeratedForms`), is not the spec's name: refused, as a port that trims, folds or
  /// normalises the name does not refuse it.
  static var enumeratedFormCases: [CaseDraft] {
    let fired = Self.fired.map(\.json)
    let tags = ["enumerated"]
    var drafts: [CaseDraft] = []
    for scene in SceneState.allCases {
      for form in EnumeratedForms.forms(of: scene.rawValue) {
        let text = JSONWriter.string(.string(form.text))
        drafts.append(
          domain(
            "form/start-\(scene.rawValue)-\(form.label)",
            "start scene \(text) (\(form.label)) is not \"\(scene.rawValue)\": unknown-scene-state",
            raw(start: ["sceneState": .string(form.text)], fired), tags: tags))
        drafts.append(
          domain(
            "form/scene-\(scene.rawValue)-\(form.label)",
            "a scene step to \(text) (\(form.label)) is not \"\(scene.rawValue)\": unknown-scene-state",
            raw([fired[0], fired[1], ["op": "scene", "state": .string(form.text)], fired[2]]), tags: tags))
      }
    }
    let steps: [TimelineStep] = [
      .win, .show, .leave, .leaveAfterSleep, .advance(milliseconds: 2000), .scene(.foregroundActive), .detachWindow,
      .attachWindow, .nextDay(days: 1), .setVersion("1.0.0"),
    ]
    for step in steps {
      guard var object = step.json.objectValue, case .string(let op)? = object["op"] else { continue }
      for form in EnumeratedForms.forms(of: op) {
        object["op"] = .string(form.text)
        let text = JSONWriter.string(.string(form.text))
        drafts.append(
          domain(
            "form/op-\(op)-\(form.label)", "op \(text) (\(form.label)) is not \"\(op)\": unknown-step",
            raw([fired[0], fired[1], .object(object), fired[2]]), tags: tags))
      }
    }
    return drafts
  }
}
