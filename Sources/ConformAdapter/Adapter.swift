import ConformJSON
import ConformPlatform

/// Exposes an app's Swift functions to the conform harness (protocol version 1, see
/// `harness/PROTOCOL.md`).
///
/// ```swift
/// import ConformAdapter
///
/// var adapter = Adapter(name: "my-app", version: "1.4.0")
/// adapter.register("version-compare") { input in
///   let newer = AppVersions.isNewerVersion(try input.string("remote"), than: try input.string("local"))
///   return ["newer": .bool(newer)]
/// }
/// adapter.run()
/// ```
///
/// ## The loop
///
/// `run()` serves standard input and output on the thread that calls it (the main thread, from
/// `main.swift`) until the harness closes standard input, then exits the process:
///
/// - Input is read with `read(2)` in large chunks and split into lines; each line is decoded with
///   `JSONReader`. A `\r` before the `\n` and blank lines are tolerated.
/// - The first request must be the `hello`; the answer carries this adapter's name, language,
///   version and registered suites. A harness speaking another protocol version still gets a
///   `hello` (with protocol 1), then a reason on standard error and exit status 2.
/// - Each `case` request goes to the handler registered for its suite. Its return value is answered
///   as `result`; a thrown `SkipCase` as `skipped`; any other thrown error as `error`, with the
///   error's description as the message. A case of an unregistered suite, or whose `suite` or
///   `input` is missing, is answered as `error` too.
/// - A line that is not JSON, or a request whose `seq` and `id` cannot be read, cannot be answered:
///   the adapter says why on standard error and exits with status 2.
/// - Answers are written with `JSONWriter` into a buffer that is flushed with `write(2)` once every
///   complete line of the current chunk is answered, that is before blocking for more input, and
///   at exit. The harness never waits on an answer that sits in the buffer, and one `write(2)`
///   serves hundreds of answers, so decoding the requests, not I/O, sets the pace. Set
///   `flushPolicy` to `.everyAnswer` when the code under test may trap: a trap loses whatever is
///   still buffered.
/// - While `run()` serves, anything the app prints goes to standard error (standard output is
///   moved to a private descriptor), so a stray `print` cannot corrupt the protocol stream.
///   `SIGPIPE` is ignored: a harness that goes away makes the next write fail, and the adapter
///   exits with status 2.
///
/// ## Async handlers
///
/// A handler may be `async`. The loop stays on its own thread, outside the cooperative pool, and
/// runs the handler's jobs there until it returns (see `AsyncBridge`); one case is handled at a
/// time, so answers stay in request order. Three rules follow:
///
/// - Call `run()` from the main thread or a thread you own, never from async code: blocking a
///   cooperative-pool thread can starve the very task being waited for (the pool has one thread
///   per core). The adapter stops with a message if it finds itself on such a thread.
/// - An async handler must not need the main actor (`@MainActor` code, `DispatchQueue.main`): the
///   main thread is the one waiting for it, so that would never finish. Put UI-bound code under
///   test on a global actor of its own for the duration of the test.
/// - A handler and its child tasks share that one thread: none of them may block it (a
///   semaphore, a `DispatchGroup`, a condition) waiting for another of them, which then could
///   never run. Coordinate them with `await`.
public struct Adapter {
  /// The implementation's name in every report (`"swift-reference"`, `"my-app"`).
  public var name: String
  /// The implementation's version in every report.
  public var version: String
  /// The implementation's language in every report.
  public var language: String
  /// When buffered answers are written out.
  public var flushPolicy: FlushPolicy = .whenIdle

  var handlers: [String: CaseHandler] = [:]

  /// When the adapter writes buffered answers to standard output.
  public enum FlushPolicy: Sendable {
    /// After answering every complete line read so far, before blocking for more input, and at
    /// exit. The fast default.
    case whenIdle
    /// After every answer as well, so a trap in the next case loses nothing already answered.
    case everyAnswer
  }

  /// The exit statuses of a session.
  public enum ExitStatus: Int32, Sendable {
    /// Standard input ended; every request was answered.
    case endOfInput = 0
    /// The session could not go on: another protocol version, a request that cannot be answered,
    /// or standard output went away. The reason is on standard error.
    case failure = 2
  }

  public init(name: String, version: String, language: String = "swift") {
    self.name = name
    self.version = version
    self.language = language
  }

  /// The registered suites, in code point order, as the `hello` answer lists them.
  public var suites: [String] { handlers.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }

  /// Answers the cases of `suite` with `handler`.
  ///
  /// - Precondition: `suite` is not registered yet.
  public mutating func register(_ suite: String, _ handler: @escaping (CaseInput) throws -> JSONValue) {
    add(suite, .synchronous(handler))
  }

  /// Answers the cases of `suite` with an async `handler`, run to completion one case at a time
  /// (see "Async handlers" above: it must not need the main actor).
  ///
  /// - Precondition: `suite` is not registered yet.
  public mutating func register(
    _ suite: String, _ handler: @escaping @Sendable (CaseInput) async throws -> JSONValue
  ) {
    add(suite, .asynchronous(handler))
  }

  private mutating func add(_ suite: String, _ handler: CaseHandler) {
    precondition(handlers[suite] == nil, "suite \"\(suite)\" is registered twice")
    handlers[suite] = handler
  }

  /// Serves standard input and output until the harness closes standard input, then exits the
  /// process with an `ExitStatus`.
  public func run() -> Never {
    let streams = StandardStreams.takeOver()
    let status = serve(input: streams.input, output: streams.output, errors: streams.errors)
    exitProcess(status.rawValue)
  }

  /// Serves one session over the given file descriptors and returns how it ended, without exiting
  /// or touching the process's standard streams (for tests and for embedding).
  public func serve(input: Int32, output: Int32, errors: Int32) -> ExitStatus {
    var session = ProtocolSession(adapter: self, output: output, errors: errors)
    return session.serve(input: input)
  }
}

/// A registered handler, synchronous or not.
enum CaseHandler {
  case synchronous((CaseInput) throws -> JSONValue)
  case asynchronous(@Sendable (CaseInput) async throws -> JSONValue)

  var isAsynchronous: Bool {
    if case .asynchronous = self { return true }
    return false
  }

  func callAsFunction(_ input: CaseInput, bridge: AsyncBridge) throws -> JSONValue {
    switch self {
    case .synchronous(let handler): try handler(input)
    case .asynchronous(let handler): try bridge.runToCompletion { try await handler(input) }
    }
  }
}
