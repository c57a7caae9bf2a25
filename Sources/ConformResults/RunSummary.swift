import ConformFixtures

/// Everything that happened to one case over all its attempts, and what it means for the gate.
public struct CaseOutcome: Sendable {
  public var id: String
  public var suite: String
  /// Every attempt, in order.
  public var attempts: [CaseResult]
  /// Set when the case is on the known-failures list.
  public var knownFailure: KnownFailures.Entry?

  package init(id: String, suite: String, attempts: [CaseResult], knownFailure: KnownFailures.Entry? = nil) {
    self.id = id
    self.suite = suite
    self.attempts = attempts
    self.knownFailure = knownFailure
  }

  /// The first attempt run that did not pass, else the first attempt run, else the first.
  public var representative: CaseResult {
    attempts.first { $0.status != .pass && $0.status != .notRun } ?? attempts.first { $0.status != .notRun } ?? attempts[0]
  }

  /// The case's status: the representative attempt's.
  public var status: CaseStatus { representative.status }
  /// The spec decisions the case exercises, from its representative attempt's record.
  public var decisions: [String] { representative.decisions }

  /// Attempts that ran disagreed (different statuses or different outputs): never a pass.
  public var isFlaky: Bool {
    guard attempts.count > 1 else { return false }  // most cases, and every case of a run without --repeat
    let ran = attempts.filter { $0.status != .notRun }
    guard let first = ran.first else { return false }
    return ran.dropFirst().contains { $0.status != first.status || $0.actual != first.actual || $0.cut != first.cut }
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
///
/// Built from a results file it holds every case. A live run's summary (`conform run`) holds
/// only the outcomes a report lists (problems, known failures) and counts the rest in
/// `unlisted`, so its memory does not grow with the number of cases; every count, the closing
/// line and the verdict are the same either way.
public struct RunSummary: Sendable {
  public var header: ResultHeader
  public var footer: ResultFooter?
  /// One outcome per case id, in the order the cases first appeared (a live run: only the
  /// cases a report lists, in fixture order).
  public var outcomes: [CaseOutcome]
  public var warnings: [String]
  /// Cases counted but not in `outcomes`, by suite: empty when `outcomes` holds every case.
  public var unlisted: [String: Unlisted] = [:]
  /// Whether this is the summary of one suite of a run (`bySuite`): the header's case count is
  /// the whole run's, so cases never reached are not counted here.
  package var isSuitePart = false
  /// `--require-suite` patterns given to `conform report`, beside those the run recorded.
  public var requiredSuites: [String] = []
  /// A merged run's shard files, by the case that did not pass (`ResultsFile.shardPaths`).
  package var shardPaths: [String: String] = [:]
  /// Team suites whose model is running (`--team-model DIR`), beside the built-in suites: the
  /// profile files their failures under the decision whose drift the model answers with.
  package var teamModels: [any Suite] = []

  /// Cases a live run counted without keeping their outcome: passes, skips, unsupported cases,
  /// and problems past the number a run keeps.
  public struct Unlisted: Sendable, Equatable {
    public var cases = 0
    public var counts = Counts()
    /// Of `cases`, those never run (also in `counts.notRun`).
    public var notRun = 0
    /// Of `cases`, those failing without excuse or stale: reports say how many were left out.
    public var problems = 0
    /// Those problems per spec decision their case lists: the profile weighs each decision by
    /// all of a run's problems, not only those kept (`DecisionProfile`).
    public var problemsPerDecision: [String: Int] = [:]

    public init() {}

    package mutating func add(_ outcome: CaseOutcome) {
      cases += 1
      counts.add(outcome)
      if outcome.status == .notRun { notRun += 1 }
      if outcome.failsWithoutExcuse || outcome.isStaleKnownFailure {
        problems += 1
        for decision in outcome.decisions { problemsPerDecision[decision, default: 0] += 1 }
      }
    }

    static func += (total: inout Unlisted, part: Unlisted) {
      total.cases += part.cases
      total.counts += part.counts
      total.notRun += part.notRun
      total.problems += part.problems
      total.problemsPerDecision.merge(part.problemsPerDecision, uniquingKeysWith: +)
    }
  }

  public init(
    header: ResultHeader, results: [CaseResult], footer: ResultFooter?, knownFailures: KnownFailures? = nil,
    warnings: [String] = []
  ) {
    self.header = header
    self.footer = footer
    self.warnings = warnings
    var order: [String] = []
    var byID: [String: CaseOutcome] = [:]
    for result in results {
      if byID[result.id] == nil {
        order.append(result.id)
        byID[result.id] = CaseOutcome(
          id: result.id, suite: result.suite, attempts: [], knownFailure: knownFailures?.entries[result.id])
      }
      byID[result.id]!.attempts.append(result)
    }
    outcomes = order.map { byID[$0]! }
  }

  /// A live run's summary: the outcomes kept and the cases only counted.
  package init(
    header: ResultHeader, footer: ResultFooter?, outcomes: [CaseOutcome], unlisted: [String: Unlisted],
    warnings: [String] = []
  ) {
    self.header = header
    self.footer = footer
    self.outcomes = outcomes
    self.unlisted = unlisted
    self.warnings = warnings
  }

  public init(file: ResultsFile, knownFailures: KnownFailures? = nil) {
    self.init(
      header: file.header, results: file.results, footer: file.footer, knownFailures: knownFailures, warnings: file.warnings)
    shardPaths = file.shardPaths
  }

  public struct Counts: Sendable, Equatable {
    public var passed = 0
    public var failed = 0
    /// error, crashed, timeout, protocol-error.
    public var errored = 0
    /// Never sent, or in flight when the run was interrupted: no verdict either way.
    public var notRun = 0
    public var skipped = 0
    public var unsupported = 0
    public var flaky = 0
    /// Failing cases excused by the known-failures list.
    public var known = 0
    /// Listed as known failures but passing.
    public var stale = 0

    public init() {}

    /// Counts one case.
    mutating func add(_ outcome: CaseOutcome) {
      if outcome.isStaleKnownFailure { stale += 1 }
      if outcome.knownFailure != nil, outcome.isFailing {
        known += 1
        return
      }
      if outcome.isFlaky {
        flaky += 1
        return
      }
      switch outcome.status {
      case .pass: passed += 1
      case .fail: failed += 1
      case .skipped: skipped += 1
      case .unsupported: unsupported += 1
      case .errored, .crashed, .timeout, .protocolError: errored += 1
      case .notRun: notRun += 1
      }
    }

    static func += (total: inout Counts, part: Counts) {
      total.passed += part.passed
      total.failed += part.failed
      total.errored += part.errored
      total.notRun += part.notRun
      total.skipped += part.skipped
      total.unsupported += part.unsupported
      total.flaky += part.flaky
      total.known += part.known
      total.stale += part.stale
    }
  }

  public var counts: Counts {
    var counts = Counts()
    for outcome in outcomes { counts.add(outcome) }
    for part in unlisted.values { counts += part.counts }
    return counts
  }

  /// Every case of the run, listed in `outcomes` or not.
  public var caseCount: Int { unlisted.values.reduce(outcomes.count) { $0 + $1.cases } }

  /// Cases never run (the run was interrupted or out of restarts), listed or not, and the cases
  /// of the run's fixtures it never reached (a generated run stops making them when interrupted).
  public var notRunCount: Int {
    unlisted.values.reduce(outcomes.count { $0.status == .notRun }) { $0 + $1.notRun } + unreachedCount
  }

  /// Cases of the run (the header's count) with no record at all.
  public var unreachedCount: Int { isSuitePart ? 0 : max(0, Int(header.fixtures.cases) - caseCount) }

  /// Cases that got a verdict: every case of the run but those not run.
  public var reachedCount: Int { Int(header.fixtures.cases) - notRunCount }

  /// Problems counted but not in `outcomes` (a live run keeps a bounded number of them).
  public var unlistedProblems: Int { unlisted.values.reduce(0) { $0 + $1.problems } }

  /// Every problem, listed in `problems` or not.
  public var problemCount: Int { problems.count + unlistedProblems }

  /// The closing line: `N passed, N failed`, then whatever else is not zero (the unsupported
  /// count with the suites' names: `11853 unsupported (draw-freshness restart-prompt)`), then, for a run
  /// that did not finish, how far it got (`: interrupted after 60461 of 473202 cases`).
  public var closingLine: String {
    let counts = counts
    var parts = ["\(counts.passed) passed", "\(counts.failed) failed"]
    if counts.errored > 0 { parts.append("\(counts.errored) errored") }
    if counts.flaky > 0 { parts.append("\(counts.flaky) flaky") }
    if counts.skipped > 0 { parts.append("\(counts.skipped) skipped") }
    if counts.unsupported > 0 {
      // The suites named without commas, so the line still splits into its counts at ", ".
      let names = isSuitePart ? "" : " (" + unsupportedSuites.map(\.name).joined(separator: " ") + ")"
      parts.append("\(counts.unsupported) unsupported\(names)")
    }
    if counts.known > 0 { parts.append("\(counts.known) known \(Plural.noun(counts.known, "failure"))") }
    if counts.stale > 0 { parts.append("\(counts.stale) stale known \(Plural.noun(counts.stale, "failure"))") }
    let notRun = notRunCount
    if notRun > 0 { parts.append("\(notRun) not run") }
    var line = parts.joined(separator: ", ")
    if notRun > 0, !isSuitePart, let stop = stopReason {
      line += ": \(stop.rawValue) after \(reachedCount) of \(Plural.count(header.fixtures.cases, "case"))"
    } else if checksNothing {
      line += ": nothing was checked" + (allowsEmpty ? " (allowed by --allow-empty)" : " (every case was skipped or unsupported)")
    }
    return line
  }

  /// A finished run in which no case got a verdict: every one was skipped or unsupported (an
  /// implementation that declares no suite passes nothing). It fails the gate unless the run
  /// was given `--allow-empty`.
  public var checksNothing: Bool {
    guard stopReason == nil, !isSuitePart else { return false }
    let counts = counts
    return counts.passed + counts.failed + counts.errored + counts.flaky + counts.known + counts.stale == 0
  }

  /// Suites the implementation does not support, each with its number of cases, in code point
  /// order: counted, never listed case by case.
  public var unsupportedSuites: [(name: String, cases: Int)] {
    var perSuite: [String: Int] = [:]
    for outcome in outcomes where outcome.status == .unsupported { perSuite[outcome.suite, default: 0] += 1 }
    for (name, part) in unlisted where part.counts.unsupported > 0 { perSuite[name, default: 0] += part.counts.unsupported }
    return perSuite.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { ($0.key, $0.value) }
  }

  /// `--require-suite` patterns: those the run was given (its header records them), then those
  /// `conform report` adds.
  var requiredSuitePatterns: [String] {
    var patterns = header.options["requireSuites"]?.arrayValue?.compactMap(\.stringValue) ?? []
    for pattern in requiredSuites where !patterns.contains(pattern) { patterns.append(pattern) }
    return patterns
  }

  /// The `--require-suite` pattern that asks for `suite`, if any.
  package func requiredGlob(matching suite: String) -> String? {
    requiredSuitePatterns.first { Glob($0).matches(suite) }
  }

  /// Why each `--require-suite` pattern is not met: it matches no suite of the run, or a suite the
  /// implementation does not support. Empty when every required suite ran (or for one suite's part).
  public var missingRequiredSuites: [String] {
    guard !isSuitePart else { return [] }
    var suites = Set(outcomes.map(\.suite))
    suites.formUnion(unlisted.keys)
    let unsupported = Dictionary(uniqueKeysWithValues: unsupportedSuites.map { ($0.name, $0.cases) })
    var messages: [String] = []
    for pattern in requiredSuitePatterns {
      let glob = Glob(pattern)
      let matching = suites.filter(glob.matches).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      if matching.isEmpty {
        let names = suites.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.joined(separator: ", ")
        messages.append("--require-suite \(pattern): no suite of this run matches it (it ran \(names.isEmpty ? "none" : names))")
      }
      for suite in matching {
        guard let count = unsupported[suite] else { continue }
        let cases = Plural.count(count, "case")
        messages.append(
          "--require-suite \(pattern): the implementation does not support the suite \(suite) (\(cases) unsupported)")
      }
    }
    return messages
  }

  /// Whether the run was given `--allow-empty` (its header records it).
  var allowsEmpty: Bool { header.options["allowEmpty"] == true }

  /// Why a run left cases without a verdict.
  package enum StopReason: String {
    /// By SIGINT or SIGTERM.
    case interrupted
    /// By the run itself: `--max-restarts` used up, or `--stop-after` failures reached.
    case stopped
    /// The results file has no footer: the run was killed.
    case cutShort = "cut short"
  }

  /// Why the run did not reach every case; nil for a run that did.
  package var stopReason: StopReason? {
    guard notRunCount > 0 || !isComplete else { return nil }
    if footer?.interrupted != nil { return .interrupted }
    return footer == nil ? .cutShort : .stopped
  }

  /// Whether the run finished (it has a footer and was not interrupted).
  public var isComplete: Bool { footer != nil && footer?.interrupted == nil }

  /// 0 when every case conforms (known failures aside); 1 when any does not, the list is stale,
  /// or the implementation failed so often that the run stopped (`--max-restarts`) with cases
  /// not run; 2 when nothing failed but the run is incomplete (interrupted, or cut short).
  public var exitStatus: ExitStatus {
    if unlistedProblems > 0 || outcomes.contains(where: { $0.failsWithoutExcuse || $0.isStaleKnownFailure }) {
      return .differences
    }
    if stopReason == .stopped || checksNothing && !allowsEmpty || !missingRequiredSuites.isEmpty { return .differences }
    return stopReason == nil ? .success : .couldNotRun
  }

  /// The outcomes a person must look at: failing without excuse, stale, or flaky. A case not
  /// run is none of these: the closing line counts it, and the exit status says the run is incomplete.
  public var problems: [CaseOutcome] {
    outcomes.filter { $0.failsWithoutExcuse || $0.isStaleKnownFailure }
  }
}
