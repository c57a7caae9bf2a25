import ConformJSON
import ConformProtocol
import Foundation
import Synchronization

/// One process of the implementation, from spawn to reaping: its pipes, the threads on them, and
/// the requests in flight.
///
/// Every mutable field is guarded by the owning worker's condition; the threads never block
/// except in `poll` with a 100 ms timeout, after which they look at `ended`.
final class Session: @unchecked Sendable {
  let process: ImplementationProcess
  let number: Int
  private(set) var hello: ImplementationHello!
  private(set) var supported: Set<String> = []
  let stdout = LineBuffer()
  /// How many more bytes of stdout the reader may take: unlimited while the session runs. Once
  /// the supervisor has found a fault (a death, a timeout), only the bytes already in the pipe
  /// at that moment: an answer written later, by a leftover child or a daemon holding the pipe,
  /// is never credited.
  let readAllowance = Atomic<Int>(.max)

  // Guarded by the worker's condition.
  var inFlight = InFlightRequests()
  private(set) var nextSeq: Int64 = 1
  /// The last `rememberedSends` attempts sent, at `(seq - 1) % rememberedSends`: a second answer
  /// to one of them is pinned on its case. Bounded, so that a long run holds no case it is done
  /// with; a second answer to an older `seq` is treated like an answer to a `seq` never sent.
  private var recentSends: [TableAttempt] = []
  static let rememberedSends = 1024
  /// When the last answer arrived (monotonic nanoseconds): a request queued behind others
  /// starts its clock no earlier than this.
  var lastAnswerAt: UInt64 = 0
  /// Nothing left to send and nothing in flight: the writer closes stdin.
  var closing = false
  /// The writer waits on the condition for room in the window (or for the last answers): only
  /// then does an answer wake it, so answers arriving one by one cost no thread wake-ups.
  var writerWaiting = false
  /// The session is over: every thread stops.
  var ended = false
  var stdoutEnded = false
  var writeError: Int32?
  var violation: ProtocolViolation?
  var stderr = StderrTail()
  var readerDone = false
  var writerDone = false
  var stderrDone = false

  private init(process: ImplementationProcess, number: Int) {
    self.process = process
    self.number = number
  }

