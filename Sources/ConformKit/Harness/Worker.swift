import ConformJSON
import ConformProtocol
import Foundation

/// One `--jobs` slot: a long-lived implementation process, restarted when it crashes, hangs or
/// breaks the protocol, streaming requests with a bounded window and matching answers by `seq`.
///
/// Four threads per process, none of them a Task: this worker's thread supervises (deadlines,
/// exits, restarts), a writer sends requests in batches, a reader parses answers, a drainer
/// keeps stderr's tail. They share one condition; blocking calls are `poll` with a timeout.
///
/// Blame is exact. A timeout is the oldest request's. A malformed answer that names its `seq` is
/// that case's. A crash (or a line that names no request) with several requests in flight is
/// nobody's yet: those cases become suspects, replayed one at a time in the fresh process, so
/// the case that really crashes it is found and the others run normally. If none of them brings
/// the fault back, each one whose replay passed is recorded with the fault all the same: a run
/// that crashed is never green. Once a fault is known, the reader takes only the bytes already in
/// the pipe: an answer written later (by a leftover child holding the pipe) is never credited.
final class Worker: @unchecked Sendable {
  let index: Int
  private let context: RunContext
  private let condition = NSCondition()
  /// Attempts taken back from a failed session, innocent: sent first by the next one.
  private var requeued: [TableAttempt] = []
  /// Attempts in flight at an unattributable failure: replayed alone, one at a time.
  private var suspects: [TableAttempt] = []
  private var isolating = false
  /// The fault the suspects are replayed for, until the last of them is answered.
  private var suspectGroup: SuspectGroup?
  private var lastFailure = ""
  private var current: Session?
  private let finished = DispatchSemaphore(value: 0)

  init(index: Int, context: RunContext) {
    self.index = index
    self.context = context
  }

  private var window: Int { context.settings.window }
  /// The writer refills once the window has drained to this.
  private var lowWater: Int { window / 2 }
  /// The most seqs the requests in flight may span, oldest to newest (4 MiB of ring at most).
  private var maxSpan: Int { max(65_536, 2 * window) }

  // MARK: - Lifecycle

  /// Starts the first process and does the handshake, before the results file exists.
  func startFirst() -> Result<ImplementationHello, Session.StartFailure> {
    switch Session.start(number: index, context: context, condition: condition) {
    case .success(let session):
      current = session
      return .success(session.hello)
    case .failure(let failure):
      return .failure(failure)
    }
  }

  /// Stops a process started by `startFirst` when the run does not go ahead.
  func abandon() {
    guard let session = current else { return }
    session.process.stop(graceMilliseconds: 100)
    condition.lock()
    session.ended = true
    condition.broadcast()
    condition.unlock()
  }

  /// Runs the worker on its own thread; `wait()` returns when it is done.
  func launch() {
    let thread = Thread { [self] in
      run()
      finished.signal()
    }
    thread.name = "conform worker \(index)"
    thread.start()
  }

  func wait() { finished.wait() }

  private func run() {
    guard var session = current else { return }
    while true {
      let ending = drive(session)
      guard ending == .failed else { return }
      guard hasWork() else { return }
      guard let next = restart() else { return }
      session = next
    }
  }

  /// A fresh process for the remaining cases, within the run's restart allowance.
  private func restart() -> Session? {
    while true {
      if context.isStopping {
        abandonLocal(.notRun, message: "not run: \(Harness.interruptedText(context.stoppedBy))")
        return nil
      }
      guard context.claimRestart() else {
        abandonLocal(.notRun, message: Harness.capText(context.settings.maxRestarts, lastFailure: lastFailure))
        return nil
      }
      switch Session.start(number: index, context: context, condition: condition) {
      case .success(let session):
        condition.lock()
        current = session
        condition.unlock()
        return session
      case .failure(let failure):
        lastFailure = "the restarted implementation did not start: \(failure.message)"
        context.settings.diagnostics.note("\(context.settings.command[0]): \(lastFailure)")
      }
    }
  }

