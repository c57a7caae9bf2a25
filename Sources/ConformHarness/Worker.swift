import ConformFixtures
import ConformJSON
import ConformPlatform
import ConformProtocol
import ConformResults
import Foundation

/// One `--jobs` slot: a long-lived implementation process, restarted when it crashes, hangs or
/// breaks the protocol, streaming requests with a bounded window and matching answers by `seq`.
///
/// This is the pump: it owns the process, the pipes and the threads, and does what the slot's
/// `SessionRules` decide (what to write next, whom a fault is blamed on, what is requeued and
/// replayed); the rules and the process's phase are one value under one lock (`PumpState` in
/// `PumpShared`). Three threads per process, none of them a Task: this worker's thread supervises
/// (deadlines, faults, restarts), a writer asks the rules for its next step and does it, a reader
/// parses answers, keeps stderr's tail whenever stdout has nothing and tells the supervisor of
/// the process's exit (it waits on the three: stdout, stderr and the exit's descriptor). Where
/// the platform has no exit descriptors (not Linux), a fourth thread waits for the exit.
/// No thread waits on a timer: each waits for its pipe or its `WakePipe`, the supervisor and the
/// writer on the lock's conditions, the supervisor until the next deadline at most. Each thread's
/// body reads as: ask the state what to do (under the lock), do it (without the lock). Once a
/// fault is known, the reader takes only the bytes already in the pipe: an answer written later
/// (by a leftover child holding the pipe) is never credited.
///
/// The one lock is the pump's. Records are appended, and a process signalled, with no lock held;
/// a record is amended only once the reader's records in transit are in (`waitForRecords`).
final class Worker: Sendable {
  let index: Int
  private let context: RunContext
  private let shared: PumpShared
  /// The waits of a process's teardown.
  private var timeouts: HarnessTimeouts { context.settings.timeouts }

  init(index: Int, context: RunContext) {
    self.index = index
    self.context = context
    shared = PumpShared(window: context.settings.window)
    context.onStop { [shared] in shared.stopping() }
  }

  // MARK: - Lifecycle

  /// Starts the first process and does the handshake, before the results file exists.
  func startFirst() -> Result<ImplementationHello, Session.StartFailure> {
    let started = Session.start(index: index, context: context, shared: shared)
    if case .success(let session) = started { shared.withLock { $0.worker = .ready(session) } }
    return started.map(\.hello)
  }

  /// Stops a process started by `startFirst` when the run does not go ahead.
  func abandon() {
    let first = shared.withLock { state -> Session? in
      guard case .ready(let session) = state.worker else { return nil }
      state.worker = .finished
      return session
    }
    guard let session = first else { return }
    session.process.stop(graceMilliseconds: timeouts.interruptGrace)
    shared.end(session.number)
    // No thread of it was started: its descriptors are free.
    session.process.closeInput()
    session.process.closeOutputs()
  }

  /// Runs the worker on its own thread; `wait()` returns when it is done.
  func launch() {
    let thread = Thread { [self] in
      run()
      let restarts = shared.withLock { state in
        state.worker = .finished
        return state.rules.restarts
      }
      context.add(restarts)
      shared.wake(.worker)
    }
    thread.name = "conform worker \(index)"
    thread.start()
  }

  /// Waits until the worker's thread is done.
  func wait() {
    shared.wait(as: .worker) { state in
      if case .finished = state.worker { return .done(()) }
      return .wait(until: nil)
    }
  }

  private func run() {
    let first = shared.withLock { state -> Session? in
      guard case .ready(let session) = state.worker else { return nil }
      state.worker = .running
      return session
    }
    guard var session = first else { return }
    while true {
      guard case .failed(let reason) = drive(session) else { return }
      guard shared.withLock({ $0.rules.hasWork }) || !context.source.isEmpty else { return }
      guard let next = restart(after: reason) else { return }
      session = next
    }
  }

