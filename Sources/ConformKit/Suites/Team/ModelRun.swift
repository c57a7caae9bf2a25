import ConformJSON
import ConformPlatform
import ConformProtocol
import Foundation

/// A team suite's model run over a list of inputs, as the conform protocol runs any
/// implementation: the hello and every case written to its standard input (a pipe, fed by a
/// thread of conform's as the model reads), its answers written to a file that is its standard
/// output and read once it has exited. Nothing waits on the model's answers while it works, so
/// a table is made at about the model's own rate.
package enum ModelRun {
  /// The outputs the model answers for `inputs`, in order.
  ///
  /// - Throws: `ConformError.implementation` naming the model and what went wrong: it could
  ///   not start, ran past `timeout` seconds (killed), exited with a failure, answered no hello or
  ///   a hello without the suite, or answered a case with something other than a result (the
  ///   case is named: `names` has each input's case name).
  package static func outputs(
    of command: [String], suite: String, inputs: [JSONValue], names: [String], timeout: Double
  ) throws(ConformError) -> [JSONValue] {
    let folder = FileIO.join(NSTemporaryDirectory(), "conform-model-\(getpid())-\(UUID().uuidString)")
    try FileIO.createDirectory(folder)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let answers = FileIO.join(folder, "answers.jsonl")
    let stderr = FileIO.join(folder, "stderr.txt")
    let model = "model \(command.joined(separator: " "))"
    let pipe: (read: Int32, write: Int32)
    do {
      pipe = try Descriptors.pipe()
    } catch {
      throw .implementation("\(model): \(error)")
    }
    let pid: pid_t
    do throws(Spawn.Failure) {
      pid = try Spawn.start(
        command, environment: ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" },
        files: [
          .duplicate(pipe.read, onto: 0),
          .open(answers, onto: 1, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600),
          .open(stderr, onto: 2, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600),
        ],
        attributes: Spawn.Attributes(ownProcessGroup: true, defaultSignals: [SIGPIPE]))
    } catch {
      close(pipe.read)
      close(pipe.write)
      throw .implementation("\(model): could not start: \(String(cString: strerror(error.code)))")
    }
    close(pipe.read)
    let written = DispatchSemaphore(value: 0)
    let writer = Thread {
      writeRequests(inputs, suite: suite, names: names, to: pipe.write)
      close(pipe.write)
      written.signal()
    }
    writer.stackSize = 1 << 20
    writer.start()
    func tail() -> String {
      let text = String(decoding: (try? FileIO.read(stderr)) ?? [], as: UTF8.self)
      let lines = text.split(separator: "\n").suffix(5)
      return lines.isEmpty ? "" : "; its stderr ends: " + lines.joined(separator: " / ")
    }
    let termination: Termination
    do {
      termination = try wait(pid, timeout: timeout, model: model)
    } catch {
      written.wait()
      throw error
    }
    written.wait()
    guard termination == .exited(0) else { throw .implementation("\(model) \(termination)\(tail())") }
    var outputs = [JSONValue?](repeating: nil, count: inputs.count)
    try read(answers, into: &outputs, suite: suite, model: model, names: names)
    if let missing = outputs.firstIndex(where: { $0 == nil }) {
      throw .implementation("\(model) gave no answer for case \(names[missing]) (it exited 0)\(tail())")
    }
    return outputs.map { $0! }
  }

  /// Writes the hello and a case per input to `descriptor`, a chunk at a time; stops early when
  /// the model no longer reads (it exited: its status says why).
  private static func writeRequests(_ inputs: [JSONValue], suite: String, names: [String], to descriptor: Int32) {
    var bytes = HarnessHello(suites: [suite]).line
    var index = 0
    while true {
      while index < inputs.count, bytes.count < 1 << 16 {
        let request: JSONObject = [
          "id": .string("\(suite)/\(names[index])"), "input": inputs[index], "seq": .int(Int64(index + 1)),
          "suite": .string(suite), "type": "case",
        ]
        JSONWriter.write(.object(request), into: &bytes)
        bytes.append(0x0A)
        index += 1
      }
      if bytes.isEmpty { return }
      var offset = 0
      while offset < bytes.count {
        let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
          offset += count
        } else if count < 0 && errno == EINTR {
          continue
        } else {
          return
        }
      }
      bytes.removeAll(keepingCapacity: true)
    }
  }

  /// Waits for the model, at most `timeout` seconds; kills its process group past that.
  private static func wait(_ pid: pid_t, timeout: Double, model: String) throws(ConformError) -> Termination {
    let deadline = MonotonicClock.now() + UInt64(timeout * 1e9)
    var pause: UInt32 = 1_000
    while true {
      switch Spawn.wait(pid, blocking: false) {
      case .ended(let status): return Termination(waitStatus: status)
      case .failed: throw .implementation("\(model): could not be waited for")
      case .running:
        if MonotonicClock.now() >= deadline {
          Spawn.signalGroup(pid, SIGKILL)
          _ = Spawn.wait(pid)
          throw .implementation(
            "\(model) ran past \(timeout.formatted) s and was killed: a model answers every case and exits "
              + "when its input ends (raise --timeout for a slow one)")
        }
        usleep(pause)
        pause = min(pause * 2, 50_000)
      }
    }
  }

  /// Reads the hello and the answers; each result's output goes to its case's slot.
  private static func read(
    _ path: String, into outputs: inout [JSONValue?], suite: String, model: String, names: [String]
  ) throws(ConformError) {
    let bytes = try FileIO.read(path)
    var failure: ConformError?
    var sawHello = false
    bytes.withUnsafeBufferPointer { buffer in
      JSONLines.forEachLine(in: buffer) { number, line in
        guard failure == nil, line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
        do throws(ConformError) {
          if !sawHello {
            sawHello = true
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
            return
          }
          let answer: Answer
          do {
            answer = try Answer.parse(line)
          } catch {
            throw .implementation("\(model): answer line \(number - 1) is not a conform answer: \(error)")
          }
          let index = Int(answer.seq) - 1
          guard outputs.indices.contains(index), answer.id == "\(suite)/\(names[index])" else {
            throw .implementation("\(model): answer line \(number - 1) names seq \(answer.seq) and id \(answer.id), which no request had")
          }
          guard case .result(let output) = answer.payload else {
            throw .implementation(
              "\(model) answered case \(names[index]) with \(answer.payload.kind.type) \(JSONWriter.string(answer.payload.value)): "
                + "a model answers every case with a result")
          }
          outputs[index] = output
        } catch {
          failure = error
        }
      }
    }
    if let failure { throw failure }
    guard sawHello else { throw .implementation("\(model) exited 0 without writing anything") }
  }
}

extension Double {
  /// `60` for 60.0, `0.5` for 0.5.
  fileprivate var formatted: String { self == rounded() ? String(Int64(self)) : String(self) }
}
