import ConformFixtures
import ConformJSON

extension RestartPromptSuite {
  /// The numbers of the spec's decisions (`### D3.` is 3) that decide `input`'s answer, ascending,
  /// never empty.
  ///
  /// Decision `n` is in the list when a port that breaks it in the way its **Drift** names
  /// would answer `input` differently from the reference: the model is run once with each
  /// decision's drift (`RestartPromptDrift`, `DecisionProbe`) and its output compared with the
  /// reference's. When no drift changes the answer, the list holds the decisions of the branches
  /// the reference took (`tracedDecision`): D4 when the app learned a status other than
  /// DOWNLOADED, or else the base rule that nothing is shown without a DOWNLOADED report (D11).
  /// An input the spec puts outside its domain is D13's alone. Computed from the input alone,
  /// never from a case's id, name, tags or note.
  ///
  /// - Throws: `JSONShapeError` as `expected(for:)` does, when `input` is not a `restart-prompt`
  ///   input at all.
  public func decisions(for input: JSONValue) throws -> [Int] {
    switch try RestartPromptInput.read(input) {
    case .timeline(let timeline): Self.decisions(of: timeline)
    case .refused: [Self.domainDecision]
    }
  }

  /// D13: the inputs outside the domain and the reason each is refused with.
  static let domainDecision = 13

  /// `decisions(for:)` of a typed input.
  static func decisions(of timeline: RestartPromptInput) -> [Int] {
    probe(status: timeline.status).applying(timeline.steps).decisions
  }

  /// The reference model from `status` beside a copy that breaks each modelled decision.
  static func probe(status: InstallStatus) -> DecisionProbe<RestartPromptModel> {
    DecisionProbe(drifting: RestartPromptDrift.modelled) {
      RestartPromptModel(status: status, drift: $0.map(RestartPromptDrift.init(decision:)) ?? [])
    }
  }

  /// The model with `drift` (the reference for none) after every step of `timeline`.
  static func model(_ timeline: RestartPromptInput, drift: RestartPromptDrift) -> RestartPromptModel {
    RestartPromptModel(status: timeline.status, drift: drift).applying(timeline.steps)
  }

  /// The output of the model with `drift` (the reference's for none).
  static func output(_ timeline: RestartPromptInput, drift: RestartPromptDrift) -> JSONValue {
    model(timeline, drift: drift).output
  }
}

extension RestartPromptModel: DriftableModel {
  /// D4 when the running app learned a status other than DOWNLOADED, from its listener or its
  /// query's answer.
  static func tracedDecision(before: RestartPromptModel, step: RestartPromptStep, after: RestartPromptModel) -> Int? {
    let learned: InstallStatus? =
      switch step {
      case .answer where before.queryPending: before.status
      case .status(let status) where before.running: status
      default: nil
      }
    guard let learned, learned != .downloaded else { return nil }
    return 4
  }

  /// D11: nothing is shown without a DOWNLOADED report.
  static var baseDecision: Int { 11 }
}

extension RestartPromptSuite {
  /// The drifts of `RestartPromptDrift`, by name. D11 (the base rule) has none.
  static let driftBits = DriftBits([
    1: "listenerOnly", 2: "promptEveryCallback", 3: "forgetDismissal", 4: "otherStatusIgnored", 5: "restartWithoutInstall",
    6: "queryOutlivesProcess", 7: "dismissalPersists", 8: "queryOnly", 9: "dismissWithoutPrompt", 10: "restartWithoutPrompt",
    12: "promptOutlivesProcess",
  ])
  /// D13's drift: lenient names or another step bound answer a timeline for a refused input.
  static let noDomainCheck = DecisionDrift(decision: domainDecision, name: "noDomainCheck")

  public var drifts: [DecisionDrift] { Self.driftBits.drifts + [Self.noDomainCheck] }

  /// The output with `drifts` together; nil for an input that cannot be read.
  public func answer(for input: JSONValue, drifting drifts: [DecisionDrift]) -> DriftedAnswer? {
    let rules = drifts.filter { $0 != Self.noDomainCheck }
    guard let raw = Self.driftBits.rawValue(of: rules), let read = try? RestartPromptInput.read(input) else { return nil }
    switch read {
    case .refused(let refusal): return rules.count < drifts.count ? .anythingBut(refusal.output) : .output(refusal.output)
    case .timeline(let timeline): return .output(Self.output(timeline, drift: RestartPromptDrift(rawValue: raw)))
    }
  }
}
