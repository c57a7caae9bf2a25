import ConformProtocol
import Dispatch
import Synchronization

/// What a worker's threads share, under its one lock: the rules, and how the current process's
/// threads are doing.
struct PumpState {
  var rules: SessionRules
  /// The current process's number. A thread of an earlier one (still in `poll`, its pipe held
  /// by a grandchild that escaped the process group) finds its process ended and changes nothing.
  var process = 0
  var flags = ProcessFlags()
}

/// How one process's threads are doing.
struct ProcessFlags {
  /// Nothing left to send and nothing in flight: the writer closes stdin.
  var closing = false
  /// The writer waits for room in the window (or for the last answers): only then does an
  /// answer wake it, so answers arriving one by one cost no thread wake-ups.
  var writerWaiting = false
  /// The process is over: every thread stops.
  var ended = false
  var stdoutEnded = false
  var writeError: Int32?
  var violation: ProtocolViolation?
  var stderr = StderrTail()
  var readerDone = false
  var writerDone = false
  var stderrDone = false
}

/// A worker's one lock and the two ways to wake its blocked threads.
final class PumpShared: Sendable {
  let state: Mutex<PumpState>
  /// A `Mutex` has no condition to wait on: the supervising thread sleeps on this semaphore (with
  /// a timeout, for deadlines and exit checks) until another thread has something for it. A
  /// semaphore keeps a signal given before the wait, so no wake-up is lost between the check
  /// under the lock and the wait.
  private let supervisor = DispatchSemaphore(value: 0)
  /// The writer sleeps on this one while the window is full.
  private let writer = DispatchSemaphore(value: 0)

  init(window: Int) { state = Mutex(PumpState(rules: SessionRules(window: window))) }

  func withLock<Result>(_ body: (inout PumpState) -> Result) -> Result { state.withLock { body(&$0) } }

  /// Changes the flags of process `number` if it is still the current one, then wakes the
  /// supervisor; false when that process is over.
  @discardableResult
  func update(_ number: Int, _ body: (inout ProcessFlags) -> Void) -> Bool {
    let current = state.withLock { state -> Bool in
      guard state.process == number else { return false }
      body(&state.flags)
      return true
    }
    wakeSupervisor()
    return current
  }

  /// Whether process `number` is over.
  func isEnded(_ number: Int) -> Bool { state.withLock { $0.process != number || $0.flags.ended } }

  func wakeSupervisor() { supervisor.signal() }
  func wakeWriter() { writer.signal() }

  /// Sleeps until woken or `nanoseconds` have passed.
  func supervisorSleep(nanoseconds: UInt64) { _ = supervisor.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) }
  func writerSleep(nanoseconds: UInt64) { _ = writer.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) }

  /// Waits, up to `milliseconds`, until the current process's `flag` is set; false when it was not.
  @discardableResult
  func waitFor(_ flag: KeyPath<ProcessFlags, Bool>, milliseconds: Int) -> Bool {
    let deadline = MonotonicClock.now() + UInt64(milliseconds) * 1_000_000
    while true {
      if state.withLock({ $0.flags[keyPath: flag] }) { return true }
      let now = MonotonicClock.now()
      if now >= deadline { return false }
      supervisorSleep(nanoseconds: deadline - now)
    }
  }
}
