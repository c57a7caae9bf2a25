import ConformFixtures
import ConformJSON
import ConformPlatform
import ConformProtocol
import ConformResults
import Foundation

/// How the harness runs an implementation (everything but the cases).
///
/// Each setting has its default here, which `conform run --help` states: an option the harness
/// reads is one property here and one declaration in `RunOptions.tables`, which reads it by key
/// path (`\.harness.jobs`).
package struct HarnessSettings: Sendable {
  /// The program and its arguments.
  package var command: [String] = []
  /// `KEY=VALUE` pairs: exactly the implementation's environment.
  package var environment: [String] = []
  /// Processes run side by side, each streaming its share (`--jobs`).
  package var jobs = 1
  /// Requests in flight per process, at most (`--window`).
  package var window = 1024
  /// Per-case timeout, from writing the request, in seconds (`--timeout`).
  package var timeout = 10.0
  /// Restarts in a row without progress (`--max-restarts`).
  package var maxRestarts = 10
  /// `--stop-after N`: the run stops once N attempts have failed (the rest are not run).
  package var stopAfter: Int? = nil
  /// Where the harness's notes go (the command line's: stderr); nowhere until it is given.
  package var diagnostics = Diagnostics { _ in }
  /// Where the progress bar draws (the command line's: stderr, on a terminal).
  package var progress = ProgressOutput.none
  /// How the executable stops the run on a signal (a handle nothing signals: it is not stopped).
  package var stop = StopHandle()
  /// The waits of a process's teardown.
  var timeouts = HarnessTimeouts.standard

  /// Every setting at its default.
  package init() {}

  package init(
    command: [String], environment: [String], jobs: Int, window: Int, timeout: Double, maxRestarts: Int,
    stopAfter: Int? = nil, diagnostics: Diagnostics, progress: ProgressOutput = .none
  ) {
    self.diagnostics = diagnostics
    self.progress = progress
    self.command = command
    self.environment = environment
    self.jobs = jobs
    self.window = window
    self.timeout = timeout
    self.maxRestarts = maxRestarts
    self.stopAfter = stopAfter
  }

  var timeoutNanoseconds: UInt64 { UInt64(timeout * 1e9) }

  /// How long the implementation has to start and answer the hello, in milliseconds.
  var handshakeMilliseconds: Int { max(Int(timeout * 1000), 10_000) }

  /// How `--timeout` reads in messages: `1 s`, `0.5 s`.
  var timeoutText: String {
    timeout == timeout.rounded() ? "\(Int(timeout)) s" : "\(timeout) s"
  }
}

/// What every worker shares during a run.
final class RunContext: Sendable {
  /// The suites of the run: `CaseTable.suiteOfCase` indexes them.
  let suites: [String]
  let settings: HarnessSettings
  let hello: HarnessHello
  let source: any CaseSource
  /// Where a case's decisions come from when its line lists none (`decisions(of:)`).
  let catalogue: any SuiteCatalogue
  /// Set once the results file is open (after the first handshakes).
  private let records = Locked<RunRecords?>(nil)
  /// Told when the run starts stopping: each worker wakes its waiting threads.
  private let stopHandlers = Locked<[@Sendable () -> Void]>([])
  /// Signalled when the run starts stopping: a handshake stops waiting for its hello.
  let stopPipe: WakePipe
  /// Told of every record and restart, as they happen (a fuzz search that keeps one process).
  let observer: (any RunObserver)?
  /// The restarts taken, the restarts in a row without progress (now, and the most), and whether
  /// one was refused past `--max-restarts`.
  private let restartsUsed = Locked(RestartCount())
  private let restartReasons = Locked(RestartTally())
  /// The signal that stops the run (SIGINT or SIGTERM), `failureLimit`, or 0.
  private let stopSignal = Locked<Int32>(0)

  /// In place of a signal: the run stopped because `--stop-after` failures were recorded.
  static let failureLimit: Int32 = -1

  init(
    suites: [String], settings: HarnessSettings, hello: HarnessHello, source: any CaseSource,
    catalogue: any SuiteCatalogue, observer: (any RunObserver)? = nil
  ) throws(ConformError) {
    stopPipe = try WakePipe.opened()
    self.suites = suites
    self.settings = settings
    self.hello = hello
    self.source = source
    self.catalogue = catalogue
    self.observer = observer
  }

  func attach(_ results: ResultsWriter) { records.withLock { $0 = RunRecords(file: results, observer: observer) } }

  /// Where results are recorded (once `attach` has been called).
  var results: RunRecords { records.withLock { $0! } }

  /// Runs `handler` when the run starts stopping.
  func onStop(_ handler: @escaping @Sendable () -> Void) { stopHandlers.withLock { $0.append(handler) } }

  /// Takes one restart: free after `progress` (the process answered a case since it started),
  /// else one from the run's allowance, which counts restarts in a row without progress; false
  /// when `--max-restarts` of them are spent.
  func claimRestart(after progress: SessionRules.Progress) -> Bool {
    let limit = observer?.restartLimit ?? settings.maxRestarts
    let claimed = restartsUsed.withLock { $0.claim(after: progress, limit: limit) }
    if claimed { observer?.restarting() }
    return claimed
  }

  var restarts: Int { restartsUsed.withLock { $0.count } }

  /// The most restarts in a row without progress the run took.
  var longestStreak: Int { restartsUsed.withLock { $0.longestStreak } }

