import ConformFixtures
import ConformJSON
import ConformResults

/// What every report says about one case that needs a person's attention.
extension CaseOutcome {
  /// Bytes of an input's canonical JSON shown on one line; past it the line is cut and says how
  /// long the whole input is (the JSON report and the results file have it whole).
  static let inputLineLimit = 600

  /// How early reports list the case: a seed case (a bug that shipped) first, then pitfalls,
  /// boundaries and other named cases; cases from an exhaustive product or search (`grid`,
  /// `exhaustive`) last, since their notes explain less.
  var familyRank: Int {
    let tags = familyTags
    // A team suite's named cases (`named`) are its seeds: chosen by people, shown first.
    if tags.contains("seed") || tags.contains("named") { return 0 }
    if tags.contains("pitfall") { return 1 }
    if tags.contains("boundary") { return 2 }
    if tags.contains("grid") || tags.contains("exhaustive") { return 4 }
    return 3
  }

  /// The case's tags; for a record that has none (a results file keeps them only for cases that
  /// did not pass), the family its id names: `timeline/seed/x` is `seed`.
  var familyTags: [String] {
    let tags = representative.tags
    guard tags.isEmpty else { return tags }
    // The second non-empty component, as `id.split(separator: "/")[1]`, without splitting the rest.
    var components = id.utf8.split(separator: UInt8(ascii: "/"), maxSplits: 2).makeIterator()
    _ = components.next()
    return components.next().map { [String(Substring($0))] } ?? []
  }

  /// The size of the input's canonical JSON in bytes: within a family, the smallest input first.
  var inputSize: Int { representative.input.map { JSONWriter.bytes($0).count } ?? 0 }

  /// `input: {"local":"2.0.9","remote":"2.0.10"}`: the input as compact canonical JSON, cut at
  /// `inputLineLimit` bytes with the whole size said; nil when the record has no input.
  var inputLine: String? {
    guard let input = representative.input else { return nil }
    let bytes = JSONWriter.bytes(input)
    guard bytes.count > Self.inputLineLimit else { return "input: " + String(decoding: bytes, as: UTF8.self) }
    var cut = Self.inputLineLimit
    while cut > 0, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }  // not inside a UTF-8 sequence
    return "input: " + String(decoding: bytes[..<cut], as: UTF8.self) + "… (\(bytes.count) bytes in all)"
  }

  /// `input, escaped: {"local":"1","remote":"2.\u{301}1"}`, when the input holds a character a
  /// reader cannot see (`VisibleText.escapedIfUnseen`); nil otherwise.
  var escapedInputLine: String? {
    guard let input = representative.input, inputSize <= Self.inputLineLimit,
      let escaped = VisibleText.escapedIfUnseen(JSONWriter.string(input))
    else { return nil }
    return "input, escaped: " + escaped
  }

  /// What makes two problems the same for a person: the same kind, diff and message. Cases that
  /// fail the same way are shown once, with how many more there are.
  var sameWayKey: String {
    [problemKind, outputDiff ?? "", representative.message ?? ""].joined(separator: "\u{0}")
  }
  /// The problem in a word or two: `fail`, `crashed`, `flaky`, `stale known failure`.
  package var problemKind: String {
    if isStaleKnownFailure { return "stale known failure" }
    if isFlaky { return "flaky" }
    return status.rawValue
  }

  /// Expected against actual output of the representative attempt, when it answered wrongly.
  package var outputDiff: String? {
    let attempt = representative
    guard attempt.status == .fail, let expected = attempt.expected, let actual = attempt.actual else { return nil }
    if let cut = attempt.cut { return cut.diff }
    return JSONDiff.diff(expected, actual, legend: ("expected", "actual"))
  }

  /// Says that the output shown is an excerpt, when it is.
  var cutNote: String? {
    guard let cut = representative.cut else { return nil }
    return "actual: about \(Plural.grouped(cut.bytes, "byte")), cut for this report: the results file has it whole"
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
  /// case exists, its input, the command that runs it again, the diff, the message, the line of
  /// stderr that says why it crashed (a runtime's fatal error), then the tail of stderr (at most
  /// `stderrLines` lines). Text from the implementation can neither break a line nor start a
  /// CI workflow command (see `VisibleText.shown`).
  func detailLines(stderrLines: Int, rerun: String? = nil) -> [String] {
    var lines: [String] = []
    if let staleExplanation { lines.append(staleExplanation) }
    if let attemptStatuses { lines.append("attempts: \(attemptStatuses)") }
    let attempt = representative
    if let note = attempt.note, !note.isEmpty { lines.append("note: \(note)") }
    if let inputLine { lines.append(inputLine) }
    if let escaped = escapedInputLine { lines.append(escaped) }
    if let rerun { lines.append("rerun: \(rerun)") }
    if !isStaleKnownFailure {
      if let outputDiff {
        lines.append(contentsOf: outputDiff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
      }
      if let cutNote { lines.append(cutNote) }
      if let message = attempt.message, !message.isEmpty {
        let messageLines = VisibleText.lines(message)
        lines.append("message: \(messageLines[0])")
        lines.append(contentsOf: messageLines.dropFirst().map { "  | \($0)" })
      }
      if let stderr = attempt.stderrTail, !stderr.isEmpty {
        let reason = CrashReason.lines(in: stderr)
        if let first = reason.first {
          lines.append("reason: \(first)")
          lines.append(contentsOf: reason.dropFirst().map { "  | \($0)" })
        }
        let (tail, truncated) = VisibleText.lastLines(stderr, stderrLines)
        lines.append(truncated ? "stderr (last \(Plural.count(tail.count, "line"))):" : "stderr:")
        lines.append(contentsOf: tail.map { "| \($0)" })
      }
    }
    return lines.map(VisibleText.shown)
  }
}
