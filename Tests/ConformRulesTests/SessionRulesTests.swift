import ConformJSON
import ConformPlatform
import ConformProtocol
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformHarness
@testable import ConformResults

/// The rules of a worker's sessions, driven as the pump drives them but with no process: which
/// case a fault is blamed on, what is requeued, how suspects are replayed, and what a slot gives
/// up when the run is out of restarts.
@Suite struct SessionRulesTests {
  /// Eight cases, `c1` to `c8`, the even ones in suite `b` (which one test's process does not support).
  static let table = CaseTable(
    (1...8).map { number in
      FixtureCase(
        id: "c\(number)", suite: number % 2 == 0 ? "b" : "a", tags: [], note: "", input: .object([:]),
        expected: .int(Int64(number)))
    }, suites: ["a", "b"])

  /// Case `cN`.
  static func item(_ number: Int) -> TableAttempt {
    TableAttempt(table: table, attempt: Attempt(caseIndex: Int32(number - 1), number: 0))
  }

  /// The case numbers of attempts: `[3, 1]` for c3, c1.
  static func numbers(_ items: [TableAttempt]) -> [Int] { items.map { Int($0.attempt.caseIndex) + 1 } }

  /// Rules with cases `numbers` sent in that order (as seqs 1, 2, …) at time 0.
  static func sending(_ numbers: [Int], window: Int = 8) -> SessionRules {
    var rules = SessionRules(window: window)
    rules.beginProcess()
    for number in numbers { rules.send(item(number), at: 0) }
    return rules
  }

  /// Sends what the rules offer from their own attempts, as the writer does; the case numbers sent.
  static func refill(_ rules: inout SessionRules, supports: (TableAttempt) -> Bool = { _ in true }) -> [Int] {
    let refill = rules.refill(supports: supports)
    for item in refill.send { rules.send(item, at: 0) }
    return numbers(refill.send)
  }

  /// Answers `seq` with a pass, as the reader does.
  static func pass(_ rules: inout SessionRules, seq: Int64) {
    let entry = rules.answer(seq)
    #expect(entry != nil, "seq \(seq) is not in flight")
    rules.answersRecorded(at: 1, passed: entry.map { [$0.item] } ?? [])
  }

  // MARK: - Blame

  struct BlameCase: CustomTestStringConvertible, Sendable {
    var name: String
    /// Case numbers in flight, sent in this order (seqs from 1).
    var inFlight: [Int]
    /// Seqs answered before the fault (no longer in flight).
    var answered: [Int64] = []
    var fault: SessionRules.Fault
    /// What the fault is pinned on: "c2 timeout", "earlier c1", "4 suspects crashed", "nobody".
    var blame: String
    var requeued: [Int] = []
    var suspects: [Int] = []
    var testDescription: String { name }
  }

  static let blameCases: [BlameCase] = [
    BlameCase(
      name: "a timeout is the oldest request's", inFlight: [1, 2, 3], fault: .timeout(seq: 1), blame: "c1 timeout",
      requeued: [2, 3]),
    BlameCase(
      name: "a timeout after answers is the oldest unanswered request's", inFlight: [1, 2, 3], answered: [1],
      fault: .timeout(seq: 2), blame: "c2 timeout", requeued: [3]),
    BlameCase(
      name: "a malformed line naming a seq in flight is that case's", inFlight: [1, 2, 3], fault: .violation(seq: 2),
      blame: "c2 protocol-error", requeued: [1, 3]),
    BlameCase(
      name: "a malformed line naming an answered seq replaces that case's record", inFlight: [1, 2, 3], answered: [1],
      fault: .violation(seq: 1), blame: "earlier c1", requeued: [2, 3]),
    BlameCase(
      name: "a malformed line naming no seq with one in flight is that case's", inFlight: [4], fault: .violation(seq: nil),
      blame: "c4 protocol-error"),
    BlameCase(
      name: "a malformed line naming no seq with several in flight makes suspects", inFlight: [1, 2, 3],
      fault: .violation(seq: nil), blame: "3 suspects protocol-error", suspects: [1, 2, 3]),
    BlameCase(
      name: "a malformed line naming a seq never sent makes suspects", inFlight: [1, 2], fault: .violation(seq: 99),
      blame: "2 suspects protocol-error", suspects: [1, 2]),
    BlameCase(name: "a crash with one in flight is its case's", inFlight: [5], fault: .died, blame: "c5 crashed"),
    BlameCase(
      name: "a crash with many in flight makes suspects", inFlight: [1, 2, 3, 4, 5], answered: [2], fault: .died,
      blame: "4 suspects crashed", suspects: [1, 3, 4, 5]),
    BlameCase(name: "a crash with nothing in flight is nobody's", inFlight: [1], answered: [1], fault: .died, blame: "nobody"),
  ]