  private func hasWork() -> Bool {
    condition.lock()
    let local = !requeued.isEmpty || !suspects.isEmpty
    condition.unlock()
    return local || !context.source.isEmpty
  }

  /// Records every local attempt (requeued, suspects) with `status`.
  private func abandonLocal(_ status: CaseStatus, message: String) {
    condition.lock()
    let left = suspects + requeued
    suspects = []
    requeued = []
    context.results.append(contentsOf: left.map { context.unanswered($0, status, message: message) })
    condition.unlock()
  }

  // MARK: - One session

  private enum Ending { case finished, failed, interrupted }

  private enum Failure {
    /// The process exited, or closed a pipe.
    case died
    case timeout(seq: Int64)
    case violation(ProtocolViolation)
  }

  /// Runs one process until the work is done, it fails, or the run is stopped.
  private func drive(_ session: Session) -> Ending {
    session.startThread("conform writer \(index)") { [self] in writeRequests(session) }
    session.startThread("conform reader \(index)") { [self] in readAnswers(session) }
    let timeout = context.settings.timeoutNanoseconds
    let exitCheckInterval: UInt64 = 100_000_000
    var lastExitCheck = MonotonicClock.now()
    var failure: Failure?
    var finished = false
    condition.lock()
    while true {
      if context.isStopping { break }
      if let violation = session.violation {
        failure = .violation(violation)
        break
      }
      if session.closing && session.inFlight.isEmpty {
        finished = true
        break
      }
      if session.stdoutEnded || session.writeError != nil {
        failure = .died
        break
      }
      let now = MonotonicClock.now()
      var wake = now + exitCheckInterval
      if let (seq, entry) = session.inFlight.first {
        // From the write, or from the previous answer if later: time spent queued behind
        // other requests in the window is not the case's.
        let deadline = max(entry.sentAt, session.lastAnswerAt) + timeout
        if now >= deadline {
          failure = .timeout(seq: seq)
          break
        }
        wake = min(wake, deadline)
      }
      if now - lastExitCheck >= exitCheckInterval {
        lastExitCheck = now
        if session.process.hasExited {
          failure = .died
          break
        }
      }
      _ = condition.wait(until: Date(timeIntervalSinceNow: Double(wake - now) / 1e9))
    }
    if failure != nil {
      // From now on the reader takes only what was written before the fault was known.
      session.readAllowance.store(session.process.unreadOutputBytes, ordering: .releasing)
    }
    condition.unlock()

    if finished {
      shutDown(session)
      return .finished
    }
    guard let failure else {
      stopAfterInterrupt(session)
      return .interrupted
    }
    fail(session, failure)
    return .failed
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
    session.waitFor(\.readerDone, condition: condition, milliseconds: 1000)
    // The writer hands back what it took from the source and did not send.
    session.waitFor(\.writerDone, condition: condition, milliseconds: 1000)
    let message = "not run: \(Harness.interruptedText(context.stoppedBy))"
    condition.lock()
    let left = session.inFlight.all.map(\.entry.item) + suspects + requeued
    session.inFlight.removeAll()
    suspects = []
    requeued = []
    context.results.append(contentsOf: left.map { context.unanswered($0, .notRun, message: message) })
    condition.unlock()
    end(session)
  }

