import ConformFixtures
import ConformJSON

/// The named families of the `restart-prompt` table beside its seeds (spec 1.2.0): the prompt of
/// an app that is not running (D12), the next launch after a dismissal (D7), the inputs at and
/// past the domain's edges (D13), every transition of the model, and an all-pairs table of the
/// start and the first steps.
extension RestartPromptSuite {
  /// Every named case, in table order: the seeds, then each family.
  static let namedCases: [CaseDraft] =
    seedCases + notRunningCases + nextLaunchCases + domainCases + transitionCases + tourCases + pairwiseCases

  static func named(_ name: String, _ tags: [String], _ note: String, start: InstallStatus, _ steps: [RestartPromptStep])
    -> CaseDraft
  {
    CaseDraft(
      name, tags: [String(name.prefix { $0 != "/" })] + tags, note: note,
      input: RestartPromptInput(status: start, steps: steps).json)
  }

  /// D12 on both sides: none whenever the app is not running, whatever its last process showed.
  static let notRunningCases: [CaseDraft] = [
    named(
      "not-running/never-launched", [], "the app never ran: the prompt is none, though the download is finished",
      start: .downloaded, []),
    named(
      "not-running/killed-with-prompt-visible", [],
      "the process ended with the prompt on screen: with the app not running the prompt is none, not visible",
      start: .downloaded, [.launch, .answer, .kill]),
    named(
      "not-running/killed-after-dismissal", [],
      "the process ended after a dismissal: with the app not running the prompt is none, not dismissed",
      start: .downloaded, [.launch, .answer, .dismiss, .kill]),
    named(
      "not-running/after-restart", [],
      "Restart ended the process that showed the prompt: the prompt is none, not visible",
      start: .downloaded, [.launch, .answer, .restart]),
    named(
      "not-running/running-dismissed", [], "the app runs after a dismissal: the prompt is dismissed",
      start: .downloaded, [.launch, .answer, .dismiss]),
    named(
      "not-running/relaunched-visible", [], "killed with the prompt on screen, relaunched: the new query shows it again",
      start: .downloaded, [.launch, .answer, .kill, .launch, .answer]),
  ]

  /// D7 in several shapes: a dismissal ends with its process, whichever source reports
  /// DOWNLOADED to the next one.
  static let nextLaunchCases: [CaseDraft] = [
    named(
      "next-launch/listener-reports-downloaded", ["dismissal"],
      "dismissed, killed, relaunched: a DOWNLOADED callback in the new process shows the prompt again",
      start: .downloaded, [.launch, .answer, .dismiss, .kill, .launch, .status(.downloaded)]),
    named(
      "next-launch/finished-in-first-session", ["dismissal"],
      "heard from the listener and dismissed, then killed: the next launch's query shows the prompt again",
      start: .downloading, [.launch, .status(.downloaded), .dismiss, .kill, .launch, .answer]),
    named(
      "next-launch/restart-offered-again", ["dismissal", "restart"],
      "dismissed in the last session: this session's prompt shows, and Restart installs the update",
      start: .downloaded, [.launch, .answer, .dismiss, .kill, .launch, .answer, .restart]),
    named(
      "next-launch/every-session-asks", ["dismissal"],
      "dismissed in two sessions: each launch's query shows the prompt again, three prompts in all",
      start: .downloaded, [.launch, .answer, .dismiss, .kill, .launch, .answer, .dismiss, .kill, .launch, .answer]),
  ]

