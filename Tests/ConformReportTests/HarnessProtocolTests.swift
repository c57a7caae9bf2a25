import ConformJSON
import ConformProtocol
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformHarness
@testable import ConformResults

/// The protocol messages: how they are written, read, refused, and that the schemas agree.
@Suite struct HarnessProtocolTests {
  @Test func theHarnessHelloIsCanonical() {
    let hello = HarnessHello(suites: ["eligibility", "version-compare"])
    #expect(
      String(decoding: hello.line, as: UTF8.self) == #"{"protocol":1,"suites":["eligibility","version-compare"],"type":"hello"}"#
        + "\n")
  }

  @Test func anImplementationHelloIsRead() throws {
    let line =
      #"{"type":"hello","protocol":1,"name":"swift-reference","language":"swift","version":"0.1.0","suites":["timeline"]}"#
    let hello = try parseHello(line)
    #expect(hello == ImplementationHello(name: "swift-reference", language: "swift", version: "0.1.0", suites: ["timeline"]))
  }

  @Test func anotherVersionIsReportedBeforeAnythingElseIsChecked() {
    #expect(throws: HandshakeProblem.versionMismatch(theirs: 2, ours: 1)) {
      try parseHello(#"{"type":"hello","protocol":2,"whatever":"changed"}"#)
    }
  }

  @Test(arguments: [
    #"{"type":"hello","protocol":1,"name":"x","language":"c","version":"1"}"#,
    #"{"type":"hello","protocol":1,"name":"x","language":"c","version":"1","suites":[],"extra":1}"#,
    #"{"type":"result","protocol":1}"#,
    #"hello"#,
    // The schema's minLength and uniqueItems.
    #"{"type":"hello","protocol":1,"name":"","language":"c","version":"1","suites":[]}"#,
    #"{"type":"hello","protocol":1,"name":"x","language":"c","version":"1","suites":["timeline","timeline"]}"#,
  ])
  func aMalformedHelloIsRefused(line: String) {
    #expect(throws: HandshakeProblem.self) { try parseHello(line) }
  }

  @Test func anEmptyNameOrARepeatedSuiteIsNamedInTheMessage() {
    for (line, reason) in [
      (#"{"type":"hello","protocol":1,"name":"","language":"c","version":"1","suites":[]}"#, #"field "name": empty"#),
      (
        #"{"type":"hello","protocol":1,"name":"x","language":"c","version":"1","suites":["timeline","timeline"]}"#,
        #"field "suites[1]": "timeline" is listed twice (first at suites[0])"#
      ),
    ] {
      do {
        _ = try parseHello(line)
        Issue.record("accepted: \(line)")
      } catch {
        #expect("\(error)".contains(reason), "\(error)")
      }
    }
  }

  private func parseHello(_ line: String) throws(HandshakeProblem) -> ImplementationHello {
    let bytes = Array(line.utf8)
    return try bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(HandshakeProblem) in try ImplementationHello.parse(buffer) }
    }.get()
  }

  @Test func aRequestIsItsPrefixTheSeqAndItsSuffix() {
    let input: JSONValue = ["local": "2.0.9", "remote": "2.0.10"]
    let request = CaseRequest(id: "version-compare/seed/x", suite: "version-compare", input: input)
    var bytes: [UInt8] = []
    request.write(seq: 17, into: &bytes)
    let json = CaseRequest.json(seq: 17, id: "version-compare/seed/x", suite: "version-compare", input: input)
    #expect(bytes == JSONWriter.bytes(json) + [0x0A])
  }

  @Test(arguments: [
    (
      #"{"type":"result","seq":3,"id":"a/b","output":{"newer":true}}"#,
      Answer(seq: 3, id: "a/b", payload: .result(output: ["newer": true]))
    ),
    (#"{"id":"a/b","output":null,"seq":3,"type":"result"}"#, Answer(seq: 3, id: "a/b", payload: .result(output: nil))),
    (#"{"type":"skipped","seq":4,"id":"a/b","reason":"later"}"#, Answer(seq: 4, id: "a/b", payload: .skipped(reason: "later"))),
    (
      #" {"type":"error","seq":5,"id":"a\/b","message":"boom \"x\""} "#,
      Answer(seq: 5, id: "a/b", payload: .error(message: "boom \"x\""))
    ),
  ])
  func validAnswersAreRead(line: String, answer: Answer) throws {
    #expect(try Answer.parse(line) == answer)
  }

  @Test(
    arguments: [
      (#"not json"#, nil),
      (#"[1,2]"#, nil),
      (#"{"type":"result","id":"a/b","output":1}"#, nil),
      (#"{"type":"result","seq":3,"id":"a/b"}"#, 3),
      (#"{"type":"result","seq":3,"id":"a/b","output":1,"reason":"x"}"#, 3),
      (#"{"type":"done","seq":3,"id":"a/b","output":1}"#, 3),
      (#"{"type":"skipped","seq":3,"id":"a/b","reason":7}"#, 3),
      (#"{"type":"result","seq":3,"seq":3,"id":"a/b","output":1}"#, nil),
    ] as [(String, Int64?)])
  func invalidAnswersAreViolationsPinnedOnTheirSeqWhenTheyHaveOne(line: String, seq: Int64?) {
    #expect {
      try Answer.parse(line)
    } throws: { error in
      (error as? ProtocolViolation)?.seq == seq
    }
  }

  /// The scanner (the hot path) reads what the strict parser reads, or steps aside.
  @Test(arguments: [
    #"{"type":"result","seq":3,"id":"a/b","output":{"newer":true}}"#,
    #"{"id":"a/b","output":[1,{"x":"]}"}],"seq":12,"type":"result"}"#,
    #"{"type":"skipped","seq":4,"id":"a/b","reason":"not \"yet\""}"#,
    #"{ "type" : "error" , "seq" : -1 , "id" : "a/b" , "message" : "m" }"#,
    #"{"type":"result","seq":3,"id":"a/b","output":"x\\"}"#,
    #"{"type":"result","seq":3,"id":"a/b","output":-12.5e3}"#,
    #"{"output":{"seq":1},"seq":2,"id":"a/b","type":"result"}"#,
    #"{"id":"a/b","output":"\"seq\":1,","seq":3,"type":"result"}"#,
    #"{"id":"a/b","output":1,"seq":9223372036854775807,"type":"result"}"#,
    #"{"id":"a/b","output":1,"seq":-9223372036854775808,"type":"result"}"#,
  ])
  func theScannerAgreesWithTheParser(line: String) throws {
    let bytes = Array(line.utf8)
    let scanned = try #require(bytes.withUnsafeBufferPointer { AnswerScanner.scan($0) })
    let parsed = try Answer.parse(line)
    #expect(scanned.seq == parsed.seq)
    #expect(String(decoding: bytes[scanned.id], as: UTF8.self) == parsed.id)
    let payload = try JSONReader.parse(Array(bytes[scanned.payload]))
    switch parsed.payload {
    case .result(let output): #expect(scanned.kind == .result && payload == output)
    case .skipped(let reason): #expect(scanned.kind == .skipped && payload == .string(reason))
    case .error(let message): #expect(scanned.kind == .error && payload == .string(message))
    }
  }

  @Test(arguments: [
    #"{"type":"result","seq":3,"id":"a/b"}"#,
    #"{"type":"result","seq":3,"id":"a/b","output":1,"extra":2}"#,
    #"{"type":"result","seq":3,"seq":4,"id":"a/b","output":1}"#,
    #"{"type":"result","seq":03,"id":"a/b","output":1}"#,
    #"{"type":"result","seq":3.0,"id":"a/b","output":1}"#,
    #"{"type":"result","seq":1e3,"id":"a/b","output":1}"#,
    #"{"type":"result","seq":-0,"id":"a/b","output":1}"#,
    #"{"type":"result","s\u0065q":3,"id":"a/b","output":1}"#,
    #"{"type":"result","seq":99999999999999999999,"id":"a/b","output":1}"#,
    #"{"type":"res\u0075lt","seq":3,"id":"a/b","output":1}"#,
    #"{"type":"skipped","seq":3,"id":"a/b","output":1}"#,
    #"{"type":"result","seq":3,"id":"a/b","output":1} x"#,
    #"{"type":"result","seq":3,"id":"a/b","output":1"#,
    "",
  ])
  func theScannerStepsAsideForAnythingUnusual(line: String) {
    let bytes = Array(line.utf8)
    #expect(bytes.withUnsafeBufferPointer { AnswerScanner.scan($0) } == nil)
  }

  @Test func casesArePreEncodedAsTheModelWouldWriteThem() throws {
    let fixture = FixtureCase(
      id: "version-compare/seed/x\"y", suite: "version-compare", tags: ["seed"], note: "n",
      input: ["local": "1", "remote": "2"], expected: ["newer": true])
    let table = CaseTable([fixture])
    let slices = table.slices[0]
    var request: [UInt8] = []
    var record: [UInt8] = []
    table.arena.withUnsafeBufferPointer { arena in
      CaseTable.writeRequest(slices, seq: 9, arena: arena, into: &request)
      CaseTable.writePassRecord(slices, attempt: 2, microseconds: 31, arena: arena, into: &record)
    }
    let requestJSON = CaseRequest.json(seq: 9, id: fixture.id, suite: fixture.suite, input: fixture.input)
    #expect(request == JSONWriter.bytes(requestJSON) + [0x0A])
    let model = CaseResult(id: fixture.id, suite: fixture.suite, status: .pass, attempt: 2, microseconds: 31)
    #expect(record == JSONWriter.bytes(ResultRecord.result(model).json) + [0x0A])
    var encoded: [UInt8] = []
    ResultEncoding.write(model, into: &encoded)
    #expect(encoded == record)
    #expect(Array(table.arena[slices.expected]) == JSONWriter.bytes(fixture.expected))
  }

  @Test func statusSlotsFollowTheirOrder() {
    #expect(CaseStatus.allCases.enumerated().allSatisfy { $0.offset == $0.element.slot })
  }
}

/// `harness/schema/`: every message has a schema, and each lists exactly the fields the code
/// writes and requires.
@Suite struct HarnessSchemaTests {
  static let folder = TestSupport.packageRoot.appendingPathComponent("harness/schema")

  private func schema(_ name: String) throws -> JSONObject {
    let bytes = try FileIO.read(Self.folder.appendingPathComponent(name).path)
    return try #require(try JSONReader.parse(bytes).objectValue)
  }

  private func fields(_ schema: JSONObject) throws -> (properties: Set<String>, required: Set<String>) {
    let properties = try #require(schema["properties"]?.objectValue)
    let required = try #require(schema["required"]?.arrayValue).compactMap(\.stringValue)
    return (Set(properties.keys), Set(required))
  }

  @Test(arguments: [
    ("hello-request.schema.json", HarnessHello(suites: ["a"]).json),
    ("hello-answer.schema.json", ImplementationHello(name: "n", language: "l", version: "v", suites: []).json),
    ("case.schema.json", CaseRequest.json(seq: 1, id: "a/b", suite: "a", input: nil)),
    ("result.schema.json", Answer(seq: 1, id: "a/b", payload: .result(output: 1)).json),
    ("skipped.schema.json", Answer(seq: 1, id: "a/b", payload: .skipped(reason: "r")).json),
    ("error.schema.json", Answer(seq: 1, id: "a/b", payload: .error(message: "m")).json),
  ])
  func eachSchemaMatchesItsMessage(file: String, message: JSONValue) throws {
    let schema = try schema(file)
    let (properties, required) = try fields(schema)
    let written = Set(try #require(message.objectValue).keys)
    #expect(properties == written)
    #expect(required == written)
    #expect(schema["additionalProperties"] == false)
    #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
    let type = try #require(message["type"])
    #expect(schema["properties"]?["type"]?["const"] == type)
  }

  @Test func theAnswerSchemaIsOneOfTheThreeAnswers() throws {
    let refs = try #require(try schema("answer.schema.json")["oneOf"]?.arrayValue).compactMap { $0["$ref"]?.stringValue }
    #expect(Set(refs) == ["result.schema.json", "skipped.schema.json", "error.schema.json"])
  }

  @Test func everySchemaIsNamedInTheProtocol() throws {
    let protocolText = String(
      decoding: try FileIO.read(TestSupport.packageRoot.appendingPathComponent("harness/PROTOCOL.md").path), as: UTF8.self)
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".schema.json") }
    #expect(files.count == 7)
    for file in files { #expect(protocolText.contains(file), "\(file)") }
  }
}
