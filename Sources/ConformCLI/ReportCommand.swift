import ConformFixtures
import ConformReport
import ConformResults

/// `conform report`: the report of a finished (or interrupted) run, from its results file.
public enum ReportCommand: Command {
  public static let name = "report"
  public static let summary = "report a results file: failures with diffs, JUnit, JSON, Markdown, HTML"
  public static let manual = Manual(
    title: """
      conform report: print the report of a run from its results file, and write it as JUnit,
      JSON or Markdown for CI, or as an HTML page for people
      """,
    usage: """
      conform report RESULTS [--known-failures FILE] [report options]
      conform report SHARD_1 ... SHARD_N [--known-failures FILE] [report options]
      conform report --html FILE RESULTS RESULTS...
      """,
    blocks: [
      .text(
        """
        RESULTS is a results file written by conform run (JSON lines). A last line cut short by an
        interrupted run is ignored with a warning.

        The same report conform run prints at the end of a live run, with the same exit status: one
        block per problem, best first (seed cases, then pitfalls and boundaries, then exhaustive ones,
        the smallest input first), cases that fail the same way counted behind the first, each with
        its note, its input, the command that reruns it, a field-by-field diff of the expected and
        actual output and, for a crash, the message and the tail of stderr. A run that did not reach
        every case (interrupted, or cut short) and has no failing case exits 2, where conform run
        itself exited 130 or 143: its counts cover only the cases it reached.

        The N results files of a run split with conform run --shard K/N (a CI job matrix) make one
        report, in every format and with the exit status, as if one machine had run every case. They
        must be the shards of one run: the same implementation, fixtures digest and options (the
        shard aside), every shard from 1 to N once, each finished (a footer, not interrupted);
        otherwise the report names the shard at fault and exits 2. Shards of several
        implementations, with --html, make one column each.

        With --html and several runs (the Swift app's run and the Kotlin app's), one page
        shows them side by side: a column per implementation in the matrix and, with two, the drift
        view of conform diff first (the cases they disagree on, then those both fail the same way).
        Each run is judged with the known-failures list in its own header; stdout gets each run's
        closing line (and, with two, conform diff's), and --junit, --json, --markdown and
        --known-failures, which are about one run, are refused.
        """),
      .options("OPTIONS", [Options.knownFailures]),
    ] + ReportOptions.manualBlocks,
    exitStatuses: [
      (0, "every case conforms (known failures aside); with several results files, in every run"),
      (
        1,
        "a case does not conform, a listed known failure now passes, or the run checked nothing\n(every case skipped or unsupported) and was not given --allow-empty (in any of the runs)"
      ),
      (
        2,
        "bad usage, an unreadable results or known-failures file, a run that did not finish\n(no footer, or interrupted) with no failing case, or shard results that are not the\nwhole of one run (a shard missing, given twice, unfinished, or of another run)"
      ),
      (130, ExitStatus.notCaughtSignals),
    ])

  public struct Options: CommandOptions {
    /// One results file, the shards of one run, or several runs for one HTML page.
    var resultsPaths: [String] = []
    var knownFailuresPath: String?
    var report = ReportOptions()

    init() {}

    /// Every option of `conform report`, in the order `--help` lists them and they are read.
    static var declarations: [OptionDeclaration<Options>] { [knownFailures, .report(\.report)] }

    static var knownFailures: OptionDeclaration<Options> {
      .string(
        "--known-failures", "FILE", \.knownFailuresPath,
        """
        cases expected to fail (one id per line, a reason after '#'). A
        listed case that fails does not fail the report; one that passes
        does, so the list cannot go stale. Without it, the list the run
        was given (kept whole in the results file's header) is used.
        """)
    }
  }

  public static func parse(_ arguments: inout Arguments) throws(ConformError) -> Options {
    var options = Options()
    try Options.declarations.read(&arguments, into: &options)
    options.resultsPaths = try arguments.positionals()
    guard !options.resultsPaths.isEmpty else { throw .usage("report: which results file? (conform report RESULTS)") }
    return options
  }

  public static func run(_ options: Options) throws(ConformError) -> ExitStatus {
    var files: [ResultsFile] = []
    for path in options.resultsPaths { files.append(try ResultsFile.read(path)) }
    let runs = try ShardMerge.runs(files)
    if runs.count > 1 {
      let report = options.report
      guard let html = report.htmlPath else {
        throw .usage(
          "report: one run at a time, not \(runs.count) (the files are not the shards of one run; to compare two "
            + "runs: conform diff A B, or on one page: conform report --html FILE A B)")
      }
      var perRun = report.requested.filter { !$0.format.takesSeveralRuns }.map(\.format.option)
      if options.knownFailuresPath != nil { perRun.append("--known-failures") }
      guard perRun.isEmpty else {
        throw .usage(
          "report: \(perRun.joined(separator: ", ")) \(perRun.count == 1 ? "is" : "are") about one run: "
            + "give one results file (with several, --html alone; each run's known failures come from its header)")
      }
      return try several(runs, html: html, options: report)
    }
    let results = runs[0]
    var knownFailures = results.header.knownFailures
    if let knownFailuresPath = options.knownFailuresPath {
      let list = try KnownFailures.read(knownFailuresPath)
      // A filtered run need not include every listed case, so a stray entry is a warning here.
      let ran = Set(results.results.map(\.id))
      for entry in list.entries.values.sorted(by: { $0.line < $1.line }) where !ran.contains(entry.id) {
        Terminal.note("warning: \(knownFailuresPath) line \(entry.line): \(entry.id) is not a case of this run")
      }
      knownFailures = list
    }
    var summary = RunSummary(file: results, knownFailures: knownFailures)
    summary.teamModels = try options.report.startedTeamModels(command: "report", timeout: 60)
    return try Reporter(options: options.report, resultsPath: results.path, output: .terminal).report(summary)
  }

  /// `conform report --html FILE A B...`: one page for several runs; stdout gets each run's
  /// closing line, then, for two, the drift's. The exit status is the worst of the runs'.
  static func several(_ files: [ResultsFile], html: String, options: ReportOptions) throws(ConformError) -> ExitStatus {
    for file in files {
      for warning in file.warnings { Terminal.note("warning: \(file.path): \(warning)") }
    }
    var report = HTMLReport(files: files, showUnsupported: options.showUnsupported)
    for index in report.runs.indices { report.runs[index].summary.requiredSuites = options.requiredSuites }
    try FileIO.write(Array(report.render().utf8), to: html)
    var text = ""
    var statuses: [ExitStatus] = []
    for (index, run) in report.runs.enumerated() {
      let letter = String(UnicodeScalar(UInt8(65 + index % 26)))
      text +=
        VisibleText.escapingControls(
          "\(letter): \(run.summary.implementationLabel) (\(run.path ?? "")): \(run.summary.closingLine)") + "\n"
      statuses.append(run.summary.exitStatus)
    }
    if let drift = report.drift { text += "A against B: \(drift.closingLine)\n" }
    print(text, terminator: "")
    Terminal.note("HTML report in \(html)")
    if statuses.contains(.differences) { return .differences }
    return statuses.contains(.couldNotRun) ? .couldNotRun : .success
  }
}
