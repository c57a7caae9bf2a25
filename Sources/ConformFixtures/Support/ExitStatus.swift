import ConformPlatform
import Foundation

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
  /// Stopped by SIGHUP (the terminal or the session went away); results so far are kept.
  case hangUp = 129

  /// The status of a run stopped by `signal` (SIGINT, SIGTERM or SIGHUP): 128 + its number.
  package static func stopped(by signal: Int32) -> ExitStatus {
    switch signal {
    case SIGTERM: .terminated
    case SIGHUP: .hangUp
    default: .interrupted
    }
  }

  /// The status of a run whose footer says it was interrupted by `name` ("SIGTERM").
  package static func stopped(byName name: String) -> ExitStatus {
    stopped(by: Termination.stopSignal(named: name) ?? SIGINT)
  }
}
