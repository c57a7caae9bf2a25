import ConformResults

/// A live run's summary, built as results arrive, in memory that does not grow with the number
/// of cases: every case is counted by suite, and only the outcomes a report lists are kept (the
/// problems, up to `keepLimit`, and every case on the known-failures list).
///
/// A case's outcome needs all its attempts. With one attempt per case (the usual run, and every
/// generated run) a result settles its case at once, and a pass costs an increment. With
/// `--repeat N`, every attempt is logged (32 bytes for a pass) and cases are settled at the end.
struct RunTally {
  /// Problems kept in full by default; past it they are counted (the results file has them all).
  static let defaultKeepLimit = 1000

  let suites: [String]
  let repeats: Int
  let knownFailures: [String: KnownFailures.Entry]
  let keepLimit: Int
  /// Attempts per status, in `CaseStatus.allCases` order (the footer's totals).
  private(set) var attempts = [Int64](repeating: 0, count: CaseStatus.allCases.count)
  private(set) var recorded = 0
  /// Attempts recorded with a status that fails the gate (`--stop-after` counts them).
  private(set) var failedAttempts = 0
  private var unlisted: [RunSummary.Unlisted]
  private var kept: [(ordinal: Int, outcome: CaseOutcome)] = []
  private var keptProblems = 0

  // `--repeat`: every attempt in arrival order, and the results that are not passes.
  private struct Logged {
    var item: TableAttempt
    var microseconds: Int64
    /// Index into `others`, or -1 for a pass.
    var other: Int32
  }
  private var log: [Logged] = []
  private var others: [CaseResult] = []

  init(suites: [String], repeats: Int, knownFailures: KnownFailures?, keepLimit: Int = defaultKeepLimit) {
    self.suites = suites
    self.repeats = repeats
    self.knownFailures = knownFailures?.entries ?? [:]
    self.keepLimit = keepLimit
    unlisted = Array(repeating: RunSummary.Unlisted(), count: suites.count)
  }

  /// An attempt that passed: the hot path, where no `CaseResult` is made unless the case is listed.
  mutating func pass(_ item: TableAttempt, microseconds: Int64) {
    attempts[CaseStatus.pass.slot] += 1
    recorded += 1
    if repeats > 1 {
      log(item, other: -1, microseconds: microseconds)
    } else if !knownFailures.isEmpty, knownFailures[item.id] != nil {
      settle([Self.passResult(item, microseconds: microseconds)], of: item)
    } else {
      unlisted[item.suiteSlot].cases += 1
      unlisted[item.suiteSlot].counts.passed += 1
    }
  }

  /// Any other result.
  mutating func record(_ result: CaseResult, of item: TableAttempt) {
    let result = result.keptForReport()
    attempts[result.status.slot] += 1
    recorded += 1
    if result.status.failsGate { failedAttempts += 1 }
    if repeats > 1 {
      others.append(result)
      log(item, other: Int32(others.count - 1), microseconds: result.microseconds ?? 0)
    } else {
      settle([result], of: item)
    }
  }

  /// Replaces the record of an attempt already counted, when a later line shows its answer cannot
  /// be trusted (the implementation answered its `seq` a second time).
  ///
  /// The earlier record is found among the kept outcomes, else it was a pass only counted (a
  /// problem only counted, past `keepLimit`, is not told apart: it is taken for a pass).
  mutating func amend(_ result: CaseResult, of item: TableAttempt) {
    let result = result.keptForReport()
    attempts[result.status.slot] += 1
    if result.status.failsGate { failedAttempts += 1 }
    if repeats > 1 {
      let number = item.attempt.number
      guard let index = self.log.lastIndex(where: { $0.item.ordinal == item.ordinal && $0.item.attempt.number == number })
      else {
        attempts[result.status.slot] -= 1
        record(result, of: item)
        return
      }
      let old = log[index].other
      attempts[old < 0 ? CaseStatus.pass.slot : others[Int(old)].status.slot] -= 1
      others.append(result)
      log[index].other = Int32(others.count - 1)
      return
    }
    if let index = kept.firstIndex(where: { $0.outcome.id == item.id }) {
      let old = kept.remove(at: index).outcome
      attempts[old.status.slot] -= 1
      if old.failsWithoutExcuse || old.isStaleKnownFailure { keptProblems -= 1 }
    } else {
      attempts[CaseStatus.pass.slot] -= 1
      unlisted[item.suiteSlot].cases -= 1
      unlisted[item.suiteSlot].counts.passed -= 1
    }
    settle([result], of: item)
  }

  /// Settles the cases still open (`--repeat`); the outcomes kept, in run order, and the cases
  /// only counted, by suite.
  mutating func finish() -> (outcomes: [CaseOutcome], unlisted: [String: RunSummary.Unlisted]) {
    if !log.isEmpty { settleLog() }
    kept.sort { $0.ordinal < $1.ordinal }
    var bySuite: [String: RunSummary.Unlisted] = [:]
    for (slot, part) in unlisted.enumerated() where part.cases > 0 { bySuite[suites[slot]] = part }
    return (kept.map(\.outcome), bySuite)
  }

  private mutating func log(_ item: TableAttempt, other: Int32, microseconds: Int64) {
    log.append(Logged(item: item, microseconds: microseconds, other: other))
  }

  /// Settles every logged case: those with only passes are counted, the rest made outcomes.
  private mutating func settleLog() {
    var listed = Set<Int>()
    for entry in log where entry.other >= 0 || !knownFailures.isEmpty && knownFailures[entry.item.id] != nil {
      listed.insert(entry.item.ordinal)
    }
    var counted = Set<Int>()
    var attemptsOf: [Int: (item: TableAttempt, results: [CaseResult])] = [:]
    for entry in log {
      let ordinal = entry.item.ordinal
      if listed.contains(ordinal) {
        let result = entry.other >= 0 ? others[Int(entry.other)] : Self.passResult(entry.item, microseconds: entry.microseconds)
        attemptsOf[ordinal, default: (entry.item, [])].results.append(result)
      } else if counted.insert(ordinal).inserted {
        unlisted[entry.item.suiteSlot].cases += 1
        unlisted[entry.item.suiteSlot].counts.passed += 1
      }
    }
    for (item, results) in attemptsOf.values { settle(results, of: item) }
    log = []
    others = []
  }

  /// Keeps the case's outcome if a report lists it and there is room, else counts it.
  private mutating func settle(_ results: [CaseResult], of item: TableAttempt) {
    let fixture = item.fixture
    let outcome = CaseOutcome(id: fixture.id, suite: fixture.suite, attempts: results, knownFailure: knownFailures[fixture.id])
    let isProblem = outcome.failsWithoutExcuse || outcome.isStaleKnownFailure
    if outcome.knownFailure != nil || (isProblem && keptProblems < keepLimit) {
      if isProblem { keptProblems += 1 }
      kept.append((item.ordinal, outcome))
    } else {
      unlisted[item.suiteSlot].add(outcome)
    }
  }

  /// The record of a pass, as the results file has it.
  static func passResult(_ item: TableAttempt, microseconds: Int64) -> CaseResult {
    let fixture = item.fixture
    return CaseResult(
      id: fixture.id, suite: fixture.suite, status: .pass, attempt: Int64(item.attempt.number), microseconds: microseconds)
  }
}