  /// A fresh process for the remaining cases, within the run's restart allowance.
  private func restart(after failure: RestartTally.Reason) -> Session? {
    var reason = failure
    while true {
      if context.isStopping {
        abandonLocal(message: "not run: \(Harness.interruptedText(context.stoppedBy))")
        return nil
      }
      // A process that answered cases since it started made progress: restarting it is free.
      let progress = shared.withLock { $0.rules.progress }
      guard context.claimRestart(after: progress) else {
        let lastFailure = shared.withLock { $0.rules.lastFailure }
        abandonLocal(message: Harness.capText(context.settings.maxRestarts, lastFailure: lastFailure))
        return nil
      }
      shared.withLock { $0.rules.restarted(reason) }
      switch Session.start(index: index, context: context, shared: shared) {
      case .success(let session):
        return session
      case .failure(let failure):
        let message = "the restarted implementation did not start: \(failure.message)"
        shared.withLock { $0.rules.startFailed(message) }
        context.settings.diagnostics.note("\(context.settings.command[0]): \(message)")
        reason = .failedStart
      }
    }
  }

  /// Records every attempt this slot still holds (requeued, suspects) as not run.
  private func abandonLocal(message: String) {
    let left = shared.withLock { $0.rules.takeAll() }
    context.results.append(contentsOf: left.map { context.unanswered($0, .notRun, message: message) })
  }

  // MARK: - One process

  private enum Ending {
    case finished, interrupted
    case failed(RestartTally.Reason)
  }

  /// Runs one process until the work is done, it fails, or the run is stopped.
  private func drive(_ session: Session) -> Ending {
    shared.withLock { $0.stream(supported: context.suites.map(session.supported.contains)) }
    Session.startThread("conform writer \(index)") { [self] in writeRequests(session) }
    Session.startThread("conform reader \(index)") { [self] in readAnswers(session) }
    let timeout = context.settings.timeoutNanoseconds
    let supervision = shared.wait(as: .supervisor) { state -> MonitorStep<Supervision> in
      let supervision = state.supervision(now: MonotonicClock.now(), timeout: timeout, stopping: context.isStopping)
      switch supervision {
      case .sleep(let deadline): return .wait(until: deadline)
      case .failed:
        // From now on the reader takes only what was written before the fault was known.
        state.failing(unread: session.process.unreadOutputBytes)
      case .finished, .interrupted: break
      }
      return .done(supervision)
    }
    switch supervision {
    case .sleep:
      preconditionFailure("the supervisor sleeps inside its wait")
    case .finished:
      shutDown(session)
      return .finished
    case .interrupted:
      stopAfterInterrupt(session)
      return .interrupted
    case .failed(let failure):
      fail(session, failure)
      return .failed(failure.fault.restartReason)
    }
  }

  /// Every case answered and stdin closed: the implementation should exit 0 by itself.
  private func shutDown(_ session: Session) {
    let (exited, termination) = session.process.endAtEndOfInput(timeouts)
    let name = session.hello.name
    if !exited {
      context.settings.diagnostics.note(
        "\(name) did not exit within \(timeouts.exitAtEndOfInputText) of the end of its input: its process group was killed")
    } else if termination != .exited(0) {
      context.settings.diagnostics.note("\(name) \(termination) after its last answer (it should exit with status 0)")
    }
    end(session)
  }

  private func stopAfterInterrupt(_ session: Session) {
    session.process.stop(graceMilliseconds: timeouts.interruptGrace)
    shared.waitFor(.reader, milliseconds: timeouts.threadJoin)
    // What the writer took from the source is the rules' once it is done.
    shared.waitFor(.writer, milliseconds: timeouts.threadJoin)
    let message = "not run: \(Harness.interruptedText(context.stoppedBy))"
    let left = shared.withLock { $0.rules.stopAll() }
    context.results.append(contentsOf: left.map { context.unanswered($0, .notRun, message: message) })
    end(session)
  }

