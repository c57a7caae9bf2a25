import ConformJSON
import Foundation
import Synchronization

/// How the harness runs an implementation (everything but the cases).
struct HarnessSettings: Sendable {
  /// The program and its arguments.
  var command: [String]
  /// `KEY=VALUE` pairs: exactly the implementation's environment.
  var environment: [String]
  var jobs: Int
  /// Requests in flight per process, at most.
  var window: Int
  /// Per-case timeout, from writing the request, in seconds.
  var timeout: Double
  var maxRestarts: Int

  var timeoutNanoseconds: UInt64 { UInt64(timeout * 1e9) }

  /// How long the implementation has to start and answer the hello, in milliseconds.
  var handshakeMilliseconds: Int { max(Int(timeout * 1000), 10_000) }

  /// How `--timeout` reads in messages: `1 s`, `0.5 s`.
  var timeoutText: String {
    timeout == timeout.rounded() ? "\(Int(timeout)) s" : "\(timeout) s"
  }
}

/// The attempts not yet handed to a worker, shared by all workers: a worker takes a batch when
/// its window has room, so a slow suite on one worker never leaves another idle.
final class AttemptQueue: @unchecked Sendable {
  private let lock = NSLock()
  private var attempts: [Attempt]
  private var next = 0

  init(_ attempts: [Attempt]) { self.attempts = attempts }

  /// Up to `count` attempts, in send order.
  func take(_ count: Int) -> ArraySlice<Attempt> {
    lock.lock()
    defer { lock.unlock() }
    let end = min(next + count, attempts.count)
    let batch = attempts[next..<end]
    next = end
    return batch
  }

  var isEmpty: Bool {
    lock.lock()
    defer { lock.unlock() }
    return next == attempts.count
  }

  /// Everything not handed out; empties the queue.
  func drain() -> ArraySlice<Attempt> { take(Int.max - next) }
}

/// What every worker shares during a run.
final class RunContext: @unchecked Sendable {
  let table: CaseTable
  let settings: HarnessSettings
  let hello: HarnessHello
  let queue: AttemptQueue
  /// Set once the results file is open (after the first handshakes).
  private(set) var results: ResultsWriter!
  private let restartsUsed = Atomic<Int>(0)
  private let limitReached = Atomic<Bool>(false)
  /// The signal that stops the run (SIGINT or SIGTERM), or 0.
  private let stopSignal = Atomic<Int32>(0)

  init(cases: [FixtureCase], settings: HarnessSettings, hello: HarnessHello, attempts: [Attempt]) {
    table = CaseTable(cases)
    self.settings = settings
    self.hello = hello
    queue = AttemptQueue(attempts)
  }

  func attach(_ results: ResultsWriter) { self.results = results }

  /// Takes one restart from the run's allowance; false when `--max-restarts` is spent.
  func claimRestart() -> Bool {
    while true {
      let used = restartsUsed.load(ordering: .relaxed)
      if used >= settings.maxRestarts {
        limitReached.store(true, ordering: .relaxed)
        return false
      }
      if restartsUsed.compareExchange(expected: used, desired: used + 1, ordering: .relaxed).exchanged { return true }
    }
  }

  var restarts: Int { restartsUsed.load(ordering: .relaxed) }

  /// Whether a worker needed a restart past `--max-restarts`.
  var restartLimitReached: Bool { limitReached.load(ordering: .relaxed) }

  var stoppedBy: Int32 { stopSignal.load(ordering: .relaxed) }

  func stop(signal: Int32) { _ = stopSignal.compareExchange(expected: 0, desired: signal, ordering: .relaxed) }

  var isStopping: Bool { stoppedBy != 0 }

  /// The record of an attempt that got no answer.
  func unanswered(_ attempt: Attempt, _ status: CaseStatus, message: String, stderr: String? = nil) -> CaseResult {
    let fixture = table.fixtures[Int(attempt.caseIndex)]
    return CaseResult(
      id: fixture.id, suite: fixture.suite, status: status, attempt: Int64(attempt.number), microseconds: nil,
      actual: nil, expected: fixture.expected, note: fixture.note, message: message, stderrTail: stderr)
  }

  /// The record of an answered attempt: the answer compared with the fixture, exactly.
  func answered(_ attempt: Attempt, _ payload: Answer.Payload, microseconds: Int64) -> CaseResult {
    let fixture = table.fixtures[Int(attempt.caseIndex)]
    var result = CaseResult(
      id: fixture.id, suite: fixture.suite, status: .pass, attempt: Int64(attempt.number), microseconds: microseconds)
    switch payload {
    case .result(let output):
      if output == fixture.expected { return result }
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
    return result
  }
}
