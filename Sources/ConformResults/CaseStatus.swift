/// What happened to one case in one attempt.
public enum CaseStatus: String, Sendable, CaseIterable, Comparable {
  /// Answered, and the output equals the expected output.
  case pass
  /// Answered, and the output differs from the expected output.
  case fail
  /// The implementation answered `error` (it threw, or could not read the input).
  case errored = "error"
  /// The implementation exited or was killed by a signal with this case in flight.
  case crashed
  /// No answer within the per-case timeout.
  case timeout
  /// A line that is not a valid answer, an unknown or repeated `seq`.
  case protocolError = "protocol-error"
  /// The implementation chose to skip the case.
  case skipped
  /// The implementation does not support the case's suite (from its handshake).
  case unsupported
  /// Never sent: the restart cap was reached or the run was interrupted.
  case notRun = "not-run"

  /// Whether this status, unexplained by a known failure, fails the gate. A case not run has no
  /// verdict: the run it belongs to is incomplete, which fails the gate on its own (exit 2).
  public var failsGate: Bool {
    switch self {
    case .pass, .skipped, .unsupported, .notRun: false
    case .fail, .errored, .crashed, .timeout, .protocolError: true
    }
  }

  /// The order reports list statuses in.
  public static func < (lhs: CaseStatus, rhs: CaseStatus) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
