import ConformFixtures
import ConformHarness
import ConformJSON
import ConformPlatform
import ConformProtocol
import Foundation

/// A team suite's model kept running while `conform fuzz` searches: the fuzzer's inputs are
/// sent a batch at a time, streamed (`ModelClient`), and the answers read back as they come;
/// the shrinker's candidates one at a time. Callers on several threads take turns.
package final class ModelSession: @unchecked Sendable {
  private let lock = NSLock()
  private let client: ModelClient
  private let suite: String
  private var seq: Int64 = 0

  /// Starts the model and reads its hello.
  ///
  /// - Throws: `ConformError.implementation` when it cannot start, answers no hello within
  ///   `timeout` seconds, or a hello that does not list `suite`.
  package init(command: [String], suite: String, timeout: Double) throws(ConformError) {
    client = try ModelClient(command: command, suite: suite, timeout: timeout)
    self.suite = suite
    try client.readHello()
  }

  deinit { client.finish() }

  /// The model's output for `input`.
  ///
  /// - Throws: `ConformError.implementation` when the model ends, hangs past the timeout, or
  ///   answers something other than a result for this case (an error answer: the input is one
  ///   the model refuses).
  package func output(for input: JSONValue) throws(ConformError) -> JSONValue {
    try answers(for: [input])[0].output
  }

  /// The model's outputs for `inputs`, in order, the decisions it says gave each (nil when it
  /// says none) and the allowed values it states for varying members (`ModelAnswer.varies`):
  /// the requests streamed, `timeout` seconds allowed for each answer.
  ///
  /// - Parameter drift: a decision's drift (`"drift"` of the requests): the model answers as a
  ///   port with that drift would; nil for the spec's answer.
  /// - Throws: as `output(for:)`; the model is stopped after a problem.
  package func answers(for inputs: [JSONValue], drift: String? = nil) throws(ConformError)
    -> [(output: JSONValue, decisions: [String]?, varies: JSONValue?)]
  {
    lock.lock()
    defer { lock.unlock() }
    let first = seq + 1
    seq += Int64(inputs.count)
    let suite = suite
    let requests: [UInt8] = Self.requests(inputs, suite: suite, firstSeq: first, drift: drift)
    var answers: [(output: JSONValue, decisions: [String]?, varies: JSONValue?)?] = Array(repeating: nil, count: inputs.count)
    var count = 0
    let model = client.model
    try client.stream(
      requests: { send in
        var bytes = requests
        _ = send(&bytes)
      }, closingInput: false, deadline: .eachAnswer, finished: { count == inputs.count }
    ) { answer, _ throws(ConformError) in
      let index = Int(answer.answer.seq - first)
      guard inputs.indices.contains(index), answer.answer.id == Self.id(suite: suite, seq: answer.answer.seq),
        answers[index] == nil
      else {
        throw .implementation(
          "\(model) answered seq \(answer.answer.seq) (\(answer.answer.id)), which no request awaiting an answer had: a model "
            + "answers each case once, with its request's seq and id")
      }
      let output = try ModelLines.output(of: answer.answer, for: JSONWriter.string(inputs[index]), model: model)
      answers[index] = (output, answer.decisions, answer.varies)
      count += 1
    }
    return answers.map { $0! }
  }

  /// The requests' lines, numbered from `firstSeq`.
  private static func requests(_ inputs: [JSONValue], suite: String, firstSeq: Int64, drift: String?) -> [UInt8] {
    var bytes: [UInt8] = []
    for (offset, input) in inputs.enumerated() {
      let seq = firstSeq + Int64(offset)
      if let drift {
        let request: JSONValue = [
          "drift": .string(drift), "id": .string(id(suite: suite, seq: seq)), "input": input, "seq": .int(seq),
          "suite": .string(suite), "type": "case",
        ]
        JSONWriter.write(request, into: &bytes)
        bytes.append(0x0A)
      } else {
        CaseRequest(id: id(suite: suite, seq: seq), suite: suite, input: input).write(seq: seq, into: &bytes)
      }
    }
    return bytes
  }

  private static func id(suite: String, seq: Int64) -> String { "\(suite)/fuzz/model-\(seq)" }
}
