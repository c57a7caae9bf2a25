import ConformJSON
import ConformProtocol
import Foundation
import Synchronization

/// One `--jobs` slot: a long-lived implementation process, restarted when it crashes, hangs or
/// breaks the protocol, streaming requests with a bounded window and matching answers by `seq`.
///
/// This is the pump: it owns the process, the pipes and the threads, and does what the slot's
/// `SessionRules` decide (whom a fault is blamed on, what is requeued and replayed); the rules
/// and the threads' flags are under one lock (`PumpShared`). Four threads per process, none of
/// them a Task: this worker's thread supervises (deadlines, exits, restarts), a writer sends
/// requests in batches, a reader parses answers, a drainer keeps stderr's tail. Blocking calls
/// are `poll` with a timeout. Once a fault is known, the reader takes only the bytes already in
/// the pipe: an answer written later (by a leftover child holding the pipe) is never credited.
final class Worker: Sendable {
  let index: Int
  private let context: RunContext
  private let shared: PumpShared
  /// The process started by `startFirst`, for `launch` (or `abandon`).
  private let first = Mutex<Session?>(nil)
  private let finished = DispatchSemaphore(value: 0)

  init(index: Int, context: RunContext) {
    self.index = index
    self.context = context
    shared = PumpShared(window: context.settings.window)
  }

  private var window: Int { context.settings.window }
  /// What the writer takes from the run's source ahead of room in the window.
  private var refillSize: Int { window - window / 2 }

  // MARK: - Lifecycle

  /// Starts the first process and does the handshake, before the results file exists.
  func startFirst() -> Result<ImplementationHello, Session.StartFailure> {
    let started = Session.start(index: index, context: context, shared: shared)
    first.withLock { $0 = try? started.get() }
    return started.map(\.hello)
  }

  /// Stops a process started by `startFirst` when the run does not go ahead.
  func abandon() {
    guard let session = first.withLock({ $0 }) else { return }
    session.process.stop(graceMilliseconds: 100)
    shared.update(session.number) { $0.ended = true }
  }

  /// Runs the worker on its own thread; `wait()` returns when it is done.
  func launch() {
    let thread = Thread { [self] in
      run()
      context.add(shared.withLock { $0.rules.restarts })
      finished.signal()
    }
    thread.name = "conform worker \(index)"
    thread.start()
  }

  func wait() { finished.wait() }

