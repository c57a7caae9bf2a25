import ConformAdapter
import ConformJSON
import Foundation
import Testing

@testable import ConformFixtures

/// The adapter's protocol loop, in process: requests from a file, answers and log into files.
/// Each test waits for a serving thread that nothing else ends: a loop that never returns is a
/// failure past the time limit, instead of a test run that never ends. The limit is generous
/// because async handlers' own tasks need the global pool, which other tests may hold for minutes.
@Suite(.timeLimit(.minutes(10))) struct AdapterSessionTests {
  static let hello = #"{"type":"hello","protocol":1,"suites":["demo"]}"#

  /// A small adapter with one handler of each behaviour.
  static var demo: Adapter {
    var adapter = Adapter(name: "demo-app", version: "2.3.4")
    adapter.register("echo") { input in input.value }
    adapter.register("newer") { input in
      ["newer": .bool(try input.string("remote") > (try input.string("local")))]
    }
    adapter.register("fails") { _ in throw DemoError(detail: "the disk is full") }
    adapter.register("skips") { _ in throw SkipCase(reason: "not ported yet") }
    adapter.register("async") { input in
      try await Task.sleep(nanoseconds: 1_000_000)
      return ["id": .string(input.id), "suite": .string(input.suite)]
    }
    adapter.register("async-fails") { _ in
      await Task.yield()
      throw DemoError(detail: "async failure")
    }
    return adapter
  }

  static func request(_ seq: Int64, _ id: String, _ suite: String, _ input: JSONValue) -> String {
    JSONWriter.string(["type": "case", "seq": .int(seq), "id": .string(id), "suite": .string(suite), "input": input])
  }

  @Test func helloNamesTheImplementationAndItsSuites() async throws {
    let session = try await Session.serve(Self.demo, Self.hello + "\n")
    #expect(session.status == .endOfInput)
    #expect(
      session.lines == [
        #"{"language":"swift","name":"demo-app","protocol":1,"suites":["async","async-fails","echo","fails","newer","skips"],"type":"hello","version":"2.3.4"}"#
      ])
    #expect(session.log.isEmpty)
  }

  @Test func resultIsWrittenCanonically() async throws {
    let input: JSONValue = ["remote": "2.0.10", "local": "2.0.9"]
    let session = try await Session.serve(Self.demo, Self.hello + "\n" + Self.request(7, "vc/1", "newer", input) + "\n")
    #expect(session.lines.dropFirst() == [#"{"id":"vc/1","output":{"newer":false},"seq":7,"type":"result"}"#])
  }

  @Test func valuesRoundTripExactly() async throws {
    let tricky: JSONValue = [
      "big": .int(Int64.max), "small": .int(Int64.min), "fraction": .number("1.50"), "huge": .number("99999999999999999999"),
      "text": "quote \" backslash \\ newline \n tab \t nul \u{0} é e\u{301} 🎉", "list": [nil, true, false, [:]],
    ]
    let id = "id with \"quotes\" and\nnewline and é"
    let session = try await Session.serve(Self.demo, Self.hello + "\n" + Self.request(-3, id, "echo", tricky) + "\n")
    let answer = try #require(session.answers.last)
    #expect(answer == ["type": "result", "seq": .int(-3), "id": .string(id), "output": tricky])
  }

  @Test func thrownErrorBecomesAnErrorAnswerWithItsDescription() async throws {
    let session = try await Session.serve(Self.demo, Self.hello + "\n" + Self.request(1, "a", "fails", [:]) + "\n")
    #expect(session.answers.last == ["type": "error", "seq": 1, "id": "a", "message": "demo failure: the disk is full"])
  }

  @Test func shapeErrorNamesTheField() async throws {
    let session = try await Session.serve(Self.demo, Self.hello + "\n" + Self.request(1, "a", "newer", ["remote": 2]) + "\n")
    #expect(
      session.answers.last?["message"] == #"field "input.remote": expected a string, found a number 2"#)
  }

  @Test func skipCaseBecomesSkipped() async throws {
    let session = try await Session.serve(Self.demo, Self.hello + "\n" + Self.request(4, "s", "skips", [:]) + "\n")
    #expect(session.answers.last == ["type": "skipped", "seq": 4, "id": "s", "reason": "not ported yet"])
  }

  @Test func asyncHandlersRunToCompletionInRequestOrder() async throws {
    let requests = (1...50).map { Self.request($0, "case-\($0)", $0 % 5 == 0 ? "async-fails" : "async", [:]) }
    let session = try await Session.serve(Self.demo, ([Self.hello] + requests).joined(separator: "\n") + "\n")
    #expect(session.status == .endOfInput)
    #expect(session.answers.dropFirst().map { $0["seq"] } == (1...50).map { JSONValue.int($0) })
    #expect(session.answers[5] == ["type": "error", "seq": 5, "id": "case-5", "message": "demo failure: async failure"])
    #expect(session.answers[6] == ["type": "result", "seq": 6, "id": "case-6", "output": ["id": "case-6", "suite": "async"]])
  }

  @Test func caseOfAnUnregisteredSuiteIsAnError() async throws {
    let session = try await Session.serve(Self.demo, Self.hello + "\n" + Self.request(2, "x", "nope", [:]) + "\n")
    #expect(session.status == .endOfInput)
    #expect(
      session.answers.last?["message"]
        == #"suite "nope" is not supported by demo-app (it supports async, async-fails, echo, fails, newer, skips)"#)
  }

  @Test func requestWithSeqAndIdButNoInputIsAnsweredAsError() async throws {
    let line = #"{"type":"case","seq":9,"id":"q","suite":"echo"}"#
    let session = try await Session.serve(Self.demo, Self.hello + "\n" + line + "\n")
    #expect(session.status == .endOfInput)
    #expect(session.answers.last == ["type": "error", "seq": 9, "id": "q", "message": #"field "input": missing"#])
  }

  @Test func otherProtocolVersionGetsOurHelloThenExitTwo() async throws {
    let session = try await Session.serve(
      Self.demo, #"{"type":"hello","protocol":2,"suites":[]}"# + "\n" + Self.request(1, "a", "echo", [:]) + "\n")
    #expect(session.status == .failure)
    #expect(session.answers.count == 1)
    #expect(session.answers.first?["protocol"] == 1)
    #expect(session.log.contains("the harness speaks protocol 2, this adapter speaks protocol 1"))
  }

  @Test func malformedLineStopsWithTwoAfterFlushingEarlierAnswers() async throws {
    let text = [Self.hello, Self.request(1, "a", "echo", [:]), #"{"type":"case","seq":2,"#, Self.request(3, "c", "echo", [:])]
    let session = try await Session.serve(Self.demo, text.joined(separator: "\n") + "\n")
    #expect(session.status == .failure)
    #expect(session.answers.map { $0["seq"] } == [nil, 1])
    #expect(session.log.hasPrefix("demo-app: line 3: the request is not valid JSON"))
  }

  @Test func requestWithoutSeqStopsWithTwo() async throws {
    let session = try await Session.serve(
      Self.demo, Self.hello + "\n" + #"{"type":"case","id":"a","suite":"echo","input":{}}"# + "\n")
    #expect(session.status == .failure)
    #expect(session.log.contains(#"line 2: a request without a usable seq and id cannot be answered: field "seq": missing"#))
  }

  @Test func caseBeforeHelloStopsWithTwo() async throws {
    let session = try await Session.serve(Self.demo, Self.request(1, "a", "echo", [:]) + "\n")
    #expect(session.status == .failure)
    #expect(session.lines.isEmpty)
    #expect(session.log.contains(#"expected the hello first, found a "case" request"#))
  }

  @Test func blankLinesCarriageReturnsAndAMissingFinalNewlineAreTolerated() async throws {
    let text = Self.hello + "\r\n\n  \t\r\n" + Self.request(1, "a", "echo", [:]) + "\r\n" + Self.request(2, "b", "echo", [:])
    let session = try await Session.serve(Self.demo, text)
    #expect(session.status == .endOfInput)
    #expect(session.answers.map { $0["seq"] } == [nil, 1, 2])
  }

  @Test func lineLongerThanTheReadBufferIsReadWhole() async throws {
    let long = String(repeating: "0123456789abcdef", count: 20_000)  // 320 KB, five times the buffer
    let session = try await Session.serve(
      Self.demo, Self.hello + "\n" + Self.request(1, "long", "echo", ["text": .string(long)]) + "\n")
    #expect(session.answers.last?["output"]?["text"]?.stringValue?.utf8.count == long.utf8.count)
  }

  @Test func manyCasesAcrossManyChunksAreAllAnswered() async throws {
    let requests = (1...20_000).map { Self.request($0, "v/\($0)", "newer", ["remote": "2.0", "local": .string("1.\($0)")]) }
    let session = try await Session.serve(Self.demo, ([Self.hello] + requests).joined(separator: "\n") + "\n")
    #expect(session.status == .endOfInput)
    #expect(session.answers.count == 20_001)
    #expect(session.answers.dropFirst().map { $0["seq"]?.intValue } == (1...20_000).map { Optional($0) })
  }

  /// An adapter whose async handler spreads its work: child tasks, `async let`, a task of its
  /// own, a detached task, an actor, and a detached task left running past its case.
  static var spreading: Adapter {
    var adapter = Adapter(name: "spread", version: "1")
    let counter = Counter()
    adapter.register("spread") { input in
      let base = try input.int("n")
      let children = await withTaskGroup(of: Int64.self) { group in
        for offset in 1...3 { group.addTask { base * 10 + Int64(offset) } }
        return await group.reduce(0, +)
      }
      async let doubled = base * 2
      let unstructured = await Task { base + 1 }.value
      let detached = await Task.detached { base + 2 }.value
      let count = await counter.next()
      // Left running past its case: a detached task runs on the global pool.
      Task.detached { try? await Task.sleep(nanoseconds: 2_000_000) }
      return [
        "children": .int(children), "doubled": .int(await doubled), "unstructured": .int(unstructured),
        "detached": .int(detached), "count": .int(count),
      ]
    }
    return adapter
  }

  /// Serves `count` cases to a new `spreading` adapter and checks every answer, in order.
  static func expectSpreadingAnswers(_ count: Int64) async throws {
    let requests = (1...count).map { Self.request($0, "s/\($0)", "spread", ["n": .int($0)]) }
    let hello = #"{"type":"hello","protocol":1,"suites":["spread"]}"#
    let session = try await Session.serve(spreading, ([hello] + requests).joined(separator: "\n") + "\n")
    #expect(session.status == .endOfInput)
    #expect(session.log.isEmpty, "\(session.log)")
    let outputs = session.answers.dropFirst().map { $0["output"] }
    #expect(
      outputs
        == (1...count).map { (n: Int64) -> JSONValue? in
          [
            "children": .int(30 * n + 6), "doubled": .int(2 * n), "unstructured": .int(n + 1), "detached": .int(n + 2),
            "count": .int(n),
          ]
        })
  }

  /// An async handler's jobs run on the adapter's thread; work it sends elsewhere is waited for,
  /// and a task it leaves running does not stop the next cases.
  @Test func asyncHandlersThatSpreadWorkAreAnsweredInOrder() async throws {
    try await Self.expectSpreadingAnswers(500)
  }

  /// Sessions served at once in one process each run their own handlers' jobs. With one
  /// executor for the process, a thread could run another's last job and leave it waiting
  /// forever: this test then hangs (it did, before each session had its own) until the suite's
  /// time limit fails it.
  @Test func sessionsServedAtOnceDoNotWaitForEachOther() async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 1...4 { group.addTask { try await Self.expectSpreadingAnswers(2_000) } }
      try await group.waitForAll()
    }
  }

  /// Waiting for an async handler on a cooperative-pool thread could starve the pool.
  @Test func servingFromATaskWithAsyncHandlersIsRefused() async {
    let status = await Task.detached { Self.demo.serve(input: -1, output: -1, errors: -1) }.value
    #expect(status == .failure)
  }

  @Test func endOfInputBeforeTheHelloEndsQuietly() async throws {
    let session = try await Session.serve(Self.demo, "")
    #expect(session.status == .endOfInput)
    #expect(session.lines.isEmpty && session.log.isEmpty)
  }
}

