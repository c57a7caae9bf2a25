import ConformFixtures
import ConformJSON
import ConformPlatform
import ConformProtocol
import Foundation

/// A team suite's model run over a table's cases, as the conform protocol runs any
/// implementation: the hello and the requests written to its standard input by one thread of
/// conform's while another reads, parses and takes its answers as they come, so that conform's
/// work (reading the cases, checking and writing the table) overlaps the model's and a table is
/// made at about the model's own rate.
package enum ModelRun {
  /// Runs the model `command` of `suite` to the end of its input.
  ///
  /// - Parameters:
  ///   - requests: runs on a thread of its own, after the hello is written: hands the requests'
  ///     bytes to `send` (which empties them), and goes on (without sending) when `send` says
  ///     the model no longer reads (it exited: its status says why). The model's input is closed
  ///     when it returns.
  ///   - answered: runs on another thread for each answer after the model's hello, in the
  ///     model's order, with the answer's line number; the first problem it throws is kept and
  ///     the rest of the output drained (the model must not block on a full pipe).
  ///   - unanswered: once the model has exited 0 and every answer is taken, the first request
  ///     it left unanswered, if any.
  /// - Throws: `ConformError.implementation` naming the model and what went wrong: it could not
  ///   start, ran past `timeout` seconds (killed), exited with a failure, answered no hello, a
  ///   hello without the suite, or a line that is not an answer; then what `answered` threw;
  ///   then a request left unanswered.
  package static func run(
    _ command: [String], suite: String, timeout: Double,
    requests: @escaping @Sendable (_ send: (inout [UInt8]) -> Bool) -> Void,
    answered: @escaping @Sendable (_ answer: Answer, _ line: Int) throws(ConformError) -> Void,
    unanswered: () -> String?
  ) throws(ConformError) {
    let folder = FileIO.join(NSTemporaryDirectory(), "conform-model-\(getpid())-\(UUID().uuidString)")
    try FileIO.createDirectory(folder)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let stderr = FileIO.join(folder, "stderr.txt")
    let model = "model \(command.joined(separator: " "))"
    let input: (read: Int32, write: Int32)
    let output: (read: Int32, write: Int32)
    do {
      input = try Descriptors.pipe()
      output = try Descriptors.pipe()
    } catch {
      throw .implementation("\(model): \(error)")
    }
    let pid: pid_t
    do throws(Spawn.Failure) {
      pid = try Spawn.start(
        command, environment: ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" },
        files: [
          .duplicate(input.read, onto: 0), .duplicate(output.write, onto: 1),
          .open(stderr, onto: 2, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600),
        ],
        attributes: Spawn.Attributes(ownProcessGroup: true, defaultSignals: [SIGPIPE]))
    } catch {
      [input.read, input.write, output.read, output.write].forEach { close($0) }
      throw .implementation("\(model): could not start: \(String(cString: strerror(error.code)))")
    }
    close(input.read)
    close(output.write)
    let done = DispatchSemaphore(value: 0)
    let writer = Thread {
      var hello = HarnessHello(suites: [suite]).line
      var open = send(&hello, to: input.write)
      requests { bytes in
        open = open && send(&bytes, to: input.write)
        bytes.removeAll(keepingCapacity: true)
        return open
      }
      close(input.write)
      done.signal()
    }
    writer.stackSize = 1 << 20
    writer.start()
    let reading = AnswerReading(suite: suite, model: model, answered: answered)
    let reader = Thread {
      reading.read(from: output.read)
      close(output.read)
      done.signal()
    }
    reader.stackSize = 1 << 20
    reader.start()
    func tail() -> String {
      let text = String(decoding: (try? FileIO.read(stderr)) ?? [], as: UTF8.self)
      let lines = text.split(separator: "\n").suffix(5)
      return lines.isEmpty ? "" : "; its stderr ends: " + lines.joined(separator: " / ")
    }
    // Both threads end when the model's output ends and its input is written (or no longer
    // read): usually as it exits, which is then waited for.
    let deadline = MonotonicClock.now() + UInt64(timeout * 1e9)
    let end = DispatchTime.now() + timeout
    var threadsEnded = 0
    while threadsEnded < 2, done.wait(timeout: end) == .success { threadsEnded += 1 }
    let termination: Termination
    do throws(ConformError) {
      guard threadsEnded == 2 else { throw killed(pid, timeout: timeout, model: model) }
      termination = try wait(pid, until: deadline, timeout: timeout, model: model)
    } catch {
      for _ in threadsEnded..<2 { done.wait() }
      throw error
    }
    guard termination == .exited(0) else { throw .implementation("\(model) \(termination)\(tail())") }
    if let failure = reading.failure { throw failure }
    if let request = unanswered() { throw .implementation("\(model) gave no answer for \(request) (it exited 0)\(tail())") }
  }

  /// Writes all of `bytes` to `descriptor`; false when the model no longer reads.
  private static func send(_ bytes: inout [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        offset += count
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        return false
      }
    }
    return true
  }

  /// Waits for the model to exit, until `deadline`; kills its process group past that.
  private static func wait(_ pid: pid_t, until deadline: UInt64, timeout: Double, model: String) throws(ConformError)
    -> Termination
  {
    var pause: UInt32 = 100
    while true {
      switch Spawn.wait(pid, blocking: false) {
      case .ended(let status): return Termination(waitStatus: status)
      case .failed: throw .implementation("\(model): could not be waited for")
      case .running:
        if MonotonicClock.now() >= deadline { throw killed(pid, timeout: timeout, model: model) }
        usleep(pause)
        pause = min(pause * 2, 20_000)
      }
    }
  }

  /// Kills the model's process group, which ran past `timeout` seconds; the error saying so.
  private static func killed(_ pid: pid_t, timeout: Double, model: String) -> ConformError {
    Spawn.signalGroup(pid, SIGKILL)
    _ = Spawn.wait(pid)
    return .implementation(
      "\(model) ran past \(timeout.formatted) s and was killed: a model answers every case and exits "
        + "when its input ends (raise --timeout for a slow one)")
  }
}

