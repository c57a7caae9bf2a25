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
    return "listed as a known failure on \(entry.path) line \(entry.line)\(reason), but it passes now: remove it from the list"
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
        lines.append(truncated ? "stderr (last \(Plural.count(tail.count, "line"))):" : "stderr:")
        lines.append(contentsOf: tail.map { "| \($0)" })
      }
    }
    return lines.map(VisibleText.escapingControls)
  }
}