/// Counts calls, one at a time.
actor Counter {
  private var value: Int64 = 0

  func next() -> Int64 {
    value += 1
    return value
  }
}

struct DemoError: Error, CustomStringConvertible {
  var detail: String
  var description: String { "demo failure: \(detail)" }
}

/// One in-process session over temporary files.
struct Session {
  var status: Adapter.ExitStatus
  /// Standard output, line by line.
  var lines: [String]
  /// Every line of standard output, decoded.
  var answers: [JSONValue]
  /// Standard error.
  var log: String

  static func serve(_ adapter: Adapter, _ input: String) async throws -> Session {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adapter-session-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let paths = ["in", "out", "err"].map { folder.appendingPathComponent($0) }
    try Data(input.utf8).write(to: paths[0])
    for path in paths.dropFirst() { try Data().write(to: path) }
    let input = try FileHandle(forReadingFrom: paths[0])
    let output = try FileHandle(forWritingTo: paths[1])
    let errors = try FileHandle(forWritingTo: paths[2])
    nonisolated(unsafe) let adapter = adapter  // handed to the serving thread alone
    let status = await onOwnThread {
      adapter.serve(input: input.fileDescriptor, output: output.fileDescriptor, errors: errors.fileDescriptor)
    }
    for handle in [input, output, errors] { try handle.close() }
    let text = try String(contentsOf: paths[1], encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    #expect(text.isEmpty || text.hasSuffix("\n"), "every answer ends with a newline")
    return Session(
      status: status, lines: lines, answers: try lines.map { try JSONReader.parse($0) },
      log: try String(contentsOf: paths[2], encoding: .utf8))
  }

  /// Runs `body` on a thread of its own, as `Adapter.run()` runs on the main thread: a test runs
  /// on the cooperative pool, which must never block while an async handler needs it.
  private static func onOwnThread(
    _ body: @escaping @Sendable () -> Adapter.ExitStatus
  ) async -> Adapter.ExitStatus {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: body()) }.start()
    }
  }
}
