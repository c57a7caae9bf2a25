import ConformJSON

/// What `conform diff` prints: the terminal report, the JSON report and the Markdown summary.
extension Drift {
  /// Cases listed by id per group of cases only one side ran, on the terminal and in Markdown.
  static let oneSidedIDsShown = 5

  /// The terminal report, closing line last.
  func terminalText(maxShown: Int, style: TextStyle) -> String {
    var lines = [
      VisibleText.escapingControls("conform diff: A is \(a.label) (\(a.path)), B is \(b.label) (\(b.path))")
    ]
    var perSuite: [String: Int] = [:]
    for disagreement in disagreements { perSuite[disagreement.suite, default: 0] += 1 }
    var currentSuite: String?
    for disagreement in disagreements.prefix(maxShown) {
      if disagreement.suite != currentSuite {
        currentSuite = disagreement.suite
        let count = perSuite[disagreement.suite]!
        lines.append("")
        lines.append(
          style.bold(
            "=== \(VisibleText.escapingControls(disagreement.suite)): \(count) \(count == 1 ? "disagreement" : "disagreements") ==="
          ))
      }
      lines.append("")
      lines.append("\(style.red("DRIFT")) \(style.bold(VisibleText.escapingControls(disagreement.id)))")
      lines += VisibleText.capped(detailLines(disagreement), RunSummary.terminalLinesPerProblem).map { "  " + style.diffLine($0) }
    }
    if disagreements.count > maxShown {
      let rest = disagreements.count - maxShown
      lines.append("")
      lines.append(
        "… and \(rest) more \(rest == 1 ? "disagreement" : "disagreements") (--json FILE writes them all with their diffs)")
    }
    let oneSided = oneSidedGroups
    if !oneSided.isEmpty {
      lines.append("")
      lines.append(style.bold("=== ran by one side only (not drift) ==="))
      for group in oneSided {
        lines.append("")
        lines.append(VisibleText.escapingControls(group.title))
        lines.append("  " + VisibleText.escapingControls(group.ids))
      }
    }
    lines.append("")
    lines.append(disagreements.isEmpty ? style.green(closingLine) : style.red(closingLine))
    return lines.joined(separator: "\n") + "\n"
  }

