import ConformJSON
import ConformPlatform
import ConformProtocol
import Foundation

/// One process of the implementation, from spawn to reaping: its pipes and what it said in its
/// hello. What its threads share with the worker is in the worker's `PumpShared`, under its
/// number.
///
/// Every stored property is a constant but `stdout`, which one thread uses at a time: the one
/// doing the handshake, then the reader, then (once the reader is done, under the lock) the
/// supervisor, for a line left without its newline. That hand-off is why it is unchecked: a
/// lock around the buffer would be taken for every read of the hot path, to guard a hand-off
/// that the pump's lock already orders.
final class Session: @unchecked Sendable {
  let process: ImplementationProcess
  /// The worker's index (thread names).
  let index: Int
  /// The process's number in `PumpShared` (its phase).
  let number: Int
  let hello: ImplementationHello
  let supported: Set<String>
  let stdout: LineBuffer
  /// Signalled when the process is over: its threads then leave `poll`.
  let wake: WakePipe

  private init(
    process: ImplementationProcess, index: Int, number: Int, hello: ImplementationHello, stdout: LineBuffer, wake: WakePipe
  ) {
    self.process = process
    self.wake = wake
    self.index = index
    self.number = number
    self.hello = hello
    self.supported = Set(hello.suites)
    self.stdout = stdout
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
      return message + "\n  its stderr ended with:\n"
        + stderr.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
  }

  /// Spawns the implementation and does the handshake, keeping what it writes on stderr meanwhile.
  /// The process becomes `shared`'s current one: nothing of an earlier one is in flight.
  static func start(index: Int, context: RunContext, shared: PumpShared) -> Result<Session, StartFailure> {
    let process: ImplementationProcess
    let wake: WakePipe
    let number: Int
    do {
      wake = try WakePipe.opened()
      number = shared.withLock { $0.begin(wake: wake) }
      process = try ImplementationProcess.start(command: context.settings.command, environment: context.settings.environment)
    } catch {
      // The message alone: the harness adds the "implementation:" of ConformError.implementation.
      let message = if case .implementation(let text) = error { text } else { error.description }
      return .failure(StartFailure(message: message, stderr: nil, started: false))
    }
    let stdout = LineBuffer()
    let keep = { (bytes: UnsafeBufferPointer<UInt8>) in keepStderr(bytes, number: number, in: shared) }
    switch handshake(process, stdout, stderr: keep, context: context) {
    case .success(let hello):
      return .success(Session(process: process, index: index, number: number, hello: hello, stdout: stdout, wake: wake))
    case .failure(let failure):
      let message = failure.message
      // An implementation that refuses the handshake should say why on stderr and exit (as
      // PROTOCOL.md asks): give it a moment to, so the message can quote it.
      let timeouts = context.settings.timeouts
      let exitedOnItsOwn = process.waitForExit(milliseconds: timeouts.exitAfterRefusedHandshake, keepingStderr: keep)
      let termination = process.stop(graceMilliseconds: timeouts.interruptGrace)
      drainStderr(of: process, wake: wake, number: number, in: shared, within: timeouts.stderrDrain)
      shared.end(number)
      // No thread of it was started: its descriptors are free.
      process.closeInput()
      process.closeOutputs()
      let tail = shared.withLock { $0.stderr.text }
      let ending = exitedOnItsOwn ? "; it \(termination)" : ""
      return .failure(StartFailure(message: message + ending, stderr: tail))
    }
  }

  struct HandshakeFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }

  /// Writes the harness's hello, reads the implementation's; `stderr` keeps what stderr holds
  /// whenever stdout has nothing.
  private static func handshake(
    _ process: ImplementationProcess, _ stdout: LineBuffer, stderr: (UnsafeBufferPointer<UInt8>) -> Void,
    context: RunContext
  ) -> Result<ImplementationHello, HandshakeFailure> {
    var stderrOpen = true
    let wake = context.stopPipe
    let deadline = MonotonicClock.now() + UInt64(context.settings.handshakeMilliseconds) * 1_000_000
    let line = context.hello.line
    switch line.withUnsafeBytes({ raw in writeAll(raw, to: process, wake: wake, deadline: deadline, context: context) }) {
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
        _ = process.waitForExit(milliseconds: context.settings.timeouts.exitAfterRefusedHandshake, keepingStderr: stderr)
        return .failure(HandshakeFailure("it closed its standard output before answering the hello"))
      case .wouldBlock:
        if MonotonicClock.now() >= deadline {
          return .failure(HandshakeFailure("no hello within \(context.settings.handshakeMilliseconds / 1000) s of starting"))
        }
        // Until the hello, the deadline, or the run's stop; stderr is kept meanwhile.
        if stderrOpen { stderrOpen = process.drainStderr(into: stderr) }
        wake.wait(
          for: process.stdoutFD, events: WakePipe.readable, alsoReadable: stderrOpen ? [process.stderrFD] : [],
          until: deadline)
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

  /// Writes every byte to stdin (`ImplementationProcess.writeInput`), waiting in `poll` (on
  /// stdin and `wake`) while the pipe is full, until the session ends (`isEnded`) or the run stops.
  static func writeAll(
    _ raw: UnsafeRawBufferPointer, to process: ImplementationProcess, wake: WakePipe, deadline: UInt64?,
    context: RunContext, isEnded: (() -> Bool)? = nil
  ) -> WriteOutcome {
    let written = process.writeInput(raw, wake: wake, deadline: deadline) { isEnded?() == true || context.isStopping }
    switch written {
    case .done: return .done
    case .stopped: return .stopped
    case .failed(let code) where code == Errno.timedOut && deadline != nil:
      return .failed(code: code, message: "it does not read its standard input")
    case .failed(let code):
      return .failed(
        code: code,
        message: code == Errno.brokenPipe ? "it closed its standard input" : "cannot write to it: \(Errno.describe(code))")
    }
  }

  /// Starts a named thread.
  static func startThread(_ name: String, _ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.name = name
    thread.stackSize = 1 << 20
    thread.start()
  }

  /// Keeps what the stderr of process `number` holds now in `shared`'s tail, without waiting:
  /// false once it has ended. The reader calls it whenever stdout has nothing (and the
  /// handshake, before there is a reader), so no thread of its own drains stderr.
  static func keepStderr(of process: ImplementationProcess, number: Int, in shared: PumpShared) -> Bool {
    process.drainStderr { keepStderr($0, number: number, in: shared) }
  }

  /// Adds `bytes` of the stderr of process `number` to `shared`'s tail.
  static func keepStderr(_ bytes: UnsafeBufferPointer<UInt8>, number: Int, in shared: PumpShared) {
    shared.withLock { state in
      guard state.process == number else { return }
      state.stderr.append(bytes)
    }
  }

  /// Keeps the rest of stderr: until it ends, or holds nothing more once the process is over
  /// (a child of it may keep the pipe open, never writing), or `milliseconds` pass when given.
  static func drainStderr(
    of process: ImplementationProcess, wake: WakePipe, number: Int, in shared: PumpShared, within milliseconds: Int? = nil
  ) {
    let deadline = milliseconds.map { MonotonicClock.now() + UInt64($0) * 1_000_000 }
    var endedSeen = false
    while keepStderr(of: process, number: number, in: shared) {
      // What was there when the process was over is drained: done.
      if endedSeen { return }
      if let deadline, MonotonicClock.now() >= deadline { return }
      wake.wait(for: process.stderrFD, events: WakePipe.readable, until: deadline)
      endedSeen = shared.isEnded(number)
    }
  }
}
