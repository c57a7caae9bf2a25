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
  /// The decisions whose drift the model answers with (`modelledDrifts`), once asked.
  private let modelled = Locked<[Int]?>(nil)

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
  /// - Throws: as `output(for:)`; the model is stopped after a problem.
  package func answers(for inputs: [JSONValue]) throws(ConformError) -> [(
    output: JSONValue, decisions: [String]?, varies: JSONValue?
  )] {
    var encoded = EncodedInputs()
    return try answers(for: inputs, encoded: &encoded)
  }

  /// `answers(for:)`, each input's canonical JSON, as the requests carried it, appended to
  /// `encoded` (a fuzz batch's case table copies it: each input is encoded once).
  package func answers(for inputs: [JSONValue], encoded: inout EncodedInputs) throws(ConformError) -> [(
    output: JSONValue, decisions: [String]?, varies: JSONValue?
  )] {
    let model = client.model
    var answers: [(output: JSONValue, decisions: [String]?, varies: JSONValue?)?] = Array(repeating: nil, count: inputs.count)
    encoded = try stream(inputs, drift: nil) { index, answer throws(ConformError) in
      answers[index] = (
        try ModelLines.output(of: answer.answer, for: JSONWriter.string(inputs[index]), model: model), answer.decisions,
        answer.varies
      )
    }
    return answers.map { $0! }
  }

  /// The model's outputs for `inputs` as a port with decision `drift`'s drift would answer
  /// (`"drift": "D3"` in each request), in order: nil where it answers an `error` (it does not
  /// model that drift).
  ///
  /// - Throws: `ConformError.implementation` when the model ends, hangs past the timeout, or
  ///   answers something other than a result or an error; the model is stopped then.
  package func driftedOutputs(for inputs: [JSONValue], drift: String) throws(ConformError) -> [JSONValue?] {
    let model = client.model
    var outputs: [JSONValue?] = Array(repeating: nil, count: inputs.count)
    try stream(inputs, drift: drift) { index, answer throws(ConformError) in
      if case .error = answer.answer.payload { return }
      outputs[index] = try ModelLines.output(of: answer.answer, for: JSONWriter.string(inputs[index]), model: model)
    }
    return outputs
  }

  /// Streams the requests of `inputs` (with `"drift"` when given) and hands each answer to
  /// `take` with its input's index, once each, whatever order the model answers in.
  ///
  /// - Returns: the inputs' canonical JSON, as the requests carried it.
  @discardableResult
  private func stream(
    _ inputs: [JSONValue], drift: String?, take: (_ index: Int, _ answer: ModelAnswer) throws(ConformError) -> Void
  ) throws(ConformError) -> EncodedInputs {
    lock.lock()
    defer { lock.unlock() }
    let first = seq + 1
    seq += Int64(inputs.count)
    let suite = suite
    var taken = [Bool](repeating: false, count: inputs.count)
    var count = 0
    let model = client.model
    // Filled by the writing thread, read once the stream is over (which waits for that thread).
    let encoded = Locked(EncodedInputs())
    try client.stream(
      requests: { send in
        // Written a few hundred at a time as they are encoded: the model starts on the first
        // while the rest are made.
        var bytes: [UInt8] = []
        var made = EncodedInputs()
        for start in stride(from: 0, to: inputs.count, by: 256) {
          let end = min(start + 256, inputs.count)
          Self.write(
            inputs[start..<end], suite: suite, firstSeq: first + Int64(start), drift: drift, encoded: &made, into: &bytes)
          guard send(&bytes) else { break }
        }
        encoded.withLock { $0 = made }
      }, closingInput: false, deadline: .eachAnswer, finished: { count == inputs.count }
    ) { answer, _ throws(ConformError) in
      let index = Int(answer.answer.seq - first)
      guard inputs.indices.contains(index), answer.answer.id == Self.id(suite: suite, seq: answer.answer.seq), !taken[index]
      else {
        throw .implementation(
          "\(model) answered seq \(answer.answer.seq) (\(answer.answer.id)), which no request awaiting an answer had: a model "
            + "answers each case once, with its request's seq and id")
      }
      taken[index] = true
      count += 1
      try take(index, answer)
    }
    return encoded.withLock { $0 }
  }

  /// Appends the requests' lines to `bytes`, numbered from `firstSeq`, each input encoded once
  /// into `encoded` and copied from there.
  private static func write(
    _ inputs: ArraySlice<JSONValue>, suite: String, firstSeq: Int64, drift: String?, encoded: inout EncodedInputs,
    into bytes: inout [UInt8]
  ) {
    var suffix: [UInt8] = []
    CaseRequest.writeSuffix(suite: suite, into: &suffix)
    for (offset, input) in inputs.enumerated() {
      let seq = firstSeq + Int64(offset)
      let range = encoded.append(input)
      let input = encoded.bytes[range]
      if let drift {
        // `drift` comes first in canonical key order.
        bytes.append(contentsOf: #"{"drift":"#.utf8)
        JSONWriter.writeString(drift, into: &bytes)
        bytes.append(contentsOf: #","id":"#.utf8)
        JSONWriter.writeString(id(suite: suite, seq: seq), into: &bytes)
        bytes.append(contentsOf: #","input":"#.utf8)
        bytes.append(contentsOf: input)
        bytes.append(contentsOf: #","seq":"#.utf8)
      } else {
        CaseRequest.writePrefix(id: id(suite: suite, seq: seq), encodedInput: input, into: &bytes)
      }
      JSONWriter.writeInteger(seq, into: &bytes)
      bytes.append(contentsOf: suffix)
    }
  }

  private static func id(suite: String, seq: Int64) -> String { "\(suite)/fuzz/model-\(seq)" }
}

extension ModelSession {
  /// The decisions among `decisions` whose drift the model answers with, asked on one input
  /// (`probe`) the first time and kept: none when it answers drift `D0`, which no decision has,
  /// with a result (it does not read the request's `"drift"`), or when it fails.
  func modelledDrifts(of decisions: [Int], probe: () -> JSONValue) -> [Int] {
    if let known = modelled.withLock({ $0 }) { return known }
    let input = probe()
    var found: [Int] = []
    do throws(ConformError) {
      if try driftedOutputs(for: [input], drift: "D0")[0] == nil {
        for decision in decisions where try driftedOutputs(for: [input], drift: "D\(decision)")[0] != nil {
          found.append(decision)
        }
      }
    } catch {
      found = []
    }
    modelled.withLock { $0 = found }
    return found
  }
}
