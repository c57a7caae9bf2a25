/// A step model that can break the spec's decisions on purpose: what `DecisionProbe` runs.
///
/// The timeline-shaped suites' models: each decision's drift (its spec entry's **Drift**) is a
/// copy of the model built to break it, and the reference's branches can be read off its state
/// around a step.
protocol DriftableModel: Sendable {
  associatedtype Step
  mutating func apply(_ step: Step)
  /// Whether `output` is the same as `other`'s, compared without building either.
  func hasSameOutput(as other: Self) -> Bool
  /// The decision whose branch the reference took in `step`, read from its state before and
  /// after it; nil when the step took none that decides an answer.
  static func tracedDecision(before: Self, step: Step, after: Self) -> Int?
  /// The decision behind an answer that no drift changes and no traced branch decided (the base
  /// rule that nothing happens).
  static var baseDecision: Int { get }
}

extension DriftableModel {
  /// The model after each of `steps`, in order.
  func applying(_ steps: [Step]) -> Self {
    var model = self
    for step in steps { model.apply(step) }
    return model
  }
}

extension DecisionProbe {
  /// The probe after each of `steps`, in order.
  func applying(_ steps: [Model.Step]) -> Self {
    var probe = self
    for step in steps { probe.apply(step) }
    return probe
  }
}

/// The reference model run beside one drifted copy per modelled decision over the same steps:
/// the spec's decisions a step sequence exercises (`Suite.decisions(for:)`), kept up to date
/// step by step.
///
/// Decision `n` is listed when the copy that breaks it answers otherwise than the reference; when
/// none does, the decisions of the reference's traced branches, else the base decision. Being a
/// state of its own, a prefix walk (`PrefixStates`) shares it between sequences as it shares the
/// reference: a case costs about one step of each model instead of a run of each. With no copies
/// it is the reference alone, for generators that do not list decisions.
struct DecisionProbe<Model: DriftableModel>: Sendable {
  private(set) var reference: Model
  /// The drifted copies, each with the decision it breaks, in ascending order.
  private var drifted: [(decision: Int, model: Model)]
  /// The traced decisions, as bits (`1 << n`).
  private var traced: UInt64 = 0

  /// - Parameter drifted: the drifted copies, each with its decision, ascending; none: the
  ///   reference alone, whose `decisions` must not be asked for.
  init(reference: Model, drifted: [(decision: Int, model: Model)]) {
    self.reference = reference
    self.drifted = drifted
  }

  /// The reference (`model(nil)`) beside a copy that breaks each of `decisions` (`model(n)`).
  init(drifting decisions: [Int], _ model: (Int?) -> Model) {
    self.init(reference: model(nil), drifted: decisions.map { ($0, model($0)) })
  }

  mutating func apply(_ step: Model.Step) {
    let before = reference
    reference.apply(step)
    if let decision = Model.tracedDecision(before: before, step: step, after: reference) {
      precondition((0..<64).contains(decision), "a traced decision numbered \(decision)")
      traced |= 1 << UInt64(decision)
    }
    for index in drifted.indices { drifted[index].model.apply(step) }
  }

  /// The decisions the steps so far exercise, ascending, never empty.
  var decisions: [Int] {
    precondition(!drifted.isEmpty, "a probe without drifted models lists no decisions")
    let changed = drifted.filter { !$0.model.hasSameOutput(as: reference) }.map(\.decision)
    if !changed.isEmpty { return changed }
    let traced = (0..<64).filter { self.traced & (1 << UInt64($0)) != 0 }
    return traced.isEmpty ? [Model.baseDecision] : traced
  }
}
