import ConformPlatform
import ConformProtocol

/// What a worker's threads share, under its one lock: the rules, where the current process is in
/// its life (the phase, which carries what each phase needs), and where the worker is in its own.
/// Every change is a method here, and every decision a function of this value and the time, so
/// the pump's threads only ask and do; `supervision(now:timeout:stopping:)` is the whole deadline.
struct PumpState {
  var rules: SessionRules
  /// The current process's number. A thread of an earlier one finds its process ended and
  /// changes nothing.
  private(set) var process = 0
  private(set) var phase = ProcessPhase.starting(exited: false)
  /// The current process's threads that are done. Not part of the phase: a thread ends in any
  /// phase, and the worker waits for them after the process has ended.
  private(set) var done: Set<PumpThread> = []
  /// Answers matched by the reader whose records it has not yet appended: a record is never
  /// amended (`waitForRecords`) while its first version is on its way to the results file.
  private(set) var recordsInTransit = 0
  var stderr = StderrTail()
  /// The current process's wake pipe: signalled when it ends, so no thread stays in `poll`.
  private(set) var wake: WakePipe?
  /// Where the worker is: its first process, its run, its end.
  var worker = WorkerPhase.starting

  init(window: Int) { rules = SessionRules(window: window) }

  /// A new process begins (before its handshake); returns its number.
  mutating func begin(wake: WakePipe) -> Int {
    process += 1
    phase = .starting(exited: false)
    done = []
    stderr = StderrTail()
    self.wake = wake
    rules.beginProcess()
    return process
  }

