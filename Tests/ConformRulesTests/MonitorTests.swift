import ConformPlatform
import Foundation
import Testing
@testable import ConformFixtures

@testable import ConformHarness

/// The pump's one lock and its conditions (`Monitor`), and the bounded waits of a process's
/// teardown built on them: a waiter is woken by a change made under the lock, or gives up at its
/// deadline, and never waits on a signal that came before it.
@Suite(.timeLimit(.minutes(1))) struct MonitorTests {
  /// A change made (and signalled) before the wait is seen: nothing is lost between the
  /// question and the sleep.
  @Test func aChangeBeforeTheWaitIsSeenAtOnce() {
    let monitor = Monitor(0)
    monitor.withLock { $0 = 1 }
    monitor.signal()
    let seen = monitor.wait { value in value == 1 ? .done(value) : .wait(until: nil) }
    #expect(seen == 1)
  }

  /// A waiter with no deadline sleeps until another thread changes the value and signals.
  @Test func aWaiterIsWokenByAChangeFromAnotherThread() {
    let monitor = Monitor(0, conditions: 2)
    let thread = Thread {
      for step in 1...3 {
        monitor.withLock { $0 = step }
        monitor.signal(1)
      }
    }
    thread.start()
    let seen = monitor.wait(on: 1) { value in value == 3 ? .done(value) : .wait(until: nil) }
    #expect(seen == 3)
  }

  /// A waiter with a deadline gives up at it, not before, and not long after.
  @Test func aWaiterGivesUpAtItsDeadline() {
    let monitor = Monitor(false)
    let started = MonotonicClock.now()
    let deadline = started + 50_000_000
    let outcome = monitor.wait { ready -> MonitorStep<String> in
      if ready { return .done("woken") }
      return MonotonicClock.now() >= deadline ? .done("gave up") : .wait(until: deadline)
    }
    let waited = MonotonicClock.now() - started
    #expect(outcome == "gave up")
    #expect(waited >= 50_000_000)
    #expect(waited < 5_000_000_000, "a timed wait ends near its deadline")
  }

  /// A deferred value waits for its producer, or at most the time given.
  @Test func aDeferredValueWaitsForItsProducerOrItsBound() {
    let pending = Deferred<Int>()
    #expect(pending.value(waitingAtMost: 10) == nil)
    let thread = Thread { pending.resolve(7) }
    thread.start()
    #expect(pending.value == 7)
    #expect(pending.value(waitingAtMost: 0) == 7)
    pending.resolve(8)
    #expect(pending.resolved == 7, "the first value stays")
  }

  // MARK: - The teardown's waits

  /// `waitFor` (the teardown's `threadJoin`, `stderrDrain`, `readerAfterDeath`, …) returns as
  /// soon as the thread is done, and gives up after the timeout when it is not.
  @Test func aTeardownWaitEndsWhenTheThreadIsDoneOrAtItsTimeout() {
    let shared = PumpShared(window: 8)
    let number = shared.withLock { $0.begin(wake: try! WakePipe()) }
    let timeouts = HarnessTimeouts.standard
    let started = MonotonicClock.now()
    #expect(!shared.waitFor(.reader, milliseconds: 30), "the reader is not done")
    #expect(MonotonicClock.now() - started >= 30_000_000)

    let thread = Thread { shared.update { $0.finished(number, .reader) } }
    thread.start()
    let before = MonotonicClock.now()
    #expect(shared.waitFor(.reader, milliseconds: timeouts.threadJoin))
    #expect(MonotonicClock.now() - before < UInt64(timeouts.threadJoin) * 1_000_000 * 5, "woken, not timed out")
  }

  /// An amendment waits until the reader's records in transit are appended.
  @Test func anAmendmentWaitsForTheRecordsInTransit() {
    let shared = PumpShared(window: 8)
    let number = shared.withLock { $0.begin(wake: try! WakePipe()) }
    shared.withLock { $0.recordsTaken() }
    let thread = Thread {
      shared.withLock { $0.recordsAppended(number, readAt: 0, now: 0) }
      shared.wake(.records)
    }
    thread.start()
    shared.waitForRecords()
    #expect(shared.withLock { $0.recordsInTransit } == 0)
  }
}
