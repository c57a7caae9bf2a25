import ConformJSON
import Testing

@testable import ConformFixtures

/// A value and the exact canonical text the writer must give for it.
struct WrittenExample: Sendable, CustomTestStringConvertible {
  var name: String
  var value: JSONValue
  var text: String

  var testDescription: String { name }
}

@Suite struct JSONWriterTests {
  static let examples: [WrittenExample] = [
    WrittenExample(name: "null", value: nil, text: "null"),
    WrittenExample(name: "booleans", value: [true, false], text: "[true,false]"),
    WrittenExample(name: "null member written, not left out", value: ["a": nil], text: #"{"a":null}"#),
    WrittenExample(name: "empty containers", value: [[], [:], [[]], [[:]]], text: "[[],{},[[]],[{}]]"),
    WrittenExample(
      name: "integers", value: [0, 7, 10, -1, -10, .int(.max), .int(.min)],
      text: "[0,7,10,-1,-10,9223372036854775807,-9223372036854775808]"),
    WrittenExample(name: "number text as is", value: [.number("1.0"), .number("-0"), .number("1E+3")], text: "[1.0,-0,1E+3]"),
    WrittenExample(
      name: "keys in code point order", value: ["b": 1, "a": 2, "B": 3, "aa": 4, "": 5], text: #"{"":5,"B":3,"a":2,"aa":4,"b":1}"#
    ),
    WrittenExample(
      name: "non-ASCII keys after ASCII, by code point", value: ["é": 1, "z": 2, "€": 3, "ÿ": 4],
      text: #"{"z":2,"é":1,"ÿ":4,"€":3}"#),
    // U+FF61 < U+1F600 by code point, but in UTF-16 U+1F600 is D83D DE00, which sorts before FF61.
    WrittenExample(
      name: "code point order, not UTF-16 order", value: ["\u{1F600}": 1, "\u{FF61}": 2], text: "{\"\u{FF61}\":2,\"\u{1F600}\":1}"
    ),
    WrittenExample(name: "nested objects sorted too", value: ["o": ["y": 1, "x": 2]], text: #"{"o":{"x":2,"y":1}}"#),
    WrittenExample(name: "quote and backslash escaped", value: "a\"b\\c", text: #""a\"b\\c""#),
    WrittenExample(name: "short escapes", value: "\u{8}\u{C}\n\r\t", text: #""\b\f\n\r\t""#),
    WrittenExample(name: "other control characters as \\u00XX", value: "\u{0}\u{1}\u{1F}", text: #""\u0000\u0001\u001f""#),
    WrittenExample(name: "solidus not escaped", value: "a/b", text: #""a/b""#),
    WrittenExample(name: "DEL not escaped", value: "\u{7F}", text: "\"\u{7F}\""),
    WrittenExample(name: "non-ASCII as raw UTF-8", value: "é€😀\u{2028}\u{FEFF}", text: "\"é€😀\u{2028}\u{FEFF}\""),
    WrittenExample(name: "escapes inside a key", value: ["a\"\n": 1], text: #"{"a\"\n":1}"#),
  ]

  @Test(arguments: examples)
  func writesCanonically(_ example: WrittenExample) {
    #expect(JSONWriter.string(example.value) == example.text)
    #expect(JSONWriter.bytes(example.value) == Array(example.text.utf8))
    #expect(example.value.description == example.text)
  }

  @Test(arguments: examples)
  func readsBackWhatItWrote(_ example: WrittenExample) throws {
    #expect(try JSONReader.parse(example.text) == example.value)
  }

  @Test func appendsToWhatIsThere() {
    var output = Array("x".utf8)
    JSONWriter.write(["a": 1], into: &output)
    JSONWriter.writeInteger(-42, into: &output)
    JSONWriter.writeString("é\n", into: &output)
    #expect(String(decoding: output, as: UTF8.self) == #"x{"a":1}-42"é\n""#)
  }

  @Test func givesTheSameBytesWhateverTheInputOrder() throws {
    let one = try JSONReader.parse(#"{"type":"result","seq":1,"output":{"b":2,"a":1}}"#)
    let other = try JSONReader.parse(#"{ "output" : { "a" : 1 , "b" : 2 } , "seq" : 1 , "type" : "result" }"#)
    #expect(JSONWriter.bytes(one) == JSONWriter.bytes(other))
    #expect(JSONWriter.string(one) == #"{"output":{"a":1,"b":2},"seq":1,"type":"result"}"#)
  }
}
