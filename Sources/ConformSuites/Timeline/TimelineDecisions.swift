import ConformFixtures
import ConformJSON

extension TimelineSuite {
  /// The numbers of the spec's decisions (`### D3.` is 3) that decide `input`'s answer, ascending,
  /// never empty.
  ///
  /// Decision `n` is in the list when a port that breaks it in the way its **Drift** names
  /// would answer `input` differently from the reference: the model is run beside a copy with
  /// each decision's drift (`TimelineDrift`, `DecisionProbe`) and their outputs compared. When no
  /// drift changes the answer, the list holds the decisions of the branches the reference took
  /// (`tracedDecision`): a request cancelled after its sleep (D1), a fire with no window or not
  /// in the foreground (D2), a fire (D15), an ineligible win (D7), or else the base rule that
  /// nothing fires (D16). Computed from the input alone, never from a case's id, name, tags or
  /// note. An input the spec puts outside its domain is D17's alone.
  ///
  /// - Throws: `JSONShapeError` as `expected(for:)` does, when `input` is not a `timeline` input
  ///   at all.
  public func decisions(for input: JSONValue) throws -> [Int] {
    switch try TimelineInput.read(input) {
    case .timeline(let timeline): Self.decisions(of: timeline)
    case .refused: [Self.domainDecision]
    }
  }

  /// D17: the inputs outside the domain and the reason each is refused with.
  static let domainDecision = 17

  /// `decisions(for:)` of a typed input.
  static func decisions(of timeline: TimelineInput) -> [Int] {
    probe(start: timeline.start).applying(timeline.steps).decisions
  }

  /// The reference model from `start` beside a copy that breaks each modelled decision.
  static func probe(start: TimelineStart) -> DecisionProbe<TimelineModel> {
    DecisionProbe(drifting: TimelineDrift.modelled) {
      TimelineModel(start: start, drift: $0.map(TimelineDrift.init(decision:)) ?? [])
    }
  }

  /// The model with `drift` (the reference for none) after every step of `timeline`.
  static func model(_ timeline: TimelineInput, drift: TimelineDrift) -> TimelineModel {
    TimelineModel(start: timeline.start, drift: drift).applying(timeline.steps)
  }

  /// The output of the model with `drift` (the reference's for none).
  static func output(_ timeline: TimelineInput, drift: TimelineDrift) -> JSONValue { model(timeline, drift: drift).output }
}

extension TimelineModel: DriftableModel {
  /// The decisions of the reference's branches that produce an answer: D1 for a request a late
  /// cancel stopped, D2 for a fire that found no window or no foreground-active scene, D15 for a
  /// fire, D7 for a win that left the prompt as it was because it was not eligible.
  static func tracedDecision(before: TimelineModel, step: TimelineStep, after: TimelineModel) -> Int? {
    switch step {
    case .leaveAfterSleep where before.dueAt != nil: 1
    case .advance where before.dueAt != nil && after.dueAt == nil: after.effects.count > before.effects.count ? 15 : 2
    case .win where !before.pending && !after.pending: 7
    default: nil
    }
  }

  /// D16: nothing reaches its due time.
  static var baseDecision: Int { 16 }
}

extension TimelineSuite {
  /// The drifts of `TimelineDrift`, by name. D16 (the base rule that nothing fires) has none; D17's
  /// is `noDomainCheck`.
  static let driftBits = DriftBits([
    1: "lateCancelFires", 2: "firesAnywhere", 3: "recordAtPending", 4: "rescheduleOnShow", 5: "tieDoesNotFire",
    6: "inexactDays", 7: "countAfterCheck", 8: "startRecordOnly", 9: "firesAtAdvanceEnd", 10: "leaveDoesNotCancel",
    11: "cancelClearsPending", 12: "scheduleWithoutPending", 13: "checkedAtSchedule", 14: "recordsScheduleTimeFacts",
    15: "staysPendingAfterRequest",
  ])

  /// D17's drift: lenient names, no bound or another bound answer a timeline for a refused input.
  static let noDomainCheck = DecisionDrift(decision: domainDecision, name: "noDomainCheck")

  public var drifts: [DecisionDrift] { Self.driftBits.drifts + [Self.noDomainCheck] }

  /// The output with `drifts` together; nil for an input that cannot be read.
  public func answer(for input: JSONValue, drifting drifts: [DecisionDrift]) -> DriftedAnswer? {
    let rules = drifts.filter { $0 != Self.noDomainCheck }
    guard let raw = Self.driftBits.rawValue(of: rules), let read = try? TimelineInput.read(input) else { return nil }
    switch read {
    case .refused(let refusal): return rules.count < drifts.count ? .anythingBut(refusal.output) : .output(refusal.output)
    case .timeline(let timeline): return .output(Self.output(timeline, drift: TimelineDrift(rawValue: raw)))
    }
  }
}
