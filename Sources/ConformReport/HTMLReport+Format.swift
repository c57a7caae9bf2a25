import ConformResults

/// `--html FILE`: the one format that shows several runs (`conform report --html FILE A B`).
struct HTMLReportFormat: ReportFormat {
  let option = "--html"
  let help = """
    write one self-contained HTML page (inline CSS and script, no
    network, works from file://, prints): the matrix of suites and
    cases with every status and the counts per suite, each problem
    opening to its note, input, diff, stderr and rerun command, and a
    filter by status, suite, tag and text that the link keeps. Passing
    cases past 500 a suite are counted, not listed: a few MB at most
    """
  let needs = ReportNeeds.everyCase
  let takesSeveralRuns = true

  func render(_ summary: RunSummary, _ context: ReportContext) -> [UInt8] {
    let runs = [HTMLReport.Run(summary: summary, path: context.resultsPath)]
    return Array(HTMLReport(runs: runs, showUnsupported: context.options.showUnsupported).render().utf8)
  }
}
