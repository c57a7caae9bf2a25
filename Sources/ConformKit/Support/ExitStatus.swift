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
}