  /// Ends a failed session: kills its process group, collects what it said, and settles the
  /// cases in flight.
  private func fail(_ session: Session, _ failure: Failure) {
    let process = session.process
    if case .died = failure {
      // Answers written just before the exit are still in the pipe: let the reader take them.
      session.waitFor(\.readerDone, condition: condition, milliseconds: 1000)
      _ = process.waitForExit(milliseconds: 500)
    }
    let exitedOnItsOwn = process.hasExited
    let termination = process.stop(graceMilliseconds: 200)
    session.waitFor(\.readerDone, condition: condition, milliseconds: 1000)
    session.waitFor(\.stderrDone, condition: condition, milliseconds: 500)

    condition.lock()
    session.ended = true
    condition.broadcast()
    let tail = session.stderr.text
    var cause: String
    switch failure {
    case .died:
      if exitedOnItsOwn {
        cause = "the implementation \(termination)"
      } else if let error = session.writeError {
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
      if session.readerDone, session.stdout.hasPartialLine {
        cause += "; it left a line without its newline: " + LineQuote.quote(session.stdout.partialLine)
      }
    case .violation: break
    }
    lastFailure = cause
    settle(session, failure, cause: cause, stderr: tail)
    condition.unlock()
    end(session)
  }

  /// Cases in flight at a fault that named none of them, while they are replayed one at a time.
  private struct SuspectGroup {
    var status: CaseStatus
    var cause: String
    var stderr: String?
    var count: Int
    /// Whether one of them, replayed alone, brought a fault back (it is then that case's).
    var reproduced = false
    /// Those whose replay passed.
    var passed: [TableAttempt] = []
  }

  /// The last suspect is answered: if the fault never came back, it is pinned on every suspect
  /// whose replay passed, since one of them (or their being in flight together) caused it.
  private func closeSuspectGroup() {
    guard let group = suspectGroup else { return }
    suspectGroup = nil
    guard !group.reproduced, !group.passed.isEmpty else { return }
    let message =
      "\(group.cause) with \(Plural.count(group.count, "case")) in flight, this one among them; replayed alone, one at a time, "
      + "\(group.passed.count == group.count ? "each" : "\(group.passed.count) of them") passed: the fault did not recur"
    for item in group.passed {
      let amended = context.unanswered(item, group.status, message: message, stderr: group.stderr)
      context.results.amend(amended.result, of: amended.item)
    }
    context.settings.diagnostics.note(
      "the fault did not recur when the \(Plural.count(group.count, "case")) in flight were replayed one at a time: "
        + "\(group.passed.count) recorded \(group.status.rawValue)")
  }

  /// Decides what each case in flight at a failure becomes. Called with the condition held.
  private func settle(_ session: Session, _ failure: Failure, cause: String, stderr: String?) {
    let entries = session.inFlight.all
    session.inFlight.removeAll()
    // A suspect replayed alone brought a fault back: the fault is that case's.
    if isolating, !entries.isEmpty { suspectGroup?.reproduced = true }
    var records: [(result: CaseResult, item: TableAttempt)] = []
    func requeueAll(but culprit: Int64) {
      requeued.insert(contentsOf: entries.filter { $0.seq != culprit }.map(\.entry.item), at: 0)
    }
    switch failure {
    case .timeout(let seq):
      if let entry = entries.first(where: { $0.seq == seq }) {
        records.append(context.unanswered(entry.entry.item, .timeout, message: cause, stderr: stderr))
      }
      requeueAll(but: seq)
    case .violation(let violation) where violation.seq.map { seq in entries.contains { $0.seq == seq } } ?? false:
      let seq = violation.seq!
      let entry = entries.first { $0.seq == seq }!
      records.append(context.unanswered(entry.entry.item, .protocolError, message: cause, stderr: stderr))
      requeueAll(but: seq)
    case .violation(let violation) where violation.seq.flatMap(session.sentAttempt) != nil:
      // A line naming a seq already answered (a second answer): that case's answer cannot be
      // trusted, so its record is replaced; the cases in flight are innocent and go back.
      let item = session.sentAttempt(violation.seq!)!
      let amended = context.unanswered(item, .protocolError, message: cause, stderr: stderr)
      context.results.amend(amended.result, of: amended.item)
      requeueAll(but: 0)  // no seq is 0: every case in flight goes back
    case .violation, .died:
      let status: CaseStatus = if case .died = failure { .crashed } else { .protocolError }
      if entries.count == 1 {
        records.append(context.unanswered(entries[0].entry.item, status, message: cause, stderr: stderr))
      } else if entries.count > 1 {
        suspects.insert(contentsOf: entries.map(\.entry.item), at: 0)
        suspectGroup = SuspectGroup(status: status, cause: cause, stderr: stderr, count: entries.count)
        context.settings.diagnostics.note(
          "\(session.hello.name): \(cause) with \(Plural.count(entries.count, "case")) in flight; "
            + "replaying them one at a time to find the one that causes it")
      }
    }
    context.results.append(contentsOf: records)
  }

  /// Marks the session over and releases its pipes once its threads are done.
  private func end(_ session: Session) {
    condition.lock()
    session.ended = true
    condition.broadcast()
    condition.unlock()
    let reader = session.waitFor(\.readerDone, condition: condition, milliseconds: 1000)
    let drainer = session.waitFor(\.stderrDone, condition: condition, milliseconds: 1000)
    session.waitFor(\.writerDone, condition: condition, milliseconds: 1000)
    // A thread still in `poll` after this long is held by a grandchild that escaped the
    // process group: leave its descriptor open rather than close it under the thread.
    if reader && drainer { session.process.closeOutputs() }
  }

  // MARK: - The writer

  /// Sends requests in batches while the window has room, until the session ends or there is
  /// nothing left, then closes the implementation's stdin.
  ///
  /// Attempts taken back from a failed session go first; then the run's source, which is read
  /// without holding the condition (a generated source makes its cases then, while the reader
  /// goes on recording answers). While the window is full the writer takes the next refill
  /// ahead, so a source that takes time to make cases does it while the implementation works.
  private func writeRequests(_ session: Session) {
    var sending: [TableAttempt] = []
    /// Taken from the source ahead of room in the window; sent first.
    var prefetched: ArraySlice<TableAttempt> = []
    var unsupported: [(result: CaseResult, item: TableAttempt)] = []
    // Per suite of the run (`RunContext.suites`): whether this session supports it.
    let supported = context.suites.map { session.supported.contains($0) }
    var batch: [UInt8] = []
    batch.reserveCapacity(1 << 16)
    let isEnded = { [condition] () -> Bool in
      condition.lock()
      defer { condition.unlock() }
      return session.ended
    }
    func stopped() -> Bool { session.ended || session.violation != nil || context.isStopping }
    func recordUnsupported() {
      guard !unsupported.isEmpty else { return }
      context.results.append(contentsOf: unsupported)
      unsupported.removeAll(keepingCapacity: true)
    }
    sending: while true {
      condition.lock()
      var room = 0
      while true {
        if stopped() {
          condition.unlock()
          break sending
        }
        if let allowed = takeLocal(for: session, supported, into: &sending, unsupported: &unsupported) {
          room = allowed
          break
        }
        if prefetched.isEmpty, !context.source.isEmpty {
          condition.unlock()
          prefetched = context.source.take(window - lowWater)[...]
          condition.lock()
          continue
        }
        session.writerWaiting = true
        _ = condition.wait(until: Date(timeIntervalSinceNow: 0.2))
        session.writerWaiting = false
      }
      while room > 0, let item = prefetched.popFirst() {
        offer(item, session, supported, into: &sending, room: &room, unsupported: &unsupported)
      }
      if room > 0, !context.source.isEmpty {
        condition.unlock()
        while room > 0 {
          let taken = context.source.take(room)
          if taken.isEmpty { break }
          for item in taken { offer(item, session, supported, into: &sending, room: &room, unsupported: &unsupported) }
        }
        condition.lock()
        if stopped() {
          // Taken, never sent: the next session sends them, or they are recorded not run.
          requeued.append(contentsOf: sending)
          condition.unlock()
          recordUnsupported()
          break sending
        }
      }
      if sending.isEmpty {
        if session.inFlight.isEmpty, suspects.isEmpty, requeued.isEmpty, prefetched.isEmpty, context.source.isEmpty {
          session.closing = true
          condition.broadcast()
          condition.unlock()
          recordUnsupported()
          break sending
        }
        session.writerWaiting = true
        _ = condition.wait(until: Date(timeIntervalSinceNow: 0.2))
        session.writerWaiting = false
        condition.unlock()
        recordUnsupported()
        continue
      }
      let now = MonotonicClock.now()
      let firstSeq = session.nextSeq
      for item in sending { session.send(item, at: now) }
      condition.unlock()
      recordUnsupported()

      batch.removeAll(keepingCapacity: true)
      for (offset, item) in sending.enumerated() {
        item.table.arena.withUnsafeBufferPointer { arena in
          CaseTable.writeRequest(item.table.slices[item.index], seq: firstSeq + Int64(offset), arena: arena, into: &batch)
        }
      }
      let outcome = batch.withUnsafeBytes { session.writeAll($0, deadline: nil, context: context, isEnded: isEnded) }
      if case .failed(let code, _) = outcome {
        condition.lock()
        session.writeError = code
        condition.broadcast()
        condition.unlock()
        break
      }
      if outcome == .stopped { break }
    }
    close(session.process.stdinFD)
    condition.lock()
    // Taken ahead and never sent: the next session sends them, or they are recorded not run.
    requeued.append(contentsOf: prefetched)
    session.writerDone = true
    condition.broadcast()
    condition.unlock()
  }

  /// Fills `sending` with the local attempts to send next (a suspect alone, or those taken back
  /// from a failed session); returns the room left for the source, or nil when nothing can go
  /// now. Called with the condition held.
  private func takeLocal(
    for session: Session, _ supported: [Bool], into sending: inout [TableAttempt],
    unsupported: inout [(result: CaseResult, item: TableAttempt)]
  ) -> Int? {
    sending.removeAll(keepingCapacity: true)
    let inFlight = session.inFlight.count
    if !suspects.isEmpty {
      guard inFlight == 0 else { return nil }
      isolating = true
      sending.append(suspects.removeFirst())
      return 0
    }
    if isolating {
      guard inFlight == 0 else { return nil }
      isolating = false
      closeSuspectGroup()
    }
    guard inFlight < window, inFlight <= lowWater else { return nil }
    // A request left unanswered while later ones are answered widens the ring of requests in
    // flight; past `maxSpan` seqs nothing more is sent until it is answered or times out.
    var room = min(window - inFlight, maxSpan - Int(session.inFlight.span))
    guard room > 0 else { return nil }
    while room > 0, !requeued.isEmpty {
      offer(requeued.removeFirst(), session, supported, into: &sending, room: &room, unsupported: &unsupported)
    }
    return room
  }

  /// Adds `item` to what is sent if the session supports its suite, else records it unsupported.
  private func offer(
    _ item: TableAttempt, _ session: Session, _ supported: [Bool], into sending: inout [TableAttempt], room: inout Int,
    unsupported: inout [(result: CaseResult, item: TableAttempt)]
  ) {
    let suiteIndex = item.suiteSlot
    if supported[suiteIndex] {
      sending.append(item)
      room -= 1
    } else {
      unsupported.append(
        context.unanswered(
          item, .unsupported,
          message: "\(session.hello.name) does not support suite \(context.suites[suiteIndex]) (its hello lists: "
            + "\(session.hello.suites.isEmpty ? "none" : session.hello.suites.joined(separator: ", ")))"))
    }
  }

  // MARK: - The reader

  /// An answer line as read: a canonical result (the usual case: a pass if its output is the
  /// expected bytes), scanned in place, or parsed in full.
  private enum Incoming {
    case canonical(CanonicalResult, line: UnsafeBufferPointer<UInt8>)
    case scanned(ScannedAnswer, line: UnsafeBufferPointer<UInt8>)
    case parsed(Answer, line: UnsafeBufferPointer<UInt8>)
  }

  /// Reads answer lines until stdout ends, the session ends, or a line breaks the protocol.
  private func readAnswers(_ session: Session) {
    let descriptor = session.process.stdoutFD
    var incoming: [Incoming] = []
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
              incoming.append(.scanned(scanned, line: bytes))
              continue
            }
            if LineBuffer.isBlank(bytes) { continue }
            do {
              incoming.append(.parsed(try Answer.parse(bytes), line: bytes))
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
        if deliver(incoming, then: violation, session, records: &records) { break reading }
      case .wouldBlock:
        pollDescriptor(descriptor, events: Int16(POLLIN), milliseconds: 100)
        condition.lock()
        let ended = session.ended
        condition.unlock()
        if ended { break reading }
      case .endOfFile, .failed:
        condition.lock()
        session.stdoutEnded = true
        condition.broadcast()
        condition.unlock()
        break reading
      }
    }
    condition.lock()
    session.readerDone = true
    condition.broadcast()
    condition.unlock()
  }

  /// Matches answers to requests by `seq` and records them; true when the session must stop.
  private func deliver(
    _ incoming: [Incoming], then violation: ProtocolViolation?, _ session: Session, records: inout ResultBatch
  ) -> Bool {
    let now = MonotonicClock.now()
    records.reset()
    condition.lock()
    defer { condition.unlock() }
    if session.ended { return true }
    // Each answer's service time: from when the implementation could start on it (its request
    // written, or its previous answer read) to now. Answers read together: the first takes the
    // interval, the rest 0, so a process's case times never overlap (JUnit's times add up).
    var idleSince = session.lastAnswerAt
    func serviceMicroseconds(_ entry: InFlight) -> Int64 {
      let start = max(entry.sentAt, idleSince)
      idleSince = now
      return now > start ? Int64((now - start) / 1000) : 0
    }
    answers: for next in incoming {
      var item = next
      if case .canonical(let canonical, let line) = item {
        if let entry = session.inFlight[canonical.seq], Self.isExpected(canonical, line: line, of: entry.item) {
          _ = session.inFlight.remove(canonical.seq)
          let attempt = entry.item
          attempt.table.arena.withUnsafeBufferPointer { arena in
            records.pass(attempt, microseconds: serviceMicroseconds(entry), arena: arena)
          }
          continue
        }
        // Not the expected output (or not a request in flight): read it as any other line.
        if let scanned = AnswerScanner.scan(line) {
          item = .scanned(scanned, line: line)
        } else {
          do {
            item = .parsed(try Answer.parse(line), line: line)
          } catch {
            session.violation = error
            break answers
          }
        }
      }
      let seq: Int64
      let line: UnsafeBufferPointer<UInt8>
      switch item {
      case .canonical: preconditionFailure("read above")
      case .scanned(let scanned, let bytes):
        seq = scanned.seq
        line = bytes
      case .parsed(let answer, let bytes):
        seq = answer.seq
        line = bytes
      }
      guard let entry = session.inFlight.remove(seq) else {
        // A second answer names the case it was sent for: that case's answer cannot be trusted.
        let remembered = session.sentAttempt(seq) != nil
        let cause =
          if remembered {
            "answered seq \(seq) a second time: "
          } else if seq >= 1 && seq < session.nextSeq {
            "answered seq \(seq) a second time, too long after the first to name its case: "
          } else {
            "answered seq \(seq), which was never sent: "
          }
        session.violation = ProtocolViolation(cause + LineQuote.quote(line), seq: remembered ? seq : nil)
        break answers
      }
      let attempt = entry.item
      let microseconds = serviceMicroseconds(entry)
      let payload: Answer.Payload
      switch item {
      case .canonical: preconditionFailure("read above")
      case .scanned(let scanned, _):
        switch Self.check(scanned, line: line, of: attempt, microseconds: microseconds, into: &records) {
        case .recorded: continue
        case .payload(let value): payload = value
        case .violation(let message):
          session.inFlight.add(entry, seq: seq)
          session.violation = ProtocolViolation(message, seq: seq)
          break answers
        }
      case .parsed(let answer, _):
        let expectedID = attempt.id
        // Bytes, as on the scanned path: String's == would take "\u{212A}" (KELVIN SIGN) for "K".
        guard answer.id.utf8.elementsEqual(expectedID.utf8) else {
          session.inFlight.add(entry, seq: seq)
          session.violation = ProtocolViolation(
            "answered seq \(seq) with id \"\(answer.id)\", but seq \(seq) is \(expectedID): \(LineQuote.quote(line))", seq: seq)
          break answers
        }
        payload = answer.payload
      }
      records.add(context.answered(attempt, payload, microseconds: microseconds), of: attempt)
    }
    if session.violation == nil, let violation { session.violation = violation }
    if !records.isEmpty { session.lastAnswerAt = now }
    if isolating, suspectGroup != nil {
      suspectGroup!.passed += records.entries.filter { $0.other < 0 }.map(\.item)
    }
    context.results.append(records)
    // Wake the writer only when it waits for room, the supervisor only when it has to act.
    if session.violation != nil || session.closing && session.inFlight.isEmpty
      || session.writerWaiting && session.inFlight.count <= lowWater
    {
      condition.broadcast()
    }
    return session.violation != nil
  }

  /// Whether a canonical result is its case's: the same id, the expected output's bytes.
  private static func isExpected(
    _ canonical: CanonicalResult, line: UnsafeBufferPointer<UInt8>, of attempt: TableAttempt
  ) -> Bool {
    let table = attempt.table
    let slices = table.slices[attempt.index]
    return table.arena.withUnsafeBufferPointer { arena in
      sameBytes(UnsafeBufferPointer(rebasing: line[canonical.output]), UnsafeBufferPointer(rebasing: arena[slices.expected]))
        && sameBytes(UnsafeBufferPointer(rebasing: line[canonical.id]), UnsafeBufferPointer(rebasing: arena[slices.id]))
    }
  }

  /// What a scanned answer is.
  private enum Checked {
    /// A pass, byte for byte the expected output: recorded.
    case recorded
    /// Anything else, parsed: to compare as values.
    case payload(Answer.Payload)
    case violation(String)
  }

  /// Checks a scanned answer's id against its case, and records it when its payload is the
  /// expected output's canonical bytes (an exact match, nothing to parse): the hot path.
  private static func check(
    _ scanned: ScannedAnswer, line: UnsafeBufferPointer<UInt8>, of attempt: TableAttempt, microseconds: Int64,
    into records: inout ResultBatch
  ) -> Checked {
    let table = attempt.table
    let slices = table.slices[attempt.index]
    return table.arena.withUnsafeBufferPointer { arena -> Checked in
      let id = UnsafeBufferPointer(rebasing: line[scanned.id])
      guard sameBytes(id, UnsafeBufferPointer(rebasing: arena[slices.id])) else {
        let seq = scanned.seq
        return .violation(
          "answered seq \(seq) with id \"\(String(decoding: id, as: UTF8.self))\", but seq \(seq) is "
            + "\(attempt.id): \(LineQuote.quote(line))")
      }
      let payloadBytes = UnsafeBufferPointer(rebasing: line[scanned.payload])
      if scanned.kind == .result, sameBytes(payloadBytes, UnsafeBufferPointer(rebasing: arena[slices.expected])) {
        records.pass(attempt, microseconds: microseconds, arena: arena)
        return .recorded
      }
      do {
        let value = try JSONReader.parse(payloadBytes)
        switch scanned.kind {
        case .result: return .payload(.result(output: value))
        case .skipped, .error:
          guard let text = value.stringValue else {
            throw JSONShapeError(
              path: scanned.kind == .skipped ? "reason" : "message", message: "expected a string, found \(value.typeName)")
          }
          return .payload(scanned.kind == .skipped ? .skipped(reason: text) : .error(message: text))
        }
      } catch {
        // The strict parser locates the fault in the whole line; the payload's own line and
        // column would mislead.
        var message = "not a valid answer (\(error)): \(LineQuote.quote(line))"
        do throws(ProtocolViolation) { _ = try Answer.parse(line) } catch { message = error.message }
        return .violation(message)
      }
    }
  }
}

/// Byte equality with `memcmp`.
private func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
  guard a.count == b.count else { return false }
  guard a.count > 0 else { return true }
  return memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
}