  /// Gives `item` the next `seq`, in flight from `now`.
  func send(_ item: TableAttempt, at now: UInt64) {
    inFlight.add(InFlight(item: item, sentAt: now), seq: nextSeq)
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

  /// Why a session could not start.
  struct StartFailure: Error {
    var message: String
    var stderr: String?
    /// Whether the process was started (it then failed the handshake); false when it could not be.
    var started = true

    /// The whole story for a person: the message and the stderr tail.
    var description: String {
      guard started else { return message }
      guard let stderr else { return message + " (it wrote nothing on stderr)" }
      return message + "\n  its stderr ended with:\n" + stderr.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
  }

  /// Spawns the implementation, starts draining its stderr, and does the handshake.
  static func start(number: Int, context: RunContext, condition: NSCondition) -> Result<Session, StartFailure> {
    let process: ImplementationProcess
    do {
      process = try ImplementationProcess.start(command: context.settings.command, environment: context.settings.environment)
    } catch {
      // The message alone: the harness adds the "implementation:" of ConformError.implementation.
      let message = if case .implementation(let text) = error { text } else { error.description }
      return .failure(StartFailure(message: message, stderr: nil, started: false))
    }
    let session = Session(process: process, number: number)
    session.startThread("conform stderr \(number)") { session.drainStderr(condition: condition) }
    switch session.handshake(context: context) {
    case .success(let hello):
      session.hello = hello
      session.supported = Set(hello.suites)
      return .success(session)
    case .failure(let failure):
      let message = failure.message
      // An implementation that refuses the handshake should say why on stderr and exit (as
      // PROTOCOL.md asks): give it a moment to, so the message can quote it.
      let exitedOnItsOwn = process.waitForExit(milliseconds: 1000)
      let termination = process.stop(graceMilliseconds: 100)
      session.waitFor(\.stderrDone, condition: condition, milliseconds: 500)
      condition.lock()
      session.ended = true
      let tail = session.stderr.text
      condition.unlock()
      let ending = exitedOnItsOwn ? "; it \(termination)" : ""
      return .failure(StartFailure(message: message + ending, stderr: tail))
    }
  }

  struct HandshakeFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }

  /// Writes the harness's hello, reads the implementation's.
  private func handshake(context: RunContext) -> Result<ImplementationHello, HandshakeFailure> {
    let deadline = MonotonicClock.now() + UInt64(context.settings.handshakeMilliseconds) * 1_000_000
    let line = context.hello.line
    switch line.withUnsafeBytes({ raw in writeAll(raw, deadline: deadline, context: context) }) {
    case .done: break
    case .stopped: return .failure(HandshakeFailure("the run was interrupted during the handshake"))
    case .failed(_, let problem): return .failure(HandshakeFailure("the handshake failed: \(problem)"))
    }
    while true {
      switch stdout.nextLine() {
      case .line(let bytes):
        if LineBuffer.isBlank(bytes) { continue }
        do {
          return .success(try ImplementationHello.parse(bytes))
        } catch {
          return .failure(HandshakeFailure("the handshake failed: \(error)"))
        }
      case .tooLong:
        return .failure(HandshakeFailure("the handshake failed: its first line is longer than \(LineBuffer.maxLine) bytes"))
      case .none: break
      }
      if context.isStopping { return .failure(HandshakeFailure("the run was interrupted during the handshake")) }
      switch stdout.fill(from: process.stdoutFD) {
      case .data: continue
      case .endOfFile, .failed:
        _ = process.waitForExit(milliseconds: 1000)
        return .failure(HandshakeFailure("it closed its standard output before answering the hello"))
      case .wouldBlock:
        let now = MonotonicClock.now()
        if now >= deadline {
          return .failure(HandshakeFailure("no hello within \(context.settings.handshakeMilliseconds / 1000) s of starting"))
        }
        pollDescriptor(process.stdoutFD, events: Int16(POLLIN), milliseconds: Int32(min(100, (deadline - now) / 1_000_000 + 1)))
      }
    }
  }

  /// How a write to stdin ended.
  enum WriteOutcome: Equatable {
    case done
    /// The session ended or the run is stopping: not the implementation's fault.
    case stopped
    case failed(code: Int32, message: String)
  }

  /// Writes every byte to stdin, waiting in `poll` while the pipe is full.
  func writeAll(
    _ raw: UnsafeRawBufferPointer, deadline: UInt64?, context: RunContext, isEnded: (() -> Bool)? = nil
  ) -> WriteOutcome {
    var offset = 0
    while offset < raw.count {
      let count = write(process.stdinFD, raw.baseAddress! + offset, raw.count - offset)
      if count > 0 {
        offset += count
        continue
      }
      let error = errno
      if count < 0 && error == EINTR { continue }
      if count < 0 && (error == EAGAIN || error == EWOULDBLOCK) {
        if let isEnded, isEnded() { return .stopped }
        if context.isStopping { return .stopped }
        if let deadline, MonotonicClock.now() >= deadline { return .failed(code: ETIMEDOUT, message: "it does not read its standard input") }
        pollDescriptor(process.stdinFD, events: Int16(POLLOUT), milliseconds: 100)
        continue
      }
      return .failed(
        code: error, message: error == EPIPE ? "it closed its standard input" : "cannot write to it: \(String(cString: strerror(error)))")
    }
    return .done
  }

  /// Starts a named thread.
  func startThread(_ name: String, _ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.name = name
    thread.stackSize = 1 << 20
    thread.start()
  }

  /// Waits, up to `milliseconds`, until `flag` is set; false when it was not.
  @discardableResult
  func waitFor(_ flag: KeyPath<Session, Bool>, condition: NSCondition, milliseconds: Int) -> Bool {
    let deadline = Date().addingTimeInterval(Double(milliseconds) / 1000)
    condition.lock()
    defer { condition.unlock() }
    while !self[keyPath: flag] {
      if !condition.wait(until: deadline) { return self[keyPath: flag] }
    }
    return true
  }

  /// The stderr thread: keeps the last bytes in the ring until the pipe ends or the session does.
  private func drainStderr(condition: NSCondition) {
    let descriptor = process.stderrFD
    var buffer = [UInt8](repeating: 0, count: 4096)
    var endedSeen = false
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
      if count > 0 {
        condition.lock()
        buffer.withUnsafeBufferPointer { stderr.append(UnsafeBufferPointer(rebasing: $0[0..<count])) }
        condition.unlock()
        continue
      }
      if count < 0 && (errno == EAGAIN || errno == EINTR) {
        if endedSeen { break }  // drained what was there when the session ended
        pollDescriptor(descriptor, events: Int16(POLLIN), milliseconds: 100)
        condition.lock()
        endedSeen = ended
        condition.unlock()
        continue
      }
      break
    }
    condition.lock()
    stderrDone = true
    condition.broadcast()
    condition.unlock()
  }
}
