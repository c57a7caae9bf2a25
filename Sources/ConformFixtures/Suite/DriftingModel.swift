import ConformJSON

/// One documented alternative reading of a spec decision: the way a port breaks decision
/// `decision` that the decision's **Drift** text names ("string compare", "32-bit parts",
/// "padding off"), as the model can be asked to answer with it.
public struct DecisionDrift: Sendable, Hashable, CustomStringConvertible {
  /// The decision it breaks (`### D8.` is 8).
  public var decision: Int
  /// A short name for people and reports (`noPadding`), unique within the suite.
  public var name: String

  public init(decision: Int, name: String) {
    self.decision = decision
    self.name = name
  }

  /// `D8 noPadding`.
  public var description: String { "D\(decision) \(name)" }
}

/// What a model with some drifts switched on answers for an input: what attribution compares
/// with the implementation's answer.
public enum DriftedAnswer: Sendable, Equatable {
  /// This output, exactly.
  case output(JSONValue)
  /// A crash (the port traps, as Swift does on an overflowing subtraction).
  case crash
  /// Anything but `refusal`, the reference's error for an input outside the domain: a port
  /// without the domain check answers with a decision (or another reason) instead.
  case anythingBut(JSONValue)
}

/// A model that can answer with named drifts switched on: what attribution by counterfactual
/// runs (`Attribution`). A failing case is filed under the decision whose drift makes the model
/// answer exactly what the implementation answered.
///
/// Every built-in suite is one (`Suite` refines it); a suite with no drifts (a team's whose spec
/// names none) leaves its failures as "exercised", never as broken decisions.
public protocol DriftingModel: Sendable {
  /// Every drift the model can answer with, in the order of the decisions they break.
  var drifts: [DecisionDrift] { get }
  /// The answer with `drifts` all switched on (one, or two for a pair); nil when the model cannot
  /// combine them, or `input` cannot be read.
  func answer(for input: JSONValue, drifting drifts: [DecisionDrift]) -> DriftedAnswer?
  /// Whether `drifts` says what the model can drift: false for a model that was not asked (a team
  /// suite's table, made without its model running), so no spec gap is claimed from it.
  var driftsAsked: Bool { get }
}

extension DriftingModel {
  public var driftsAsked: Bool { true }

  /// The decisions of `specDecisions` that no drift breaks: spec gaps, since a failure the
  /// decision decides can never be proven to be its.
  public func undriftedDecisions(of specDecisions: [Decision]) -> [Decision] {
    let drifted = Set(drifts.map(\.decision))
    return specDecisions.filter { !drifted.contains($0.number) }
  }
}

/// The drift scaffold of a suite whose drifts are the bits of an option set, one per decision
/// (bit `1 << n` breaks decision n): its named drifts, and the set a list of them makes.
package struct DriftBits: Sendable {
  /// The drifts, each with its bit, in decision order.
  package let drifts: [DecisionDrift]

  /// `names` by decision number, in order.
  package init(_ names: KeyValuePairs<Int, String>) {
    drifts = names.map { DecisionDrift(decision: $0.key, name: $0.value) }
  }

  /// The raw value of the option set that switches on `drifts` (decision n is `1 << n`); nil
  /// when one of them is not this scaffold's.
  package func rawValue(of drifts: [DecisionDrift]) -> UInt32? {
    var raw: UInt32 = 0
    for drift in drifts {
      guard self.drifts.contains(drift) else { return nil }
      raw |= 1 << UInt32(drift.decision)
    }
    return raw
  }
}
