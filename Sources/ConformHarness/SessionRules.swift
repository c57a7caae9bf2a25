import ConformFixtures
import ConformResults

/// The rules of one `--jobs` slot, apart from any I/O: what is in flight, which case a fault is
/// blamed on, what is requeued and replayed, and why the implementation was restarted.
///
/// A plain value: no threads, locks, descriptors or clocks (times come in as values). The pump
/// (`Worker`) tells it what happened (a request sent, answers read, a fault) under its one lock
/// and does what it decides; the table tests in `SessionRulesTests` drive it without a process.
///
/// Blame is exact. A timeout is the oldest request's. A malformed answer that names a `seq` in
/// flight is that case's; one that names a `seq` already answered replaces that case's record.
/// A crash (or a line that names no request) with one request in flight is its case's; with
/// several it is nobody's yet: those cases become suspects, replayed one at a time in the next
/// process, so the case that really causes it is found and the others run normally. If none of
/// them brings the fault back, each one whose replay passed is recorded with the fault all the
/// same: a run that crashed is never green.
struct SessionRules {
  /// Requests in flight per process, at most.
  let window: Int
  /// The writer refills once the window has drained to this.
  var lowWater: Int { window / 2 }
  /// The most seqs the requests in flight may span, oldest to newest (4 MiB of ring at most).
  var maxSpan: Int { max(65_536, 2 * window) }

  // The current process's requests.
  private(set) var inFlight = InFlightRequests()
  private(set) var nextSeq: Int64 = 1
  /// The last `rememberedSends` attempts sent, at `(seq - 1) % rememberedSends`: a second answer
  /// to one of them is pinned on its case. Bounded, so that a long run holds no case it is done
  /// with; a second answer to an older `seq` is treated like an answer to a `seq` never sent.
  private var recentSends: [TableAttempt] = []
  static let rememberedSends = 1024
  /// When the last answer arrived (monotonic nanoseconds): a request queued behind others
  /// starts its clock no earlier than this.
  private(set) var lastAnswerAt: UInt64 = 0
  /// How long conform has spent on this process's answers (reading, checking, recording them),
  /// in nanoseconds: no case's clock runs then, so a slow conform (a debug build parsing a
  /// 15 MiB line) never times out a case.
  private(set) var busyNanoseconds: UInt64 = 0
  /// `busyNanoseconds` when the last answer arrived.
  private var busyAtLastAnswer: UInt64 = 0
  /// Whether the current process has answered a case since it started: restarting one that
  /// has is progress, free of the run's restart allowance (`--max-restarts` counts restarts in a
  /// row without progress, to stop a crash loop, not a crash-prone implementation).
  private(set) var progress = Progress.none

  /// What the current process has done for the run since it started.
  enum Progress: Equatable {
    /// No answer yet: a restart now takes one from the allowance.
    case none
    /// At least one answer recorded: a restart now is free.
    case answered
  }

  // Across processes.
  /// Attempts taken back from a failed process, innocent: sent first by the next one.
  private(set) var requeued: [TableAttempt] = []
  /// Attempts in flight at an unattributable fault, and where their replay is.
  private(set) var replay = Replay.none
  /// What the run's source may still give this slot.
  private(set) var source = Source.open
  /// By the run's suite slot: whether the current process supports that suite.
  var supported: [Bool] = []
  /// The restarts this slot took, by reason.
  private(set) var restarts = RestartTally()
  /// What ended the last process: the cap's message quotes it.
  private(set) var lastFailure = ""

  init(window: Int) { self.window = window }

  /// Where the replay of a fault's suspects is.
  enum Replay {
    /// No fault is being narrowed down.
    case none
    /// Suspects wait to be replayed alone, one at a time; none is yet.
    case waiting(SuspectGroup)
    /// A suspect has been sent alone: nothing else goes until the group is done (its last
    /// suspect answered, or a fault).
    case replaying(SuspectGroup)
  }

  /// What the run's source may still give this slot.
  enum Source: Equatable {
    /// It may give more: the writer takes from it when there is room.
    case open
    /// Its last take gave nothing though it is not drained (a search between batches): it is
    /// asked again once what this slot holds is sent, or in the next process.
    case dry
    /// It has handed out its last attempt (to this slot or another).
    case drained
  }

  /// Attempts in flight at an unattributable fault, still to be replayed alone.
  var suspects: [TableAttempt] {
    switch replay {
    case .none: []
    case .waiting(let group), .replaying(let group): group.waiting
    }
  }

  /// A suspect is being replayed alone.
  var isReplaying: Bool {
    if case .replaying = replay { return true }
    return false
  }

