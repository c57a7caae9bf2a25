import ConformFixtures
import ConformJSON
import ConformPlatform
import ConformProtocol
import Foundation

/// A team suite's model run over a table's cases, as the conform protocol runs any
/// implementation: the hello and the requests written to its standard input by one thread of
/// conform's while another reads, parses and takes its answers as they come (one stream of the
/// `ModelClient`), so that conform's work (reading the cases, checking and writing the table)
/// overlaps the model's and a table is made at about the model's own rate.
package enum ModelRun {
  /// Runs the model `command` of `suite` to the end of its input.
  ///
  /// - Parameters:
  ///   - requests: runs on a thread of its own, after the hello is written: hands the requests'
  ///     bytes to `send` (which empties them), and goes on (without sending) when `send` says
  ///     the model no longer reads (it exited: its status says why). The model's input is closed
  ///     when it returns.
  ///   - answered: runs for each answer after the model's hello, in the model's order, with the
  ///     answer's line number; the first problem it throws stops the model.
  ///   - unanswered: once the model has exited 0 and every answer is taken, the first request
  ///     it left unanswered, if any.
  /// - Throws: `ConformError.implementation` naming the model and what went wrong: it could not
  ///   start, ran past `timeout` seconds (killed), exited with a failure, answered no hello, a
  ///   hello without the suite, or a line that is not an answer; what `answered` threw; then a
  ///   request left unanswered.
  package static func run(
    _ command: [String], suite: String, timeout: Double,
    requests: @escaping @Sendable (_ send: (inout [UInt8]) -> Bool) -> Void,
    answered: (_ answer: ModelAnswer, _ line: Int) throws(ConformError) -> Void,
    unanswered: () -> String?
  ) throws(ConformError) {
    let client = try ModelClient(command: command, suite: suite, timeout: timeout)
    try client.stream(requests: requests, closingInput: true, deadline: .whole, finished: { false }, answered: answered)
    let ending = client.stderrEnding
    client.finish()
    if let request = unanswered() {
      throw .implementation("\(client.model) gave no answer for \(request) (it exited 0)\(ending)")
    }
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

  /// An answer line, read strictly, but for what a model may add beside its members: the
  /// decisions that gave its output (`"decisions": ["D2", "D5"]`) and the allowed values of its
  /// varying members (`"varies": {"/arm": ["a", "b"]}`, checked by `TeamSuiteFolder.settle`). A
  /// line read once: one with neither key by `Answer.read`'s scanner, one with them parsed once,
  /// its envelope taken from the parsed object (any other shape goes to `Answer.parse`, which says
  /// exactly what is wrong).
  static func answer(_ line: UnsafeBufferPointer<UInt8>, model: String, line number: Int) throws(ConformError) -> ModelAnswer {
    func plain() throws(ConformError) -> ModelAnswer {
      do {
        return ModelAnswer(answer: try Answer.read(line), decisions: nil)
      } catch {
        throw .implementation("\(model): answer line \(number) is not a conform answer: \(error)")
      }
    }
    guard contains(line, decisionsKey) || contains(line, variesKey),
      case .object(let object)? = try? JSONReader.parse(line), object["decisions"] != nil || object["varies"] != nil
    else { return try plain() }
    var decisions: [String]?
    if let listed = object["decisions"] {
      guard let items = listed.arrayValue, !items.isEmpty, items.allSatisfy({ $0.stringValue != nil }) else {
        throw .implementation(
          "\(model): answer line \(number): \"decisions\" is \(JSONWriter.string(listed)); a model lists the decisions "
            + "that gave its output as ids, [\"D1\", …], or leaves the field out")
      }
      decisions = items.compactMap(\.stringValue)
    }
    let varies = object["varies"]
    let extra = (decisions == nil ? 0 : 1) + (varies == nil ? 0 : 1)
    if object.members.count == 4 + extra, object["type"]?.stringValue == "result", let seq = object["seq"]?.intValue,
      let id = object["id"]?.stringValue, let output = object["output"]
    {
      return ModelAnswer(answer: Answer(seq: seq, id: id, payload: .result(output: output)), decisions: decisions, varies: varies)
    }
    let rest = JSONValue.object(
      JSONObject(
        uniqueKeysWithValues: object.members.filter { $0.key != "decisions" && $0.key != "varies" }.map { ($0.key, $0.value) }))
    do {
      return ModelAnswer(answer: try Answer.parse(JSONWriter.string(rest)), decisions: decisions, varies: varies)
    } catch {
      throw .implementation("\(model): answer line \(number) is not a conform answer: \(error)")
    }
  }

  /// `"decisions"` and `"varies"`, as a line holds the keys.
  private static let decisionsKey = Array(#""decisions""#.utf8)
  private static let variesKey = Array(#""varies""#.utf8)

  /// Whether `line` holds `bytes` anywhere (a quick look before a line is parsed).
  private static func contains(_ line: UnsafeBufferPointer<UInt8>, _ bytes: [UInt8]) -> Bool {
    guard line.count >= bytes.count, let first = bytes.first else { return false }
    var index = 0
    while index <= line.count - bytes.count {
      if line[index] == first, bytes.indices.allSatisfy({ line[index + $0] == bytes[$0] }) { return true }
      index += 1
    }
    return false
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
