import ConformFixtures
import ConformJSON
import ConformProtocol

/// A team suite whose model is running (`conform fuzz --suite`) as a `DriftingModel`: the
/// model is asked for an input's output with one decision's drift switched on (a request with
/// `"drift": "D3"`, harness/TEAM-SUITES.md, "Decisions from the model"), so attribution by
/// counterfactual (`Attribution`) files a failure under the decision whose drift gives the
/// implementation's answer, as for the built-in suites.
///
/// The drifts are those the model says it models, asked once: a model that answers a request
/// for drift `D0` (no decision's) with a result does not read the field, and models none; else
/// each decision whose drift it answers with a result (not an `error`) on one input of the
/// domain. A suite without a running model (a table read from a bundle or a fixtures folder)
/// models none: its failures stay "exercised".
extension TeamSuite {
  /// Drifts are asked only of a running model: a table made by `conform generate --suite` runs
  /// its model once, without them.
  package var driftsAsked: Bool { session != nil }

  package var drifts: [DecisionDrift] {
    guard let session, let domain = folder.domain else { return [] }
    let decisions = folder.decisions.map(\.number)
    return session.modelledDrifts(of: decisions) {
      var generator = SeededGenerator(seed: 0)
      return domain.randomInput(using: &generator)
    }.map { DecisionDrift(decision: $0, name: "model") }
  }

  /// The model's answer with one drift switched on; nil for two (a request names one drift),
  /// for a drift the model answers with an `error` there, or when the model has failed.
  package func answer(for input: JSONValue, drifting drifts: [DecisionDrift]) -> DriftedAnswer? {
    guard drifts.count == 1, let session else { return nil }
    guard let outputs = try? session.driftedOutputs(for: [input], drift: "D\(drifts[0].decision)"), let output = outputs[0]
    else { return nil }
    return .output(output)
  }
}
