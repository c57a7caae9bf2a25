import ConformFixtures
import ConformJSON
import ConformResults
import ConformSuites

/// What `conform diff` prints: the terminal report, the JSON report and the Markdown summary.
extension Drift {
  /// Case ids listed per group of one-sided cases or of identical failures, on the terminal and in Markdown.
  static let idsShown = 5

  /// The terminal report, closing line last.
  package func terminalText(maxShown: Int, style: TextStyle) -> String {
    var lines = [
      VisibleText.escapingControls("conform diff: A is \(a.label) (\(a.path)), B is \(b.label) (\(b.path))")
    ]
    let profile = profile
    if !profile.causes.isEmpty {
      lines.append("")
      let heading =
        profile.broken.isEmpty
        ? "The runs disagree where no spec decision's drift explains it:"
        : "The runs disagree on \(Plural.count(profile.broken.count, "spec decision")):"
      lines.append(style.bold(heading))
      lines += profile.lines.map(VisibleText.escapingControls)
    }
    var perSuite: [String: Int] = [:]
    for disagreement in disagreements { perSuite[disagreement.suite, default: 0] += 1 }
    var currentSuite: String?
    let groups = disagreementGroups(profile: profile)
    for group in groups.prefix(maxShown) {
      let first = group[0]
      if first.suite != currentSuite {
        currentSuite = first.suite
        let count = perSuite[first.suite]!
        lines.append("")
        lines.append(
          style.bold("=== \(VisibleText.escapingControls(first.suite)): \(Plural.count(count, "disagreement")) ==="))
      }
      lines.append("")
      var title = "\(style.red("DRIFT")) \(style.bold(VisibleText.escapingControls(first.id)))"
      if let cause = profile.causeOfCase[first.subject.id] { title += " (\(VisibleText.escapingControls(cause)))" }
      lines.append(title)
      lines += VisibleText.capped(detailLines(first), RunSummary.terminalLinesPerProblem).map { "  " + style.diffLine($0) }
      if group.count > 1 {
        let rest = group.count - 1
        let how =
          first.bothWrongDifferently
          ? "\(rest == 1 ? "case both sides fail" : "cases both sides fail") by the same causes, with other answers: "
          : "\(rest == 1 ? "case disagrees" : "cases disagree") the same way: "
        lines.append("")
        lines.append(VisibleText.escapingControls("  … \(rest) more " + how + Self.idList(group.dropFirst().map(\.id))))
      }
    }
    if groups.count > maxShown {
      let rest = groups.count - maxShown
      lines.append("")
      lines.append(
        "… and \(rest) more \(Plural.noun(rest, "group")) of disagreements (--json FILE writes them all with their diffs)")
    }

    var failingPerSuite: [String: Int] = [:]
    for group in sharedFailures { failingPerSuite[group.suite, default: 0] += group.ids.count }
    currentSuite = nil
    for group in sharedFailures.prefix(maxShown) {
      if group.suite != currentSuite {
        currentSuite = group.suite
        let count = failingPerSuite[group.suite]!
        lines.append("")
        lines.append(
          style.bold(
            "=== \(VisibleText.escapingControls(group.suite)): \(Plural.count(count, "case")) "
              + "\(Plural.noun(count, "fails", "fail")) the same way on both sides ==="))
      }
      lines.append("")
      var title = "\(style.red("BOTH FAIL")) "
      if group.ids.count == 1 {
        title += style.bold(VisibleText.escapingControls(group.example))
        if let cause = Self.causeText(group) { title += " (\(VisibleText.escapingControls(cause)))" }
      } else {
        title += style.bold(Plural.count(group.ids.count, "case"))
        if let cause = Self.causeText(group) { title += " (\(VisibleText.escapingControls(cause)))" }
        title += ": " + VisibleText.escapingControls(Self.idList(group.ids))
      }
      lines.append(title)
      lines += VisibleText.capped(detailLines(group), RunSummary.terminalLinesPerProblem).map { "  " + style.diffLine($0) }
    }
    if sharedFailures.count > maxShown {
      let rest = sharedFailures.count - maxShown
      lines.append("")
      lines.append(
        "… and \(rest) more \(Plural.noun(rest, "group")) of cases both fail the same way (--json FILE writes them all)")
    }

    let oneSided = oneSidedGroups
    if !oneSided.isEmpty {
      lines.append("")
      lines.append(style.bold("=== ran by one side only (\(partialVerdict)) ==="))
      for group in oneSided {
        lines.append("")
        lines.append(VisibleText.escapingControls(group.title))
        lines.append("  " + VisibleText.escapingControls(group.ids))
      }
    }
    let partial = partialSides.compactMap(\.partialMessage)
    if !partial.isEmpty {
      lines.append("")
      lines.append(style.bold("=== \(partial.count == 1 ? "a partial run" : "partial runs") (\(partialVerdict)) ==="))
      lines.append("")
      lines += partial.map(VisibleText.escapingControls)
    }
    if let fixturesMessage {
      let refused = gateFailure == "different fixtures"
      lines.append("")
      lines.append(style.bold("=== different fixtures (\(refused ? "the gate fails" : "allowed")) ==="))
      lines.append("")
      lines.append(VisibleText.escapingControls(fixturesMessage))
    }
    lines.append("")
    lines.append(exitStatus == .success ? style.green(closingLine) : style.red(closingLine))
    return lines.joined(separator: "\n") + "\n"
  }