  /// Ends a failed process: kills its process group, collects what it said, and records what the
  /// rules decide about the cases in flight.
  private func fail(_ session: Session, _ failure: ProcessFailure) {
    let process = session.process
    if case .died = failure {
      // Answers written just before the exit are still in the pipe: let the reader take them.
      shared.waitFor(.reader, milliseconds: timeouts.readerAfterDeath)
      _ = process.waitForExit(milliseconds: timeouts.reapAfterDeath)
    }
    let exitedOnItsOwn = process.hasExited
    let termination = process.stop(graceMilliseconds: timeouts.grace)
    shared.waitFor(.reader, milliseconds: timeouts.threadJoin)
    shared.waitFor(.stderr, milliseconds: timeouts.stderrDrain)
    shared.end(session.number)

    let (blame, cause, tail) = shared.withLock { state in
      var cause: String
      switch failure {
      case .died(let writeError):
        if exitedOnItsOwn {
          cause = "the implementation \(termination)"
        } else if let error = writeError {
          cause = "the implementation stopped reading its standard input (\(Errno.describe(error)))"
        } else {
          cause = "the implementation closed its standard output"
        }
      case .timeout:
        cause = "no answer within \(context.settings.timeoutText) (--timeout)"
      case .violation(let violation):
        cause = violation.message
      }
      // A line begun and never ended is the best clue to a crash or a hang (a missing newline, a
      // crash in the middle of a write). The reader is done with the buffer once it is done.
      switch failure {
      case .died, .timeout:
        if state.done.contains(.reader), session.stdout.hasPartialLine {
          cause += "; it left a line without its newline: " + LineQuote.quote(session.stdout.partialLine)
        }
      case .violation: break
      }
      let tail = state.stderr.text
      return (state.rules.settle(failure.fault, cause: cause, stderr: tail), cause, tail)
    }
    // An answer this blame replaces may still be on its way to the results file.
    if case .earlierAnswer = blame { shared.waitForRecords() }
    record(blame, cause: cause, stderr: tail, session)
    end(session)
  }

  /// Records what `settle` decided.
  private func record(_ blame: SessionRules.Blame, cause: String, stderr tail: String?, _ session: Session) {
    switch blame {
    case .nobody: break
    case .culprit(let culprit, let status):
      context.results.append(contentsOf: [context.unanswered(culprit.item, status, message: cause, stderr: tail)])
    case .earlierAnswer(let answered):
      // A line naming a seq already answered (a second answer): that case's answer cannot be
      // trusted, so its record is replaced.
      let amended = context.unanswered(answered.item, .protocolError, message: cause, stderr: tail)
      context.results.amend(amended.result, of: amended.item)
    case .suspects(let count, _):
      context.settings.diagnostics.note(
        "\(session.hello.name): \(cause) with \(Plural.count(count, "case")) in flight; "
          + "replaying them one at a time to find the one that causes it")
    }
  }

  /// A replay ended without the fault coming back: the suspects whose replay passed get it.
  private func record(_ verdict: SessionRules.ReplayVerdict) {
    // The passes replaced here may still be on their way to the results file.
    shared.waitForRecords()
    for item in verdict.passed {
      let amended = context.unanswered(item, verdict.status, message: verdict.message, stderr: verdict.stderr)
      context.results.amend(amended.result, of: amended.item)
    }
    context.settings.diagnostics.note(
      "the fault did not recur when the \(Plural.count(verdict.count, "case")) in flight were replayed one at a time: "
        + "\(verdict.passed.count) recorded \(verdict.status.rawValue)")
  }

  /// Marks the process over and releases its pipes once its threads are done.
  private func end(_ session: Session) {
    shared.end(session.number)
    let reader = shared.waitFor(.reader, milliseconds: timeouts.threadJoin)
    let drainer = shared.waitFor(.stderr, milliseconds: timeouts.stderrJoin)
    shared.waitFor(.writer, milliseconds: timeouts.threadJoin)
    // A thread still busy after this long (a source slow to make its cases, a disk that does
    // not take the records): leave its descriptors open rather than close them under it.
    if reader && drainer { session.process.closeOutputs() }
  }

