/// The report people read on a terminal or in a CI log.
extension RunSummary {
  /// Lines of stderr shown per crash on the terminal.
  static let terminalStderrLines = 20
  /// Lines per problem on the terminal (diff, message and stderr together).
  static let terminalLinesPerProblem = 100

  /// Everything but the closing line: who ran against what, then one block per problem grouped
  /// by suite (at most `maxFailures` in full, then a count), whether the run finished, and the
  /// counts per suite when there is more than one.
  func terminalReport(maxFailures: Int, style: TextStyle, resultsPath: String?) -> [String] {
    var lines = [headline]
    let problems = sortedProblems
    var shown = 0
    var currentSuite: String?
    var problemsPerSuite: [String: Int] = [:]
    for problem in problems { problemsPerSuite[problem.suite, default: 0] += 1 }
    for problem in problems.prefix(maxFailures) {
      if problem.suite != currentSuite {
        currentSuite = problem.suite
        let count = problemsPerSuite[problem.suite]!
        lines.append("")
        lines.append(
          style.bold("=== \(VisibleText.escapingControls(problem.suite)): \(Plural.count(count, "problem")) ==="))
      }
      lines.append("")
      lines.append(contentsOf: terminalBlock(problem, style: style))
      shown += 1
    }
    if problemCount > shown {
      let rest = problemCount - shown
      let whereToLook = resultsPath.map { "every one is in \($0); " } ?? ""
      lines.append("")
      lines.append(
        "… and \(rest) more \(Plural.noun(rest, "problem")) (\(whereToLook)--json FILE writes them all with their diffs)")
    }
    if let incomplete = incompleteExplanation {
      lines.append("")
      lines.append(style.yellow(incomplete))
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
    var line =
      "conform: \(implementationLabel) against fixtures \(shortFixturesDigest) (\(header.fixtures.source), \(Plural.count(header.fixtures.cases, "case")))"
    if let footer { line += " in \(JUnitTime.seconds(milliseconds: footer.milliseconds)) s" }
    return VisibleText.escapingControls(line)
  }

  /// Why the run is incomplete, or nil when it finished.
  var incompleteExplanation: String? {
    guard !isComplete else { return nil }
    // Recorded not-run, and never recorded at all (a generated run stops taking cases).
    let notRun = notRunCount + max(0, Int(clamping: header.fixtures.cases) - caseCount)
    let cause =
      if let signal = footer?.interrupted { "the run was interrupted by \(signal)" } else {
        "the run did not finish (the results file has no footer)"
      }
    guard notRun > 0 else { return "\(cause): the counts cover only the cases it reached" }
    return "\(cause): \(Plural.count(notRun, "case")) \(Plural.noun(notRun, "was", "were")) not run"
  }

  private func terminalBlock(_ problem: CaseOutcome, style: TextStyle) -> [String] {
    let word = problem.problemKind.uppercased()
    let coloured = problem.isFlaky || problem.isStaleKnownFailure ? style.yellow(word) : style.red(word)
    var title = "\(coloured) \(style.bold(VisibleText.escapingControls(problem.id)))"
    if problem.attempts.count > 1, let index = problem.attempts.firstIndex(where: { $0.status != .pass }) {
      title += " (attempt \(index + 1) of \(problem.attempts.count))"
    }
    let details = VisibleText.capped(problem.detailLines(stderrLines: Self.terminalStderrLines), Self.terminalLinesPerProblem)
    return [title] + details.map { "  " + style.diffLine($0) }
  }
}