  static func describe(_ blame: SessionRules.Blame) -> String {
    switch blame {
    case .nobody: "nobody"
    case .culprit(let culprit, let status): "c\(numbers([culprit.item])[0]) \(status.rawValue)"
    case .earlierAnswer(let answered): "earlier c\(numbers([answered.item])[0])"
    case .suspects(let count, let status): "\(count) suspects \(status.rawValue)"
    }
  }

  @Test(arguments: blameCases) func blame(_ example: BlameCase) {
    var rules = Self.sending(example.inFlight)
    for seq in example.answered { Self.pass(&rules, seq: seq) }
    let blame = rules.settle(example.fault, cause: "the fault", stderr: nil)
    #expect(Self.describe(blame) == example.blame)
    #expect(Self.numbers(rules.requeued) == example.requeued)
    #expect(Self.numbers(rules.suspects) == example.suspects)
    #expect(rules.inFlight.isEmpty)
    #expect(rules.lastFailure == "the fault")
    #expect(rules.hasWork == !(example.requeued.isEmpty && example.suspects.isEmpty))
  }

  @Test func aTimeoutRunsFromTheWriteOrThePreviousAnswerIfLater() {
    var rules = SessionRules(window: 8)
    rules.send(Self.item(1), at: 100)
    rules.send(Self.item(2), at: 100)
    #expect(rules.deadline(timeout: 50).map { [$0.seq, Int64($0.at)] } == [1, 150])
    _ = rules.answer(1)
    rules.answersRecorded(at: 400, passed: [])
    // c2 waited behind c1: its clock starts at c1's answer.
    #expect(rules.deadline(timeout: 50).map { [$0.seq, Int64($0.at)] } == [2, 450])
    _ = rules.answer(2)
    #expect(rules.deadline(timeout: 50) == nil)
  }

  @Test func aTimeoutDoesNotCountTheTimeConformWasBusy() {
    var rules = SessionRules(window: 8)
    rules.send(Self.item(1), at: 100)
    rules.send(Self.item(2), at: 100)
    // conform spent 30 on answers it had read (none of them c1's): c1's deadline moves by 30.
    rules.wasBusy(nanoseconds: 30)
    #expect(rules.deadline(timeout: 50).map { [$0.seq, Int64($0.at)] } == [1, 180])
    // c1 answered at 400, then conform spent 200 reading and recording it: c2's clock starts at 600.
    _ = rules.answer(1)
    rules.answersRecorded(at: 400, passed: [])
    rules.wasBusy(nanoseconds: 200)
    #expect(rules.deadline(timeout: 50).map { [$0.seq, Int64($0.at)] } == [2, 650])
    // A request sent after that counts conform's later time only.
    rules.send(Self.item(3), at: 700)
    _ = rules.answer(2)
    rules.answersRecorded(at: 700, passed: [])
    rules.wasBusy(nanoseconds: 10)
    #expect(rules.deadline(timeout: 50).map { [$0.seq, Int64($0.at)] } == [3, 760])
  }

  // MARK: - Requeue

