import ConformJSON
import Foundation

/// Reports a run: the terminal report on stdout, the files asked for, GitHub's step summary and
/// annotations when running there.
///
/// `conform report` builds one from a results file; `conform run` calls `printRunReport` at the
/// end of a live run, so both print the same report from the same `RunSummary`.
public struct Reporter: Sendable {
  public var options: ReportOptions
  /// The results file the summary came from, named where the terminal leaves problems out.
  public var resultsPath: String?
  /// `GITHUB_ACTIONS` and `GITHUB_STEP_SUMMARY` are read from here.
  public var environment: [String: String]
  /// ANSI colour on stdout.
  public var colour: Bool

  /// - Parameter colour: nil to decide from stdout (a terminal, no `NO_COLOR`, `TERM` not `dumb`).
  public init(
    options: ReportOptions, resultsPath: String? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment, colour: Bool? = nil
  ) {
    self.options = options
    self.resultsPath = resultsPath
    self.environment = environment
    self.colour = colour ?? Terminal.wantsColor(fileDescriptor: STDOUT_FILENO)
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

  /// Prints the warnings (stderr) and the report (stdout), writes every file asked for, and
  /// returns the run's exit status.
  ///
  /// Every file is attempted; the first that cannot be written is thrown after the report is out.
  @discardableResult
  public func report(_ summary: RunSummary) throws(ConformError) -> ExitStatus {
    var summary = summary
    summary.requiredSuites = options.requiredSuites
    for warning in summary.warnings {
      Terminal.note("warning: " + (resultsPath.map { "\($0): " } ?? "") + warning)
    }
    var failures: [ConformError] = []
    func attempt(_ write: () throws(ConformError) -> Void) {
      do { try write() } catch { failures.append(error) }
    }
    if let path = options.junitPath {
      attempt { () throws(ConformError) in try FileIO.write(Array(summary.junitXML(resultsPath: resultsPath).utf8), to: path) }
    }
    if let path = options.jsonPath {
      attempt { () throws(ConformError) in
        try FileIO.write(JSONWriter.bytes(summary.jsonReport(resultsPath: resultsPath)) + [0x0A], to: path)
      }
    }
    if let path = options.markdownPath {
      attempt { () throws(ConformError) in
        try FileIO.write(Array(summary.markdownReport(maxShown: options.maxShown, resultsPath: resultsPath).utf8), to: path)
      }
    }
    if let path = options.htmlPath {
      attempt { () throws(ConformError) in
        try FileIO.write(Array(HTMLReport(runs: [.init(summary: summary, path: resultsPath)], showUnsupported: options.showUnsupported).render().utf8), to: path)
      }
    }
    if let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty {
      attempt { () throws(ConformError) in
        try StepSummary.append(to: path) { limit in
          summary.markdownReport(maxShown: options.maxShown, limit: limit, resultsPath: resultsPath)
        }
      }
    }
    print(terminalText(summary), terminator: "")
    fflush(nil)
    for failure in failures.dropFirst() { Terminal.error(failure.description) }
    if let first = failures.first { throw first }
    return summary.exitStatus
  }
}

/// Reports a finished live run: the seam `conform run` calls once the harness is done.
///
/// Prints the terminal report and writes the JUnit, JSON, Markdown and HTML files `options` asks for;
/// the caller exits with `summary.exitStatus`.
public func printRunReport(_ summary: RunSummary, options: ReportOptions, resultsPath: String? = nil) throws(ConformError) {
  try Reporter(options: options, resultsPath: resultsPath).report(summary)
}

/// GitHub's step summary file, which several steps append to and which must stay under 1 MiB.
package enum StepSummary {
  /// Appends what `render` makes with the room left (at most the default Markdown limit).
  package static func append(to path: String, _ render: (_ limit: Int) -> String) throws(ConformError) {
    let existing = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let room = min(MarkdownDocument.defaultLimit, MarkdownDocument.gitHubLimit - 1 - existing)
    guard room > 4 * MarkdownDocument.reserve else {
      Terminal.note("warning: \(path) is nearly 1 MiB already: the conform summary is not added to it")
      return
    }
    let text = (existing > 0 ? "\n" : "") + render(room - 1)
    let output = try FileIO.Output(creating: path, appending: true)
    try output.write(Array(text.utf8))
    try output.close()
  }
}
