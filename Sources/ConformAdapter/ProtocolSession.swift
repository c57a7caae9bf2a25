import ConformJSON
import ConformPlatform
import ConformProtocol

/// Why a session stops before the end of its input; the message goes to standard error.
struct SessionStop: Error {
  var message: String
}

/// One session of the conform protocol: the `hello` handshake, then one answer per `case` request,
/// until the end of input (see `Adapter` for the rules).
struct ProtocolSession {
  let adapter: Adapter
  let errors: Int32
  private var answers: AnswerBuffer
  private var greeted = false
  /// The 1-based number of the line being handled, for messages.
  private var lineNumber = 0
  /// The last suite looked up and its handler: cases mostly arrive in runs of one suite.
  private var lastHandler: (suite: String, handler: CaseHandler)?
  private let bridge = AsyncBridge()

  init(adapter: Adapter, output: Int32, errors: Int32) {
    self.adapter = adapter
    self.errors = errors
    answers = AnswerBuffer(descriptor: output)
  }

  mutating func serve(input descriptor: Int32) -> Adapter.ExitStatus {
    if adapter.handlers.values.contains(where: \.isAsynchronous), !AsyncBridge.callerMayBlock {
      log(
        "the adapter runs on a cooperative-pool thread and has async handlers, which could deadlock; "
          + "call run() or serve() from the main thread or a thread of your own")
      return .failure
    }
    var input = InputLines(descriptor: descriptor)
    do throws(SessionStop) {
      repeat {
        do { try input.read() } catch { throw SessionStop(message: error.description) }
        try input.consumeLines { (line) throws(SessionStop) in try handle(line) }
        try flush()  // before blocking for more input
      } while !input.reachedEnd
      return .endOfInput
    } catch {
      log(error.message)
      try? answers.flush()
      return .failure
    }
  }

  // MARK: Requests

  private mutating func handle(_ line: UnsafeBufferPointer<UInt8>) throws(SessionStop) {
    lineNumber += 1
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
    let request: JSONFields
    do {
      request = try JSONFields(try JSONReader.parse(line))
    } catch let error as JSONSyntaxError {
      throw stop("the request is not valid JSON (\(error.message), column \(error.column))")
    } catch {
      throw stop("the request is not a JSON object")
    }
    if greeted {
      try answer(request)
    } else {
      try greet(request)
      greeted = true
      try flush()  // the harness learns who answers before any case can crash
    }
  }

  /// Answers the harness's `hello`; stops when the protocol versions differ.
  private mutating func greet(_ hello: JSONFields) throws(SessionStop) {
    let type = try? hello.string("type")
    guard type == "hello" else {
      throw stop("expected the hello first, found \(type.map { "a \"\($0)\" request" } ?? "a request without a type")")
    }
    let version: Int64
    do { version = try hello.int("protocol") } catch { throw stop("the hello is not valid: \(error)") }
    answers.append(
      line: ImplementationHello(
        name: adapter.name, language: adapter.language, version: adapter.version, suites: adapter.suites
      ).json)
    guard version == ProtocolVersion.current else {
      throw stop(
        "the harness speaks protocol \(version), this adapter speaks protocol \(ProtocolVersion.current); "
          + "use a harness and an adapter of the same protocol version")
    }
  }

  /// Answers one `case` request, or stops when its `seq` and `id` cannot be read.
  private mutating func answer(_ request: JSONFields) throws(SessionStop) {
    let seq: Int64
    let id: String
    do {
      seq = try request.int("seq")
      id = try request.string("id")
    } catch {
      throw stop("a request without a usable seq and id cannot be answered: \(error)")
    }
    answers.append(seq: seq, id: id, run(request, id: id))
    if adapter.flushPolicy == .everyAnswer { try flush() }
  }

  private mutating func run(_ request: JSONFields, id: String) -> Answer.Payload {
    do {
      let type = try request.string("type")
      guard type == "case" else { return .error(message: "expected a \"case\" request, found \"\(type)\"") }
      let suite = try request.string("suite")
      let input = CaseInput(id: id, suite: suite, value: try request.value("input"))
      return .result(output: try handler(for: suite)(input, bridge: bridge))
    } catch let skip as SkipCase {
      return .skipped(reason: skip.reason)
    } catch {
      return .error(message: String(describing: error))
    }
  }

  private mutating func handler(for suite: String) throws(UnknownSuite) -> CaseHandler {
    if let last = lastHandler, last.suite == suite { return last.handler }
    guard let handler = adapter.handlers[suite] else {
      throw UnknownSuite(suite: suite, implementation: adapter.name, supported: adapter.suites)
    }
    lastHandler = (suite, handler)
    return handler
  }

  // MARK: Output

  private mutating func flush() throws(SessionStop) {
    do { try answers.flush() } catch { throw SessionStop(message: error.description) }
  }

  private func stop(_ message: String) -> SessionStop {
    SessionStop(message: "line \(lineNumber): \(message)")
  }

  private func log(_ message: String) {
    let line = Array("\(adapter.name): \(message)\n".utf8)
    line.withUnsafeBytes { try? SystemIO.writeAll(errors, $0) }
  }
}

/// A case of a suite the adapter has no handler for.
struct UnknownSuite: Error, CustomStringConvertible {
  var suite: String
  var implementation: String
  var supported: [String]

  var description: String {
    "suite \"\(suite)\" is not supported by \(implementation) (it supports \(supported.joined(separator: ", ")))"
  }
}