  @Test func theInnocentAreSentFirstByTheNextProcessInTheirOrder() {
    var rules = Self.sending([1, 2, 3])
    _ = rules.settle(.timeout(seq: 1), cause: "hang", stderr: nil)
    rules.took([Self.item(7)], drained: false)  // taken by the writer, not sent yet
    rules.beginProcess()
    #expect(Self.refill(&rules) == [2, 3, 7])
    #expect(rules.nextSeq == 4)
    // A second fault takes back what is in flight ahead of what was requeued before.
    rules.took([Self.item(8)], drained: false)
    _ = rules.settle(.violation(seq: 1), cause: "bad line", stderr: nil)
    #expect(Self.numbers(rules.requeued) == [3, 7, 8])
  }

  @Test func requeuedCasesOfAnUnsupportedSuiteAreNotSent() {
    var rules = Self.sending([1, 2, 3, 4])
    _ = rules.settle(.timeout(seq: 1), cause: "hang", stderr: nil)
    rules.beginProcess()
    let refill = rules.refill { $0.fixture.suite == "a" }
    #expect(Self.numbers(refill.send) == [3])
    #expect(Self.numbers(refill.unsupported) == [2, 4])
    #expect(refill.room == 7)
  }

  @Test func theWindowIsRefilledOnlyOnceHalfDrained() {
    var rules = Self.sending([1, 2, 3, 4, 5], window: 8)
    #expect(rules.refill { _ in true }.room == nil, "5 in flight, above the low water mark of 4")
    Self.pass(&rules, seq: 1)
    #expect(rules.refill { _ in true }.room == 4)
  }

  // MARK: - Replaying suspects