  /// What one-sided cases and partial runs do to the gate.
  var partialVerdict: String { allowPartial ? "accepted: --allow-partial" : "fails the gate unless --allow-partial" }

  /// `cause version-compare/D8` when both sides' failures are put down to one cause, `A: cause …,
  /// B: cause …` when not, nil when the cases list no decision.
  static func causeText(_ group: SharedFailure) -> String? {
    if group.causeA == group.causeB { return group.causeA.map { "cause \($0)" } }
    return "A: cause \(group.causeA ?? "none"), B: cause \(group.causeB ?? "none")"
  }

  /// `timeline/seed/a`, or `3 cases: a, b, c`, at most `idsShown` ids then `… (N more)`.
  static func caseList(_ ids: [String]) -> String {
    guard ids.count > 1 else { return ids.first ?? "" }
    return "\(Plural.count(ids.count, "case")): \(idList(ids))"
  }

  /// At most `idsShown` ids, then `… (N more)`.
  static func idList(_ ids: [String]) -> String {
    let shown = ids.prefix(idsShown).joined(separator: ", ")
    let rest = ids.count - min(ids.count, idsShown)
    return rest > 0 ? "\(shown), … (\(rest) more)" : shown
  }

  /// `swift-ports 0.1.0: fail (cause version-compare/D8)`, one line a side: whether it matches
  /// the table, and the cause of a side that does not (`Side.cause(of:)`).
  private func verdictLines(_ outcomeA: CaseOutcome, _ outcomeB: CaseOutcome) -> [String] {
    [(a, outcomeA), (b, outcomeB)].map { side, outcome in
      let verdict = outcome.status == .pass ? "matches the table" : side.cause(of: outcome).map { "cause \($0)" }
      return "\(side.label): \(outcome.summaryReason)" + (verdict.map { " (\($0))" } ?? "")
    }
  }

  /// The spec decisions the disagreements are put down to (`DecisionProfile`), each under the
  /// cause the side that did not pass (A when neither did) files it under in its own report.
  package var profile: DecisionProfile {
    var filed: [String: String] = [:]
    for disagreement in disagreements {
      let side = disagreement.a.status != .pass ? a : b
      filed[disagreement.id] = side.cause(of: disagreement.subject)
    }
    return DecisionProfile(
      problems: disagreements.map(\.subject), filed: filed,
      titles: a.header.fixtures.decisionTitles.merging(b.header.fixtures.decisionTitles) { x, _ in x })
  }

  /// The disagreements, best first, those with the same cause, statuses, diff and messages
  /// grouped behind the first (within a suite), cause by cause in the profile's order. Cases both
  /// sides fail with different answers are grouped by the pair of causes (A's, B's), not by output.
  package func disagreementGroups(profile: DecisionProfile) -> [[Disagreement]] {
    let sorted = CaseOutcome.bestFirst(disagreements) { $0.subject }
    var groups: [[Disagreement]] = []
    var indexOfKey: [String: Int] = [:]
    for disagreement in sorted {
      let byCause = disagreement.bothWrongDifferently && (disagreement.causeA != nil || disagreement.causeB != nil)
      let key =
        byCause
        ? [disagreement.suite, "both fail", disagreement.causeA ?? "", disagreement.causeB ?? ""].joined(separator: "\u{0}")
        : [
          disagreement.suite, profile.causeOfCase[disagreement.subject.id] ?? "", disagreement.a.problemKind,
          disagreement.b.problemKind, disagreement.diff ?? "", disagreement.a.representative.message ?? "",
          disagreement.b.representative.message ?? "",
        ].joined(separator: "\u{0}")
      if let index = indexOfKey[key] {
        groups[index].append(disagreement)
      } else {
        indexOfKey[key] = groups.count
        groups.append([disagreement])
      }
    }
    var rank: [String: Int] = [:]
    for (index, cause) in profile.causes.enumerated() { rank[cause.decision] = index }
    let order = { (group: [Disagreement]) -> Int in profile.causeOfCase[group[0].subject.id].flatMap { rank[$0] } ?? Int.max }
    return groups.enumerated().sorted { x, y in
      if x.element[0].suite != y.element[0].suite { return x.offset < y.offset }
      let (p, q) = (order(x.element), order(y.element))
      return p != q ? p < q : x.offset < y.offset
    }.map(\.element)
  }

