import ConformFixtures
import ConformJSON
import ConformResults
import Foundation

/// Reports a run: the terminal report, the files asked for, GitHub's step summary and
/// annotations when running there.
///
/// `conform report` builds one from a results file; `conform run` calls `printRunReport` at the
/// end of a live run, so both print the same report from the same `RunSummary`. The reporter
/// writes files only: the text and the warnings go to its `output`, which the command line
/// points at stdout and stderr.
public struct Reporter: Sendable {
  public var options: ReportOptions
  /// The results file the summary came from, named where the terminal leaves problems out.
  public var resultsPath: String?
  /// `GITHUB_ACTIONS` and `GITHUB_STEP_SUMMARY` are read from here.
  public var environment: [String: String]
  /// ANSI colour on stdout.
  public var colour: Bool
  public var output: ReportOutput

  /// - Parameter colour: nil to decide from stdout (a terminal, no `NO_COLOR`, `TERM` not `dumb`).
  public init(
    options: ReportOptions, resultsPath: String? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment, colour: Bool? = nil, output: ReportOutput
  ) {
    self.options = options
    self.resultsPath = resultsPath
    self.environment = environment
    self.colour = colour ?? Terminal.wantsColor(fileDescriptor: STDOUT_FILENO)
    self.output = output
  }

  /// Whether GitHub annotations are printed.
  var onGitHubActions: Bool { environment["GITHUB_ACTIONS"] == "true" }

  /// Everything stdout gets: the report, then annotations on GitHub Actions, then the closing
  /// line, always last.
  public func terminalText(_ summary: RunSummary) -> String {
    let style = TextStyle(isEnabled: colour)
    var lines = summary.terminalReport(maxShown: options.maxShown, style: style, resultsPath: resultsPath)
    if onGitHubActions { lines += summary.gitHubAnnotations(maxShown: options.maxShown, resultsPath: resultsPath) }
    lines.append(summary.terminalClosingLine(style: style))
    return lines.joined(separator: "\n") + "\n"
  }

  /// Says the warnings, writes every file asked for, gives the report's text to `output`, and
  /// returns the run's exit status.
  ///
  /// Every file is attempted; the first that cannot be written is thrown after the report is out.
  @discardableResult
  public func report(_ summary: RunSummary) throws(ConformError) -> ExitStatus {
    var summary = summary
    summary.requiredSuites = options.requiredSuites
    for warning in summary.warnings {
      output.note("warning: " + (resultsPath.map { "\($0): " } ?? "") + warning)
    }
    var failures: [ConformError] = []
    func attempt(_ write: () throws(ConformError) -> Void) {
      do { try write() } catch { failures.append(error) }
    }
    let context = ReportContext(resultsPath: resultsPath, options: options)
    for (format, path) in options.requested {
      attempt { () throws(ConformError) in try FileIO.write(format.render(summary, context), to: path) }
    }
    if let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty {
      attempt { () throws(ConformError) in
        try StepSummary.append(to: path, note: output.note) { limit in
          summary.markdownReport(maxShown: options.maxShown, limit: limit, resultsPath: resultsPath)
        }
      }
    }
    output.text(terminalText(summary))
    for failure in failures.dropFirst() { output.error(failure.description) }
    if let first = failures.first { throw first }
    return summary.exitStatus
  }
}

/// Reports a finished live run: the seam `conform run` calls once the harness is done.
///
/// Gives the terminal report to `output` and writes the files of every `ReportFormat` `options`
/// asks for; the caller exits with `summary.exitStatus`.
public func printRunReport(
  _ summary: RunSummary, options: ReportOptions, resultsPath: String? = nil, output: ReportOutput
) throws(ConformError) {
  try Reporter(options: options, resultsPath: resultsPath, output: output).report(summary)
}

/// Where a report's text and its messages for people go: the command line's `terminal` writes
/// them to stdout and stderr; a test or a tool that embeds the kit collects them.
public struct ReportOutput: Sendable {
  /// The terminal report (stdout's).
  public var text: @Sendable (String) -> Void
  /// A line for people, without `conform: ` (a warning).
  public var note: @Sendable (String) -> Void
  /// An error's message, without `conform: error: `.
  public var error: @Sendable (String) -> Void

  public init(
    text: @escaping @Sendable (String) -> Void, note: @escaping @Sendable (String) -> Void,
    error: @escaping @Sendable (String) -> Void
  ) {
    self.text = text
    self.note = note
    self.error = error
  }

  /// Goes nowhere (a reporter asked only for its `terminalText`).
  public static let discarded = ReportOutput(text: { _ in }, note: { _ in }, error: { _ in })
}

/// GitHub's step summary file, which several steps append to and which must stay under 1 MiB.
package enum StepSummary {
  /// Appends what `render` makes with the room left (at most the default Markdown limit); a file
  /// too full for it is left alone, and `note` says so.
  package static func append(
    to path: String, note: (String) -> Void, _ render: (_ limit: Int) -> String
  ) throws(ConformError) {
    let existing = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let room = min(MarkdownDocument.defaultLimit, MarkdownDocument.gitHubLimit - 1 - existing)
    guard room > 4 * MarkdownDocument.reserve else {
      note("warning: \(path) is nearly 1 MiB already: the conform summary is not added to it")
      return
    }
    let text = (existing > 0 ? "\n" : "") + render(room - 1)
    let output = try FileIO.Output(creating: path, appending: true)
    try output.write(Array(text.utf8))
    try output.close()
  }
}
