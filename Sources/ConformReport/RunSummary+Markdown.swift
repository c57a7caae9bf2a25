import ConformFixtures
import ConformResults

/// The Markdown summary for a CI step (`--markdown FILE`, `$GITHUB_STEP_SUMMARY`).
///
/// The verdict and the closing line, a table of counts per suite, then the problems grouped by
/// suite, each in a collapsible `<details>` with its diff; always under `limit` bytes (GitHub
/// refuses a step summary over 1 MiB), with a note saying what was left out.
extension RunSummary {
  /// Lines per problem shown in Markdown (diff, message and stderr together).
  static let markdownLinesPerProblem = 200

  func markdownReport(maxShown: Int, limit: Int = MarkdownDocument.defaultLimit, resultsPath: String?) -> String {
    var document = MarkdownDocument(limit: limit)
    let verdict =
      if footer?.interrupted != nil {
        "⚠️ interrupted after \(reachedCount) of \(header.fixtures.cases) \(header.fixtures.cases == 1 ? "case" : "cases")"
      } else {
        switch exitStatus {
        case .success: "✅ conforms"
        case .differences: "❌ does not conform"
        default: "⚠️ incomplete"
        }
      }
    var intro = "## conform: \(MarkdownText.inline(implementationLabel)) \(verdict)\n\n"
    intro += "**\(closingLine)**\n\n"
    var facts =
      "fixtures `\(shortFixturesDigest)` (\(MarkdownText.inline(header.fixtures.source)), \(Plural.count(header.fixtures.cases, "case")))"
    facts += " · conform \(MarkdownText.inline(header.conformVersion))"
    if let footer { facts += " · \(JUnitTime.seconds(milliseconds: footer.milliseconds)) s" }
    if let restarts = footer?.restartsText { facts += " · \(restarts)" }
    intro += facts + "\n\n"
    if let incomplete = incompleteExplanation { intro += "> ⚠️ \(MarkdownText.inline(incomplete))\n\n" }
    for message in missingRequiredSuites { intro += "> ❌ \(MarkdownText.inline(message))\n\n" }
    document.appendRequired(intro)
    document.appendRequired(markdownTable + "\n")
    let profile = profile
    if !profile.causes.isEmpty {
      var table = "### Spec decisions it breaks\n\n| decision | cases | rule | best case |\n| --- | ---: | --- | --- |\n"
      for cause in profile.causes {
        let exercised = cause.exercised.isEmpty ? "" : " (exercised: " + cause.exercised.joined(separator: ", ") + ")"
        table +=
          "| `\(cause.decision)` | \(cause.problems.count) | \(MarkdownText.inline((cause.title ?? "") + exercised)) | `\(MarkdownText.html(cause.lead.id))` |\n"
      }
      document.appendRequired(table + "\n")
    }

    let groups = problemGroups(profile: profile)
    if !groups.isEmpty { document.appendRequired("### Problems\n\n") }
    var currentSuite: String?
    var shown = 0
    var counted = 0
    groups: for group in groups where shown < maxShown {
      let inFull = group.prefix(min(Self.shownPerGroup, maxShown - shown))
      for problem in inFull {
        var block = ""
        if problem.suite != currentSuite {
          block += "#### \(MarkdownText.inline(problem.suite))\n\n"
        }
        let cause = profile.causeOfCase[problem.id].map { " · \(MarkdownText.html($0))" } ?? ""
        block +=
          "<details>\n<summary><code>\(MarkdownText.html(problem.id))</code>: \(MarkdownText.html(problem.problemKind))\(cause)</summary>\n\n"
        let details = problem.detailLines(
          stderrLines: Self.terminalStderrLines, rerun: rerunCommand(problem, resultsPath: resultsPath))
        let lines = VisibleText.capped(details, Self.markdownLinesPerProblem)
        block += MarkdownText.fenced(lines, language: "diff") + "\n\n</details>\n\n"
        guard document.append(block) else { break groups }
        currentSuite = problem.suite
        shown += 1
      }
      counted += group.count
      if group.count > inFull.count {
        let rest = group.count - inFull.count
        let line =
          "*\(rest) more \(rest == 1 ? "case fails" : "cases fail") the same way as `\(MarkdownText.inline(group[0].id))`"
          + " (all ids in the JSON report).*\n\n"
        guard document.append(line) else { break groups }
      }
    }
    if problemCount > counted {
      let rest = problemCount - counted
      let reason = shown < min(maxShown, problemCount) ? "to stay under the size limit" : "(--max-shown \(maxShown))"
      let whereToLook = resultsPath.map { "`\(MarkdownText.inline($0))` has them all; " } ?? ""
      document.appendRequired(
        "*… and \(rest) more \(Plural.noun(rest, "problem")) not shown \(reason): \(whereToLook)`conform report --json FILE` writes every one with its diff.*\n",
        usingReserve: true)
    }
    return document.text
  }

  /// Counts per suite, then the whole run.
  var markdownTable: String {
    var rows = [
      "| suite | cases | passed | failed | errored | flaky | skipped | unsupported | known failures | stale | not run |",
      "| :-- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |",
    ]
    func row(_ name: String, _ summary: RunSummary) -> String {
      let counts = summary.counts
      let cells = [
        summary.caseCount + summary.unreachedCount, counts.passed, counts.failed, counts.errored, counts.flaky, counts.skipped,
        counts.unsupported,
        counts.known, counts.stale, summary.notRunCount,
      ]
      return "| \(name) | " + cells.map(String.init).joined(separator: " | ") + " |"
    }
    for (name, summary) in bySuite { rows.append(row(MarkdownText.inline(name), summary)) }
    rows.append(row("**all**", self))
    return rows.joined(separator: "\n") + "\n"
  }
}

/// `--markdown FILE`.
struct MarkdownReportFormat: ReportFormat {
  let option = "--markdown"
  let help = """
    write a Markdown summary for a CI step: counts per suite, then the
    problems with collapsible diffs (always under 1 MiB)
    """
  let needs = ReportNeeds.listedCases
  let takesSeveralRuns = false

  func render(_ summary: RunSummary, _ context: ReportContext) -> [UInt8] {
    Array(summary.markdownReport(maxShown: context.options.maxShown, resultsPath: context.resultsPath).utf8)
  }

  let driftReport: DriftReportFormat? = DriftReportFormat(
    help: """
      write a Markdown summary for a CI step (always under 1 MiB); also
      appended to $GITHUB_STEP_SUMMARY when that is set
      """
  ) { drift, maxShown in Array(drift.markdownReport(maxShown: maxShown).utf8) }
}
