/// What every report says about one case that needs a person's attention.
extension CaseOutcome {
  /// The problem in a word or two: `fail`, `crashed`, `flaky`, `stale known failure`.
  var problemKind: String {
    if isStaleKnownFailure { return "stale known failure" }
    if isFlaky { return "flaky" }
    return status.rawValue
  }

  /// Expected against actual output of the representative attempt, when it answered wrongly.
  var outputDiff: String? {
    let attempt = representative
    guard attempt.status == .fail, let expected = attempt.expected, let actual = attempt.actual else { return nil }
    return JSONDiff.diff(expected, actual, legend: ("expected", "actual"))
  }

  /// Every attempt's status when there was more than one: `pass, fail, pass`.
  var attemptStatuses: String? {
    attempts.count > 1 ? attempts.map(\.status.rawValue).joined(separator: ", ") : nil
  }

  /// Why a stale known failure fails the run, and what to do.
  var staleExplanation: String? {
    guard isStaleKnownFailure, let entry = knownFailure else { return nil }
    let reason = entry.reason.map { " (\($0))" } ?? ""
    return "listed as a known failure on line \(entry.line) of the list\(reason), but it passes now: remove it from the list"
  }

  /// The case's details as plain text, in the order a person reads them: what is wrong, why the
  /// case exists, the diff, the message, the tail of stderr (at most `stderrLines` lines).
  func detailLines(stderrLines: Int) -> [String] {
    var lines: [String] = []
    if let staleExplanation { lines.append(staleExplanation) }
    if let attemptStatuses { lines.append("attempts: \(attemptStatuses)") }
    let attempt = representative
    if let note = attempt.note, !note.isEmpty { lines.append("note: \(note)") }
    if !isStaleKnownFailure {
      if let outputDiff {
        lines.append(contentsOf: outputDiff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
      }
      if let message = attempt.message, !message.isEmpty {
        let messageLines = message.split(separator: "\n", omittingEmptySubsequences: false)
        lines.append("message: \(messageLines[0])")
        lines.append(contentsOf: messageLines.dropFirst().map { "  \($0)" })
      }
      if let stderr = attempt.stderrTail, !stderr.isEmpty {
        let (tail, truncated) = VisibleText.lastLines(stderr, stderrLines)
        lines.append(truncated ? "stderr (last \(tail.count) lines):" : "stderr:")
        lines.append(contentsOf: tail.map { "| \($0)" })
      }
    }
    return lines.map(VisibleText.escapingControls)
  }
}

extension RunSummary {
  /// The problems sorted by suite, then by case id (code point order), so every report of the
  /// same results is the same whatever order the answers arrived in.
  var sortedProblems: [CaseOutcome] {
    problems.sorted { a, b in
      a.suite == b.suite ? a.id.utf8.lexicographicallyPrecedes(b.id.utf8) : a.suite.utf8.lexicographicallyPrecedes(b.suite.utf8)
    }
  }

  /// The suites of the run in code point order.
  var suiteNames: [String] {
    var seen = Set<String>()
    var names: [String] = []
    for outcome in outcomes where seen.insert(outcome.suite).inserted { names.append(outcome.suite) }
    return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// The same run restricted to one suite, for per-suite counts.
  func restricted(toSuite suite: String) -> RunSummary {
    var copy = self
    copy.outcomes = outcomes.filter { $0.suite == suite }
    return copy
  }

  /// Each suite with its own summary, in code point order, in one pass over the outcomes.
  var bySuite: [(name: String, summary: RunSummary)] {
    var groups: [String: [CaseOutcome]] = [:]
    for outcome in outcomes { groups[outcome.suite, default: []].append(outcome) }
    return groups.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { name in
      var copy = self
      copy.outcomes = groups[name]!
      return (name, copy)
    }
  }

  /// `swift-ports 0.1.0 (swift)`.
  var implementationLabel: String {
    let implementation = header.implementation
    var label = implementation.displayName
    if let version = implementation.version { label += " \(version)" }
    if let language = implementation.language { label += " (\(language))" }
    return label
  }

  /// `sha256:0123456789ab` — enough of the digest to tell two fixture sets apart by eye.
  var shortFixturesDigest: String { ShortDigest.of(header.fixtures.manifestDigest) }
}

enum ShortDigest {
  /// `sha256:` and the first 12 hex digits.
  static func of(_ digest: String) -> String {
    let parts = digest.split(separator: ":", maxSplits: 1)
    guard parts.count == 2 else { return String(digest.prefix(19)) }
    return "\(parts[0]):\(parts[1].prefix(12))"
  }
}
