import ConformPlatform
import ConformProtocol
import Dispatch

/// What a worker's threads share, under its one lock: the rules, and where the current process
/// is in its life. Every change of phase is a method here, so the pump's threads only ask and do.
struct PumpState {
  var rules: SessionRules
  /// The current process's number. A thread of an earlier one finds its process ended and
  /// changes nothing.
  private(set) var process = 0
  private(set) var phase = ProcessPhase.starting
  /// The writer waits for a change (`nextWrite` said `.wait`). Only the thread that clears it
  /// wakes the writer, so each wait gets exactly one wake-up and none is lost or left over.
  private var writerParked = false
  /// The process has exited (its exit watcher said so); it may still hold answers in the pipe.
  private(set) var exited = false
  /// The current process's threads that are done.
  private(set) var done: Set<PumpThread> = []
  var stderr = StderrTail()
  /// The current process's wake pipe: signalled when it ends, so no thread stays in `poll`.
  private(set) var wake: WakePipe?

  init(window: Int) { rules = SessionRules(window: window) }

  /// A new process begins (before its handshake); returns its number.
  mutating func begin(wake: WakePipe) -> Int {
    process += 1
    phase = .starting
    writerParked = false
    exited = false
    done = []
    stderr = StderrTail()
    self.wake = wake
    rules.beginProcess()
    return process
  }

  /// The handshake is done: requests may go out, to the suites the process supports.
  mutating func stream(supported: [Bool]) {
    phase = .streaming
    rules.supported = supported
  }

  /// Whether process `number` is over.
  func isEnded(_ number: Int) -> Bool {
    guard process == number else { return true }
    if case .ended = phase { return true }
    return false
  }

  /// Process `number` did something wrong. A violation takes the place of a fault found before
  /// it (the supervisor has not acted yet), a write failure that of a closed stdout: the message
  /// then names the more telling one. A closed stdout after the last answer is how a process
  /// ends, not a fault.
  mutating func fault(_ number: Int, _ fault: ProcessFault) {
    guard process == number else { return }
    switch phase {
    case .starting, .streaming:
      phase = .failed(fault)
    case .draining:
      if case .violation = fault { phase = .failed(fault) } else if !rules.inFlight.isEmpty { phase = .failed(fault) }
    case .failed(let found):
      if fault.rank > found.rank { phase = .failed(fault) }
    case .ended:
      break
    }
  }

  mutating func exited(_ number: Int) { if process == number { exited = true } }

  mutating func finished(_ number: Int, _ thread: PumpThread) { if process == number { done.insert(thread) } }

  /// Ends process `number`; true when the writer was waiting and must be woken.
  mutating func end(_ number: Int) -> Bool {
    guard process == number else { return false }
    phase = .ended
    return unparkWriter()
  }

  /// What the writer of process `number` does next. Past the process's streaming phase (or once
  /// the run is stopping) it stops; else the rules decide, and `.close` starts the draining.
  mutating func nextWrite(_ number: Int, now: UInt64, stopping: Bool) -> SessionRules.WriteStep {
    guard process == number, !stopping else { return SessionRules.WriteStep(action: .stop) }
    switch phase {
    case .streaming: break
    case .starting, .draining, .failed, .ended: return SessionRules.WriteStep(action: .stop)
    }
    let step = rules.nextWrite(now: now)
    switch step.action {
    case .close: phase = .draining
    case .wait: writerParked = true
    case .write, .take, .stop: break
    }
    return step
  }

  /// Clears the writer's wait; true when it was waiting (the caller wakes it).
  mutating func unparkWriter() -> Bool {
    defer { writerParked = false }
    return writerParked
  }

  /// After answers: whether to wake the writer (it waits and the window has drained).
  mutating func answersTaken() -> Bool {
    rules.inFlight.count <= rules.lowWater && unparkWriter()
  }
}

/// Where a process is in its life.
enum ProcessPhase {
  /// Spawned; the handshake is under way.
  case starting
  /// Requests go out, answers come back.
  case streaming
  /// Nothing is left to send: stdin is closed, the last answers are awaited.
  case draining
  /// A thread found a fault; the supervisor has not yet acted on it.
  case failed(ProcessFault)
  /// Over: every thread of the process stops.
  case ended
}

/// A fault a pump thread finds (the supervisor finds timeouts and exits itself).
enum ProcessFault {
  case stdoutEnded
  /// Writing to stdin failed with this `errno`.
  case writeFailed(Int32)
  case violation(ProtocolViolation)

  /// Which of two faults found together names the cause best.
  fileprivate var rank: Int {
    switch self {
    case .stdoutEnded: 0
    case .writeFailed: 1
    case .violation: 2
    }
  }
}

/// The threads of one process that the supervisor waits for.
enum PumpThread: Hashable {
  case reader, writer, stderr
}

/// A worker's one lock and the two ways to wake its blocked threads.
final class PumpShared: Sendable {
  let state: Locked<PumpState>
  /// A `Locked` has no condition to wait on: the supervising thread sleeps on this semaphore
  /// (until the next deadline) until another thread has something for it. A semaphore keeps a
  /// signal given before the wait, so no wake-up is lost between the check under the lock and
  /// the wait.
  private let supervisor = DispatchSemaphore(value: 0)
  /// The writer waits on this one, with no timeout, while `nextWrite` says `.wait`.
  private let writer = DispatchSemaphore(value: 0)

  init(window: Int) { state = Locked(PumpState(window: window)) }

  func withLock<Result>(_ body: (inout PumpState) -> Result) -> Result { state.withLock { body(&$0) } }

  /// Changes the state, then wakes the supervisor.
  func update(_ body: (inout PumpState) -> Void) {
    state.withLock { body(&$0) }
    wakeSupervisor()
  }

  /// Ends process `number`: its writer stops waiting, its threads leave `poll`.
  func end(_ number: Int) {
    let (wakeWriter, wake) = state.withLock { state in (state.end(number), state.process == number ? state.wake : nil) }
    if wakeWriter { writer.signal() }
    wake?.signal()
    wakeSupervisor()
  }

  /// The run is stopping: the supervisor acts, the writer stops waiting.
  func stopping() {
    if state.withLock({ $0.unparkWriter() }) { writer.signal() }
    wakeSupervisor()
  }

  /// Whether process `number` is over.
  func isEnded(_ number: Int) -> Bool { state.withLock { $0.isEnded(number) } }

  func wakeSupervisor() { supervisor.signal() }
  func wakeWriter() { writer.signal() }

  /// Sleeps until woken, or until `deadline` (monotonic nanoseconds) when there is one.
  func supervisorSleep(until deadline: UInt64?) {
    guard let deadline else { return supervisor.wait() }
    let now = MonotonicClock.now()
    guard deadline > now else { return }
    _ = supervisor.wait(timeout: .now() + .nanoseconds(Int(min(deadline - now, UInt64(Int.max)))))
  }

  /// The writer waits for the wake-up its `.wait` step asked for.
  func writerWait() { writer.wait() }

  /// Waits, up to `milliseconds`, until the current process's `thread` is done; false when it
  /// was not.
  @discardableResult
  func waitFor(_ thread: PumpThread, milliseconds: Int) -> Bool {
    let deadline = MonotonicClock.now() + UInt64(milliseconds) * 1_000_000
    while !state.withLock({ $0.done.contains(thread) }) {
      if MonotonicClock.now() >= deadline { return false }
      supervisorSleep(until: deadline)
    }
    return true
  }
}