  /// Whether the run's source has handed out its last attempt.
  var sourceDrained: Bool { source == .drained }

  // MARK: - Events

  /// A new process begins: nothing of it is in flight, its seqs start at 1.
  mutating func beginProcess() {
    inFlight.removeAll()
    nextSeq = 1
    recentSends = []
    lastAnswerAt = 0
    busyNanoseconds = 0
    busyAtLastAnswer = 0
    if source == .dry { source = .open }
    progress = .none
  }

  /// Gives `item` the next `seq`, in flight from `now`.
  mutating func send(_ item: TableAttempt, at now: UInt64) {
    inFlight.add(InFlight(item: item, sentAt: now, busyAtSend: busyNanoseconds), seq: nextSeq)
    if recentSends.count < Self.rememberedSends {
      recentSends.append(item)
    } else {
      recentSends[Int((nextSeq - 1) % Int64(Self.rememberedSends))] = item
    }
    nextSeq += 1
  }

  /// The attempt sent as `seq`, if it is among the last `rememberedSends`.
  func sentAttempt(_ seq: Int64) -> TableAttempt? {
    guard seq >= 1, seq < nextSeq, seq >= nextSeq - Int64(Self.rememberedSends) else { return nil }
    return recentSends[Int((seq - 1) % Int64(Self.rememberedSends))]
  }

  /// An answer names `seq`: its request, no longer in flight; nil when it was not in flight.
  mutating func answer(_ seq: Int64) -> InFlight? { inFlight.remove(seq) }

  /// An answer taken by `answer(_:)` broke the protocol: its request is in flight again, so that
  /// the fault is settled as that case's.
  mutating func putBack(_ entry: InFlight, seq: Int64) { inFlight.add(entry, seq: seq) }

  /// Answers were recorded at `now`; `passed` are those that passed (a replayed suspect's pass
  /// is provisional: the fault is pinned on it if it never recurs).
  mutating func answersRecorded(at now: UInt64, passed: @autoclosure () -> [TableAttempt]) {
    lastAnswerAt = now
    busyAtLastAnswer = busyNanoseconds
    progress = .answered
    if case .replaying(var group) = replay {
      group.passed += passed()
      replay = .replaying(group)
    }
  }

  /// conform spent `nanoseconds` on answers it had read (from reading them to recording them):
  /// the deadlines of the requests in flight move by as much.
  mutating func wasBusy(nanoseconds: UInt64) { busyNanoseconds += nanoseconds }

  /// The oldest request and the moment it times out: from its write, or from the previous answer
  /// if later (time spent queued behind other requests in the window is not the case's), plus
  /// the time conform was busy since (conform's time is not the case's either). A request sent
  /// while conform was busy may be credited that whole busy stretch: a little late, never early.
  func deadline(timeout: UInt64) -> (seq: Int64, at: UInt64)? {
    guard let (seq, entry) = inFlight.first else { return nil }
    let (start, busyAtStart) =
      entry.sentAt >= lastAnswerAt ? (entry.sentAt, entry.busyAtSend) : (lastAnswerAt, busyAtLastAnswer)
    return (seq, start + timeout + (busyNanoseconds - busyAtStart))
  }

  /// What a process did wrong.
  enum Fault: Equatable, Sendable {
    /// It exited, or closed a pipe.
    case died
    /// The request `seq` got no answer in time.
    case timeout(seq: Int64)
    /// A line broke the protocol; `seq` when the line named one.
    case violation(seq: Int64?)

    var restartReason: RestartTally.Reason {
      switch self {
      case .died: .crash
      case .timeout: .hang
      case .violation: .protocolError
      }
    }
  }

  /// Who a fault is pinned on.
  enum Blame: Equatable {
    /// Nothing was in flight.
    case nobody
    /// That case's; every other case in flight is requeued.
    case culprit(InFlightCase, CaseStatus)
    /// A case already answered (its `seq` answered a second time): its record is replaced;
    /// every case in flight is requeued.
    case earlierAnswer(InFlightCase)
    /// Several cases were in flight and none is named: they are replayed one at a time.
    case suspects(count: Int, CaseStatus)
  }

  /// An attempt and its seq, compared by seq in the tests.
  struct InFlightCase: Equatable {
    var seq: Int64
    var item: TableAttempt
    static func == (a: Self, b: Self) -> Bool { a.seq == b.seq && a.item.attempt == b.item.attempt }
  }