  /// Adds a worker's restarts, by reason, once it is done.
  func add(_ tally: RestartTally) { restartReasons.withLock { $0 = $0 + tally } }

  /// The restarts of the workers done so far, by reason.
  var restartTally: RestartTally { restartReasons.withLock { $0 } }

  /// Whether a worker needed a restart past `--max-restarts`.
  var restartLimitReached: Bool { restartsUsed.withLock { $0.limitReached } }

  /// The run's restarts, counted against `--max-restarts` only while none of them makes progress.
  struct RestartCount: Equatable {
    /// Every restart taken.
    var count = 0
    /// Restarts in a row, up to now, after a process that answered nothing since its start.
    var streak = 0
    /// The longest such streak.
    var longestStreak = 0
    /// A restart was refused.
    var limitReached = false

    /// Takes a restart after `progress`: one without it is refused once `limit` of them came in
    /// a row; one with it is always taken and ends the streak.
    mutating func claim(after progress: SessionRules.Progress, limit: Int) -> Bool {
      switch progress {
      case .answered:
        streak = 0
      case .none:
        guard streak < limit else {
          limitReached = true
          return false
        }
        streak += 1
        longestStreak = max(longestStreak, streak)
      }
      count += 1
      return true
    }
  }

  var stoppedBy: Int32 { stopSignal.withLock { $0 } }

  func stop(signal: Int32) {
    let first = stopSignal.withLock { stopped -> Bool in
      guard stopped == 0 else { return false }
      stopped = signal
      return true
    }
    guard first else { return }
    stopPipe.signal()
    for handler in stopHandlers.withLock({ $0 }) { handler() }
  }

  var isStopping: Bool { stoppedBy != 0 }

  /// The record of an attempt that got no answer.
  func unanswered(
    _ item: TableAttempt, _ status: CaseStatus, message: String, stderr: String? = nil
  ) -> (result: CaseResult, item: TableAttempt) {
    let fixture = item.fixture
    var result = CaseResult(
      id: fixture.id, suite: fixture.suite, status: status, attempt: Int64(item.attempt.number), microseconds: nil,
      actual: nil, expected: fixture.expected, note: fixture.note, input: fixture.input, tags: fixture.tags, message: message,
      stderrTail: stderr)
    result.decisions = decisions(of: fixture)
    result.varies = fixture.varies
    return (result, item)
  }

  /// The record of an answered attempt: the answer compared with the fixture, exactly but for
  /// the members its `varies` lets take other values.
  func answered(_ item: TableAttempt, _ payload: Answer.Payload, microseconds: Int64) -> CaseResult {
    let fixture = item.fixture
    var result = CaseResult(
      id: fixture.id, suite: fixture.suite, status: .pass, attempt: Int64(item.attempt.number), microseconds: microseconds)
    switch payload {
    case .result(let output):
      // The expected output, or (a nondeterministic output) it but for members that vary.
      if fixture.accepts(output) { return result }
      result.status = .fail
      result.actual = output
    case .skipped(let reason):
      result.status = .skipped
      result.message = reason
    case .error(let message):
      result.status = .errored
      result.message = message
    }
    result.expected = fixture.expected
    result.note = fixture.note
    result.input = fixture.input
    result.tags = fixture.tags
    result.decisions = decisions(of: fixture)
    result.varies = fixture.varies
    return result
  }

  /// The case's decisions: its line's, or, for a generated run's case (whose lines leave them
  /// out, `GeneratorOptions.listsDecisions`), its suite's model's, from the run's catalogue.
  func decisions(of fixture: FixtureCase) -> [String] {
    guard fixture.decisions.isEmpty, let suite = catalogue.suite(named: fixture.suite) else { return fixture.decisions }
    return (try? suite.decisions(for: fixture.input).map { Decision.id(suite: suite.name, number: $0) }) ?? []
  }
}

/// Sees a run's records as the workers make them, and its restarts: a caller that hands a run
/// more cases as it goes reads their outcomes here, not from the results file.
package protocol RunObserver: AnyObject, Sendable {
  /// Attempts recorded: each with its result, nil for a pass.
  func recorded(_ items: [(item: TableAttempt, result: CaseResult?)])
  /// An attempt's record replaced (a fault pinned on it after its answer).
  func amended(_ item: TableAttempt, _ result: CaseResult)
  /// A worker is about to restart the implementation.
  func restarting()
  /// The restarts the run allows now, in place of `--max-restarts` (nil: that).
  var restartLimit: Int? { get }
}

/// Where the workers record results: the results file, and the run's observer if it has one.
final class RunRecords: Sendable {
  let file: ResultsWriter
  let observer: (any RunObserver)?

  init(file: ResultsWriter, observer: (any RunObserver)?) {
    self.file = file
    self.observer = observer
  }

  func append(_ batch: ResultBatch) {
    file.append(batch)
    observer?.recorded(batch.entries.map { ($0.item, $0.other < 0 ? nil : batch.others[Int($0.other)]) })
  }

  func append(contentsOf results: [(result: CaseResult, item: TableAttempt)]) {
    file.append(contentsOf: results)
    observer?.recorded(results.map { ($0.item, $0.result.status == .pass ? nil : $0.result) })
  }

  func amend(_ result: CaseResult, of item: TableAttempt) {
    file.amend(result, of: item)
    observer?.amended(item, result)
  }
}