  private func run() {
    guard var session = first.withLock({ $0 }) else { return }
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
      guard context.claimRestart() else {
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

  /// What ended a process, as the pump knows it (the rules get the `fault`).
  private enum Failure {
    /// The process exited, or closed a pipe.
    case died
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

  /// What the supervisor found on waking.
  private enum Watch {
    case finished, interrupted
    case failed(Failure)
    case sleep(until: UInt64)
  }

  /// Runs one process until the work is done, it fails, or the run is stopped.
  private func drive(_ session: Session) -> Ending {
    Session.startThread("conform writer \(index)") { [self] in writeRequests(session) }
    Session.startThread("conform reader \(index)") { [self] in readAnswers(session) }
    let timeout = context.settings.timeoutNanoseconds
    let exitCheckInterval: UInt64 = 100_000_000
    var lastExitCheck = MonotonicClock.now()
    while true {
      let now = MonotonicClock.now()
      let checkExit = now - lastExitCheck >= exitCheckInterval
      if checkExit { lastExitCheck = now }
      let exited = checkExit && session.process.hasExited
      let watch = shared.withLock { state -> Watch in
        let flags = state.flags
        // While the reader is busy with answers already read, the clocks stand still.
        let busySince = session.busySince.load(ordering: .acquiring)
        let busy = busySince != 0 && now > busySince ? now - busySince : 0
        let found: Failure
        if context.isStopping { return .interrupted }
        if let violation = flags.violation {
          found = .violation(violation)
        } else if flags.closing && state.rules.inFlight.isEmpty {
          return .finished
        } else if flags.stdoutEnded || flags.writeError != nil {
          found = .died
        } else if let (seq, deadline) = state.rules.deadline(timeout: timeout), now >= deadline + busy {
          found = .timeout(seq: seq)
        } else if exited {
          found = .died
        } else {
          let deadline = state.rules.deadline(timeout: timeout).map { $0.at + busy } ?? .max
          return .sleep(until: min(now + exitCheckInterval, deadline))
        }
        // From now on the reader takes only what was written before the fault was known.
        session.readAllowance.store(session.process.unreadOutputBytes, ordering: .releasing)
        return .failed(found)
      }
      switch watch {
      case .sleep(let wake): shared.supervisorSleep(nanoseconds: wake - now)
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
  }

  /// Every case answered and stdin closed: the implementation should exit 0 by itself.
  private func shutDown(_ session: Session) {
    let exited = session.process.waitForExit(milliseconds: 2000)
    let termination = session.process.stop(graceMilliseconds: 200)
    let name = session.hello.name
    if !exited {
      context.settings.diagnostics.note("\(name) did not exit within 2 s of the end of its input: its process group was killed")
    } else if termination != .exited(0) {
      context.settings.diagnostics.note("\(name) \(termination) after its last answer (it should exit with status 0)")
    }
    end(session)
  }

  private func stopAfterInterrupt(_ session: Session) {
    session.process.stop(graceMilliseconds: 100)
    shared.waitFor(\.readerDone, milliseconds: 1000)
    // The writer hands back what it took from the source and did not send.
    shared.waitFor(\.writerDone, milliseconds: 1000)
    let message = "not run: \(Harness.interruptedText(context.stoppedBy))"
    let left = shared.withLock { $0.rules.stopAll() }
    context.results.append(contentsOf: left.map { context.unanswered($0, .notRun, message: message) })
    end(session)
  }

  /// Ends a failed process: kills its process group, collects what it said, and records what the
  /// rules decide about the cases in flight.
  private func fail(_ session: Session, _ failure: Failure) {
    let process = session.process
    if case .died = failure {
      // Answers written just before the exit are still in the pipe: let the reader take them.
      shared.waitFor(\.readerDone, milliseconds: 1000)
      _ = process.waitForExit(milliseconds: 500)
    }
    let exitedOnItsOwn = process.hasExited
    let termination = process.stop(graceMilliseconds: 200)
    shared.waitFor(\.readerDone, milliseconds: 1000)
    shared.waitFor(\.stderrDone, milliseconds: 500)

    let (blame, cause, tail) = shared.withLock { state in
      state.flags.ended = true
      let flags = state.flags
      var cause: String
      switch failure {
      case .died:
        if exitedOnItsOwn {
          cause = "the implementation \(termination)"
        } else if let error = flags.writeError {
          cause = "the implementation stopped reading its standard input (\(String(cString: strerror(error))))"
        } else {
          cause = "the implementation closed its standard output"
        }
      case .timeout:
        cause = "no answer within \(context.settings.timeoutText) (--timeout)"
      case .violation(let violation):
        cause = violation.message
      }
      // A line begun and never ended is the best clue to a crash or a hang (a missing newline, a
      // crash in the middle of a write). The reader is done with the buffer once `readerDone` is set.
      switch failure {
      case .died, .timeout:
        if flags.readerDone, session.stdout.hasPartialLine {
          cause += "; it left a line without its newline: " + LineQuote.quote(session.stdout.partialLine)
        }
      case .violation: break
      }
      let tail = flags.stderr.text
      return (state.rules.settle(failure.fault, cause: cause, stderr: tail), cause, tail)
    }
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
    end(session)
  }

  /// A replay ended without the fault coming back: the suspects whose replay passed get it.
  private func record(_ verdict: SessionRules.ReplayVerdict) {
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
    shared.update(session.number) { $0.ended = true }
    shared.wakeWriter()
    let reader = shared.waitFor(\.readerDone, milliseconds: 1000)
    let drainer = shared.waitFor(\.stderrDone, milliseconds: 1000)
    shared.waitFor(\.writerDone, milliseconds: 1000)
    // A thread still in `poll` after this long is held by a grandchild that escaped the
    // process group: leave its descriptor open rather than close it under the thread.
    if reader && drainer { session.process.closeOutputs() }
  }

  // MARK: - The writer

  /// What the writer does next, as decided under the lock.
  private enum WriterStep {
    case stop, prefetch, wait, close
    case refill(SessionRules.Refill)
    case write(firstSeq: Int64)
  }

  /// Sends requests in batches while the window has room, until the process ends or there is
  /// nothing left, then closes the implementation's stdin.
  ///
  /// Attempts taken back from a failed process go first; then the run's source, which is read
  /// without holding the lock (a generated source makes its cases then, while the reader goes on
  /// recording answers). While the window is full the writer takes the next refill ahead, so a
  /// source that takes time to make cases does it while the implementation works.
  private func writeRequests(_ session: Session) {
    let number = session.number
    var sending: [TableAttempt] = []
    /// Taken from the source ahead of room in the window; sent first.
    var prefetched: ArraySlice<TableAttempt> = []
    var unsupported: [TableAttempt] = []
    // Per suite of the run (`RunContext.suites`): whether this process supports it.
    let supported = context.suites.map { session.supported.contains($0) }
    var batch: [UInt8] = []
    batch.reserveCapacity(1 << 16)
    func stopped(_ state: PumpState) -> Bool {
      state.process != number || state.flags.ended || state.flags.violation != nil || context.isStopping
    }
    /// Adds `item` to what is sent if the process supports its suite.
    func offer(_ item: TableAttempt, room: inout Int) {
      if supported[item.suiteSlot] {
        sending.append(item)
        room -= 1
      } else {
        unsupported.append(item)
      }
    }
    func sleep() {
      shared.writerSleep(nanoseconds: 200_000_000)
      shared.withLock { state in if state.process == number { state.flags.writerWaiting = false } }
    }
    sending: while true {
      sending.removeAll(keepingCapacity: true)
      recordUnsupported(&unsupported, session)
      var room = 0
      waiting: while true {
        let step = shared.withLock { state -> WriterStep in
          if stopped(state) { return .stop }
          let refill = state.rules.refill { supported[$0.suiteSlot] }
          if refill.room != nil { return .refill(refill) }
          if prefetched.isEmpty, !context.source.isEmpty { return .prefetch }
          state.flags.writerWaiting = true
          return .wait
        }
        switch step {
        case .refill(let refill):
          if let verdict = refill.verdict { record(verdict) }
          sending = refill.send
          unsupported += refill.unsupported
          room = refill.room!
          break waiting
        case .prefetch: prefetched = context.source.take(refillSize)[...]
        case .wait: sleep()
        default: break sending
        }
      }
      while room > 0, let item = prefetched.popFirst() { offer(item, room: &room) }
      while room > 0, !context.source.isEmpty {
        let taken = context.source.take(room)
        if taken.isEmpty { break }
        for item in taken { offer(item, room: &room) }
      }
      let step = shared.withLock { state -> WriterStep in
        if stopped(state) {
          // Taken, never sent: the next process sends them, or they are recorded not run.
          state.rules.unsent(sending)
          return .stop
        }
        if sending.isEmpty {
          if state.rules.inFlight.isEmpty, !state.rules.hasWork, prefetched.isEmpty, context.source.isEmpty {
            state.flags.closing = true
            return .close
          }
          state.flags.writerWaiting = true
          return .wait
        }
        let now = MonotonicClock.now()
        let firstSeq = state.rules.nextSeq
        for item in sending { state.rules.send(item, at: now) }
        return .write(firstSeq: firstSeq)
      }
      guard case .write(let firstSeq) = step else {
        if case .wait = step {
          sleep()
          continue
        }
        if case .close = step { shared.wakeSupervisor() }
        break
      }
      batch.removeAll(keepingCapacity: true)
      for (offset, item) in sending.enumerated() {
        item.table.arena.withUnsafeBufferPointer { arena in
          CaseTable.writeRequest(item.table.slices[item.index], seq: firstSeq + Int64(offset), arena: arena, into: &batch)
        }
      }
      let outcome = batch.withUnsafeBytes { raw in
        Session.writeAll(raw, to: session.process, deadline: nil, context: context) { [shared] in shared.isEnded(number) }
      }
      if case .failed(let code, _) = outcome {
        shared.update(number) { $0.writeError = code }
        break
      }
      if outcome == .stopped { break }
    }
    recordUnsupported(&unsupported, session)
    close(session.process.stdinFD)
    shared.withLock { state in
      // Taken ahead and never sent: the next process sends them, or they are recorded not run.
      state.rules.unsent(prefetched)
      if state.process == number { state.flags.writerDone = true }
    }
    shared.wakeSupervisor()
  }

  /// Records the attempts of suites the process does not support.
  private func recordUnsupported(_ unsupported: inout [TableAttempt], _ session: Session) {
    guard !unsupported.isEmpty else { return }
    let hello = session.hello
    context.results.append(
      contentsOf: unsupported.map { item in
        context.unanswered(
          item, .unsupported,
          message: "\(hello.name) does not support suite \(context.suites[item.suiteSlot]) (its hello lists: "
            + "\(hello.suites.isEmpty ? "none" : hello.suites.joined(separator: ", ")))")
      })
    unsupported.removeAll(keepingCapacity: true)
  }

  // MARK: - The reader

  /// Reads answer lines until stdout ends, the process ends, or a line breaks the protocol.
  private func readAnswers(_ session: Session) {
    let number = session.number
    let descriptor = session.process.stdoutFD
    var incoming: [AnswerMatching.Incoming] = []
    var records = ResultBatch()
    reading: while true {
      let allowance = session.readAllowance.load(ordering: .acquiring)
      if allowance == 0 { break reading }
      let filled = session.stdout.fill(from: descriptor, atMost: allowance)
      if case .data(let count) = filled, allowance != .max {
        session.readAllowance.subtract(count, ordering: .relaxed)
      }
      switch filled {
      case .data:
        let readAt = MonotonicClock.now()
        session.busySince.store(readAt, ordering: .releasing)
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
          session.busySince.store(0, ordering: .releasing)
          continue reading
        }
        if deliver(incoming, then: violation, readAt: readAt, session, records: &records) { break reading }
      case .wouldBlock:
        pollDescriptor(descriptor, events: Int16(POLLIN), milliseconds: 100)
        if shared.isEnded(number) { break reading }
      case .endOfFile, .failed:
        shared.update(number) { $0.stdoutEnded = true }
        break reading
      }
    }
    shared.update(number) { $0.readerDone = true }
  }

  /// Matches answers read at `readAt` to requests by `seq` and records them; true when the
  /// process must stop. The time from `readAt` to the end is conform's: no case is charged it.
  private func deliver(
    _ incoming: [AnswerMatching.Incoming], then violation: ProtocolViolation?, readAt: UInt64, _ session: Session,
    records: inout ResultBatch
  ) -> Bool {
    records.reset()
    let (stop, wakeSupervisor, wakeWriter) = shared.withLock { state -> (Bool, Bool, Bool) in
      guard state.process == session.number, !state.flags.ended else { return (true, false, false) }
      let broken = AnswerMatching.match(incoming, at: readAt, rules: &state.rules, context: context, records: &records)
      context.results.append(records)
      state.rules.wasBusy(nanoseconds: MonotonicClock.now() - readAt)
      session.busySince.store(0, ordering: .releasing)
      if let found = broken ?? violation { state.flags.violation = found }
      let flags = state.flags
      // Wake the writer only when it waits for room, the supervisor only when it has to act.
      let writer = flags.writerWaiting && state.rules.inFlight.count <= state.rules.lowWater
      if writer { state.flags.writerWaiting = false }
      let supervisor = flags.violation != nil || flags.closing && state.rules.inFlight.isEmpty
      return (flags.violation != nil, supervisor, writer)
    }
    if wakeSupervisor { shared.wakeSupervisor() }
    if wakeWriter { shared.wakeWriter() }
    return stop
  }
}
