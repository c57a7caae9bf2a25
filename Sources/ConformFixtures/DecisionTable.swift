/// How many cases of a fixture set exercise each decision of each suite's spec: what
/// `conform generate` prints, so that a table whose every decision has cases, and whose every
/// case lists a decision, says so, and one that does not names what is missing.
public struct DecisionTable: Sendable {
  public struct Row: Sendable, Equatable {
    public var decision: Decision
    public var cases: Int64
  }

  public struct SuiteRows: Sendable {
    public var suite: String
    public var cases: Int64
    public var rows: [Row]
    /// Ids the cases list that the spec does not.
    public var unlisted: [String]
    /// Cases that list no decision.
    public var undecided: Int64
    /// The spec's decisions with no drift of the suite's model (`DriftingModel`): spec gaps, as a
    /// failure they decide can never be proven to be theirs.
    public var undrifted: [Decision] = []
    /// Whether the suite's model names any drift.
    public var drifts = true

    /// The spec's decisions no case exercises.
    public var unexercised: [Decision] { rows.filter { $0.cases == 0 }.map(\.decision) }
    public var isComplete: Bool { unexercised.isEmpty && unlisted.isEmpty && undecided == 0 }
  }

  public var suites: [SuiteRows]

  /// The table of `manifest`'s counts against the decisions of `suites`' specs.
  public init(manifest: FixtureManifest, suites: [any Suite], undecided: [String: Int64]) {
    self.suites = manifest.suites.map { entry in
      let suite = suites.first(where: { $0.name == entry.name })
      let listed = suite?.specDecisions ?? []
      let ids = Set(listed.map(\.id))
      return SuiteRows(
        suite: entry.name, cases: entry.cases,
        rows: listed.map { Row(decision: $0, cases: entry.decisions[$0.id] ?? 0) },
        unlisted: entry.decisions.keys.filter { !ids.contains($0) }.sorted(),
        undecided: undecided[entry.name] ?? 0,
        undrifted: suite.map { $0.driftsAsked ? $0.undriftedDecisions(of: listed) : [] } ?? [],
        drifts: !(suite?.drifts.isEmpty ?? true))
    }
  }

  /// One line a suite whose spec has decisions no drift proves: `eligibility: spec gap: no drift
  /// of the model reproduces a failure of D9, so such failures are reported unexplained`.
  public var driftGapLines: [String] {
    suites.filter { !$0.undrifted.isEmpty }.map { suite in
      guard suite.drifts else {
        return "\(suite.suite): the model names no drifts, so failures are shown as the decisions they exercise, never as broken"
      }
      let numbers = suite.undrifted.map { "D\($0.number)" }
      return "\(suite.suite): spec gap: no drift of the model reproduces a failure of \(numbers.joined(separator: ", ")), "
        + "so such failures are reported unexplained"
    }
  }

  public var isComplete: Bool { suites.allSatisfy(\.isComplete) }

  /// One line a suite: `version-compare: 12 decisions, each exercised by 4 to 7056 cases; every case lists one`.
  public var summaryLines: [String] {
    suites.map { suite in
      var line = "\(suite.suite): \(Plural.count(suite.rows.count, "decision"))"
      let counts = suite.rows.map(\.cases).filter { $0 > 0 }
      if let low = counts.min(), let high = counts.max(), suite.unexercised.isEmpty {
        line += ", each exercised by \(low == high ? "\(low)" : "\(low) to \(high)") \(low == 1 && high == 1 ? "case" : "cases")"
      }
      var problems: [String] = []
      if !suite.unexercised.isEmpty {
        problems.append("no case exercises \(suite.unexercised.map(\.id).joined(separator: ", "))")
      }
      if !suite.unlisted.isEmpty {
        problems.append("cases list \(suite.unlisted.joined(separator: ", ")), which the spec does not")
      }
      if suite.undecided > 0 {
        problems.append("\(Plural.count(Int(suite.undecided), "case")) \(suite.undecided == 1 ? "lists" : "list") no decision")
      }
      line += problems.isEmpty ? "; every case lists one" : ": " + problems.joined(separator: "; ")
      return line
    }
  }

  /// Every decision with its count and title, suite by suite, as aligned columns.
  public var lines: [String] {
    var lines: [String] = []
    for suite in suites {
      lines.append("\(suite.suite) (\(Plural.count(Int(suite.cases), "case"))):")
      let idWidth = suite.rows.map(\.decision.id.count).max() ?? 0
      let countWidth = suite.rows.map { String($0.cases).count }.max() ?? 0
      for row in suite.rows {
        let id = row.decision.id + String(repeating: " ", count: idWidth - row.decision.id.count)
        let count = String(repeating: " ", count: countWidth - String(row.cases).count) + String(row.cases)
        lines.append("  \(id)  \(count)  \(row.decision.title)")
      }
    }
    return lines
  }
}