  /// D13 on both sides: the most steps and one more, install statuses and ops that Play and the
  /// spec do not know (spelled as a port might take them), and which refusal answers first.
  static var domainCases: [CaseDraft] {
    let filler = RestartPromptInput.maxSteps - 2
    func raw(_ start: String, _ steps: [JSONValue]) -> JSONValue {
      ["start": ["installStatus": .string(start)], "steps": .array(steps)]
    }
    let launch = RestartPromptStep.launch.json
    let answer = RestartPromptStep.answer.json
    func domain(_ name: String, _ note: String, _ input: JSONValue) -> CaseDraft {
      CaseDraft("domain/\(name)", tags: ["domain"], note: note, input: input)
    }
    return [
      named(
        "domain/steps-10000", [],
        "10,000 steps is inside the domain: the last step's answer shows the prompt at step 9999",
        start: .downloaded, Array(repeating: .kill, count: filler) + [.launch, .answer]),
      named(
        "domain/steps-10001", [], "10,001 steps is past the domain's bound: {\"error\":\"too-many-steps\"}",
        start: .downloaded, Array(repeating: .kill, count: filler + 1) + [.launch, .answer]),
      domain(
        "start-status-upper-case",
        "\"DOWNLOADED\" is Play Core's constant name, not a status of the spec: unknown-install-status",
        raw("DOWNLOADED", [launch, answer])),
      domain("start-status-empty", "an empty install status is unknown: unknown-install-status", raw("", [launch, answer])),
      domain(
        "start-status-requires-ui-intent", "a status Play has but the spec does not list: unknown-install-status",
        raw("requires_ui_intent", [launch, answer])),
      named(
        "domain/status-step-canceled", [], "\"canceled\" is the spec's spelling: the prompt is hidden",
        start: .downloaded, [.launch, .answer, .status(.canceled)]),
      domain(
        "status-step-cancelled", "\"cancelled\" is not the spec's spelling: unknown-install-status",
        raw("downloaded", [launch, answer, ["installStatus": "cancelled", "op": "status"]])),
      domain(
        "unknown-op", "a step the spec does not have (resume): unknown-step",
        raw("downloaded", [launch, ["op": "resume"], answer])),
      domain("op-upper-case", "ops are lower case: \"LAUNCH\" is unknown-step", raw("downloaded", [["op": "LAUNCH"], answer])),
      domain(
        "unknown-op-after-prompt", "an unknown step after the prompt showed: the whole case is refused, unknown-step",
        raw("downloaded", [launch, answer, ["op": "resume"]])),
      domain(
        "start-before-steps", "an unknown start status and an unknown step: the start is read first, unknown-install-status",
        raw("done", [["op": "resume"]])),
      domain(
        "first-step-refusal-wins", "an unknown step, then an unknown status: the first refusal answers, unknown-step",
        raw("downloaded", [["op": "resume"], ["installStatus": "done", "op": "status"]])),
      // D13: an unknown op is refused whatever other members its step has.
      domain(
        "unknown-op-with-member", "an unknown op with a member no step has: unknown-step, not malformed",
        raw("downloaded", [launch, ["op": "resume", "delayMs": 5], answer])),
      domain(
        "unknown-op-with-install-status", "an unknown op with an installStatus member: unknown-step",
        raw("downloaded", [launch, ["installStatus": "downloaded", "op": "report"], answer])),
    ] + enumeratedFormCases(raw: raw, launch: launch, answer: answer)
  }

  /// D13 for every enumerated string: each install status (as the start and in a `status` step) and
  /// each op, with white space around it, in another case and in full-width letters
  /// (`EnumeratedForms`), is not the spec's name: refused, as a port that trims, folds or
  /// normalises the name does not refuse it.
  static func enumeratedFormCases(
    raw: (String, [JSONValue]) -> JSONValue, launch: JSONValue, answer: JSONValue
  ) -> [CaseDraft] {
    var drafts: [CaseDraft] = []
    for status in InstallStatus.allCases {
      for form in EnumeratedForms.forms(of: status.rawValue) {
        let text = JSONWriter.string(.string(form.text))
        // "DOWNLOADED" as the start is `domain/start-status-upper-case` already.
        if !(status == .downloaded && form.label == "upper-case") {
          drafts.append(
            CaseDraft(
              "domain/form/start-\(status.rawValue)-\(form.label)", tags: ["domain", "enumerated"],
              note: "start status \(text) (\(form.label)) is not \"\(status.rawValue)\": unknown-install-status",
              input: raw(form.text, [launch, answer])))
        }
        drafts.append(
          CaseDraft(
            "domain/form/status-step-\(status.rawValue)-\(form.label)", tags: ["domain", "enumerated"],
            note: "a status step of \(text) (\(form.label)) is not \"\(status.rawValue)\": unknown-install-status",
            input: raw("downloaded", [launch, answer, ["installStatus": .string(form.text), "op": "status"]])))
      }
    }
    let ops = ["launch", "answer", "status", "dismiss", "restart", "kill"]
    for op in ops {
      for form in EnumeratedForms.forms(of: op) {
        let step: JSONValue =
          op == "status"
          ? ["installStatus": "downloaded", "op": .string(form.text)] : ["op": .string(form.text)]
        drafts.append(
          CaseDraft(
            "domain/form/op-\(op)-\(form.label)", tags: ["domain", "enumerated"],
            note: "the op \(JSONWriter.string(.string(form.text))) (\(form.label)) is not \"\(op)\": unknown-step",
            input: raw("downloaded", [launch, step, answer])))
      }
    }
    return drafts
  }

  /// Every letter the model knows: the plain steps and a report of each install status.
  static let allLetters: [(label: String, step: RestartPromptStep)] =
    [("launch", .launch), ("answer", .answer), ("dismiss", .dismiss), ("restart", .restart), ("kill", .kill)]
    + InstallStatus.allCases.map { ("status-\($0.rawValue)", .status($0)) }

