import ConformKit

/// `conform report`: the report of a finished (or interrupted) run, from its results file.
public enum ReportCommand: Command {
  public static let name = "report"
  public static let summary = "report a results file: failures with diffs, JUnit, JSON, Markdown"
  public static let manual = Manual(
    title: """
      conform report: print the report of a run from its results file, and write it as JUnit,
      JSON or Markdown for CI
      """,
    usage: "conform report RESULTS [--known-failures FILE] [report options]",
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
        """),
      .options(
        "OPTIONS",
        [
          Option(
            "--known-failures", "FILE",
            """
            cases expected to fail (one id per line, a reason after '#'). A
            listed case that fails does not fail the report; one that passes
            does, so the list cannot go stale. Without it, the list the run
            was given (kept whole in the results file's header) is used.
            """)
        ]),
    ] + ReportOptions.manualBlocks,
    exitStatuses: [
      (0, "every case conforms (known failures aside)"),
      (1, "a case does not conform, a listed known failure now passes, or the run checked nothing\n(every case skipped or unsupported) and was not given --allow-empty"),
      (2, "bad usage, an unreadable results or known-failures file, or a run that did not finish\n(no footer, or interrupted) with no failing case"),
      (130, ExitStatus.notCaughtSignals),
    ])

  public struct Options {
    var resultsPath: String
    var knownFailuresPath: String?
    var report: ReportOptions
  }

  public static func parse(_ arguments: inout Arguments) throws(ConformError) -> Options {
    let knownFailuresPath = try arguments.value("--known-failures")
    let report = try ReportOptions.parse(from: &arguments)
    let positionals = try arguments.positionals()
    guard positionals.count == 1 else {
      throw .usage(
        positionals.isEmpty
          ? "report: which results file? (conform report RESULTS)"
          : "report: one results file at a time, not \(positionals.count) (to compare two runs: conform diff A B)")
    }
    return Options(resultsPath: positionals[0], knownFailuresPath: knownFailuresPath, report: report)
  }

  public static func run(_ options: Options) throws(ConformError) -> ExitStatus {
    let results = try ResultsFile.read(options.resultsPath)
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
    return try Reporter(options: options.report, resultsPath: results.path).report(
      RunSummary(file: results, knownFailures: knownFailures))
  }
}
