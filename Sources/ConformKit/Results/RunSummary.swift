/// Everything that happened to one case over all its attempts, and what it means for the gate.
public struct CaseOutcome: Sendable {
  public var id: String
  public var suite: String
  /// Every attempt, in order.
  public var attempts: [CaseResult]
  /// Set when the case is on the known-failures list.
  public var knownFailure: KnownFailures.Entry?

  /// The first attempt that did not pass, else the first attempt.
  public var representative: CaseResult { attempts.first { $0.status != .pass } ?? attempts[0] }

  /// The case's status: the representative attempt's.
  public var status: CaseStatus { representative.status }

  /// Attempts disagreed (different statuses or different outputs): never a pass.
  public var isFlaky: Bool {
    guard let first = attempts.first else { return false }
    return attempts.dropFirst().contains { $0.status != first.status || $0.actual != first.actual }
  }

  /// Fails, errors, crashes, hangs or is flaky.
  public var isFailing: Bool { status.failsGate || isFlaky }

  /// A failing case that no known failure excuses.
  public var failsWithoutExcuse: Bool { isFailing && knownFailure == nil }

  /// A listed case that now passes: the list is stale and the gate fails.
  public var isStaleKnownFailure: Bool { knownFailure != nil && !isFailing && status == .pass }

  /// One phrase for lists: `fail`, `crashed: signal 11`, `flaky`.
  public var summaryReason: String {
    if isFlaky { return "flaky: attempts disagree" }
    guard let message = representative.message, !message.isEmpty else { return status.rawValue }
    // Split the scalars: "\r\n" is one Character, and a reason must stay on one line of a
    // known-failures file.
    let firstLine = message.unicodeScalars.split { $0 == "\n" || $0 == "\r" }.first.map { String(Substring($0)) } ?? message
    return "\(status.rawValue): \(firstLine.prefix(120))"
  }
}

/// A whole run, case by case, with the counts and the verdict every report shares.
public struct RunSummary: Sendable {
  public var header: ResultHeader
  public var footer: ResultFooter?
  /// One outcome per case id, in the order the cases first appeared.
  public var outcomes: [CaseOutcome]
  public var warnings: [String]

  public init(header: ResultHeader, results: [CaseResult], footer: ResultFooter?, knownFailures: KnownFailures? = nil, warnings: [String] = []) {
    self.header = header
    self.footer = footer
    self.warnings = warnings
    var order: [String] = []
    var byID: [String: CaseOutcome] = [:]
    for result in results {
      if byID[result.id] == nil {
        order.append(result.id)
        byID[result.id] = CaseOutcome(id: result.id, suite: result.suite, attempts: [], knownFailure: knownFailures?.entries[result.id])
      }
      byID[result.id]!.attempts.append(result)
    }
    outcomes = order.map { byID[$0]! }
  }

  public init(file: ResultsFile, knownFailures: KnownFailures? = nil) {
    self.init(header: file.header, results: file.results, footer: file.footer, knownFailures: knownFailures, warnings: file.warnings)
  }

  public struct Counts: Sendable, Equatable {
    public var passed = 0
    public var failed = 0
    /// error, crashed, timeout, protocol-error, not-run.
    public var errored = 0
    public var skipped = 0
    public var unsupported = 0
    public var flaky = 0
    /// Failing cases excused by the known-failures list.
    public var known = 0
    /// Listed as known failures but passing.
    public var stale = 0

    public init() {}
  }

  public var counts: Counts {
    var counts = Counts()
    for outcome in outcomes {
      if outcome.isStaleKnownFailure { counts.stale += 1 }
      if outcome.knownFailure != nil, outcome.isFailing {
        counts.known += 1
        continue
      }
      if outcome.isFlaky {
        counts.flaky += 1
        continue
      }
      switch outcome.status {
      case .pass: counts.passed += 1
      case .fail: counts.failed += 1
      case .skipped: counts.skipped += 1
      case .unsupported: counts.unsupported += 1
      case .errored, .crashed, .timeout, .protocolError, .notRun: counts.errored += 1
      }
    }
    return counts
  }

  /// The closing line: `N passed, N failed`, then whatever else is not zero.
  public var closingLine: String {
    let counts = counts
    var parts = ["\(counts.passed) passed", "\(counts.failed) failed"]
    if counts.errored > 0 { parts.append("\(counts.errored) errored") }
    if counts.flaky > 0 { parts.append("\(counts.flaky) flaky") }
    if counts.skipped > 0 { parts.append("\(counts.skipped) skipped") }
    if counts.unsupported > 0 { parts.append("\(counts.unsupported) unsupported") }
    if counts.known > 0 { parts.append("\(counts.known) known \(counts.known == 1 ? "failure" : "failures")") }
    if counts.stale > 0 { parts.append("\(counts.stale) stale known \(counts.stale == 1 ? "failure" : "failures")") }
    return parts.joined(separator: ", ")
  }

  /// Whether the run finished (it has a footer and was not interrupted).
  public var isComplete: Bool { footer != nil && footer?.interrupted == nil }

  /// 0 when every case conforms (known failures aside), 1 when any does not or the list is
  /// stale, 2 when the run is incomplete and nothing failed.
  public var exitStatus: ExitStatus {
    if outcomes.contains(where: { $0.failsWithoutExcuse || $0.isStaleKnownFailure }) { return .differences }
    return isComplete ? .success : .couldNotRun
  }

  /// The outcomes a person must look at: failing without excuse, stale, or flaky, grouped by suite.
  public var problems: [CaseOutcome] {
    outcomes.filter { $0.failsWithoutExcuse || $0.isStaleKnownFailure }
  }
}