  /// The process is over after `fault`: decides whom it is pinned on, takes back the innocent,
  /// and leaves nothing in flight. `cause` and `stderr` are kept for a replay's verdict.
  mutating func settle(_ fault: Fault, cause: String, stderr: String?) -> Blame {
    let entries = inFlight.all
    inFlight.removeAll()
    lastFailure = cause
    // A suspect replayed alone brought a fault back: the fault is that case's.
    if case .replaying(var group) = replay, !entries.isEmpty {
      group.reproduced = true
      replay = .replaying(group)
    }
    let named: Int64? =
      switch fault {
      case .timeout(let seq): seq
      case .violation(let seq): seq
      case .died: nil
      }
    if let named, let culprit = entries.first(where: { $0.seq == named }) {
      requeued.insert(contentsOf: entries.filter { $0.seq != named }.map(\.entry.item), at: 0)
      let status: CaseStatus = if case .timeout = fault { .timeout } else { .protocolError }
      return .culprit(InFlightCase(seq: named, item: culprit.entry.item), status)
    }
    if case .timeout = fault {
      // Only the oldest request in flight times out: it is always found above.
      requeued.insert(contentsOf: entries.map(\.entry.item), at: 0)
      return .nobody
    }
    if case .violation(let seq?) = fault, let item = sentAttempt(seq) {
      requeued.insert(contentsOf: entries.map(\.entry.item), at: 0)
      return .earlierAnswer(InFlightCase(seq: seq, item: item))
    }
    let status: CaseStatus = if case .died = fault { .crashed } else { .protocolError }
    switch entries.count {
    case 0:
      return .nobody
    case 1:
      return .culprit(InFlightCase(seq: entries[0].seq, item: entries[0].entry.item), status)
    default:
      // Only one suspect goes at a time, alone: a fault with several in flight comes with no
      // replay under way.
      let group = SuspectGroup(status: status, cause: cause, stderr: stderr, count: entries.count)
      replay = .waiting(group.with(waiting: entries.map(\.entry.item) + suspects))
      return .suspects(count: entries.count, status)
    }
  }

  /// The next process could not be started (its hello failed): `message` says why; it made no
  /// progress.
  mutating func startFailed(_ message: String) {
    lastFailure = message
    progress = .none
  }

  /// A restart was taken from the run's allowance for `reason`.
  mutating func restarted(_ reason: RestartTally.Reason) { restarts.count(reason) }

  /// Attempts of this slot still to run (requeued or suspects).
  var hasWork: Bool { !requeued.isEmpty || !suspects.isEmpty }

  /// Gives up: every attempt this slot still holds, to be recorded as not run.
  mutating func takeAll() -> [TableAttempt] {
    defer {
      switch replay {
      case .none: break
      case .waiting(let group): replay = .waiting(group.with(waiting: []))
      case .replaying(let group): replay = .replaying(group.with(waiting: []))
      }
      requeued = []
    }
    return suspects + requeued
  }

  /// The run is stopping: every attempt in flight or held by this slot, to be recorded as not run.
  mutating func stopAll() -> [TableAttempt] {
    let left = inFlight.all.map(\.entry.item)
    inFlight.removeAll()
    return left + takeAll()
  }

  // MARK: - Refills

  /// What the writer may send now, from this slot's own attempts.
  struct Refill {
    /// To send, in order.
    var send: [TableAttempt] = []
    /// Requeued attempts of suites this process does not support: recorded unsupported.
    var unsupported: [TableAttempt] = []
    /// How many attempts the run's source may add; nil when nothing may be sent now.
    var room: Int?
    /// A replay ended without the fault coming back: these records are replaced.
    var verdict: ReplayVerdict?
  }

  /// A replay whose fault did not recur: each suspect whose replay passed is recorded with it.
  struct ReplayVerdict {
    var status: CaseStatus
    var message: String
    var stderr: String?
    var count: Int
    var passed: [TableAttempt]
  }

  /// The writer asks for work: a suspect alone (once nothing is in flight), else requeued
  /// attempts and room in the window, once it has drained to `lowWater`.
  mutating func refill(supports: (TableAttempt) -> Bool) -> Refill {
    var refill = Refill()
    let count = inFlight.count
    switch replay {
    case .none:
      break
    case .waiting(var group), .replaying(var group):
      guard count == 0 else { return refill }
      guard group.waiting.isEmpty else {
        refill.send = [group.waiting.removeFirst()]
        refill.room = 0
        replay = .replaying(group)
        return refill
      }
      replay = .none
      refill.verdict = group.verdict
    }
    guard count < window, count <= lowWater else { return refill }
    // A request left unanswered while later ones are answered widens the ring of requests in
    // flight; past `maxSpan` seqs nothing more is sent until it is answered or times out.
    var room = min(window - count, maxSpan - Int(inFlight.span))
    guard room > 0 else { return refill }
    var taken = 0
    for item in requeued {
      guard room > 0 else { break }
      taken += 1
      if supports(item) {
        refill.send.append(item)
        room -= 1
      } else {
        refill.unsupported.append(item)
      }
    }
    requeued.removeFirst(taken)
    refill.room = room
    return refill
  }

