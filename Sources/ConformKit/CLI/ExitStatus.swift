/// The exit statuses of every conform command, documented in `--help` and the README.
public enum ExitStatus: Int32, Sendable {
  /// Every case conforms (known failures aside); two runs agree; a bundle verifies.
  case success = 0
  /// Differences were found: a case does not conform, two runs disagree, a stale known failure.
  case differences = 1
  /// The run could not be made: usage, unreadable fixtures, an implementation that cannot start.
  case couldNotRun = 2
  /// Stopped by SIGINT (Ctrl-C); results so far are kept.
  case interrupted = 130
  /// Stopped by SIGTERM; results so far are kept.
  case terminated = 143

  /// The top-level help's summary of every command's statuses.
  public static let helpText = """
    EXIT STATUS
      0    success: every case conforms (known failures aside), the runs both pass and agree, a
           bundle verifies
      1    differences: a case does not conform, the runs disagree or both fail a case, a known
           failure now passes, a bundle does not verify
      2    could not run: bad usage, unreadable fixtures, results or bundle, an implementation that
           cannot start
      130  interrupted by SIGINT; 143 by SIGTERM (conform run keeps the results file, marked
           interrupted; see each command's --help)
    """

  /// The 130/143 row of a command that does not catch SIGINT or SIGTERM.
  static let notCaughtSignals = """
    killed by SIGINT (Ctrl-C); 143 by SIGTERM: not caught, so the command ends at
    once and a shell reports 128 + the signal number
    """

  /// A command's EXIT STATUS section: one row per status it really returns, 130/143 last.
  ///
  /// A row's text may hold line breaks; each following line is indented under the first.
  static func helpSection(_ rows: [(Int32, String)]) -> String {
    var lines = ["EXIT STATUS"]
    for (status, text) in rows {
      let parts = text.split(separator: "\n", omittingEmptySubsequences: false)
      lines.append("  " + String(status).padding(toLength: 5, withPad: " ", startingAt: 0) + parts[0])
      lines += parts.dropFirst().map { "       " + $0 }
    }
    return lines.joined(separator: "\n")
  }
}
