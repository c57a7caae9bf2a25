import ConformJSON
import Foundation

/// `conform diff`: where two runs disagree, case by case (the Swift app against the Kotlin app).
public enum DiffCommand: Command {
  public static let name = "diff"
  public static let summary = "compare two results files case by case: where two implementations disagree"
  public static let help = """
    conform diff: compare two runs case by case and list every case where they disagree

    USAGE
      conform diff RESULTS_A RESULTS_B [--json FILE] [--markdown FILE] [--max-shown N]

    A case both runs ran is a disagreement when the statuses differ (pass against fail, fail
    against crashed) or when both answered wrongly with different outputs. Each is shown with a
    field-by-field diff of A's output against B's, grouped by suite. Cases only one run ran
    (the other skipped them, does not support the suite, or never got to them) are not drift,
    but are listed. A warning says when the runs used different fixtures.

    OPTIONS
      --json FILE        write every disagreement and one-sided case as canonical JSON
      --markdown FILE    write a Markdown summary for a CI step (always under 1 MiB); also
                         appended to $GITHUB_STEP_SUMMARY when that is set
      --max-shown N      disagreements shown in full on the terminal and in Markdown
                         (default \(ReportOptions.defaultMaxShown); the JSON file holds every one)

    The last line of stdout is the closing line: "1198 agree, 2 disagree".

    EXIT STATUS
      0    the runs agree on every case both ran
      1    they disagree on at least one
      2    bad usage, or a results file that cannot be read
    """

  public static func run(_ arguments: inout Arguments) throws(ConformError) -> ExitStatus {
    let jsonPath = try arguments.value("--json")
    let markdownPath = try arguments.value("--markdown")
    let maxShown = try arguments.integer("--max-shown", in: 0...1_000_000) ?? ReportOptions.defaultMaxShown
    let paths = try arguments.positionals()
    guard paths.count == 2 else {
      throw .usage("diff: two results files to compare (conform diff RESULTS_A RESULTS_B), not \(paths.count)")
    }
    let drift = Drift(try ResultsFile.read(paths[0]), try ResultsFile.read(paths[1]))
    for warning in drift.warnings { Terminal.note("warning: \(warning)") }
    if let jsonPath { try FileIO.write(JSONWriter.bytes(drift.jsonReport()) + [0x0A], to: jsonPath) }
    if let markdownPath { try FileIO.write(Array(drift.markdownReport(maxShown: maxShown).utf8), to: markdownPath) }
    if let summaryPath = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !summaryPath.isEmpty {
      try StepSummary.append(to: summaryPath) { limit in drift.markdownReport(maxShown: maxShown, limit: limit) }
    }
    print(
      drift.terminalText(maxShown: maxShown, style: TextStyle(isEnabled: Terminal.wantsColor(fileDescriptor: STDOUT_FILENO))),
      terminator: "")
    return drift.exitStatus
  }
}
