import ConformFixtures
import ConformHarness
import ConformJSON
import ConformPlatform
import ConformProtocol
import Foundation

/// A team suite's model kept running while `conform fuzz` searches: each input it is asked about
/// is sent as a case and its answer read back, one at a time (callers on several threads take
/// turns). The fuzzer's cases and the shrinker's candidates get their expected outputs here.
package final class ModelSession: @unchecked Sendable {
  private let lock = NSLock()
  private let process: ImplementationProcess
  private let suite: String
  private let model: String
  private let timeout: Double
  private let buffer = LineBuffer()
  private var seq: Int64 = 0
  /// The end of what the model wrote on stderr (read while waiting, so that it never blocks on
  /// a full pipe), for the messages.
  private var stderr = StderrTail()

  /// Starts the model and reads its hello.
  ///
  /// - Throws: `ConformError.implementation` when it cannot start, answers no hello within
  ///   `timeout` seconds, or a hello that does not list `suite`.
  package init(command: [String], suite: String, timeout: Double) throws(ConformError) {
    model = "model \(command.joined(separator: " "))"
    process = try ImplementationProcess.start(
      command: command, environment: ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" })
    self.suite = suite
    self.timeout = timeout
    do throws(ConformError) {
      try send(HarnessHello(suites: [suite]).line)
      try nextLine { line throws(ConformError) in try ModelLines.hello(line, suite: suite, model: model) }
    } catch {
      process.stop()
      throw error
    }
  }

  deinit {
    close(process.stdinFD)
    if !process.waitForExit(milliseconds: 2_000) { process.stop() } else { process.reap() }
    process.closeOutputs()
  }

  /// The model's output for `input`.
  ///
  /// - Throws: `ConformError.implementation` when the model ends, hangs past the timeout, or
  ///   answers something other than a result for this case (an error answer: the input is one
  ///   the model refuses).
  package func output(for input: JSONValue) throws(ConformError) -> JSONValue {
    lock.lock()
    defer { lock.unlock() }
    seq += 1
    let id = "\(suite)/fuzz/model-\(seq)"
    var request: [UInt8] = []
    CaseRequest(id: id, suite: suite, input: input).write(seq: seq, into: &request)
    try send(request)
    let answer = try nextLine { line throws(ConformError) in try ModelLines.answer(line, model: model, line: Int(seq)) }
    guard answer.seq == seq, answer.id == id else {
      throw .implementation("\(model) answered seq \(answer.seq) (\(answer.id)) when asked seq \(seq): it must answer in turn")
    }
    return try ModelLines.output(of: answer, for: JSONWriter.string(input), model: model)
  }

  private func send(_ bytes: [UInt8]) throws(ConformError) {
    let deadline = MonotonicClock.now() + UInt64(timeout * 1e9)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(process.stdinFD, $0.baseAddress, $0.count) }
      if count > 0 {
        written += count
        continue
      }
      guard count < 0, errno == EAGAIN || errno == EINTR else { throw .implementation("\(model): its input closed") }
      try wait(for: process.stdinFD, events: Int16(POLLOUT), until: deadline)
    }
  }

  /// Reads the next non-blank line and hands it to `parse`.
  private func nextLine<T>(_ parse: (UnsafeBufferPointer<UInt8>) throws(ConformError) -> T) throws(ConformError) -> T {
    let deadline = MonotonicClock.now() + UInt64(timeout * 1e9)
    while true {
      switch buffer.nextLine() {
      case .line(let line):
        if LineBuffer.isBlank(line) { continue }
        return try parse(line)
      case .tooLong:
        throw .implementation("\(model): an answer is longer than \(LineBuffer.maxLine) bytes")
      case .none:
        switch buffer.fill(from: process.stdoutFD) {
        case .data: continue
        case .endOfFile:
          let ended = process.stop()
          drainStderr()
          throw .implementation("\(model) closed its output (it \(ended))\(stderrEnding)")
        case .failed(let code): throw .implementation("\(model): its output cannot be read: \(String(cString: strerror(code)))")
        case .wouldBlock: try wait(for: process.stdoutFD, events: Int16(POLLIN), until: deadline)
        }
      }
    }
  }

  /// Waits until `descriptor` is ready for `events`, reading the model's stderr meanwhile.
  private func wait(for descriptor: Int32, events: Int16, until deadline: UInt64) throws(ConformError) {
    let now = MonotonicClock.now()
    guard now < deadline else {
      process.stop()
      drainStderr()
      throw .implementation("\(model) did not answer within \(timeout) s and was killed\(stderrEnding)")
    }
    var entries = [
      pollfd(fd: descriptor, events: events, revents: 0), pollfd(fd: process.stderrFD, events: Int16(POLLIN), revents: 0),
    ]
    _ = poll(&entries, 2, Int32(min(1_000, (deadline - now) / 1_000_000 + 1)))
    if entries[1].revents != 0 { drainStderr() }
  }

  /// Reads what the model's stderr holds now (its pipe is non-blocking).
  private func drainStderr() {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(process.stderrFD, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      chunk.withUnsafeBufferPointer { stderr.append(UnsafeBufferPointer(rebasing: $0.prefix(count))) }
    }
  }

  /// "; its stderr ends: …", or nothing when it wrote none.
  private var stderrEnding: String {
    stderr.text.map { "; its stderr ends: " + $0.split(separator: "\n").suffix(5).joined(separator: " / ") } ?? ""
  }
}
