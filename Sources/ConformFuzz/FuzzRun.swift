import ConformFixtures
import ConformHarness
import ConformResults
import Foundation

/// One `Harness.run` kept for many batches of a search, so the implementation starts once: the
/// workers take each batch from it as their `CaseSource` (`take` waits for the next batch), and
/// their records come back to it in memory as its `RunObserver`, with no results file read back.
///
/// A batch in which the implementation was restarted (a crash, a hang, a broken answer) is the
/// run's last: the harness settles that batch as it settles any run (the cases in flight replayed
/// alone, blame exact, a fault that did not recur pinned on them), and the next batch starts a
/// fresh run with the whole restart allowance, as each batch had before.
final class FuzzRun: CaseSource, RunObserver, @unchecked Sendable {
  /// The run's suites (the hello lists them).
  let suites: [String]
  let plannedCount: Int
  /// The restarts the batch being run allows (one that cost a restart is the run's last, so
  /// none were used before it).
  private var allowance: Int
  private let condition = NSCondition()
  /// The batch being run: its table, its attempts, the next one to hand out.
  private var table: CaseTable?
  /// The batch before it and its attempts, kept until the next `send`: the workers' records of
  /// it are reset while the next batch runs, and a table freed there (tens of thousands of cases)
  /// held up the reading of answers; freed at the next `send`, it goes on the search's thread.
  private var retired: (table: CaseTable?, attempts: [TableAttempt]) = (nil, [])
  private var attempts: [TableAttempt] = []
  private var next = 0
  /// Of the batch: which attempts are recorded, how many, and the results that are not passes.
  private var seen: [Bool] = []
  private var recordedCount = 0
  private var problems: [Int: CaseResult] = [:]
  /// Whether the implementation was restarted during the batch.
  private var restarted = false
  /// No batch comes after the one being run: `take` stops waiting, the workers finish.
  private var closing = false
  /// The threads whose last `take` got attempts. A worker's writer takes again before it sends
  /// what it got, so that call must not wait: it gets what is there, perhaps nothing.
  private var holding: Set<ObjectIdentifier> = []
  /// Counts the faults recorded (a crash, a hang, a broken answer): a writer waiting in `take`
  /// for the next batch stops waiting, so its failed session can end at once.
  private var faults = 0
  /// The longest `take` waits, in seconds: a fault that records nothing at once (a crash with
  /// several cases in flight) ends its session no later than this.
  static let longestWait = 0.25
  private var ended: Result<HarnessOutcome, ConformError>?

  /// Starts the run on its own thread; the implementation starts and answers its hello there.
  init(suites: [String], plannedCount: Int, plan: (FuzzRun) -> HarnessPlan) {
    self.suites = suites
    self.plannedCount = plannedCount
    allowance = 0
    let harnessPlan = plan(self)
    let thread = Thread { [self] in
      let outcome: Result<HarnessOutcome, ConformError>
      do throws(ConformError) {
        outcome = .success(try Harness.run(harnessPlan))
      } catch {
        outcome = .failure(error)
      }
      condition.lock()
      ended = outcome
      closing = true
      condition.broadcast()
      condition.unlock()
    }
    thread.name = "conform fuzz run"
    thread.start()
  }

  /// Whether the run can take another batch, of cases of `suites`.
  func accepts(suites wanted: Set<String>) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    return !closing && wanted.isSubset(of: suites)
  }

  /// Hands `table`'s cases to the workers, with `maxRestarts` restarts allowed for them.
  func send(_ table: CaseTable, maxRestarts: Int) {
    condition.lock()
    let freed = retired
    retired = (self.table, attempts)
    self.table = table
    allowance = maxRestarts
    attempts = (0..<table.count).map { TableAttempt(table: table, attempt: Attempt(caseIndex: Int32($0), number: 0)) }
    next = 0
    seen = Array(repeating: false, count: table.count)
    recordedCount = 0
    problems = [:]
    restarted = false
    condition.broadcast()
    condition.unlock()
    // The batch two sends old is freed here, outside the lock, on this thread.
    withExtendedLifetime(freed) {}
  }

  /// What the batch came to: the results that are not passes, by index in the batch, once every
  /// case is recorded; with the run's outcome when the run ended (a restart in the batch, a
  /// signal, an implementation that could not start).
  func results() -> (problems: [Int: CaseResult], ended: Result<HarnessOutcome, ConformError>?) {
    condition.lock()
    defer { condition.unlock() }
    while ended == nil && (restarted || recordedCount < attempts.count) {
      condition.wait()
    }
    return (problems, ended)
  }

  /// No more batches: the implementation's input is closed once the batch is done; returns the
  /// run's outcome once it ended.
  @discardableResult
  func close() -> Result<HarnessOutcome, ConformError> {
    condition.lock()
    defer { condition.unlock() }
    closing = true
    condition.broadcast()
    while ended == nil { condition.wait() }
    return ended!
  }

  // MARK: - CaseSource

  /// Up to `count` attempts of the batch; waits for the next batch when this one is all taken,
  /// unless the caller may hold attempts it has not sent (`holding`) or the run is closing.
  func take(_ count: Int) -> [TableAttempt] {
    let taker = ObjectIdentifier(Thread.current)
    condition.lock()
    defer { condition.unlock() }
    if holding.remove(taker) == nil {
      let seen = faults
      let deadline = Date(timeIntervalSinceNow: Self.longestWait)
      while next == attempts.count && !closing && faults == seen {
        if !condition.wait(until: deadline) { break }
      }
    }
    let end = next + min(count, attempts.count - next)
    defer { next = end }
    if end > next { holding.insert(taker) }
    return Array(attempts[next..<end])
  }

  var isEmpty: Bool {
    condition.lock()
    defer { condition.unlock() }
    return closing && next == attempts.count
  }

  func drain() -> [TableAttempt] {
    condition.lock()
    closing = true
    condition.broadcast()
    condition.unlock()
    return take(Int.max)
  }

  // MARK: - RunObserver

  func recorded(_ items: [(item: TableAttempt, result: CaseResult?)]) {
    condition.lock()
    defer { condition.unlock() }
    var wake = false
    for (item, result) in items {
      if let result, Self.isFault(result) {
        faults += 1
        wake = true
      }
      guard item.table === table, !seen[item.index] else { continue }
      seen[item.index] = true
      recordedCount += 1
      if let result { problems[item.index] = result }
    }
    if wake || recordedCount == attempts.count { condition.broadcast() }
  }

  func amended(_ item: TableAttempt, _ result: CaseResult) {
    condition.lock()
    if item.table === table { problems[item.index] = result }
    if Self.isFault(result) {
      faults += 1
      condition.broadcast()
    }
    condition.unlock()
  }

  private static func isFault(_ result: CaseResult) -> Bool {
    [.crashed, .timeout, .protocolError].contains(result.status)
  }

  var restartLimit: Int? {
    condition.lock()
    defer { condition.unlock() }
    return allowance
  }

  func restarting() {
    condition.lock()
    restarted = true
    closing = true
    condition.broadcast()
    condition.unlock()
  }
}