  /// Both sides' verdicts, the note, the input, both rerun commands, the expected output when
  /// both are wrong, the diff, messages.
  func detailLines(_ disagreement: Disagreement) -> [String] {
    var lines = verdictLines(disagreement.a, disagreement.b)
    let attemptA = disagreement.a.representative
    let attemptB = disagreement.b.representative
    if let note = attemptA.note ?? attemptB.note, !note.isEmpty { lines.append("note: \(note)") }
    let subject = disagreement.subject
    if let input = subject.inputLine { lines.append(input) }
    if let escaped = subject.escapedInputLine { lines.append(escaped) }
    if !disagreement.rerunA.isEmpty { lines.append("rerun A: \(disagreement.rerunA)") }
    if !disagreement.rerunB.isEmpty { lines.append("rerun B: \(disagreement.rerunB)") }
    if disagreement.bothWrongDifferently, let expected = attemptA.expected ?? attemptB.expected {
      lines.append("both are wrong; expected: \(JSONWriter.string(expected))")
    }
    if let diff = disagreement.diff { lines += diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    lines += stderrLines(attemptA, attemptB)
    return lines.map(VisibleText.shown)
  }

  /// The leading example (when the group has more than one case), both sides' verdicts on it,
  /// its note when the group is one case, its input, the diff of the expected output against the
  /// output both gave, the tails of stderr.
  func detailLines(_ group: SharedFailure) -> [String] {
    var lines = group.ids.count > 1 ? ["example: \(group.example)"] : []
    lines += verdictLines(group.a, group.b)
    let attemptA = group.a.representative
    let attemptB = group.b.representative
    if group.ids.count == 1, let note = attemptA.note ?? attemptB.note, !note.isEmpty { lines.append("note: \(note)") }
    if let input = group.a.inputLine { lines.append(input) }
    if let escaped = group.a.escapedInputLine { lines.append(escaped) }
    if let diff = group.diff { lines += diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    lines += stderrLines(attemptA, attemptB)
    return lines.map(VisibleText.shown)
  }

  /// The last lines of each side's stderr, when it wrote any.
  private func stderrLines(_ attemptA: CaseResult, _ attemptB: CaseResult) -> [String] {
    var lines: [String] = []
    for (side, attempt) in [(a, attemptA), (b, attemptB)] {
      if let stderr = attempt.stderrTail, !stderr.isEmpty {
        let (tail, truncated) = VisibleText.lastLines(stderr, 10)
        lines.append("\(side.label) stderr" + (truncated ? " (last \(Plural.count(tail.count, "line"))):" : ":"))
        lines += tail.map { "| \($0)" }
      }
    }
    return lines
  }

  /// Cases one side ran, grouped by suite, side and why the other did not.
  var oneSidedGroups: [(title: String, ids: String)] {
    var groups: [(title: String, ids: [String])] = []
    for (side, other, cases) in [(a, b, onlyA), (b, a, onlyB)] {
      var index: [String: Int] = [:]
      for item in cases {
        let why =
          switch item.reason {
          case .skipped, .unsupported: "\(other.label): \(item.reason.rawValue)"
          case .notReached: "\(other.label) never reached them"
          case .noSuchCase: "\(other.label) has no such case"
          }
        let key = "\(item.suite)\u{0}\(why)"
        if let position = index[key] {
          groups[position].ids.append(item.id)
        } else {
          index[key] = groups.count
          groups.append(("\(item.suite): only \(side.label) ran these (\(why))", [item.id]))
        }
      }
    }
    return groups.map { group in ("\(group.title): \(Plural.count(group.ids.count, "case"))", Self.idList(group.ids)) }
  }

  /// Canonical JSON: both runs, the counts, every disagreement, every group of cases both sides
  /// fail the same way, every one-sided case, and what each partial run did not reach.
  package func jsonReport() -> JSONValue {
    func side(_ side: Side) -> JSONValue {
      var partial = JSONValue.null
      if let state = side.partial {
        partial = [
          "interrupted": JSONValue(state.interrupted), "hasFooter": .bool(state.hasFooter),
          "notReached": .int(Int64(state.notReached)), "notRunReason": JSONValue(state.notRunReason),
          "message": JSONValue(side.partialMessage),
        ]
      }
      return [
        "results": .string(side.path), "label": .string(side.label),
        "implementation": side.header.json["implementation"] ?? .null,
        "fixturesDigest": .string(side.header.fixtures.manifestDigest),
        "bundleDigest": JSONValue(side.header.fixtures.bundleDigest), "startedAt": .string(side.header.startedAt),
        "cases": .int(side.header.fixtures.cases), "partial": partial,
      ]
    }
    func attempt(_ outcome: CaseOutcome, of side: Side, expected: JSONValue?) -> JSONValue {
      let attempt = outcome.representative
      return [
        "status": .string(outcome.status.rawValue), "flaky": .bool(outcome.isFlaky),
        "matchesTable": .bool(outcome.status == .pass), "cause": JSONValue(side.cause(of: outcome)),
        "output": Self.output(attempt, expected: expected) ?? .null, "message": JSONValue(attempt.message),
        "stderr": JSONValue(attempt.stderrTail),
      ]
    }
    let list: [JSONValue] = disagreements.map { disagreement in
      let expected = disagreement.a.representative.expected ?? disagreement.b.representative.expected
      return [
        "id": .string(disagreement.id), "suite": .string(disagreement.suite),
        "kind": .string(disagreement.a.status == disagreement.b.status ? "output" : "status"),
        "a": attempt(disagreement.a, of: a, expected: expected), "b": attempt(disagreement.b, of: b, expected: expected),
        "input": disagreement.subject.representative.input ?? .null, "expected": expected ?? .null,
        "diff": JSONValue(disagreement.diff), "decisions": .array(disagreement.subject.decisions.map(JSONValue.string)),
        "note": JSONValue(disagreement.a.representative.note ?? disagreement.b.representative.note),
      ]
    }
    let shared: [JSONValue] = sharedFailures.map { group in
      let expected = group.a.representative.expected ?? group.b.representative.expected
      return [
        "suite": .string(group.suite), "status": .string(group.status.rawValue), "ids": .array(group.ids.map(JSONValue.string)),
        "count": .int(Int64(group.ids.count)), "example": .string(group.example),
        "causeA": JSONValue(group.causeA), "causeB": JSONValue(group.causeB),
        "input": group.a.representative.input ?? .null, "decisions": .array(group.a.decisions.map(JSONValue.string)),
        "a": attempt(group.a, of: a, expected: expected), "b": attempt(group.b, of: b, expected: expected),
        "expected": expected ?? .null, "diff": JSONValue(group.diff),
        "note": JSONValue(group.a.representative.note ?? group.b.representative.note),
      ]
    }
    let oneSided = { (cases: [OneSided]) -> JSONValue in
      .array(
        cases.map {
          [
            "id": .string($0.id), "suite": .string($0.suite), "otherStatus": JSONValue($0.otherStatus?.rawValue),
            "reason": .string($0.reason.rawValue),
          ]
        })
    }
    return [
      "type": "drift",
      "a": side(a), "b": side(b),
      "allowPartial": .bool(allowPartial),
      "fixturesDiffer": .bool(fixturesDiffer),
      "allowDifferentFixtures": .bool(allowDifferentFixtures),
      "leftOutForFixtures": sameFixtureCases == nil ? .null : .int(Int64(leftOutForFixtures)),
      "counts": [
        "bothPass": .int(Int64(bothPass)), "bothFail": .int(Int64(bothFail)), "disagree": .int(Int64(disagreements.count)),
        "onlyA": .int(Int64(onlyA.count)), "onlyB": .int(Int64(onlyB.count)), "neitherRan": .int(Int64(neitherRan)),
      ],
      "exitStatus": .int(Int64(exitStatus.rawValue)),
      "gateFailure": JSONValue(gateFailure),
      "closingLine": .string(closingLine),
      "warnings": .array(warnings.map(JSONValue.string)),
      "disagreements": .array(list),
      "sharedFailures": .array(shared),
      "onlyA": oneSided(onlyA), "onlyB": oneSided(onlyB),
    ]
  }

  /// The Markdown summary: verdict, counts per suite, each disagreement with its diff, each group
  /// of cases both sides fail the same way, the one-sided cases.
  package func markdownReport(maxShown: Int, limit: Int = MarkdownDocument.defaultLimit) -> String {
    var document = MarkdownDocument(limit: limit)
    let verdict = gateFailure.map { "❌ \($0)" } ?? "✅ both pass, agree"
    var intro = "## conform diff: \(MarkdownText.inline(a.label)) vs \(MarkdownText.inline(b.label)) \(verdict)\n\n"
    intro += "**\(closingLine)**\n\n"
    intro += "A: `\(MarkdownText.inline(a.path))` · B: `\(MarkdownText.inline(b.path))`\n\n"
    for side in partialSides {
      if let message = side.partialMessage {
        intro += "> \(allowPartial ? "⚠️" : "❌") \(MarkdownText.inline(message)) (\(partialVerdict))\n\n"
      }
    }
    for warning in warnings {
      let mark = warning == fixturesMessage && gateFailure == "different fixtures" ? "❌" : "⚠️"
      intro += "> \(mark) \(MarkdownText.inline(warning))\n\n"
    }
    document.appendRequired(intro)

    struct Row { var bothPass = 0, bothFail = 0, disagree = 0, onlyA = 0, onlyB = 0 }
    var suites: [String: Row] = [:]
    for (suite, count) in bothPassBySuite { suites[suite, default: Row()].bothPass += count }
    for group in sharedFailures { suites[group.suite, default: Row()].bothFail += group.ids.count }
    for disagreement in disagreements { suites[disagreement.suite, default: Row()].disagree += 1 }
    for item in onlyA { suites[item.suite, default: Row()].onlyA += 1 }
    for item in onlyB { suites[item.suite, default: Row()].onlyB += 1 }
    var table = [
      "| suite | both pass | both fail | disagree | only \(MarkdownText.inline(a.label)) ran | only \(MarkdownText.inline(b.label)) ran |",
      "| :-- | --: | --: | --: | --: | --: |",
    ]
    for name in suites.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      let row = suites[name]!
      table.append(
        "| \(MarkdownText.inline(name)) | \(row.bothPass) | \(row.bothFail) | \(row.disagree) | \(row.onlyA) | \(row.onlyB) |")
    }
    table.append("| **all** | \(bothPass) | \(bothFail) | \(disagreements.count) | \(onlyA.count) | \(onlyB.count) |")
    document.appendRequired(table.joined(separator: "\n") + "\n\n")

    // The one-sided list is short (five ids per group) and goes last, so room is kept for it.
    var oneSidedBlock = ""
    let oneSided = oneSidedGroups
    if !oneSided.isEmpty {
      oneSidedBlock = "### Ran by one side only (\(partialVerdict))\n\n"
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
    currentSuite = nil
    if !sharedFailures.isEmpty { document.append("### Both fail the same way\n\n", keeping: oneSidedBlock.utf8.count) }
    var groupsShown = 0
    for group in sharedFailures.prefix(maxShown) {
      var block = group.suite != currentSuite ? "#### \(MarkdownText.inline(group.suite))\n\n" : ""
      let title = group.ids.count == 1 ? "" : " and \(group.ids.count - 1) more"
      block +=
        "<details>\n<summary><code>\(MarkdownText.html(group.ids[0]))</code>\(title): \(MarkdownText.html(group.status.rawValue)) on both sides\(Self.causeText(group).map { ", " + MarkdownText.html($0) } ?? "")</summary>\n\n"
      if group.ids.count > 1 { block += "Cases: \(MarkdownText.inline(Self.idList(group.ids)))\n\n" }
      block += MarkdownText.fenced(VisibleText.capped(detailLines(group), RunSummary.markdownLinesPerProblem), language: "diff")
      block += "\n\n</details>\n\n"
      guard document.append(block, keeping: oneSidedBlock.utf8.count) else { break }
      currentSuite = group.suite
      groupsShown += 1
    }
    document.appendRequired(oneSidedBlock)
    var notes: [String] = []
    if disagreements.count > shown {
      let rest = disagreements.count - shown
      let reason = shown < min(maxShown, disagreements.count) ? "to stay under the size limit" : "(--max-shown \(maxShown))"
      notes.append(
        "\n*… and \(rest) more \(Plural.noun(rest, "disagreement")) not shown \(reason): `conform diff --json FILE` writes every one with its diff.*\n"
      )
    }
    if sharedFailures.count > groupsShown {
      let rest = sharedFailures.count - groupsShown
      let reason =
        groupsShown < min(maxShown, sharedFailures.count) ? "to stay under the size limit" : "(--max-shown \(maxShown))"
      notes.append(
        "\n*… and \(rest) more \(Plural.noun(rest, "group")) of cases both fail the same way not shown \(reason): `conform diff --json FILE` writes every one.*\n"
      )
    }
    if !notes.isEmpty { document.appendRequired(notes.joined(), usingReserve: true) }
    return document.text
  }
}
