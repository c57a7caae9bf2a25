import ConformFixtures
import ConformHarness
import ConformJSON
import ConformPlatform
import ConformProtocol
import Foundation

/// A team suite's model, running, and conform's one client of it: making a table (`ModelRun`)
/// and answering a search's inputs (`ModelSession`) both stream their requests through it.
///
/// A stream's requests are written by a thread of their own as they are made while the calling
/// thread reads, parses and hands on the answers as they come: the model always has requests
/// waiting (the window in flight is what the pipes hold, 64 KiB each way), and conform's work
/// overlaps the model's. The model is run with the pump's own parts, not a runner of its own:
/// started and ended as the harness does an implementation (`ImplementationProcess`: its own
/// process group, non-blocking pipe ends, its exit watched; the teardown's `HarnessTimeouts`),
/// written to by the pump's stdin writer (`writeInput`), read between waits that are the pump
/// reader's (`awaitOutput`: stdout, stderr's tail and the exit in one `poll`), and timed by the
/// pump supervisor's deadline rule (`Supervision.watching`, conform's busy time credited).
final class ModelClient: @unchecked Sendable {
  /// The model, as messages name it: `model python3 ./model.py`.
  let model: String
  let suite: String
  /// Seconds: a table's whole run, or a search's wait for each answer (`stream`'s `deadline`).
  let timeout: Double
  private let process: ImplementationProcess
  /// Signalled when the model's process ends or the client stops it: every wait on its pipes
  /// returns at once, so no thread is held by a model (or a child of it) that keeps a pipe open.
  private let wake: WakePipe
  private let buffer = LineBuffer()
  /// The end of what the model wrote on stderr, kept by the reading thread (`keepStderr`).
  private var stderr = StderrTail()
  /// Whether its stderr is still open (at its end, it is not waited on).
  private var stderrOpen = true
  private var sawHello = false
  /// Answer lines read, after the hello.
  private var lines = 0
  /// Set when the reading side gives up: the writing thread stops sending.
  private let stopped = Locked(false)
  private var ended = false

  /// Where the clock of a stream's awaited answers starts; the rule that times them out is the
  /// pump's (`Supervision.watching`).
  enum Deadline {
    /// `timeout` seconds after the stream starts (a table: the whole run).
    case whole
    /// `timeout` seconds after the last answer (a search: each answer).
    case eachAnswer
  }

