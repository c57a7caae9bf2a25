import ConformJSON
import Testing

/// A line and the `seq` that `integerMember` must find in it.
struct MemberExample: Sendable, CustomTestStringConvertible {
  var name: String
  var line: String
  var seq: Int64?

  var testDescription: String { name }
}

@Suite struct JSONReaderMemberTests {
  static let examples: [MemberExample] = [
    MemberExample(name: "harness answer", line: #"{"type":"result","seq":123456,"id":"a/b","output":{"newer":true}}"#, seq: 123_456),
    MemberExample(name: "first member", line: #"{"seq":0}"#, seq: 0),
    MemberExample(name: "negative", line: #"{"seq":-42}"#, seq: -42),
    MemberExample(name: "whitespace everywhere", line: " { \"id\" : [ 1 , { \"seq\" : 9 } ] ,\r\n \"seq\" : 7 } ", seq: 7),
    MemberExample(name: "nested seq is not the member", line: #"{"output":{"seq":1},"seq":2}"#, seq: 2),
    MemberExample(name: "seq inside a string is skipped", line: #"{"id":"\"seq\":1,","seq":3}"#, seq: 3),
    MemberExample(name: "brackets inside strings are skipped", line: #"{"id":"]}{[","x":["}"],"seq":4}"#, seq: 4),
    MemberExample(name: "absent", line: #"{"type":"result"}"#, seq: nil),
    MemberExample(name: "empty object", line: "{}", seq: nil),
    MemberExample(name: "not an object", line: "[1]", seq: nil),
    MemberExample(name: "a string, not an integer", line: #"{"seq":"1"}"#, seq: nil),
    MemberExample(name: "null", line: #"{"seq":null}"#, seq: nil),
    // Falls back to the full reader, and gives exactly what it gives.
    MemberExample(name: "escaped key before it", line: #"{"\u0069d":"x","seq":5}"#, seq: 5),
    MemberExample(name: "escaped key that is seq", line: #"{"s\u0065q":6}"#, seq: 6),
    MemberExample(name: "Int64.max", line: #"{"seq":9223372036854775807}"#, seq: .max),
    MemberExample(name: "Int64.min", line: #"{"seq":-9223372036854775808}"#, seq: .min),
    MemberExample(name: "beyond Int64", line: #"{"seq":9223372036854775808}"#, seq: nil),
    MemberExample(name: "fraction", line: #"{"seq":1.0}"#, seq: nil),
    MemberExample(name: "exponent", line: #"{"seq":1e3}"#, seq: nil),
    MemberExample(name: "negative zero", line: #"{"seq":-0}"#, seq: nil),
    MemberExample(name: "invalid line", line: #"{"seq":01}"#, seq: nil),
  ]

  @Test(arguments: examples)
  func findsWhatAFullReadFinds(_ example: MemberExample) {
    let bytes = Array(example.line.utf8)
    #expect(JSONReader.integerMember("seq", in: bytes) == example.seq)
    #expect(JSONReader.integerMember("seq", in: bytes) == (try? JSONReader.parse(bytes))?["seq"]?.intValue)
  }

  @Test func doesNotValidateTheRestOfTheLine() {
    // Documented: a quick answer is not a check. The full reader refuses this line.
    let line = Array(#"{"seq":8,"id":tru}"#.utf8)
    #expect(JSONReader.integerMember("seq", in: line) == 8)
    #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(line) }
  }
}