  // MARK: - The writer

  /// Asks the rules for the next step and does it, until the process ends or nothing is left
  /// (then closes the implementation's stdin). Taking from the run's source, writing and
  /// recording happen without the lock: a generated source makes its cases while the reader
  /// goes on recording answers.
  private func writeRequests(_ session: Session) {
    let number = session.number
    var batch: [UInt8] = []
    batch.reserveCapacity(1 << 16)
    steps: while true {
      // Until there is something to do: an answer that drains the window, the end, the stop.
      let step = shared.wait(as: .writer) { state -> MonitorStep<SessionRules.WriteStep> in
        let step = state.nextWrite(number, now: MonotonicClock.now(), stopping: context.isStopping)
        guard case .wait = step.action, step.unsupported.isEmpty, step.verdict == nil, !step.startsClock else {
          return .done(step)
        }
        return .wait(until: nil)
      }
      recordUnsupported(step.unsupported, session)
      if let verdict = step.verdict { record(verdict) }
      if step.startsClock { shared.wake(.supervisor) }
      switch step.action {
      case .take(let count):
        let taken = context.source.take(count)
        let drained = context.source.isEmpty
        shared.withLock { $0.rules.took(taken, drained: drained) }
      case .wait:
        continue
      case .write(let firstSeq, let items):
        guard write(items, from: firstSeq, to: session, into: &batch) else { break steps }
      case .close, .stop:
        break steps
      }
    }
    session.process.closeInput()
    shared.update { $0.finished(number, .writer) }
  }

  /// Writes the requests of `items`, numbered from `firstSeq`, in one batch; false when the
  /// process is over or writing failed (a fault, then).
  private func write(_ items: [TableAttempt], from firstSeq: Int64, to session: Session, into batch: inout [UInt8]) -> Bool {
    batch.removeAll(keepingCapacity: true)
    for (offset, item) in items.enumerated() {
      item.table.arena.withUnsafeBufferPointer { arena in
        CaseTable.writeRequest(item.table.slices[item.index], seq: firstSeq + Int64(offset), arena: arena, into: &batch)
      }
    }
    let number = session.number
    let outcome = batch.withUnsafeBytes { raw in
      Session.writeAll(raw, to: session.process, wake: session.wake, deadline: nil, context: context) { [shared] in
        shared.isEnded(number)
      }
    }
    switch outcome {
    case .done: return true
    case .stopped: return false
    case .failed(let code, _):
      shared.update { $0.fault(number, .writeFailed(code)) }
      return false
    }
  }

  /// Records the attempts of suites the process does not support.
  private func recordUnsupported(_ unsupported: [TableAttempt], _ session: Session) {
    guard !unsupported.isEmpty else { return }
    let hello = session.hello
    context.results.append(
      contentsOf: unsupported.map { item in
        context.unanswered(
          item, .unsupported,
          message: "\(hello.name) does not support suite \(context.suites[item.suiteSlot]) (its hello lists: "
            + "\(hello.suites.isEmpty ? "none" : hello.suites.joined(separator: ", ")))")
      })
  }

  // MARK: - The reader