  // MARK: - The writer's steps

  /// What the writer does next.
  struct WriteStep {
    enum Action: Equatable {
      /// Write these requests, numbered from `firstSeq` (they are in flight already).
      case write(firstSeq: Int64, [TableAttempt])
      /// Take up to this many attempts from the run's source (without the lock), then `took`.
      case take(Int)
      /// Wait until an answer, a fault or the end changes something.
      case wait
      /// Nothing is left to send and nothing is in flight: close the implementation's stdin.
      case close
      /// The process is over (or the run is stopping): send nothing more.
      case stop

      static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.write(let first, let these), .write(let second, let those)):
          first == second && these.map(\.attempt) == those.map(\.attempt)
        case (.take(let a), .take(let b)): a == b
        case (.wait, .wait), (.close, .close), (.stop, .stop): true
        default: false
        }
      }
    }

    var action: Action
    /// Attempts of suites the process does not support: the writer records them unsupported.
    var unsupported: [TableAttempt] = []
    /// A replay ended without the fault coming back: the writer replaces these records.
    var verdict: ReplayVerdict?
    /// The write starts the clock of a window that was empty: the supervisor has a deadline again.
    var startsClock = false
  }

  /// The writer asks what to do at `now`. Requeued attempts and those taken from the source go
  /// out once the window has room (a suspect alone), the room filled from the source first, so
  /// that one write carries the whole refill. With the window full it takes the next refill
  /// ahead, so a source that takes time to make cases does it while the implementation works.
  mutating func nextWrite(now: UInt64) -> WriteStep {
    let supported = supported
    let refill = refill { supported[$0.suiteSlot] }
    var step = WriteStep(action: .wait, unsupported: refill.unsupported, verdict: refill.verdict)
    guard let room = refill.room else {
      if requeued.isEmpty, suspects.isEmpty, source == .open { step.action = .take(window - lowWater) }
      return step
    }
    // A source that gave nothing without being drained (a search between batches) gets asked
    // again only once what is held is sent.
    if room > 0, source != .drained, refill.send.isEmpty || source == .open {
      requeued.insert(contentsOf: refill.send, at: 0)
      step.action = .take(room)
    } else if !refill.send.isEmpty {
      let firstSeq = nextSeq
      step.startsClock = inFlight.isEmpty
      for item in refill.send { send(item, at: now) }
      step.action = .write(firstSeq: firstSeq, refill.send)
    } else if sourceDrained, inFlight.isEmpty, !hasWork {
      step.action = .close
    }
    return step
  }

  /// The writer took `items` from the run's source (`drained`: it has no more): they go out
  /// after what is already held.
  mutating func took(_ items: [TableAttempt], drained: Bool) {
    requeued.append(contentsOf: items)
    if drained || source == .drained {
      source = .drained
    } else {
      source = items.isEmpty ? .dry : .open
    }
  }

  /// Cases in flight at a fault that named none of them, while they are replayed one at a time.
  struct SuspectGroup {
    var status: CaseStatus
    var cause: String
    var stderr: String?
    var count: Int
    /// Those still to be replayed, in order.
    var waiting: [TableAttempt] = []
    /// Whether one of them, replayed alone, brought a fault back (it is then that case's).
    var reproduced = false
    /// Those whose replay passed.
    var passed: [TableAttempt] = []

    /// The same group with `waiting` still to be replayed.
    func with(waiting: [TableAttempt]) -> SuspectGroup {
      var group = self
      group.waiting = waiting
      return group
    }

    /// The last suspect is answered: if the fault never came back, it is pinned on every suspect
    /// whose replay passed, since one of them (or their being in flight together) caused it.
    var verdict: ReplayVerdict? {
      guard !reproduced, !passed.isEmpty else { return nil }
      let message =
        "\(cause) with \(Plural.count(count, "case")) in flight, this one among them; replayed alone, one at a time, "
        + "\(passed.count == count ? "each" : "\(passed.count) of them") passed: the fault did not recur"
      return ReplayVerdict(status: status, message: message, stderr: stderr, count: count, passed: passed)
    }
  }
}
