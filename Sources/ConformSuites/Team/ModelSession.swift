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
  /// The model's answers by their input's canonical JSON, the first `rememberedAnswers`
  /// distinct inputs' (under `lock`).
  private var remembered: [InputBytes: Answer] = [:]
  /// About 30 MB of inputs and answers at the bench's deep inputs (about 240 bytes each).
  static let rememberedAnswers = 65_536

  /// A model's output for one input, the decisions it says gave it (nil when it says none) and
  /// the allowed values it states for varying members (`ModelAnswer.varies`).
  package typealias Answer = (output: JSONValue, decisions: [String]?, varies: JSONValue?)

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
  package func answers(for inputs: [JSONValue]) throws(ConformError) -> [Answer] {
    var encoded = EncodedInputs()
    return try answers(for: inputs, encoded: &encoded)
  }

  /// `answers(for:)`, each input's canonical JSON, as the requests carried it, appended to
  /// `encoded` (a fuzz batch's case table copies it: each input is encoded once).
  ///
  /// An input the model has already answered in this session is not asked again: a model is a
  /// function of its input (a named case's stated output, the fixtures' determinism), and fuzz
  /// draws the same input often (47% of 200,000 deep inputs of the bench's team suite repeat one
  /// drawn before). The first `Self.rememberedAnswers` distinct inputs' answers are kept.
  package func answers(for inputs: [JSONValue], encoded: inout EncodedInputs) throws(ConformError) -> [Answer] {
    let base = encoded.ranges.count
    for input in inputs { encoded.append(input) }
    let model = client.model
    lock.lock()
    defer { lock.unlock() }
    var answers = [Answer?](repeating: nil, count: inputs.count)
    // Each input not remembered, asked once: the first index of each, and the later ones.
    var asked: [Int] = []
    var repeats: [(index: Int, of: Int)] = []
    var firstAsked: [InputBytes: Int] = [:]
    var keys: [InputBytes] = []
    for index in inputs.indices {
      let key = InputBytes(encoded[base + index])
      if let known = remembered[key] {
        answers[index] = known
      } else if let first = firstAsked[key] {
        repeats.append((index, first))
      } else {
        firstAsked[key] = index
        asked.append(index)
        keys.append(key)
      }
    }
    let sent = asked.map { encoded.ranges[base + $0] }
    try stream(sent, of: encoded.bytes, drift: nil) { position, answer throws(ConformError) in
      let index = asked[position]
      answers[index] = (
        try ModelLines.output(of: answer.answer, for: JSONWriter.string(inputs[index]), model: model), answer.decisions,
        answer.varies
      )
    }
    for (index, first) in repeats { answers[index] = answers[first] }
    for (key, index) in zip(keys, asked) where remembered.count < Self.rememberedAnswers {
      remembered[key.copied] = answers[index]
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
    var encoded = EncodedInputs()
    for input in inputs { encoded.append(input) }
    var outputs: [JSONValue?] = Array(repeating: nil, count: inputs.count)
    lock.lock()
    defer { lock.unlock() }
    try stream(encoded.ranges, of: encoded.bytes, drift: drift) { index, answer throws(ConformError) in
      if case .error = answer.answer.payload { return }
      outputs[index] = try ModelLines.output(of: answer.answer, for: JSONWriter.string(inputs[index]), model: model)
    }
    return outputs
  }

  /// Streams a request for each input (its canonical JSON at `ranges` of `bytes`, with
  /// `"drift"` when given) and hands each answer to `take` with its input's position in
  /// `ranges`, once each, whatever order the model answers in. The caller holds `lock`.
  private func stream(
    _ ranges: [Range<Int>], of bytes: [UInt8], drift: String?,
    take: (_ index: Int, _ answer: ModelAnswer) throws(ConformError) -> Void
  ) throws(ConformError) {
    guard !ranges.isEmpty else { return }
    let first = seq + 1
    seq += Int64(ranges.count)
    let suite = suite
    var taken = [Bool](repeating: false, count: ranges.count)
    var count = 0
    let model = client.model
    try client.stream(
      requests: { send in
        // Written a few hundred at a time: the model starts on the first while the rest are
        // copied.
        var lines: [UInt8] = []
        for start in stride(from: 0, to: ranges.count, by: 256) {
          let end = min(start + 256, ranges.count)
          Self.write(
            ranges[start..<end].map { bytes[$0] }, suite: suite, firstSeq: first + Int64(start), drift: drift, into: &lines)
          guard send(&lines) else { break }
        }
      }, closingInput: false, deadline: .eachAnswer, finished: { count == ranges.count }
    ) { answer, _ throws(ConformError) in
      let index = Int(answer.answer.seq - first)
      guard ranges.indices.contains(index), answer.answer.id == Self.id(suite: suite, seq: answer.answer.seq), !taken[index]
      else {
        throw .implementation(
          "\(model) answered seq \(answer.answer.seq) (\(answer.answer.id)), which no request awaiting an answer had: a model "
            + "answers each case once, with its request's seq and id")
      }
      taken[index] = true
      count += 1
      try take(index, answer)
    }
  }

  /// Appends the requests' lines for `inputs` (each its canonical JSON) to `bytes`, numbered
  /// from `firstSeq`.
  private static func write(
    _ inputs: [ArraySlice<UInt8>], suite: String, firstSeq: Int64, drift: String?, into bytes: inout [UInt8]
  ) {
    var suffix: [UInt8] = []
    CaseRequest.writeSuffix(suite: suite, into: &suffix)
    for (offset, input) in inputs.enumerated() {
      let seq = firstSeq + Int64(offset)
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

/// An input's canonical JSON as a dictionary key: hashed once, as one run of bytes, when made
/// (a key is looked up and stored several times; hashing it byte by byte, as `ArraySlice<UInt8>`
/// does, took 8% of a team fuzz's time), and compared eight bytes at a time.
private struct InputBytes: Hashable {
  let bytes: ArraySlice<UInt8>
  let digest: Int

  init(_ bytes: ArraySlice<UInt8>) {
    var hasher = Hasher()
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    self.init(bytes, digest: hasher.finalize())
  }

  init(_ bytes: ArraySlice<UInt8>, digest: Int) {
    self.bytes = bytes
    self.digest = digest
  }

  /// The same bytes in an array of their own, so a kept key holds no batch's whole buffer.
  var copied: Self { Self(ArraySlice(Array(bytes)), digest: digest) }

  func hash(into hasher: inout Hasher) { hasher.combine(digest) }

  static func == (left: Self, right: Self) -> Bool {
    guard left.digest == right.digest, left.bytes.count == right.bytes.count else { return false }
    return left.bytes.withUnsafeBytes { left in
      right.bytes.withUnsafeBytes { right in
        var offset = 0
        while offset + 8 <= left.count {
          guard
            left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
              == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          else { return false }
          offset += 8
        }
        return left[offset...].elementsEqual(right[offset...])
      }
    }
  }
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