  /// The handshake is done: requests may go out, to the suites the process supports. A process
  /// that already exited keeps that in its activity (the supervisor acts on it at once).
  mutating func stream(supported: [Bool]) {
    if case .starting(let exited) = phase { phase = .streaming(ProcessActivity(exited: exited)) }
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
  /// ends, not a fault. Once the supervisor acts (`failing`), nothing changes its mind.
  mutating func fault(_ number: Int, _ fault: ProcessFault) {
    guard process == number else { return }
    switch phase {
    case .starting, .streaming:
      phase = .failed(fault)
    case .draining:
      if case .violation = fault { phase = .failed(fault) } else if !rules.inFlight.isEmpty { phase = .failed(fault) }
    case .failed(let found):
      if fault.rank > found.rank { phase = .failed(fault) }
    case .failing, .ended:
      break
    }
  }

  /// Process `number` has exited (its reader saw its exit descriptor); it may still hold answers
  /// in the pipe.
  mutating func exited(_ number: Int) {
    guard process == number else { return }
    switch phase {
    case .starting: phase = .starting(exited: true)
    case .streaming(var activity):
      activity.exited = true
      phase = .streaming(activity)
    case .draining(var activity):
      activity.exited = true
      phase = .draining(activity)
    case .failed, .failing, .ended: break
    }
  }

  mutating func finished(_ number: Int, _ thread: PumpThread) { if process == number { done.insert(thread) } }

  /// Ends process `number`.
  mutating func end(_ number: Int) {
    guard process == number else { return }
    phase = .ended
  }

  /// The supervisor acts on a failure: from now on the reader takes only the `unread` bytes
  /// that were in the pipe when it was found.
  mutating func failing(unread: Int) {
    switch phase {
    case .starting, .streaming, .draining, .failed: phase = .failing(readAllowance: unread)
    case .failing, .ended: break
    }
  }

  // MARK: - The reader

  /// How many more bytes of stdout the reader of process `number` may take: unlimited while the
  /// process runs; once the supervisor acts on a fault, only the bytes already in the pipe then
  /// (an answer written later, by a leftover child holding the pipe, is never credited); none
  /// once it is over.
  func readAllowance(_ number: Int) -> Int {
    guard process == number else { return 0 }
    switch phase {
    case .failing(let allowance): return allowance
    case .ended: return 0
    case .starting, .streaming, .draining, .failed: return .max
    }
  }

  /// Whether the reader of process `number` may pause after a short read to let answers gather:
  /// while it streams with at least `backlog` requests in flight, the implementation has work
  /// queued, so a pause costs it nothing and saves a wakeup for each answer.
  func mayGather(_ number: Int, backlog: Int) -> Bool {
    guard process == number, case .streaming = phase else { return false }
    return rules.inFlight.count >= backlog
  }

  /// The reader of process `number` read `count` bytes at `now` (monotonic nanoseconds): no
  /// case's clock runs until it has recorded their answers (`idle` or `answersRecorded`).
  mutating func read(_ number: Int, bytes count: Int, at now: UInt64) {
    guard process == number else { return }
    switch phase {
    case .streaming(var activity):
      activity.busySince = now
      phase = .streaming(activity)
    case .draining(var activity):
      activity.busySince = now
      phase = .draining(activity)
    case .failing(let allowance):
      phase = .failing(readAllowance: max(allowance - count, 0))
    case .starting, .failed, .ended: break
    }
  }

  /// The bytes the reader read held no answer: the clocks run again.
  mutating func idle(_ number: Int) {
    guard process == number else { return }
    switch phase {
    case .streaming(var activity):
      activity.busySince = nil
      phase = .streaming(activity)
    case .draining(var activity):
      activity.busySince = nil
      phase = .draining(activity)
    case .starting, .failed, .failing, .ended: break
    }
  }

  /// The reader matched answers and is about to append their records.
  mutating func recordsTaken() { recordsInTransit += 1 }

  /// The reader appended the records it matched at `readAt`, at `now`: conform's time between
  /// the two is credited to every case in flight, and the clocks run again.
  mutating func recordsAppended(_ number: Int, readAt: UInt64, now: UInt64) {
    recordsInTransit -= 1
    rules.wasBusy(nanoseconds: now > readAt ? now - readAt : 0)
    idle(number)
  }

  // MARK: - The writer

  /// What the writer of process `number` does next. Past the process's streaming phase (or once
  /// the run is stopping) it stops; else the rules decide, and `.close` starts the draining.
  mutating func nextWrite(_ number: Int, now: UInt64, stopping: Bool) -> SessionRules.WriteStep {
    guard process == number, !stopping else { return SessionRules.WriteStep(action: .stop) }
    guard case .streaming(let activity) = phase else { return SessionRules.WriteStep(action: .stop) }
    let step = rules.nextWrite(now: now)
    if case .close = step.action { phase = .draining(activity) }
    return step
  }

  /// After answers: whether a writer waiting for room must be woken (the window has drained).
  var windowDrained: Bool { rules.inFlight.count <= rules.lowWater }

  // MARK: - The supervisor

  /// What the supervisor does at `now`, from this value alone: act on a fault a thread found,
  /// end a process that answered everything after its input ended, time out the oldest request
  /// (the rules' deadline, moved on by the time the reader has been busy with answers it read:
  /// conform's time, not the case's), act on an exit, or sleep until the next deadline.
  func supervision(now: UInt64, timeout: UInt64, stopping: Bool) -> Supervision {
    if stopping { return .interrupted }
    let activity: ProcessActivity
    switch phase {
    case .failed(.violation(let violation)): return .failed(.violation(violation))
    case .failed(.writeFailed(let code)): return .failed(.died(writeError: code))
    case .failed(.stdoutEnded): return .failed(.died())
    case .draining where rules.inFlight.isEmpty: return .finished
    case .streaming(let current), .draining(let current): activity = current
    case .starting, .failing, .ended: return .sleep(until: nil)
    }
    return .watching(activity, oldest: rules.deadline(timeout: timeout), now: now)
  }
}

extension Supervision {
  /// The deadline rule of every client of a process, the pump's supervisor and a team suite's
  /// model client alike: the oldest awaited answer times out once `now` passes its deadline
  /// (`oldest`: its seq and moment, monotonic nanoseconds), moved on by the time the reader has
  /// been busy with the bytes it last read (conform's time, not the process's); else a process
  /// seen to exit has died (answers may still wait in its pipe); else sleep until the deadline.
  package static func watching(
    _ activity: ProcessActivity, oldest: (seq: Int64, at: UInt64)?, now: UInt64
  ) -> Supervision {
    let busy = activity.busySince.map { now > $0 ? now - $0 : 0 } ?? 0
    let deadline = oldest.map { (seq: $0.seq, at: $0.at + busy) }
    if let deadline, now >= deadline.at { return .failed(.timeout(seq: deadline.seq)) }
    if activity.exited { return .failed(.died()) }
    return .sleep(until: deadline?.at)
  }
}

/// Where a process is in its life, with what that part of its life needs.
enum ProcessPhase {
  /// Spawned; the handshake is under way. `exited`: its exit was already seen.
  case starting(exited: Bool)
  /// Requests go out, answers come back.
  case streaming(ProcessActivity)
  /// Nothing is left to send: stdin is closed, the last answers are awaited.
  case draining(ProcessActivity)
  /// A thread found a fault; the supervisor has not yet acted on it.
  case failed(ProcessFault)
  /// The supervisor acts on a failure; the reader may take `readAllowance` more bytes.
  case failing(readAllowance: Int)
  /// Over: every thread of the process stops.
  case ended
}

/// What the supervisor watches in a running process.
package struct ProcessActivity: Equatable, Sendable {
  /// When the reader began on the bytes it last read (monotonic nanoseconds), until it has
  /// recorded their answers; nil while it waits for more. No case times out meanwhile.
  package var busySince: UInt64?
  /// Its reader saw it end; answers may still wait in the pipe.
  package var exited = false

  package init(busySince: UInt64? = nil, exited: Bool = false) { (self.busySince, self.exited) = (busySince, exited) }
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

/// What ended a process, as the supervisor knows it (the rules get the `fault`).
package enum ProcessFailure: Equatable, Sendable {
  /// The process exited, or closed a pipe (its stdin: writing failed with `writeError`).
  case died(writeError: Int32? = nil)
  case timeout(seq: Int64)
  case violation(ProtocolViolation)

  var fault: SessionRules.Fault {
    switch self {
    case .died: .died
    case .timeout(let seq): .timeout(seq: seq)
    case .violation(let violation): .violation(seq: violation.seq)
    }
  }
}

/// What the supervisor does next (`PumpState.supervision`, `Supervision.watching`).
package enum Supervision: Equatable, Sendable {
  /// Every case answered and stdin closed: the process should exit by itself.
  case finished
  /// The run is stopping.
  case interrupted
  case failed(ProcessFailure)
  /// Nothing to do until woken, or until this moment (monotonic nanoseconds) when there is one.
  case sleep(until: UInt64?)
}

/// Where a worker is in its life.
enum WorkerPhase {
  /// Its first process is being started.
  case starting
  /// Its first process did its handshake: it waits to be launched (or abandoned).
  case ready(Session)
  /// Its thread runs the processes.
  case running
  /// Its thread is done.
  case finished
}

/// The threads of one process that the supervisor waits for.
enum PumpThread: Hashable {
  case reader, writer, stderr
}

/// A worker's one lock, and the conditions its threads wait on under it.
///
/// Only this lock is held while the pump decides; nothing else is locked inside it but the run's
/// stop flag (`RunContext.isStopping`, a leaf). Records are appended, processes signalled and
/// threads woken after it is let go.
final class PumpShared: Sendable {
  private let monitor: Monitor<PumpState>

  /// The conditions of `monitor`: who waits on each.
  enum Waiter: Int {
    /// The worker's thread: a fault, the end of the answers, a deadline, a thread done.
    case supervisor
    /// The writer: room in the window, the end of the process.
    case writer
    /// Whoever waits for the worker itself (`Worker.wait()`).
    case worker
    /// A thread that amends a record: the reader's records in transit are in.
    case records
  }

  init(window: Int) { monitor = Monitor(PumpState(window: window), conditions: 4) }

  func withLock<Result>(_ body: (inout PumpState) -> Result) -> Result { monitor.withLock { body(&$0) } }

  /// Changes the state, then wakes the supervisor.
  func update(_ body: (inout PumpState) -> Void) {
    monitor.withLock { body(&$0) }
    wake(.supervisor)
  }

  /// Wakes the threads that wait as `waiter`.
  func wake(_ waiter: Waiter) { monitor.signal(waiter.rawValue) }

  /// Waits as `waiter` until `step` says it is done (see `Monitor.wait`).
  func wait<Result>(as waiter: Waiter, _ step: (inout PumpState) -> MonitorStep<Result>) -> Result {
    monitor.wait(on: waiter.rawValue) { step(&$0) }
  }

  /// Ends process `number`: its writer stops waiting, its threads leave `poll`.
  func end(_ number: Int) {
    let wake = monitor.withLock { state in
      state.end(number)
      return state.process == number ? state.wake : nil
    }
    wake?.signal()
    self.wake(.writer)
    self.wake(.supervisor)
  }

  /// The run is stopping: the supervisor acts, the writer stops waiting.
  func stopping() {
    wake(.writer)
    wake(.supervisor)
  }

  /// Whether process `number` is over.
  func isEnded(_ number: Int) -> Bool { monitor.withLock { $0.isEnded(number) } }

  /// Waits, up to `milliseconds`, until the current process's `thread` is done; false when it
  /// was not.
  @discardableResult
  func waitFor(_ thread: PumpThread, milliseconds: Int) -> Bool {
    let deadline = MonotonicClock.now() + UInt64(milliseconds) * 1_000_000
    return wait(as: .supervisor) { state in
      if state.done.contains(thread) { return .done(true) }
      return MonotonicClock.now() >= deadline ? .done(false) : .wait(until: deadline)
    }
  }

  /// Waits until the records the reader matched are appended, so that one can be amended.
  func waitForRecords() {
    wait(as: .records) { state in state.recordsInTransit == 0 ? .done(()) : .wait(until: nil) }
  }
}