/// The reading thread's side of a model run: the hello, then each answer handed on as it comes;
/// the first problem is kept and the rest of the output drained.
private final class AnswerReading: @unchecked Sendable {
  let suite: String
  let model: String
  let answered: @Sendable (Answer, Int) throws(ConformError) -> Void
  /// Written by the reading thread only, read once it has finished.
  private var problem: ConformError?
  private var sawHello = false
  private var line = 0

  init(suite: String, model: String, answered: @escaping @Sendable (Answer, Int) throws(ConformError) -> Void) {
    self.suite = suite
    self.model = model
    self.answered = answered
  }

  /// The first problem, once `read(from:)` has returned.
  var failure: ConformError? {
    problem ?? (sawHello ? nil : .implementation("\(model) exited 0 without writing a hello"))
  }

  /// Reads `descriptor` (blocking) to its end.
  func read(from descriptor: Int32) {
    let buffer = LineBuffer()
    while true {
      switch buffer.nextLine() {
      case .line(let text):
        if problem == nil, !LineBuffer.isBlank(text) {
          do throws(ConformError) { try take(text) } catch { problem = error }
        }
      case .tooLong:
        if problem == nil { problem = .implementation("\(model): an answer is longer than \(LineBuffer.maxLine) bytes") }
        return
      case .none:
        switch buffer.fill(from: descriptor) {
        case .data(let count):
          // A model that flushes every answer would wake this thread for each one: after a short
          // read, a pause lets its answers gather (its pipe holds 64 KiB, far more than a pause's).
          if count < 1 << 12 { usleep(200) }
        case .wouldBlock: continue
        case .endOfFile, .failed: return
        }
      }
    }
  }

  private func take(_ text: UnsafeBufferPointer<UInt8>) throws(ConformError) {
    guard sawHello else {
      sawHello = true
      try ModelLines.hello(text, suite: suite, model: model)
      return
    }
    line += 1
    try answered(try ModelLines.answer(text, model: model, line: line), line)
  }
}

/// A model's lines as both ways of running it read them: its hello, then results only.
enum ModelLines {
  /// Checks the first line: a hello that lists `suite`.
  static func hello(_ line: UnsafeBufferPointer<UInt8>, suite: String, model: String) throws(ConformError) {
    let hello: ImplementationHello
    do {
      hello = try ImplementationHello.parse(line)
    } catch {
      throw .implementation("\(model): its first line is not a hello: \(error)")
    }
    guard hello.suites.contains(suite) else {
      throw .implementation(
        "\(model): its hello lists \(hello.suites.joined(separator: ", ")), not \(suite): the model answers its own suite's name")
    }
  }

  /// An answer line, read strictly.
  static func answer(_ line: UnsafeBufferPointer<UInt8>, model: String, line number: Int) throws(ConformError) -> Answer {
    do {
      return try Answer.read(line)
    } catch {
      throw .implementation("\(model): answer line \(number) is not a conform answer: \(error)")
    }
  }

  /// The output of a `result`; any other answer is an error naming `subject`.
  static func output(
    of answer: Answer, for subject: @autoclosure () -> String, model: @autoclosure () -> String
  ) throws(ConformError) -> JSONValue {
    guard case .result(let output) = answer.payload else {
      throw .implementation(
        "\(model()) answered \(subject()) with \(answer.payload.kind.type) \(JSONWriter.string(answer.payload.value)): "
          + "a model answers every case with a result")
    }
    return output
  }
}

extension Double {
  /// `60` for 60.0, `0.5` for 0.5.
  fileprivate var formatted: String { self == rounded() ? String(Int64(self)) : String(self) }
}
