import ConformFixtures
import ConformResults

/// The report people read on a terminal or in a CI log.
extension RunSummary {
  /// Lines of stderr shown per crash on the terminal.
  static let terminalStderrLines = 20
  /// Lines per problem on the terminal (diff, message and stderr together).
  static let terminalLinesPerProblem = 100

  /// Cases of one group of identical failures shown in full; the rest are counted, and a few of
  /// their ids named.
  static let shownPerGroup = 1

  /// Everything but the closing line: who ran against what, then the problems grouped by suite,
  /// best first (`sortedProblems`), cases that fail the same way shown `shownPerGroup` at a time
  /// and counted behind it, at most `maxShown` blocks in all, whether the run finished, and the counts
  /// per suite when there is more than one.
  func terminalReport(maxShown: Int, style: TextStyle, resultsPath: String?) -> [String] {
    var lines = [headline]
    let profile = profile
    if !profile.causes.isEmpty {
      lines.append("")
      lines.append(style.bold("\(VisibleText.escapingControls(implementationLabel)) \(profile.heading)"))
      lines += profile.lines.map(VisibleText.escapingControls)
      if unlistedProblems > 0 {
        let report = resultsPath.map { "conform report \(ShellWord.quote($0))" } ?? "conform report on the results file"
        lines.append(
          "  (counted over the \(Plural.count(problems.count, "problem")) kept for this report; \(unlistedProblems) more were only counted: \(report) profiles them all)"
        )
      }
    }
    var shown = 0
    var counted = 0
    var currentSuite: String?
    var currentCause: String?
    var problemsPerSuite: [String: Int] = [:]
    let groups = problemGroups(profile: profile)
    let causes = Dictionary(profile.causes.map { ($0.decision, $0) }, uniquingKeysWith: { a, _ in a })
    for group in groups { problemsPerSuite[group[0].suite, default: 0] += group.count }
    for group in groups where shown < maxShown {
      let suite = group[0].suite
      if suite != currentSuite {
        currentSuite = suite
        currentCause = nil
        let count = problemsPerSuite[suite]!
        lines.append("")
        lines.append(
          style.bold("=== \(VisibleText.escapingControls(suite)): \(Plural.count(count, "problem")) ==="))
      }
      if let decision = profile.causeOfCase[group[0].id], decision != currentCause, let cause = causes[decision] {
        currentCause = decision
        lines.append("")
        let title = cause.title.map { ": \($0)" } ?? ""
        lines.append(
          style.bold(VisibleText.escapingControls("--- \(decision) (\(Plural.count(cause.problems.count, "case")))\(title) ---")))
      }
      let inFull = group.prefix(min(Self.shownPerGroup, maxShown - shown))
      for problem in inFull {
        lines.append("")
        lines.append(contentsOf: terminalBlock(problem, style: style, rerun: rerunCommand(problem, resultsPath: resultsPath)))
      }
      shown += inFull.count
      counted += group.count
      if group.count > inFull.count {
        let rest = group.count - inFull.count
        let ids = group.dropFirst(inFull.count).prefix(3).map { VisibleText.escapingControls($0.id) }
        let more = rest > ids.count ? ", …" : ""
        lines.append("")
        lines.append(
          "  … \(rest) more \(rest == 1 ? "case fails" : "cases fail") the same way as \(VisibleText.escapingControls(group[0].id)): "
            + ids.joined(separator: ", ") + more)
      }
    }
    if problemCount > counted {
      let rest = problemCount - counted
      let whereToLook = resultsPath.map { "every one is in \($0); " } ?? ""
      lines.append("")
      lines.append(
        "… and \(rest) more \(Plural.noun(rest, "problem")) (\(whereToLook)--json FILE writes them all with their diffs)")
    }
    if let incomplete = incompleteExplanation {
      lines.append("")
      lines.append(style.yellow(incomplete))
    }
    let missing = missingRequiredSuites
    if !missing.isEmpty {
      lines.append("")
      for message in missing { lines.append(style.red("REQUIRED SUITE MISSING") + " " + VisibleText.escapingControls(message)) }
    }
    let suites = bySuite
    if suites.count > 1 {
      lines.append("")
      let width = suites.map(\.name.count).max() ?? 0
      for (name, summary) in suites {
        lines.append(
          VisibleText.escapingControls(name) + String(repeating: " ", count: width + 2 - name.count) + summary.closingLine)
      }
    }
    lines.append("")
    return lines
  }

  /// The last line of stdout, coloured by the verdict.
  func terminalClosingLine(style: TextStyle) -> String {
    switch exitStatus {
    case .success: style.green(closingLine)
    case .differences: style.red(closingLine)
    default: style.yellow(closingLine)
    }
  }

  /// `conform: swift-ports 0.1.0 (swift) against fixtures sha256:0123456789ab (fixtures, 14 cases) in 1.234 s`
  var headline: String {
    let cases = header.fixtures.cases
    var line =
      "conform: \(implementationLabel) against fixtures \(shortFixturesDigest) (\(header.fixtures.source), \(Plural.count(cases, "case")))"
    if let seed = header.options["shuffle"]?.intValue { line += " shuffled with seed \(seed)" }
    if let footer { line += " in \(JUnitTime.seconds(milliseconds: footer.milliseconds)) s" }
    if let restarts = footer?.restartsText { line += ", \(restarts)" }
    return VisibleText.escapingControls(line)
  }

  /// Why the run is incomplete, or nil when it reached every case.
  var incompleteExplanation: String? {
    guard stopReason != nil else { return nil }
    let cause =
      if let signal = footer?.interrupted { "the run was interrupted by \(signal)" } else if footer == nil {
        "the run did not finish (the results file has no footer)"
      } else {
        "the run stopped before every case had a verdict"
      }
    let notRun = notRunCount
    guard notRun > 0 else { return "\(cause): the counts cover only the cases it reached" }
    return
      "\(cause): \(notRun) of \(Plural.count(header.fixtures.cases, "case")) \(Plural.noun(notRun, "was", "were")) not run (no verdict either way)"
  }

  private func terminalBlock(_ problem: CaseOutcome, style: TextStyle, rerun: String) -> [String] {
    let word = problem.problemKind.uppercased()
    let coloured = problem.isFlaky || problem.isStaleKnownFailure ? style.yellow(word) : style.red(word)
    var title = "\(coloured) \(style.bold(VisibleText.escapingControls(problem.id)))"
    if problem.attempts.count > 1, let index = problem.attempts.firstIndex(where: { $0.status != .pass }) {
      title += " (attempt \(index + 1) of \(problem.attempts.count))"
    }
    let details = VisibleText.capped(
      problem.detailLines(stderrLines: Self.terminalStderrLines, rerun: rerun), Self.terminalLinesPerProblem)
    return [title] + details.map { "  " + style.diffLine($0) }
  }
}
