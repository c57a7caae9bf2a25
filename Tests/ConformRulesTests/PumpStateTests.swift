import ConformPlatform
import ConformProtocol
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformHarness

/// The pump's state with no process: the supervisor's whole decision (the deadline with the
/// busy credits, faults, exits, the end of the answers) as one function of the state and the
/// time, the reader's allowance, and the worker's own life.
@Suite struct PumpStateTests {
  static let item = SessionRulesTests.item

  // MARK: - The supervisor's decision

  /// One state the supervisor may wake to, and what it must do. Times are nanoseconds; the
  /// case timeout is 100.
  struct Row: CustomTestStringConvertible, Sendable {
    var name: String
    /// When each request was written (seqs 1, 2, … in this order).
    var sent: [UInt64] = []
    /// The first `answered` seqs were answered at `answeredAt`.
    var answered = 0
    var answeredAt: UInt64 = 0
    /// Time conform spent on answers already recorded (the rules' busy credit).
    var recordedBusy: UInt64 = 0
    /// The reader is busy with bytes it read at this moment.
    var readerBusySince: UInt64?
    var exited = false
    /// Nothing is left to send: stdin closed.
    var draining = false
    var fault: ProcessFault?
    /// The supervisor already acts on a failure.
    var failing = false
    var ended = false
    var stopping = false
    var now: UInt64
    var expected: Supervision

    var testDescription: String { name }
  }

  static let rows: [Row] = [
    Row(name: "nothing in flight: sleep until woken", now: 1000, expected: .sleep(until: nil)),
    Row(name: "one request: sleep until its deadline", sent: [0], now: 50, expected: .sleep(until: 100)),
    Row(name: "one request at its deadline: it times out", sent: [0], now: 100, expected: .failed(.timeout(seq: 1))),
    Row(name: "past it: it times out", sent: [10], now: 500, expected: .failed(.timeout(seq: 1))),
    Row(
      name: "the reader busy since 60: the clock stands still", sent: [0], readerBusySince: 60, now: 150,
      expected: .sleep(until: 190)),
    Row(
      name: "the reader busy since just now: no credit yet", sent: [0], readerBusySince: 100, now: 100,
      expected: .failed(.timeout(seq: 1))),
    Row(
      name: "the reader's start in the future gives no credit", sent: [0], readerBusySince: 200, now: 150,
      expected: .failed(.timeout(seq: 1))),
    Row(
      name: "conform was busy 50 on recorded answers: the deadline moves by 50", sent: [0], recordedBusy: 50, now: 120,
      expected: .sleep(until: 150)),
    Row(
      name: "both credits add up", sent: [0], recordedBusy: 50, readerBusySince: 140, now: 160, expected: .sleep(until: 170)),
    Row(
      name: "queued behind an answer: the clock starts at the answer", sent: [0, 40], answered: 1, answeredAt: 80, now: 150,
      expected: .sleep(until: 180)),
    Row(
      name: "queued behind an answer, past its deadline", sent: [0, 40], answered: 1, answeredAt: 80, now: 180,
      expected: .failed(.timeout(seq: 2))),
    Row(
      name: "sent after the last answer: its own clock", sent: [0, 90], answered: 1, answeredAt: 80, now: 150,
      expected: .sleep(until: 190)),
    Row(name: "exited, nothing in flight: died", exited: true, now: 10, expected: .failed(.died())),
    Row(name: "exited before the deadline: died", sent: [0], exited: true, now: 50, expected: .failed(.died())),
    Row(
      name: "exited past the deadline: the timeout names the case", sent: [0], exited: true, now: 100,
      expected: .failed(.timeout(seq: 1))),
    Row(name: "stdout closed: died", sent: [0], fault: .stdoutEnded, now: 10, expected: .failed(.died())),
    Row(
      name: "stdin closed: died with the write's error", sent: [0], fault: .writeFailed(EPIPE), now: 10,
      expected: .failed(.died(writeError: EPIPE))),
    Row(
      name: "a protocol violation, even past the deadline", sent: [0], fault: .violation(ProtocolViolation("bad", seq: 1)),
      now: 500, expected: .failed(.violation(ProtocolViolation("bad", seq: 1)))),
    Row(name: "the run stops: interrupted", sent: [0], stopping: true, now: 500, expected: .interrupted),
    Row(
      name: "the run stops with a fault found: interrupted", sent: [0], fault: .stdoutEnded, stopping: true, now: 10,
      expected: .interrupted),
    Row(name: "draining, every answer in: finished", draining: true, now: 10, expected: .finished),
    Row(name: "draining, every answer in, exited: finished", exited: true, draining: true, now: 10, expected: .finished),
    Row(
      name: "draining, stdout closed after the last answer: finished", draining: true, fault: .stdoutEnded, now: 10,
      expected: .finished),
    Row(
      name: "draining, a violation: failed", draining: true, fault: .violation(ProtocolViolation("late line")), now: 10,
      expected: .failed(.violation(ProtocolViolation("late line")))),
    Row(name: "already failing: nothing more to decide", sent: [0], failing: true, now: 500, expected: .sleep(until: nil)),
    Row(name: "ended: nothing more to decide", sent: [0], ended: true, now: 500, expected: .sleep(until: nil)),
  ]

