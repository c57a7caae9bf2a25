import ConformJSON

/// Two runs compared case by case: where two implementations (or two versions of one) disagree.
///
/// A case both sides ran (pass, fail, error, crash, timeout, protocol error) is a disagreement when
/// the statuses differ, or when both answered wrongly with different outputs; otherwise they
/// agree, even when both are wrong in the same way. A case only one side ran (the other skipped
/// it, does not support its suite, never reached it, or has no such case) is not drift, but is
/// listed. Each case is judged by its representative attempt (the first that did not pass).
public struct Drift: Sendable {
  /// One of the two runs.
  public struct Side: Sendable {
    public var path: String
    public var header: ResultHeader
    /// How the diff legend and the report name this side: the implementation and its version.
    public var label: String
  }

  /// Where two runs disagree on one case.
  public struct Disagreement: Sendable {
    public var id: String
    public var suite: String
    public var a: CaseOutcome
    public var b: CaseOutcome
    /// A's output against B's, when both answered (a pass answered the expected output).
    public var diff: String?

    /// Both answered, both wrongly, with different outputs.
    public var bothWrongDifferently: Bool { a.status == .fail && b.status == .fail }
  }

  /// A case only one side ran.
  public struct OneSided: Sendable {
    public var id: String
    public var suite: String
    /// The other side's status (skipped, unsupported, not-run), nil when it has no such case.
    public var otherStatus: CaseStatus?
  }

  public var a: Side
  public var b: Side
  /// Sorted by suite, then case id.
  public var disagreements: [Disagreement]
  /// Cases only A ran, sorted by suite, then case id.
  public var onlyA: [OneSided]
  /// Cases only B ran, sorted by suite, then case id.
  public var onlyB: [OneSided]
  /// Cases both ran, with the same verdict.
  public var agreed: Int
  /// Cases both sides have but neither ran.
  public var neitherRan: Int
  /// What a person should know before trusting the comparison: different fixtures, unfinished runs.
  public var warnings: [String]

  /// Whether the two runs used different fixtures (their manifest digests differ).
  public var fixturesDiffer: Bool { a.header.fixtures.manifestDigest != b.header.fixtures.manifestDigest }

  public init(_ first: ResultsFile, _ second: ResultsFile) {
    var labelA = Self.label(first.header)
    var labelB = Self.label(second.header)
    if labelA == labelB {
      labelA += " (A)"
      labelB += " (B)"
    }
    a = Side(path: first.path, header: first.header, label: labelA)
    b = Side(path: second.path, header: second.header, label: labelB)
    let summaryA = RunSummary(file: first)
    let summaryB = RunSummary(file: second)
    var outcomesB: [String: CaseOutcome] = [:]
    for outcome in summaryB.outcomes { outcomesB[outcome.id] = outcome }
    var seenInA = Set<String>()
    disagreements = []
    onlyA = []
    onlyB = []
    agreed = 0
    neitherRan = 0
    for outcomeA in summaryA.outcomes {
      seenInA.insert(outcomeA.id)
      let outcomeB = outcomesB[outcomeA.id]
      let ranA = Self.ran(outcomeA)
      let ranB = outcomeB.map(Self.ran) ?? false
      switch (ranA, ranB) {
      case (true, true):
        if let disagreement = Self.compare(outcomeA, outcomeB!, legend: (labelA, labelB)) {
          disagreements.append(disagreement)
        } else {
          agreed += 1
        }
      case (true, false): onlyA.append(OneSided(id: outcomeA.id, suite: outcomeA.suite, otherStatus: outcomeB?.status))
      case (false, true): onlyB.append(OneSided(id: outcomeA.id, suite: outcomeA.suite, otherStatus: outcomeA.status))
      case (false, false): if outcomeB != nil { neitherRan += 1 }
      }
    }
    for outcomeB in summaryB.outcomes where !seenInA.contains(outcomeB.id) && Self.ran(outcomeB) {
      onlyB.append(OneSided(id: outcomeB.id, suite: outcomeB.suite, otherStatus: nil))
    }
    let order = { (x: (suite: String, id: String), y: (suite: String, id: String)) -> Bool in
      x.suite == y.suite ? x.id.utf8.lexicographicallyPrecedes(y.id.utf8) : x.suite.utf8.lexicographicallyPrecedes(y.suite.utf8)
    }
    disagreements.sort { order(($0.suite, $0.id), ($1.suite, $1.id)) }
    onlyA.sort { order(($0.suite, $0.id), ($1.suite, $1.id)) }
    onlyB.sort { order(($0.suite, $0.id), ($1.suite, $1.id)) }

    warnings = []
    if first.header.fixtures.manifestDigest != second.header.fixtures.manifestDigest {
      warnings.append(
        "the runs used different fixtures (A \(ShortDigest.of(first.header.fixtures.manifestDigest)), B \(ShortDigest.of(second.header.fixtures.manifestDigest))): a disagreement may come from the fixtures, not the implementations"
      )
    }
    for (name, file, summary) in [("A", first, summaryA), ("B", second, summaryB)] {
      for warning in file.warnings { warnings.append("\(file.path): \(warning)") }
      if !summary.isComplete, file.footer?.interrupted != nil {
        warnings.append("\(name) (\(file.path)) was interrupted: the comparison covers only the cases it reached")
      }
    }
  }

  /// 0 when the runs agree on every case both ran, 1 otherwise.
  public var exitStatus: ExitStatus { disagreements.isEmpty ? .success : .differences }

  /// `1198 agree, 2 disagree`, then `, 40 ran by one side only` when not zero.
  public var closingLine: String {
    var parts = ["\(agreed) agree", "\(disagreements.count) disagree"]
    let oneSided = onlyA.count + onlyB.count
    if oneSided > 0 { parts.append("\(oneSided) ran by one side only") }
    return parts.joined(separator: ", ")
  }

  /// Whether a side ran the case: it answered, or it broke trying.
  static func ran(_ outcome: CaseOutcome) -> Bool {
    switch outcome.status {
    case .pass, .fail, .errored, .crashed, .timeout, .protocolError: true
    case .skipped, .unsupported, .notRun: false
    }
  }

  static func label(_ header: ResultHeader) -> String {
    let implementation = header.implementation
    return implementation.displayName + (implementation.version.map { " \($0)" } ?? "")
  }

  /// The disagreement between two outcomes of one case both sides ran, or nil when they agree.
  static func compare(_ a: CaseOutcome, _ b: CaseOutcome, legend: (String, String)) -> Disagreement? {
    let attemptA = a.representative
    let attemptB = b.representative
    guard attemptA.status != attemptB.status || attemptA.status == .fail && attemptA.actual != attemptB.actual else {
      return nil
    }
    let expected = attemptA.expected ?? attemptB.expected
    var diff: String?
    if let outputA = output(attemptA, expected: expected), let outputB = output(attemptB, expected: expected) {
      diff = JSONDiff.diff(outputA, outputB, legend: legend)
    }
    return Disagreement(id: a.id, suite: a.suite, a: a, b: b, diff: diff)
  }

  /// What an attempt answered: its output when it failed, the expected output when it passed.
  static func output(_ attempt: CaseResult, expected: JSONValue?) -> JSONValue? {
    switch attempt.status {
    case .pass: expected
    case .fail: attempt.actual
    default: nil
    }
  }
}