  /// Every abstract state the model reaches, breadth first from each start status, so each by a
  /// shortest sequence of steps.
  static var reachableStates: [(start: InstallStatus, steps: [RestartPromptStep], model: RestartPromptModel)] {
    var seen: Set<String> = []
    var queue: [(start: InstallStatus, steps: [RestartPromptStep], model: RestartPromptModel)] = []
    for start in InstallStatus.allCases {
      let model = RestartPromptModel(status: start)
      if seen.insert(model.abstractState).inserted { queue.append((start, [], model)) }
    }
    var next = 0
    while next < queue.count {
      let (start, steps, model) = queue[next]
      next += 1
      for (_, step) in allLetters {
        var after = model
        after.apply(step)
        if seen.insert(after.abstractState).inserted { queue.append((start, steps + [step], after)) }
      }
    }
    return queue
  }

  /// Every state the model reaches, followed by every letter: every transition, every status
  /// reported in every state.
  static var transitionCases: [CaseDraft] {
    reachableStates.flatMap { start, steps, model in
      allLetters.map { label, step in
        named(
          "transition/\(model.stateLabel)/\(label)", [],
          "every state the model reaches, then every step: \(label) in state \(model.stateLabel)",
          start: start, steps + [step])
      }
    }
  }

  /// Every transition of `transitionCases` again, in few long sequences: from each start status
  /// in turn, the shortest way to the nearest step not yet taken in its state, then the next, up
  /// to 60 steps a case. A tour takes dozens of transitions, so the smoke tier, which covers every
  /// transition the table takes, needs a few tours instead of a case per transition.
  static var tourCases: [CaseDraft] {
    let longest = 60
    var untaken = Set(reachableStates.flatMap { state in allLetters.map { transitionKey(state.model, $0.label) } })
    var drafts: [CaseDraft] = []
    for start in InstallStatus.allCases {
      var number = 0
      while true {
        var model = RestartPromptModel(status: start)
        var steps: [RestartPromptStep] = []
        while let path = nearestUntaken(from: model, untaken), steps.count + path.count <= longest {
          for (label, step) in path {
            untaken.remove(transitionKey(model, label))
            model.apply(step)
            steps.append(step)
          }
        }
        guard !steps.isEmpty else { break }
        number += 1
        drafts.append(
          named(
            "tour/\(start.rawValue)/\(number)", [],
            "every transition again, in long sequences: from \(start.rawValue), each step not yet taken in its state",
            start: start, steps))
      }
    }
    return drafts
  }

  /// A step (its letter's label) in a state, as `tourCases` counts them taken.
  private static func transitionKey(_ model: RestartPromptModel, _ label: String) -> String {
    "\(model.abstractState) | \(label)"
  }

  /// The shortest letters from `model` whose last is one `untaken` holds, nil when none is reachable.
  private static func nearestUntaken(
    from model: RestartPromptModel, _ untaken: Set<String>
  ) -> [(label: String, step: RestartPromptStep)]? {
    var seen: Set<String> = [model.abstractState]
    var queue: [(model: RestartPromptModel, path: [(label: String, step: RestartPromptStep)])] = [(model, [])]
    var next = 0
    while next < queue.count {
      let (current, path) = queue[next]
      next += 1
      if let letter = allLetters.first(where: { untaken.contains(transitionKey(current, $0.label)) }) {
        return path + [letter]
      }
      for letter in allLetters {
        var after = current
        after.apply(letter.step)
        if seen.insert(after.abstractState).inserted { queue.append((after, path + [letter])) }
      }
    }
    return nil
  }

  /// All pairs of the start status and the first four steps (`Pairwise`): each status meets each
  /// letter at each position, and each letter each other letter at each pair of positions.
  static var pairwiseCases: [CaseDraft] {
    let positions = 4
    let rows = Pairwise.rows(levels: [InstallStatus.allCases.count] + Array(repeating: allLetters.count, count: positions))
    return rows.map { row in
      let start = InstallStatus.allCases[row[0]]
      let letters = row.dropFirst().map { allLetters[$0] }
      return named(
        "pairwise/\(start.rawValue)/\(letters.map(\.label).joined(separator: "-"))", [],
        "all pairs of the start status and the first four steps", start: start, letters.map(\.step))
    }
  }
}

extension RestartPromptModel {
  /// The abstract state as a piece of a case id: `downloaded-running-query-visible`.
  var stateLabel: String {
    guard running else { return "\(status.rawValue)-closed" }
    return "\(status.rawValue)-running\(queryPending ? "-query" : "")-\(prompt.rawValue)"
  }
}
