import ConformFixtures
import ConformJSON
import ConformResults

/// Why one case failed, proven by counterfactual: the spec decisions whose documented drifts make
/// the model answer exactly what the implementation answered (`DriftingModel`).
///
/// A case is filed under decision D when D's drift alone reproduces the answer; under "one of D,
/// E" when single drifts of several decisions do; under a pair when no single drift does and two
/// drifts together do (the search stops at pairs); else it is unexplained: the decisions it
/// exercises are only that, exercised, never "broken".
public struct Attribution: Sendable, Equatable {
  /// What reproduces the answer.
  public enum Kind: Sendable, Equatable {
    /// The drifts of one decision.
    case decision(Int)
    /// A single drift of each of these decisions (ascending, two or more).
    case oneOf([Int])
    /// No single drift; each of these pairs of decisions' drifts together (each ascending).
    case pairs([[Int]])
    /// No drift and no pair of drifts.
    case unexplained
  }

  public var kind: Kind
  /// The drifts (or pairs of drifts) that reproduce the answer, in the model's order.
  public var drifts: [[DecisionDrift]]

  /// The decisions named, ascending: one, the alternatives, or every decision of the pairs.
  public var decisions: [Int] {
    switch kind {
    case .decision(let decision): [decision]
    case .oneOf(let decisions): decisions
    case .pairs(let pairs): Array(Set(pairs.joined())).sorted()
    case .unexplained: []
    }
  }

  /// The single drifts with which the model answers exactly what `attempt` answered, in the
  /// model's order: none for an attempt that passed, or whose answer cannot be reproduced (a
  /// timeout, an `error` answer, a protocol error, a cut output, an attempt without its input).
  /// Costs one model run per drift.
  public static func reproducingDrifts(_ attempt: CaseResult, model: any DriftingModel) -> [DecisionDrift] {
    guard attempt.status == .fail || attempt.status == .crashed, attempt.cut == nil, let input = attempt.input else {
      return []
    }
    return model.drifts.filter { model.answer(for: input, drifting: [$0])?.reproduces(attempt) == true }
  }

  /// The attribution of `attempt` (one that did not pass) by `model`'s drifts.
  ///
  /// Only a wrong output or a crash can be reproduced: a timeout, an `error` answer, a protocol
  /// error, a cut output or an attempt without its input is unexplained. Costs one model run per
  /// drift, and one per pair of drifts of different decisions when no single drift reproduces it.
  ///
  /// - Parameters:
  ///   - doubted: decisions the run bears out poorly (few of their cases fail, so the port does
  ///     not answer as their drift does elsewhere): a single drift of one of them comes after a
  ///     pair of drifts of decisions not doubted, and a pair with one of them is never used.
  ///   - singles: `reproducingDrifts(attempt, model:)` when already known.
  ///   - strictly: a doubted decision's single drift is never used either: an answer only such a
  ///     drift reproduces is unexplained (on a true/false answer, any drift that flips it does).
  ///   - budget: what the pair search may still cost (model answers); a search that would cost
  ///     more is not made, and counted there as skipped. Nil: no bound.
  public static func of(
    _ attempt: CaseResult, model: any DriftingModel, doubted: Set<Int> = [], singles: [DecisionDrift]? = nil,
    strictly: Bool = false, budget: PairSearchBudget? = nil
  ) -> Attribution {
    guard attempt.status == .fail || attempt.status == .crashed, attempt.cut == nil, let input = attempt.input else {
      return Attribution(kind: .unexplained, drifts: [])
    }
    let singles = singles ?? reproducingDrifts(attempt, model: model)
    let credible = singles.filter { !doubted.contains($0.decision) }
    if !credible.isEmpty { return single(credible) }
    let among = model.drifts.filter { !doubted.contains($0.decision) }
    if budget?.spend(among.count * (among.count - 1) / 2) ?? true {
      let pairs = reproducingPairs(attempt, input: input, model: model, among: among)
      if !pairs.isEmpty { return paired(pairs) }
    }
    if !singles.isEmpty, !strictly { return single(singles) }
    // A pair with a doubted decision is two coincidences, one of them against the run's
    // evidence (a port that reads `-1` as 1 is not shown to have `>=` by `1.-1` against `1.0`):
    // unexplained, not a pair of broken decisions.
    return Attribution(kind: .unexplained, drifts: [])
  }

  /// The pairs of `drifts` (of different decisions) with which the model answers exactly what
  /// `attempt`, asked `input`, answered. Costs one model run per pair.
  static func reproducingPairs(
    _ attempt: CaseResult, input: JSONValue, model: any DriftingModel, among drifts: [DecisionDrift]
  ) -> [[DecisionDrift]] {
    var pairs: [[DecisionDrift]] = []
    for (index, first) in drifts.enumerated() {
      for second in drifts[(index + 1)...] where second.decision != first.decision {
        if model.answer(for: input, drifting: [first, second])?.reproduces(attempt) == true { pairs.append([first, second]) }
      }
    }
    return pairs
  }

  /// Single drifts: of one decision, or of several.
  private static func single(_ drifts: [DecisionDrift]) -> Attribution {
    let decisions = Array(Set(drifts.map(\.decision))).sorted()
    return Attribution(kind: decisions.count == 1 ? .decision(decisions[0]) : .oneOf(decisions), drifts: drifts.map { [$0] })
  }

  /// Pairs of drifts, each pair of decisions once.
  private static func paired(_ pairs: [[DecisionDrift]]) -> Attribution {
    var decisionPairs: [[Int]] = []
    for pair in pairs {
      let decisions = pair.map(\.decision).sorted()
      if !decisionPairs.contains(decisions) { decisionPairs.append(decisions) }
    }
    return Attribution(kind: .pairs(decisionPairs), drifts: pairs)
  }
}

extension DriftedAnswer {
  /// Whether it differs from `expected`, the reference's answer: an other output, a crash, or
  /// anything but the refusal the reference gives.
  package func changes(_ expected: JSONValue) -> Bool {
    switch self {
    case .output(let output): output != expected
    case .crash: true
    case .anythingBut(let refusal): refusal == expected
    }
  }

  /// Whether an attempt that did not pass answered this: a failing output equal to `.output`'s, a
  /// crash for `.crash`, any failing output for `.anythingBut`.
  package func reproduces(_ attempt: CaseResult) -> Bool {
    switch self {
    case .output(let output):
      attempt.status == .fail && attempt.cut == nil && attempt.actual == output
    case .crash:
      attempt.status == .crashed
    case .anythingBut(let refusal):
      attempt.status == .fail && attempt.cut == nil && attempt.actual != nil && attempt.actual != refusal
    }
  }
}

/// What the pair search of one suite's failures may cost, in model answers: a run whose failures
/// no single drift explains (an undocumented bug) would otherwise ask the model once per pair of
/// drifts for each of them (903 answers a failure for update-notice's 43 drifts), and its report
/// would take many times the run's own time. Failures past the budget are left unexplained,
/// counted in `skipped` so that the report says so.
public final class PairSearchBudget {
  /// The model answers the searches may still cost.
  public private(set) var answers: Int
  /// The failures whose pair search was not made.
  public private(set) var skipped = 0

  /// The budget a report gives each suite: about 2 s of update-notice's model in a release build.
  public static let answersPerSuite = 100_000

  public init(answers: Int = PairSearchBudget.answersPerSuite) { self.answers = answers }

  /// Whether a search costing `cost` answers may be made; if so, its cost is spent.
  func spend(_ cost: Int) -> Bool {
    guard cost <= answers else {
      skipped += 1
      return false
    }
    answers -= cost
    return true
  }
}