  /// Reads answer lines until stdout ends, the process ends, or a line breaks the protocol,
  /// keeping what stderr holds whenever stdout has nothing; then the rest of stderr.
  private func readAnswers(_ session: Session) {
    let number = session.number
    let descriptor = session.process.stdoutFD
    var incoming: [AnswerMatching.Incoming] = []
    var records = ResultBatch()
    var stderrOpen = true
    var exitSeen = false
    reading: while true {
      let allowance = shared.withLock { $0.readAllowance(number) }
      if allowance == 0 { break reading }
      let filled = session.stdout.fill(from: descriptor, atMost: allowance)
      switch filled {
      case .data(let count):
        let readAt = MonotonicClock.now()
        shared.withLock { $0.read(number, bytes: count, at: readAt) }
        incoming.removeAll(keepingCapacity: true)
        var violation: ProtocolViolation?
        lines: while true {
          switch session.stdout.nextLine() {
          case .line(let bytes):
            if let canonical = CanonicalResult.match(bytes) {
              incoming.append(.canonical(canonical, line: bytes))
              continue
            }
            if let scanned = AnswerScanner.scan(bytes) {
              incoming.append(.other(.scanned(scanned), line: bytes))
              continue
            }
            if LineBuffer.isBlank(bytes) { continue }
            do {
              incoming.append(.other(.parsed(try Answer.parse(bytes)), line: bytes))
            } catch {
              violation = error
              break lines
            }
          case .none:
            break lines
          case .tooLong(let head):
            // Quote its start only: the quote's own "(N bytes)" would give the head's length, not the line's.
            let start = UnsafeBufferPointer(rebasing: head.prefix(LineQuote.limit))
            violation = ProtocolViolation("an answer line longer than \(LineBuffer.maxLine) bytes: \(LineQuote.quote(start))…")
            break lines
          }
        }
        // Bytes that hold no answer (blank lines, white space, the start of a line) are the
        // implementation's time, not conform's: no clock stands still for them, so a flood of
        // them cannot stretch a case past its timeout.
        if incoming.isEmpty && violation == nil {
          shared.withLock { $0.idle(number) }
          continue reading
        }
        if deliver(incoming, then: violation, readAt: readAt, session, records: &records) { break reading }
        if count < AnswerGathering.shortRead, shared.withLock({ $0.mayGather(number, backlog: AnswerGathering.backlog) }) {
          AnswerGathering.pause()
        }
      case .wouldBlock:
        let exited = session.process.awaitOutput(wake: session.wake, stderrOpen: &stderrOpen, exitSeen: exitSeen) {
          Session.keepStderr($0, number: number, in: shared)
        }
        if shared.isEnded(number) { break reading }
        // Its exit, for the supervisor: answers may still wait in the pipe (or a child of it
        // keep the pipe open, never writing).
        if exited {
          exitSeen = true
          shared.update { $0.exited(number) }
        }
      case .endOfFile, .failed:
        shared.update { $0.fault(number, .stdoutEnded) }
        break reading
      }
    }
    shared.update { $0.finished(number, .reader) }
    if stderrOpen { Session.drainStderr(of: session.process, wake: session.wake, number: number, in: shared) }
    shared.update { $0.finished(number, .stderr) }
  }

  /// Matches answers read at `readAt` to requests by `seq` and records them; true when the
  /// process must stop. The time from `readAt` to the end is conform's: no case is charged it.
  private func deliver(
    _ incoming: [AnswerMatching.Incoming], then violation: ProtocolViolation?, readAt: UInt64, _ session: Session,
    records: inout ResultBatch
  ) -> Bool {
    records.reset()
    let number = session.number
    let decided = shared.withLock { state -> (stop: Bool, supervisor: Bool, writer: Bool)? in
      guard !state.isEnded(number) else { return nil }
      let broken = AnswerMatching.match(incoming, at: readAt, rules: &state.rules, context: context, records: &records)
      if let found = broken ?? violation { state.fault(number, .violation(found)) }
      let failed = broken != nil || violation != nil
      let finishing = if case .draining = state.phase { state.rules.inFlight.isEmpty } else { false }
      state.recordsTaken()
      // Wake the writer only when there is room, the supervisor only when it has to act.
      return (failed, failed || finishing, state.windowDrained)
    }
    guard let decided else { return true }
    // The writer goes on once the records are in: one that reaches `--stop-after` has stopped
    // the run by then, so nothing more is sent.
    context.results.append(records)
    shared.withLock { $0.recordsAppended(number, readAt: readAt, now: MonotonicClock.now()) }
    shared.wake(.records)
    if decided.writer { shared.wake(.writer) }
    if decided.supervisor { shared.wake(.supervisor) }
    return decided.stop
  }
}
