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

  public static let helpText = """
    EXIT STATUS
      0    success: every case conforms (known failures aside), or the runs agree
      1    differences: a case does not conform, the runs disagree, or a known failure now passes
      2    could not run: bad usage, unreadable fixtures or bundle, an implementation that cannot start
      130  interrupted by SIGINT; 143 by SIGTERM (the results file is kept, marked interrupted)
    """
}
