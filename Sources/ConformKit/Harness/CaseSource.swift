import Foundation

/// An attempt and the table that holds its case: what a worker sends, retries and records.
struct TableAttempt: Sendable {
  let table: CaseTable
  let attempt: Attempt

  var index: Int { Int(attempt.caseIndex) }
  var fixture: FixtureCase { table.fixtures[index] }
  /// The case's suite, as an index into the run's suites.
  var suiteSlot: Int { Int(table.suiteOfCase[index]) }
  /// The case's position in the run, which orders the outcomes a summary keeps.
  var ordinal: Int { table.base + index }
}

/// Where a run's attempts come from, shared by every worker: each takes a batch when its
/// window has room, so a slow suite on one worker never leaves another idle.
protocol CaseSource: AnyObject, Sendable {
  /// The attempts the run will make (for the header and the progress bar).
  var plannedCount: Int { get }
  /// Up to `count` attempts, in send order; empty once every attempt is taken. May take time
  /// (a generated source makes the cases): never call it holding a lock others wait on.
  func take(_ count: Int) -> [TableAttempt]
  /// Whether every attempt has been taken.
  var isEmpty: Bool { get }
  /// The attempts not taken, to be recorded as not run; empties the source. A generated source
  /// returns none: making cases only to record them unsent is not worth the time.
  func drain() -> [TableAttempt]
}

/// The attempts of a fixture set, all made before the run: every case once per round
/// (`--repeat`), shuffled with `--shuffle`.
final class PlannedAttempts: CaseSource, @unchecked Sendable {
  let table: CaseTable
  private let lock = NSLock()
  private let attempts: [Attempt]
  private var next = 0

  init(table: CaseTable, attempts: [Attempt]) {
    self.table = table
    self.attempts = attempts
  }

  var plannedCount: Int { attempts.count }

  func take(_ count: Int) -> [TableAttempt] {
    lock.lock()
    let end = next + min(count, attempts.count - next)
    let batch = attempts[next..<end]
    next = end
    lock.unlock()
    return batch.map { TableAttempt(table: table, attempt: $0) }
  }

  var isEmpty: Bool {
    lock.lock()
    defer { lock.unlock() }
    return next == attempts.count
  }

  func drain() -> [TableAttempt] { take(Int.max) }
}

/// A suite's generated cases (`conform run --generate`), made a batch at a time as workers take
/// them, their expected outputs from the reference model: a search of millions of cases runs
/// with no fixture file and in memory that does not grow with it.
///
/// Drafts are taken in order under a lock (the cheap part); the model's outputs and the encoded
/// requests are made outside it by the worker's thread that took them, so `--jobs 2` generates
/// on two threads.
final class GeneratedCases: CaseSource, @unchecked Sendable {
  let suite: any Suite
  let plannedCount: Int
  private let suites: [String]
  private let lock = NSLock()
  private var drafts: AnyIterator<CaseDraft>
  private var made = 0
  private var exhausted = false

  /// - Parameter limit: send only the first `limit` cases.
  init(suite: any Suite, options: GeneratorOptions, limit: Int? = nil) {
    self.suite = suite
    suites = [suite.name]
    plannedCount = min(suite.caseCount(options: options), limit ?? Int.max)
    drafts = suite.drafts(options: options).makeIterator()
  }

  /// The cases made so far.
  var generated: Int {
    lock.lock()
    defer { lock.unlock() }
    return made
  }

  func take(_ count: Int) -> [TableAttempt] {
    var batch: [CaseDraft] = []
    batch.reserveCapacity(min(count, 4096))
    lock.lock()
    let base = made
    while batch.count < count, made < plannedCount, !exhausted {
      guard let draft = drafts.next() else {
        exhausted = true
        break
      }
      batch.append(draft)
      made += 1
    }
    lock.unlock()
    guard !batch.isEmpty else { return [] }
    let table = CaseTable(batch.map(suite.fixture(for:)), suites: suites, base: base)
    return (0..<batch.count).map { TableAttempt(table: table, attempt: Attempt(caseIndex: Int32($0), number: 0)) }
  }

  var isEmpty: Bool {
    lock.lock()
    defer { lock.unlock() }
    return made >= plannedCount || exhausted
  }

  func drain() -> [TableAttempt] {
    lock.lock()
    exhausted = true
    lock.unlock()
    return []
  }
}
