import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// The adapter as the harness meets it: the built `swift-reference` and `swift-ports` binaries.
@Suite struct AdapterBinaryTests {
  /// Every suite of the kit, in code point order, as the hello lists them.
  static let suiteList = SuiteRegistry.names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    .map { "\"\($0)\"" }.joined(separator: ",")
  static let hello = #"{"type":"hello","protocol":1,"suites":["# + suiteList + "]}"
  static let versionCase =
    #"{"id":"vc/1","input":{"local":"2.0.9","remote":"2.0.10"},"seq":1,"suite":"version-compare","type":"case"}"#

  @Test func referenceAnswersHelloAndCase() async throws {
    let outcome = try await TestSupport.run(
      TestSupport.binary("swift-reference"), stdin: Self.hello + "\n" + Self.versionCase + "\n")
    #expect(outcome.status == 0)
    #expect(
      outcome.stdout == """
        {"language":"swift","name":"swift-reference","protocol":1,"suites":[\(Self.suiteList)],"type":"hello","version":"0.1.0"}
        {"id":"vc/1","output":{"newer":true},"seq":1,"type":"result"}

        """)
    #expect(outcome.stderr.isEmpty)
  }

  @Test func referenceStopsOnAnotherProtocolVersion() async throws {
    let outcome = try await TestSupport.run(
      TestSupport.binary("swift-reference"), stdin: #"{"type":"hello","protocol":7,"suites":[]}"# + "\n" + Self.versionCase + "\n"
    )
    #expect(outcome.status == 2)
    let lines = outcome.stdout.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(try JSONReader.parse(String(lines[0]))["protocol"] == 1)
    #expect(outcome.stderr.contains("protocol 7") && outcome.stderr.contains("protocol 1"))
  }

  @Test func referenceAnswersBadInputAsErrorAndGoesOn() async throws {
    let bad = #"{"id":"e/1","input":{"config":{}},"seq":5,"suite":"eligibility","type":"case"}"#
    let outcome = try await TestSupport.run(
      TestSupport.binary("swift-reference"), stdin: [Self.hello, bad, Self.versionCase].joined(separator: "\n") + "\n")
    #expect(outcome.status == 0)
    let answers = try outcome.stdout.split(separator: "\n").map { try JSONReader.parse(String($0)) }
    #expect(answers.count == 3)
    #expect(answers[1] == ["type": "error", "seq": 5, "id": "e/1", "message": #"field "input.config.winThreshold": missing"#])
    #expect(answers[2]["type"] == "result")
  }

  @Test func referenceStopsOnALineThatIsNotJSON() async throws {
    let outcome = try await TestSupport.run(
      TestSupport.binary("swift-reference"), stdin: [Self.hello, Self.versionCase, "{oops"].joined(separator: "\n") + "\n")
    #expect(outcome.status == 2)
    #expect(outcome.stdout.split(separator: "\n").count == 2, "the answer before the bad line is flushed")
    #expect(outcome.stderr.contains("swift-reference: line 3: the request is not valid JSON"))
  }

  /// The harness keeps a bounded window of requests in flight: answers must come out while
  /// standard input is still open.
  @Test func referenceAnswersBeforeTheEndOfInput() async throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestSupport.binary("swift-reference"))
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    input.fileHandleForWriting.write(Data((Self.hello + "\n" + Self.versionCase + "\n").utf8))
    let received = readLines(2, from: output.fileHandleForReading.fileDescriptor, within: 20)
    #expect(received.count == 2)
    #expect(received.last?.contains(#""seq":1"#) == true)
    try input.fileHandleForWriting.close()
    // A hang guard, not a time limit: a loaded machine (the slow tier builds packages meanwhile)
    // can take seconds to run the exit.
    guard TestSupport.waitUntil(within: 120, every: 0.002, { !process.isRunning }) else {
      Issue.record("swift-reference still runs 120 s after its input closed")
      return
    }
    #expect(process.terminationStatus == 0)
  }

  @Test func portsWithoutAMutantListThemAndExitTwo() async throws {
    for arguments in [[], ["no-such-mutant"]] {
      let outcome = try await TestSupport.run(TestSupport.binary("swift-ports"), arguments, stdin: Self.hello + "\n")
      #expect(outcome.status == 2)
      #expect(outcome.stdout.isEmpty)
      for port in try await SwiftReferencePortsTests.ports() {
        #expect(outcome.stderr.contains(port.name), "the usage lists \(port.name)")
      }
    }
  }

  @Test func portsNameTheMutantInTheHello() async throws {
    let outcome = try await TestSupport.run(TestSupport.binary("swift-ports"), ["cooldown-gt"], stdin: Self.hello + "\n")
    #expect(outcome.status == 0)
    let hello = try JSONReader.parse(String(outcome.stdout.split(separator: "\n")[0]))
    #expect(hello["name"] == "swift-ports/cooldown-gt")
    #expect(hello["language"] == "swift")
  }
}

/// Reads lines from `descriptor` until `count` arrived or `seconds` passed, without ever blocking
/// past the deadline.
private func readLines(_ count: Int, from descriptor: Int32, within seconds: Double) -> [String] {
  var bytes: [UInt8] = []
  let deadline = Date().addingTimeInterval(seconds)
  var buffer = [UInt8](repeating: 0, count: 4096)
  while bytes.filter({ $0 == 0x0A }).count < count, Date() < deadline {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&request, 1, 50) > 0 else { continue }
    let got = read(descriptor, &buffer, buffer.count)
    if got <= 0 { break }
    bytes.append(contentsOf: buffer[0..<got])
  }
  return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
}