  /// The state a row describes, built through the pump's own events.
  static func state(_ row: Row) -> PumpState {
    var state = PumpState(window: 8)
    let number = state.begin(wake: try! WakePipe())
    state.stream(supported: [true, true])
    if row.draining {
      state.rules.took([], drained: true)
      #expect(state.nextWrite(number, now: 0, stopping: false).action == .close)
    }
    for (offset, at) in row.sent.enumerated() { state.rules.send(item(offset + 1), at: at) }
    for seq in 0..<row.answered {
      let entry = state.rules.answer(Int64(seq + 1))
      state.rules.answersRecorded(at: row.answeredAt, passed: entry.map { [$0.item] } ?? [])
    }
    if row.recordedBusy > 0 { state.rules.wasBusy(nanoseconds: row.recordedBusy) }
    if let since = row.readerBusySince { state.read(number, bytes: 1, at: since) }
    if row.exited { state.exited(number) }
    if let fault = row.fault { state.fault(number, fault) }
    if row.failing { state.failing(unread: 0) }
    if row.ended { state.end(number) }
    return state
  }

  @Test(arguments: rows)
  func theSupervisorsDecisionIsAFunctionOfTheStateAndTheTime(_ row: Row) {
    let state = Self.state(row)
    #expect(state.supervision(now: row.now, timeout: 100, stopping: row.stopping) == row.expected)
  }

  /// One question a client of a process asks the deadline rule alone (`Supervision.watching`).
  struct Watch: CustomTestStringConvertible, Sendable {
    var name: String
    var activity = ProcessActivity()
    /// The awaited answer's seq and deadline.
    var oldest: (seq: Int64, at: UInt64)?
    var now: UInt64
    var expected: Supervision

    var testDescription: String { name }
  }

  /// The deadline rule alone, as a team suite's model client asks it (one deadline, its own
  /// activity): the same answers as the pump's supervisor, whose rows above go through it.
  @Test(arguments: [
    Watch(name: "nothing awaited: sleep until woken", now: 1000, expected: .sleep(until: nil)),
    Watch(name: "before the deadline: sleep until it", oldest: (0, 100), now: 50, expected: .sleep(until: 100)),
    Watch(name: "at the deadline: time out", oldest: (0, 100), now: 100, expected: .failed(.timeout(seq: 0))),
    Watch(
      name: "conform busy since 60: the clock stands still", activity: ProcessActivity(busySince: 60), oldest: (0, 100),
      now: 150, expected: .sleep(until: 190)),
    Watch(
      name: "a busy start in the future gives no credit", activity: ProcessActivity(busySince: 200), oldest: (0, 100),
      now: 150, expected: .failed(.timeout(seq: 0))),
    Watch(
      name: "exited before the deadline: ended", activity: ProcessActivity(exited: true), oldest: (0, 100), now: 50,
      expected: .failed(.died())),
    Watch(
      name: "exited past the deadline: the timeout", activity: ProcessActivity(exited: true), oldest: (0, 100), now: 100,
      expected: .failed(.timeout(seq: 0))),
  ])
  func theDeadlineRuleIsOneFunctionForEveryClient(_ watch: Watch) {
    #expect(Supervision.watching(watch.activity, oldest: watch.oldest, now: watch.now) == watch.expected)
  }