  @Test func suspectsAreReplayedAloneAndAFaultThatNeverRecursIsPinnedOnThemAll() throws {
    var rules = Self.sending([1, 2, 3, 4])
    Self.pass(&rules, seq: 2)
    #expect(
      Self.describe(rules.settle(.died, cause: "the implementation exited with status 3", stderr: "tail")) == "3 suspects crashed"
    )
    rules.beginProcess()
    for (seq, number) in zip(Int64(1)..., [1, 3, 4]) {
      #expect(Self.refill(&rules) == [number])
      #expect(rules.isReplaying)
      // Nothing else goes while the suspect is in flight.
      #expect(rules.refill { _ in true }.room == nil)
      Self.pass(&rules, seq: seq)
    }
    let refill = rules.refill { _ in true }
    let verdict = try #require(refill.verdict)
    #expect(!rules.isReplaying)
    #expect(Self.numbers(verdict.passed) == [1, 3, 4])
    #expect(verdict.status == .crashed)
    #expect(verdict.stderr == "tail")
    #expect(
      verdict.message
        == "the implementation exited with status 3 with 3 cases in flight, this one among them; "
        + "replayed alone, one at a time, each passed: the fault did not recur")
    #expect(refill.room == 8, "the window is open again")
  }

  @Test func aSuspectThatBringsTheFaultBackTakesItAndTheOthersPass() {
    var rules = Self.sending([1, 2, 3])
    _ = rules.settle(.died, cause: "crash", stderr: nil)
    rules.beginProcess()
    #expect(Self.refill(&rules) == [1])
    Self.pass(&rules, seq: 1)
    #expect(Self.refill(&rules) == [2])
    #expect(Self.describe(rules.settle(.died, cause: "crash", stderr: nil)) == "c2 crashed")
    rules.beginProcess()
    #expect(Self.refill(&rules) == [3])
    Self.pass(&rules, seq: 1)
    let refill = rules.refill { _ in true }
    #expect(refill.verdict == nil, "the fault recurred: the passes stand")
    #expect(refill.room == 8)
  }

  @Test func aHangOfAReplayedSuspectIsItsOwn() {
    var rules = Self.sending([1, 2])
    _ = rules.settle(.died, cause: "crash", stderr: nil)
    rules.beginProcess()
    #expect(Self.refill(&rules) == [1])
    #expect(Self.describe(rules.settle(.timeout(seq: 1), cause: "hang", stderr: nil)) == "c1 timeout")
    #expect(Self.numbers(rules.suspects) == [2])
  }

  @Test func aReplayWhereOnlySomePassedSaysHowMany() throws {
    var rules = Self.sending([1, 2, 3])
    _ = rules.settle(.violation(seq: nil), cause: "junk", stderr: nil)
    rules.beginProcess()
    #expect(Self.refill(&rules) == [1])
    Self.pass(&rules, seq: 1)
    #expect(Self.refill(&rules) == [2])
    _ = rules.answer(2)
    rules.answersRecorded(at: 1, passed: [])  // answered, and failed
    #expect(Self.refill(&rules) == [3])
    Self.pass(&rules, seq: 3)
    let verdict = try #require(rules.refill { _ in true }.verdict)
    #expect(Self.numbers(verdict.passed) == [1, 3])
    #expect(verdict.status == .protocolError)
    #expect(verdict.message.hasSuffix("replayed alone, one at a time, 2 of them passed: the fault did not recur"))
  }

  /// Exact blame needs the culprit to crash alone once: replayed one at a time, a culprit among
  /// a thousand cases in flight costs one restart more than the crash itself, and the 999 others
  /// are recorded as they answer.
  @Test func aCulpritAmongAThousandSuspectsCostsOneMoreRestart() {
    // Attempt numbers tell the thousand apart (the table has eight cases).
    let many = (0..<1000).map { TableAttempt(table: Self.table, attempt: Attempt(caseIndex: Int32($0 % 8), number: Int32($0))) }
    let culprit = 700
    var rules = SessionRules(window: 1000)
    for item in many { rules.send(item, at: 0) }
    var faults = 1
    #expect(Self.describe(rules.settle(.died, cause: "crash", stderr: nil)) == "1000 suspects crashed")
    rules.beginProcess()
    var passed: [Int32] = []
    var blamed: [Int32] = []
    while rules.hasWork || rules.isReplaying {
      let refill = rules.refill { _ in true }
      #expect(refill.verdict == nil)
      guard let item = refill.send.first else { break }
      #expect(refill.send.count == 1)
      rules.send(item, at: 0)
      if item.attempt.number == Int32(culprit) {
        if case .culprit(let found, .crashed) = rules.settle(.died, cause: "crash", stderr: nil) {
          blamed.append(found.item.attempt.number)
        }
        faults += 1
        rules.beginProcess()
      } else {
        Self.pass(&rules, seq: rules.nextSeq - 1)
        passed.append(item.attempt.number)
      }
    }
    #expect(blamed == [Int32(culprit)])
    #expect(passed == (0..<1000).filter { $0 != culprit }.map(Int32.init))
    #expect(faults == 2, "a restart for the crash, one for the culprit's replay")
  }

  // MARK: - Giving up

  @Test func outOfRestartsTheSlotHandsBackEverythingItHolds() {
    var rules = Self.sending([1, 2, 3])
    _ = rules.settle(.timeout(seq: 1), cause: "hang", stderr: nil)
    rules.beginProcess()
    #expect(Self.refill(&rules) == [2, 3])
    _ = rules.settle(.violation(seq: 1), cause: "bad line", stderr: nil)  // c2's
    #expect(rules.hasWork)
    #expect(Self.numbers(rules.takeAll()) == [3])
    #expect(!rules.hasWork)
  }

  @Test func anInterruptedRunTakesWhatIsInFlightAndWhatIsHeld() {
    var rules = Self.sending([1, 2, 3, 4])
    _ = rules.settle(.died, cause: "crash", stderr: nil)
    rules.beginProcess()
    _ = Self.refill(&rules)  // c1 replayed
    rules.took([Self.item(5)], drained: false)
    #expect(Self.numbers(rules.stopAll()) == [1, 2, 3, 4, 5])
    #expect(rules.inFlight.isEmpty)
    #expect(!rules.hasWork)
  }

  // MARK: - The writer's steps

  /// Rules for a process that supports both suites (or only `a`), nothing sent yet.
  static func writer(window: Int = 8, supportsB: Bool = true) -> SessionRules {
    var rules = SessionRules(window: window)
    rules.beginProcess()
    rules.supported = [true, supportsB]
    return rules
  }

  static func written(_ step: SessionRules.WriteStep) -> [Int] {
    guard case .write(_, let items) = step.action else { return [] }
    return numbers(items)
  }

  @Test func theWriterTakesTheWholeRoomThenWritesItAsOneBatch() {
    var rules = Self.writer()
    #expect(rules.nextWrite(now: 0).action == .take(8))
    rules.took((1...8).map(Self.item), drained: false)
    let step = rules.nextWrite(now: 5)
    #expect(step.action == .write(firstSeq: 1, (1...8).map(Self.item)))
    #expect(step.startsClock, "the window was empty: the supervisor has a deadline again")
    #expect(rules.inFlight.count == 8)
  }

  @Test func aFullWindowTakesTheNextRefillAheadOnceThenWaits() {
    var rules = Self.writer()
    rules.took((1...8).map(Self.item), drained: false)
    _ = rules.nextWrite(now: 0)
    #expect(rules.nextWrite(now: 0).action == .take(4), "window 8, low water 4: a refill is 4")
    rules.took((1...4).map(Self.item), drained: false)
    #expect(rules.nextWrite(now: 0).action == .wait)
    for seq in Int64(1)...4 { Self.pass(&rules, seq: seq) }
    let step = rules.nextWrite(now: 1)
    #expect(Self.written(step) == [1, 2, 3, 4], "the refill taken ahead goes out at low water")
    #expect(!step.startsClock, "requests were in flight already")
  }

  @Test func aDrainedSourceClosesOnceNothingIsInFlight() {
    var rules = Self.writer()
    rules.took([Self.item(1)], drained: true)
    #expect(Self.written(rules.nextWrite(now: 0)) == [1])
    #expect(rules.nextWrite(now: 0).action == .wait, "the last answer is still to come")
    Self.pass(&rules, seq: 1)
    #expect(rules.nextWrite(now: 1).action == .close)
  }

  @Test func aSourceThatGaveNothingIsAskedAgainOnlyOnceWhatIsHeldIsSent() {
    var rules = Self.writer()
    rules.took([Self.item(1), Self.item(3)], drained: false)
    #expect(rules.nextWrite(now: 0).action == .take(6), "room left after what is held: fill it first")
    rules.took([], drained: false)  // a search between batches
    #expect(Self.written(rules.nextWrite(now: 0)) == [1, 3])
    #expect(rules.nextWrite(now: 0).action == .take(6))
  }

  @Test func attemptsOfAnUnsupportedSuiteComeBackToBeRecordedNotSent() {
    var rules = Self.writer(supportsB: false)
    rules.took((1...4).map(Self.item), drained: true)
    let step = rules.nextWrite(now: 0)
    #expect(Self.written(step) == [1, 3])
    #expect(Self.numbers(step.unsupported) == [2, 4])
  }

  @Test func aSuspectIsWrittenAloneAndTheVerdictComesWithTheNextStep() throws {
    var rules = Self.writer()
    rules.took((1...3).map(Self.item), drained: true)
    _ = rules.nextWrite(now: 0)
    _ = rules.settle(.died, cause: "it crashed", stderr: nil)
    rules.beginProcess()
    #expect(Self.written(rules.nextWrite(now: 0)) == [1])
    #expect(rules.nextWrite(now: 0).action == .wait, "one suspect at a time")
    for seq in Int64(1)...3 {
      if seq > 1 { #expect(Self.written(rules.nextWrite(now: 0)) == [Int(seq)]) }
      Self.pass(&rules, seq: seq)
    }
    let step = rules.nextWrite(now: 1)
    #expect(try #require(step.verdict).passed.count == 3)
    #expect(step.action == .close)
  }

  // MARK: - The rules' sub-states

  /// The source is open, dry (its last take gave nothing though it is not drained: asked again
  /// in the next process) or drained for good.
  @Test func theSourceGoesDryForAProcessAndDrainsForGood() {
    var rules = Self.writer()
    #expect(rules.source == .open)
    rules.took([], drained: false)
    #expect(rules.source == .dry)
    rules.took([Self.item(1)], drained: false)
    #expect(rules.source == .open, "a take that gave something opens it again")
    rules.took([], drained: false)
    rules.beginProcess()
    #expect(rules.source == .open, "a new process asks again")
    rules.took([Self.item(2)], drained: true)
    #expect(rules.source == .drained)
    rules.took([], drained: false)
    rules.beginProcess()
    #expect(rules.source == .drained, "drained stays drained")
  }

  static func replayState(_ replay: SessionRules.Replay) -> String {
    switch replay {
    case .none: "none"
    case .waiting(let group): "waiting \(group.waiting.count)"
    case .replaying(let group): "replaying \(group.waiting.count) more"
    }
  }

  /// A fault with several cases in flight makes them suspects waiting; each goes alone in turn;
  /// the group closes once the last one is answered.
  @Test func suspectsWaitThenReplayOneAtATimeThenTheGroupCloses() {
    var rules = Self.sending([1, 2, 3])
    #expect(Self.replayState(rules.replay) == "none")
    _ = rules.settle(.died, cause: "crash", stderr: nil)
    #expect(Self.replayState(rules.replay) == "waiting 3")
    rules.beginProcess()
    for (seq, left) in zip(Int64(1)...3, [2, 1, 0]) {
      #expect(Self.refill(&rules).count == 1)
      #expect(Self.replayState(rules.replay) == "replaying \(left) more")
      Self.pass(&rules, seq: seq)
    }
    #expect(rules.refill { _ in true }.verdict != nil)
    #expect(Self.replayState(rules.replay) == "none")
  }

  /// Giving up empties the group's waiting suspects with the rest of what the slot holds.
  @Test func givingUpTakesTheWaitingSuspects() {
    var rules = Self.sending([1, 2])
    _ = rules.settle(.died, cause: "crash", stderr: nil)
    #expect(Self.numbers(rules.takeAll()) == [1, 2])
    #expect(rules.suspects.isEmpty)
    #expect(!rules.hasWork)
  }

  // MARK: - The process's phase

  static func pump() -> (PumpState, Int) {
    var state = PumpState(window: 8)
    let number = state.begin(wake: try! WakePipe())
    state.stream(supported: [true, true])
    return (state, number)
  }

  static func isFailed(_ phase: ProcessPhase, _ expected: String) -> Bool {
    guard case .failed(let fault) = phase else { return false }
    return switch fault {
    case .stdoutEnded: expected == "stdout"
    case .writeFailed: expected == "write"
    case .violation: expected == "violation"
    }
  }

  @Test func aMoreTellingFaultTakesThePlaceOfTheFirstUntilTheProcessEnds() {
    var (state, number) = Self.pump()
    state.fault(number, .stdoutEnded)
    #expect(Self.isFailed(state.phase, "stdout"))
    state.fault(number, .writeFailed(EPIPE))
    #expect(Self.isFailed(state.phase, "write"))
    state.fault(number, .stdoutEnded)
    #expect(Self.isFailed(state.phase, "write"), "a lesser fault does not replace it")
    state.fault(number, .violation(ProtocolViolation("bad line")))
    #expect(Self.isFailed(state.phase, "violation"))
    state.end(number)
    state.fault(number, .stdoutEnded)
    #expect(state.isEnded(number))
    #expect(state.nextWrite(number, now: 0, stopping: false).action == .stop)
  }

  @Test func stdoutClosedAfterTheLastAnswerIsTheEndNotAFault() {
    var (state, number) = Self.pump()
    state.rules.took([Self.item(1)], drained: true)
    _ = state.nextWrite(number, now: 0, stopping: false)
    state.fault(number, .stdoutEnded)
    #expect(Self.isFailed(state.phase, "stdout"), "an answer was still in flight")

    (state, number) = Self.pump()
    state.rules.took([], drained: true)
    let close = state.nextWrite(number, now: 0, stopping: false).action
    #expect(close == .close)
    state.fault(number, .stdoutEnded)
    guard case .draining = state.phase else {
      Issue.record("stdout closed after the last answer made the phase \(state.phase)")
      return
    }
  }

  @Test func aWaitingWriterIsWokenWhenTheWindowDrainsAndStoppedWhenTheProcessEnds() {
    var (state, number) = Self.pump()
    state.rules.took((1...8).map(Self.item), drained: true)
    _ = state.nextWrite(number, now: 0, stopping: false)
    #expect(state.nextWrite(number, now: 0, stopping: false).action == .wait)
    for seq in Int64(1)...3 { Self.pass(&state.rules, seq: seq) }
    #expect(!state.windowDrained, "5 in flight, above low water")
    Self.pass(&state.rules, seq: 4)
    #expect(state.windowDrained, "at low water the waiting writer is woken")
    state.end(number)
    #expect(state.nextWrite(number, now: 0, stopping: false).action == .stop, "the end stops the writer")
  }

  @Test func aStoppingRunOrALaterProcessStopsTheWriter() {
    var (state, number) = Self.pump()
    #expect(state.nextWrite(number, now: 0, stopping: true).action == .stop)
    let next = state.begin(wake: try! WakePipe())
    #expect(state.nextWrite(number, now: 0, stopping: false).action == .stop, "process \(number) is over")
    #expect(state.nextWrite(next, now: 0, stopping: false).action == .stop, "still in its handshake")
  }

  @Test(arguments: [
    ([SessionRules.Fault.died, .died, .died, .timeout(seq: 1)], "3 crashes, 1 hang"),
    ([.violation(seq: nil)], "1 protocol error"),
    ([], ""),
  ])
  func restartsAreCountedByReason(_ faults: [SessionRules.Fault], _ reasons: String) {
    var rules = SessionRules(window: 4)
    for fault in faults { rules.restarted(fault.restartReason) }
    #expect(rules.restarts.reasons == reasons)
    #expect(rules.restarts.total == faults.count)
    var twice = rules.restarts + rules.restarts
    twice.count(.failedStart)
    #expect(twice.total == 2 * faults.count + 1)
  }

  /// A process makes progress once one of its answers is recorded; a new process, or one whose
  /// start failed, has made none.
  @Test func aProcessMakesProgressByAnsweringACase() {
    var rules = Self.sending([1, 2])
    #expect(rules.progress == .none)
    Self.pass(&rules, seq: 1)
    #expect(rules.progress == .answered)
    rules.beginProcess()
    #expect(rules.progress == .none)
    rules.send(Self.item(3), at: 0)
    Self.pass(&rules, seq: 1)
    #expect(rules.progress == .answered)
    rules.startFailed("the restarted implementation did not start")
    #expect(rules.progress == .none)
  }

  /// `--max-restarts` counts restarts in a row without progress: after a process that answered
  /// cases a restart is always taken and ends the streak. Each row: the progress of each process
  /// before its restart, the limit, the restarts taken, the longest streak, whether one was refused.
  @Test(
    arguments: [
      ([.none, .none, .none], 2, 2, 2, true),
      ([.answered, .none, .answered, .none, .answered, .none], 1, 6, 1, false),
      ([.answered, .answered, .answered], 0, 3, 0, false),
      ([.none], 0, 0, 0, true),
      ([.none, .none, .answered, .none, .none, .none], 3, 6, 3, false),
      ([.none, .none, .answered, .none, .none, .none, .none], 3, 6, 3, true),
    ] as [([SessionRules.Progress], Int, Int, Int, Bool)])
  func theRestartBudgetCountsRestartsWithoutProgress(
    _ progress: [SessionRules.Progress], _ limit: Int, _ taken: Int, _ longest: Int, _ refused: Bool
  ) {
    var count = RunContext.RestartCount()
    for made in progress {
      guard count.claim(after: made, limit: limit) else { break }
    }
    #expect(count.count == taken)
    #expect(count.longestStreak == longest)
    #expect(count.limitReached == refused)
  }
}
