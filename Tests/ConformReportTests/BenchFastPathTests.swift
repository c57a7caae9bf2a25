import ConformJSON
import ConformProtocol
import Foundation
import Testing

@testable import ConformFixtures

/// The harness's fast path for the usual answer: a canonical `result`, found from the line's
/// ends. It only ever finds; what it does not find goes to the scanner and the parser.
@Suite struct BenchFastPathTests {
  func match(_ line: String) -> (seq: Int64, id: String, output: String)? {
    let bytes = Array(line.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      CanonicalResult.match(buffer).map { found in
        (
          found.seq, String(decoding: bytes[found.id], as: UTF8.self),
          String(decoding: bytes[found.output], as: UTF8.self)
        )
      }
    }
  }

  @Test func aCanonicalResultIsFoundFromItsEnds() throws {
    let found = try #require(match(#"{"id":"timeline/seed/x","output":{"a":[1,"}"],"b":null},"seq":1234,"type":"result"}"#))
    #expect(found.seq == 1234)
    #expect(found.id == "timeline/seed/x")
    #expect(found.output == #"{"a":[1,"}"],"b":null}"#)
    // The answer the Swift adapter writes, byte for byte.
    var written: [UInt8] = []
    written.append(contentsOf: #"{"id":"#.utf8)
    JSONWriter.writeString("a/b", into: &written)
    written.append(contentsOf: #","output":"#.utf8)
    JSONWriter.write(["newer": true], into: &written)
    written.append(contentsOf: #","seq":7,"type":"result"}"#.utf8)
    #expect(match(String(decoding: written, as: UTF8.self))?.output == #"{"newer":true}"#)
  }

  @Test(arguments: [
    #"{"type":"result","seq":3,"id":"a/b","output":1}"#,
    #"{"id":"a/b","output":1,"seq":3,"type":"skipped"}"#,
    #"{"id":"a\"b","output":1,"seq":3,"type":"result"}"#,
    #"{"id":"a\\b","output":1,"seq":3,"type":"result"}"#,
    #"{"id":"a/b","output":1,"seq":03,"type":"result"}"#,
    #"{"id":"a/b","output":1,"seq":,"type":"result"}"#,
    #"{"id":"a/b","output":1,"seq":9999999999999999999,"type":"result"}"#,
    #"{"id":"a/b","output":,"seq":3,"type":"result"}"#,
    #"{"id":"a/b","reason":"x","seq":3,"type":"result"}"#,
    #"{"id":"a/b","output":1,"seq":3,"type":"result"} "#,
    #" {"id":"a/b","output":1,"seq":3,"type":"result"}"#,
    "",
  ])
  func anythingElseIsLeftToTheScanner(line: String) {
    #expect(match(line) == nil)
  }

  /// When the middle is not the expected bytes, the line is read as before: a wrong output is a
  /// fail, an extra field a protocol error, whatever the fast path saw.
  @Test func aMatchDecidesNothingButAnExactPass() throws {
    let line = #"{"id":"a/b","output":1,"extra":2,"seq":3,"type":"result"}"#
    let found = try #require(match(line))
    #expect(found.output == #"1,"extra":2"#)
    let bytes = Array(line.utf8)
    #expect(bytes.withUnsafeBufferPointer { AnswerScanner.scan($0) } == nil)
    #expect(throws: ProtocolViolation.self) { try Answer.parse(line) }
  }
}