  /// Recording answers ends the reader's busy stretch and adds it to the rules' credit: the
  /// deadline is the same a moment later, whichever of the two holds it.
  @Test func recordingAnswersTurnsTheReadersBusyStretchIntoCredit() {
    var state = PumpState(window: 8)
    let number = state.begin(wake: try! WakePipe())
    state.stream(supported: [true, true])
    state.rules.send(Self.item(1), at: 0)
    state.read(number, bytes: 10, at: 60)
    #expect(state.supervision(now: 90, timeout: 100, stopping: false) == .sleep(until: 130))
    state.recordsTaken()
    #expect(state.recordsInTransit == 1)
    state.recordsAppended(number, readAt: 60, now: 90)
    #expect(state.recordsInTransit == 0)
    #expect(state.supervision(now: 90, timeout: 100, stopping: false) == .sleep(until: 130))
    #expect(state.supervision(now: 200, timeout: 100, stopping: false) == .failed(.timeout(seq: 1)), "the clock runs again")
  }

  /// Bytes that held no answer are the implementation's time: the clock runs on.
  @Test func bytesWithNoAnswerGiveNoCredit() {
    var state = PumpState(window: 8)
    let number = state.begin(wake: try! WakePipe())
    state.stream(supported: [true, true])
    state.rules.send(Self.item(1), at: 0)
    state.read(number, bytes: 1, at: 50)
    state.idle(number)
    #expect(state.supervision(now: 100, timeout: 100, stopping: false) == .failed(.timeout(seq: 1)))
  }

  /// An exit seen during the handshake is not lost when streaming begins.
  @Test func anExitDuringTheHandshakeIsActedOnOnceStreaming() {
    var state = PumpState(window: 8)
    let number = state.begin(wake: try! WakePipe())
    state.exited(number)
    #expect(state.supervision(now: 0, timeout: 100, stopping: false) == .sleep(until: nil), "the handshake's own")
    state.stream(supported: [true])
    #expect(state.supervision(now: 0, timeout: 100, stopping: false) == .failed(.died()))
  }

  // MARK: - The reader's allowance

  @Test func theReaderTakesOnlyTheBytesInThePipeOnceTheSupervisorActs() {
    var state = PumpState(window: 8)
    let number = state.begin(wake: try! WakePipe())
    state.stream(supported: [true])
    #expect(state.readAllowance(number) == .max, "unlimited while it runs")
    state.read(number, bytes: 4096, at: 1)
    #expect(state.readAllowance(number) == .max)
    state.fault(number, .stdoutEnded)
    #expect(state.readAllowance(number) == .max, "a fault found, not yet acted on")
    state.failing(unread: 10)
    #expect(state.readAllowance(number) == 10)
    state.read(number, bytes: 4, at: 2)
    #expect(state.readAllowance(number) == 6)
    state.fault(number, .violation(ProtocolViolation("late")))
    #expect(state.readAllowance(number) == 6, "nothing changes the supervisor's mind")
    state.read(number, bytes: 9, at: 3)
    #expect(state.readAllowance(number) == 0)
    #expect(state.readAllowance(number + 1) == 0, "no other process's reader reads")
    state.end(number)
    #expect(state.readAllowance(number) == 0)
  }

  @Test func anEndedProcessReadsNothing() {
    var state = PumpState(window: 8)
    let number = state.begin(wake: try! WakePipe())
    state.stream(supported: [true])
    state.end(number)
    #expect(state.readAllowance(number) == 0)
    #expect(state.isEnded(number))
    let next = state.begin(wake: try! WakePipe())
    #expect(state.readAllowance(next) == .max, "the next process starts afresh")
    #expect(state.isEnded(number))
  }
}