  /// Both sides' verdicts, the note, the expected output when both are wrong, the diff, messages.
  func detailLines(_ disagreement: Disagreement) -> [String] {
    var lines: [String] = []
    for (side, outcome) in [(a, disagreement.a), (b, disagreement.b)] {
      lines.append("\(side.label): \(outcome.summaryReason)")
    }
    let attemptA = disagreement.a.representative
    let attemptB = disagreement.b.representative
    if let note = attemptA.note ?? attemptB.note, !note.isEmpty { lines.append("note: \(note)") }
    if disagreement.bothWrongDifferently, let expected = attemptA.expected ?? attemptB.expected {
      lines.append("both are wrong; expected: \(JSONWriter.string(expected))")
    }
    if let diff = disagreement.diff { lines += diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    for (side, attempt) in [(a, attemptA), (b, attemptB)] {
      if let stderr = attempt.stderrTail, !stderr.isEmpty {
        let (tail, truncated) = VisibleText.lastLines(stderr, 10)
        lines.append("\(side.label) stderr" + (truncated ? " (last \(Plural.count(tail.count, "line"))):" : ":"))
        lines += tail.map { "| \($0)" }
      }
    }
    return lines.map(VisibleText.escapingControls)
  }

  /// Cases one side ran, grouped by suite, side and the other side's status.
  var oneSidedGroups: [(title: String, ids: String)] {
    var groups: [(title: String, ids: [String])] = []
    for (side, other, cases) in [(a, b, onlyA), (b, a, onlyB)] {
      var index: [String: Int] = [:]
      for item in cases {
        let why = item.otherStatus.map { "\(other.label): \($0.rawValue)" } ?? "\(other.label) has no such case"
        let key = "\(item.suite)\u{0}\(why)"
        if let position = index[key] {
          groups[position].ids.append(item.id)
        } else {
          index[key] = groups.count
          groups.append(("\(item.suite): only \(side.label) ran these (\(why))", [item.id]))
        }
      }
    }
    return groups.map { group in
      let shown = group.ids.prefix(Self.oneSidedIDsShown).joined(separator: ", ")
      let rest = group.ids.count - min(group.ids.count, Self.oneSidedIDsShown)
      let count = "\(group.ids.count) \(group.ids.count == 1 ? "case" : "cases")"
      return ("\(group.title): \(count)", rest > 0 ? "\(shown), … (\(rest) more)" : shown)
    }
  }

  /// Canonical JSON: both runs, the counts, every disagreement and every one-sided case.
  func jsonReport() -> JSONValue {
    func side(_ side: Side) -> JSONValue {
      return [
        "results": .string(side.path), "label": .string(side.label),
        "implementation": side.header.json["implementation"] ?? .null,
        "fixturesDigest": .string(side.header.fixtures.manifestDigest), "startedAt": .string(side.header.startedAt),
      ]
    }
    func attempt(_ outcome: CaseOutcome, expected: JSONValue?) -> JSONValue {
      let attempt = outcome.representative
      return [
        "status": .string(outcome.status.rawValue), "flaky": .bool(outcome.isFlaky),
        "output": Self.output(attempt, expected: expected) ?? .null, "message": JSONValue(attempt.message),
        "stderr": JSONValue(attempt.stderrTail),
      ]
    }
    let list: [JSONValue] = disagreements.map { disagreement in
      let expected = disagreement.a.representative.expected ?? disagreement.b.representative.expected
      return [
        "id": .string(disagreement.id), "suite": .string(disagreement.suite),
        "kind": .string(disagreement.a.status == disagreement.b.status ? "output" : "status"),
        "a": attempt(disagreement.a, expected: expected), "b": attempt(disagreement.b, expected: expected),
        "expected": expected ?? .null, "diff": JSONValue(disagreement.diff),
        "note": JSONValue(disagreement.a.representative.note ?? disagreement.b.representative.note),
      ]
    }
    let oneSided = { (cases: [OneSided]) -> JSONValue in
      .array(
        cases.map { ["id": .string($0.id), "suite": .string($0.suite), "otherStatus": JSONValue($0.otherStatus?.rawValue)] })
    }
    return [
      "type": "drift",
      "a": side(a), "b": side(b),
      "fixturesDiffer": .bool(fixturesDiffer),
      "counts": [
        "agree": .int(Int64(agreed)), "disagree": .int(Int64(disagreements.count)), "onlyA": .int(Int64(onlyA.count)),
        "onlyB": .int(Int64(onlyB.count)), "neitherRan": .int(Int64(neitherRan)),
      ],
      "exitStatus": .int(Int64(exitStatus.rawValue)),
      "closingLine": .string(closingLine),
      "warnings": .array(warnings.map(JSONValue.string)),
      "disagreements": .array(list),
      "onlyA": oneSided(onlyA), "onlyB": oneSided(onlyB),
    ]
  }

  /// The Markdown summary: verdict, counts per suite, then each disagreement with its diff.
  func markdownReport(maxShown: Int, limit: Int = MarkdownDocument.defaultLimit) -> String {
    var document = MarkdownDocument(limit: limit)
    let verdict = disagreements.isEmpty ? "✅ agree" : "❌ disagree"
    var intro = "## conform diff: \(MarkdownText.inline(a.label)) vs \(MarkdownText.inline(b.label)) \(verdict)\n\n"
    intro += "**\(closingLine)**\n\n"
    intro += "A: `\(MarkdownText.inline(a.path))` · B: `\(MarkdownText.inline(b.path))`\n\n"
    for warning in warnings { intro += "> ⚠️ \(MarkdownText.inline(warning))\n\n" }
    document.appendRequired(intro)

    var suites: [String: (agree: Int, disagree: Int, onlyA: Int, onlyB: Int)] = [:]
    for disagreement in disagreements { suites[disagreement.suite, default: (0, 0, 0, 0)].disagree += 1 }
    for item in onlyA { suites[item.suite, default: (0, 0, 0, 0)].onlyA += 1 }
    for item in onlyB { suites[item.suite, default: (0, 0, 0, 0)].onlyB += 1 }
    var table = [
      "| suite | disagree | only \(MarkdownText.inline(a.label)) ran | only \(MarkdownText.inline(b.label)) ran |",
      "| :-- | --: | --: | --: |",
    ]
    for name in suites.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      let row = suites[name]!
      table.append("| \(MarkdownText.inline(name)) | \(row.disagree) | \(row.onlyA) | \(row.onlyB) |")
    }
    table.append("| **all** | \(disagreements.count) | \(onlyA.count) | \(onlyB.count) |")
    document.appendRequired(table.joined(separator: "\n") + "\n\n")

    // The one-sided list is short (five ids per group) and goes last, so room is kept for it.
    var oneSidedBlock = ""
    let oneSided = oneSidedGroups
    if !oneSided.isEmpty {
      oneSidedBlock = "### Ran by one side only (not drift)\n\n"
      for group in oneSided { oneSidedBlock += "- \(MarkdownText.inline(group.title)): \(MarkdownText.inline(group.ids))\n" }
    }
    if !disagreements.isEmpty { document.appendRequired("### Disagreements\n\n") }
    var currentSuite: String?
    var shown = 0
    for disagreement in disagreements.prefix(maxShown) {
      var block = disagreement.suite != currentSuite ? "#### \(MarkdownText.inline(disagreement.suite))\n\n" : ""
      block +=
        "<details>\n<summary><code>\(MarkdownText.html(disagreement.id))</code>: \(MarkdownText.html(disagreement.a.status.rawValue)) vs \(MarkdownText.html(disagreement.b.status.rawValue))</summary>\n\n"
      block += MarkdownText.fenced(
        VisibleText.capped(detailLines(disagreement), RunSummary.markdownLinesPerProblem), language: "diff")
      block += "\n\n</details>\n\n"
      guard document.append(block, keeping: oneSidedBlock.utf8.count) else { break }
      currentSuite = disagreement.suite
      shown += 1
    }
    document.appendRequired(oneSidedBlock)
    if disagreements.count > shown {
      let rest = disagreements.count - shown
      let reason = shown < min(maxShown, disagreements.count) ? "to stay under the size limit" : "(--max-shown \(maxShown))"
      document.appendRequired(
        "\n*… and \(rest) more disagreements not shown \(reason): `conform diff --json FILE` writes every one with its diff.*\n",
        usingReserve: true)
    }
    return document.text
  }
}