  /// Starts the model `command` (the environment is conform's) and writes its hello; the
  /// model's hello is read with the first stream's answers, or by `readHello()`.
  ///
  /// - Throws: `ConformError.implementation` when it cannot start.
  init(command: [String], suite: String, timeout: Double) throws(ConformError) {
    let model = "model \(command.joined(separator: " "))"
    let wake: WakePipe
    do {
      wake = try WakePipe()
    } catch {
      throw .implementation("\(model) cannot start: \(error)")
    }
    let process = try ImplementationProcess.start(
      command: command, environment: ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" })
    (self.model, self.suite, self.timeout, self.wake, self.process) = (model, suite, timeout, wake, process)
    var hello = HarnessHello(suites: [suite]).line
    _ = write(&hello)
  }

  deinit {
    if !ended { finish() }
  }

  /// Reads the model's hello, within `timeout` seconds.
  func readHello() throws(ConformError) {
    _ = try stream(requests: { _ in }, closingInput: false, deadline: .whole, finished: { self.sawHello }) {
      _, _ throws(ConformError) in
    }
  }

  /// Sends requests and reads the answers to them.
  ///
  /// - Parameters:
  ///   - requests: runs on a thread of its own: hands the requests' bytes to `send` (which
  ///     empties them), and goes on (without sending) when `send` says the model no longer reads.
  ///   - closingInput: the model's input is closed once the requests are sent (its last stream):
  ///     the answers are then read to the end of its output and the model must exit 0.
  ///   - finished: asked after each answer: true ends a stream that does not close the input.
  ///   - answered: each answer after the hello, in the model's order, with its line number.
  /// - Returns: whether the model's output ended.
  /// - Throws: `ConformError.implementation` naming the model and what went wrong: it ran past
  ///   its time (killed), ended its output while answers were awaited, exited with a failure
  ///   (`closingInput`), answered no hello or one without the suite, or a line that is not an
  ///   answer; or what `answered` threw. The model is stopped.
  @discardableResult
  func stream(
    requests: @escaping @Sendable (_ send: (inout [UInt8]) -> Bool) -> Void, closingInput: Bool, deadline: Deadline,
    finished: () -> Bool, answered: (_ answer: ModelAnswer, _ line: Int) throws(ConformError) -> Void
  ) throws(ConformError) -> Bool {
    let written = Deferred<Bool>()
    let writer = Thread { [self] in
      requests { bytes in
        let open = write(&bytes)
        bytes.removeAll(keepingCapacity: true)
        return open
      }
      if closingInput { closeInput() }
      written.resolve(true)
    }
    writer.name = "conform model requests"
    writer.stackSize = 1 << 20
    writer.start()
    var writerEnded = false
    do throws(ConformError) {
      let endOfOutput = try read(deadline: deadline, finished: finished, answered: answered)
      _ = written.value
      writerEnded = true
      guard closingInput else {
        guard !endOfOutput else { throw closedOutput() }
        return false
      }
      guard waitForExit(until: answerDeadline) else { throw ranPast() }
      // Its group is killed as it is reaped: children it left behind end with it.
      let termination = process.stop(graceMilliseconds: 0)
      guard termination == .exited(0) else { throw ConformError.implementation("\(model) \(termination)\(stderrEnding)") }
      guard sawHello else { throw ConformError.implementation("\(model) exited 0 without writing a hello") }
      return true
    } catch {
      stopped.withLock { $0 = true }
      wake.signal()
      process.stop(graceMilliseconds: 0)
      if !writerEnded { _ = written.value }
      finish()
      throw error
    }
  }

  /// The model as the pump's supervisor watches a process (`Supervision.watching`, the one
  /// deadline rule): whether its exit was seen, and when conform began on the bytes it last read.
  private var activity = ProcessActivity()
  /// When the awaited answers' clock started (`MonotonicClock` nanoseconds): the stream's start
  /// (`.whole`) or the last answer (`.eachAnswer`); and the time conform has been busy with the
  /// model's answers since (reading, parsing, handing them on), which is not the model's.
  private var clock: (start: UInt64, busy: UInt64) = (0, 0)

  /// When the awaited answers time out (`MonotonicClock` nanoseconds): `timeout` seconds of the
  /// model's own time after the clock started.
  private var answerDeadline: UInt64 { clock.start + UInt64(timeout * 1e9) + clock.busy }

  /// Reads answers until `finished` says so or the output ends (true): at its end of file, or
  /// once the model has exited and its pipe holds nothing more (a child of it may keep the pipe
  /// open, never writing). Between reads it waits as the pump's reader does
  /// (`ImplementationProcess.awaitOutput`), and `Supervision.watching` decides, as it does for
  /// the pump's supervisor, whether the time is up, the model has ended, or it waits on.
  private func read(
    deadline: Deadline, finished: () -> Bool, answered: (ModelAnswer, Int) throws(ConformError) -> Void
  ) throws(ConformError) -> Bool {
    clock = (MonotonicClock.now(), 0)
    activity.busySince = nil
    if finished() { return false }
    while true {
      switch buffer.nextLine() {
      case .line(let text):
        if LineBuffer.isBlank(text) { continue }
        try take(text, answered: answered)
        if deadline == .eachAnswer {
          let now = MonotonicClock.now()
          clock = (now, 0)
          if activity.busySince != nil { activity.busySince = now }
        }
        if finished() {
          idle()
          return false
        }
      case .tooLong:
        throw .implementation("\(model): an answer is longer than \(LineBuffer.maxLine) bytes")
      case .none:
        idle()
        switch buffer.fill(from: process.stdoutFD) {
        case .data(let count):
          // A model that flushes every answer would wake this thread for each one: after a short
          // read, a pause lets its answers gather (its pipe holds 64 KiB, far more than a pause's).
          if count < AnswerGathering.shortRead { AnswerGathering.pause() }
          activity.busySince = MonotonicClock.now()
        case .endOfFile:
          return true
        case .failed(let code): throw .implementation("\(model): its output cannot be read: \(Errno.describe(code))")
        case .wouldBlock:
          switch Supervision.watching(activity, oldest: (seq: 0, at: answerDeadline), now: MonotonicClock.now()) {
          case .failed(.timeout):
            throw deadline == .whole
              ? ranPast()
              : .implementation("\(model) did not answer within \(timeout.formatted) s and was killed\(stderrEnding)")
          case .failed, .finished, .interrupted:
            // It has exited and its pipe holds nothing more.
            return true
          case .sleep(let until):
            let exited = process.awaitOutput(wake: wake, stderrOpen: &stderrOpen, exitSeen: activity.exited, until: until) {
              self.stderr.append($0)
            }
            if exited { activity.exited = true }
          }
        }
      }
    }
  }

  /// conform is done with the bytes it read: the time it spent on them is credited to the clock.
  private func idle() {
    guard let since = activity.busySince else { return }
    let now = MonotonicClock.now()
    clock.busy += now > since ? now - since : 0
    activity.busySince = nil
  }

  private func take(_ text: UnsafeBufferPointer<UInt8>, answered: (ModelAnswer, Int) throws(ConformError) -> Void)
    throws(ConformError)
  {
    guard sawHello else {
      try ModelLines.hello(text, suite: suite, model: model)
      sawHello = true
      return
    }
    lines += 1
    try answered(try ModelLines.answer(text, model: model, line: lines), lines)
  }

  /// Waits until the model exits, or `limit` passes (false), keeping its stderr meanwhile: a
  /// model that writes much there as it ends is not held up by a full pipe.
  private func waitForExit(until limit: UInt64) -> Bool {
    let now = MonotonicClock.now()
    let left = limit > now ? Int((limit - now) / 1_000_000) + 1 : 0
    return process.waitForExit(milliseconds: left) { self.stderr.append($0) }
  }

  /// Keeps what the model's stderr holds now, without waiting (on the reading thread).
  private func keepStderr() {
    guard stderrOpen else { return }
    stderrOpen = process.drainStderr { stderr.append($0) }
  }

  /// The model's input, closed and the model ended as an implementation at the end of a run
  /// (`endAtEndOfInput`: children it left behind are killed): the end of a search.
  func finish() {
    guard !ended else { return }
    ended = true
    closeInput()
    _ = process.endAtEndOfInput(.standard) { self.stderr.append($0) }
    wake.signal()
    // It has ended: what it wrote on stderr is in the pipe.
    keepStderr()
    process.closeOutputs()
  }

  private func closeInput() { process.closeInput() }

  /// Writes all of `bytes` to the model's input; false when it no longer reads (or the stream
  /// was stopped).
  private func write(_ bytes: inout [UInt8]) -> Bool {
    if stopped.withLock({ $0 }) { return false }
    let written = bytes.withUnsafeBytes { raw in
      process.writeInput(raw, wake: wake, stopsAtExit: true) { stopped.withLock { $0 } }
    }
    return written == .done
  }

  /// "; its stderr ends: …", or nothing when it wrote none (what its stderr holds now is read
  /// first: all it wrote, once it has exited).
  var stderrEnding: String {
    keepStderr()
    let text = stderr.text
    return text.map { "; its stderr ends: " + $0.split(separator: "\n").suffix(5).joined(separator: " / ") } ?? ""
  }

  private func ranPast() -> ConformError {
    process.stop(graceMilliseconds: 0)
    return .implementation(
      "\(model) ran past \(timeout.formatted) s and was killed: a model answers every case and exits "
        + "when its input ends (raise --timeout for a slow one)")
  }

  private func closedOutput() -> ConformError {
    let ended = process.stop(graceMilliseconds: HarnessTimeouts.standard.grace)
    return .implementation("\(model) closed its output (it \(ended))\(stderrEnding)")
  }
}

/// A model's answer, and the decisions it says gave its output (`"decisions": ["D2"]` beside
/// the answer's members, optional), and the allowed values it states for varying members of
/// its output (`"varies": {"/arm": [...]}`, optional: `TeamSuiteFolder.settle`).
package struct ModelAnswer: Sendable {
  package var answer: Answer
  package var decisions: [String]?
  package var varies: JSONValue? = nil
}

extension Double {
  /// `60` for 60.0, `0.5` for 0.5.
  var formatted: String { self == rounded() ? String(Int64(self)) : String(self) }
}
