import ConformJSON
import Testing

@testable import ConformFixtures

/// A document the reader must accept, and the value it must give.
struct AcceptedJSON: Sendable, CustomTestStringConvertible {
  var name: String
  var bytes: [UInt8]
  var value: JSONValue

  init(_ name: String, _ text: String, _ value: JSONValue) {
    self.name = name
    self.bytes = Array(text.utf8)
    self.value = value
  }

  init(_ name: String, bytes: [UInt8], _ value: JSONValue) {
    self.name = name
    self.bytes = bytes
    self.value = value
  }

  var testDescription: String { name }
}

/// A document the reader must refuse, with the exact error it must give.
struct RejectedJSON: Sendable, CustomTestStringConvertible {
  var name: String
  var bytes: [UInt8]
  var message: String
  var line: Int
  var column: Int

  init(_ name: String, _ text: String, _ message: String, line: Int = 1, column: Int) {
    self.init(name, bytes: Array(text.utf8), message, line: line, column: column)
  }

  init(_ name: String, bytes: [UInt8], _ message: String, line: Int = 1, column: Int) {
    self.name = name
    self.bytes = bytes
    self.message = message
    self.line = line
    self.column = column
  }

  var testDescription: String { name }
}

/// `"` + bytes + `"`: a string literal whose content may be any bytes, valid UTF-8 or not.
func quotedBytes(_ content: [UInt8]) -> [UInt8] { [0x22] + content + [0x22] }

@Suite struct JSONReaderAcceptanceTests {
  static let cases: [AcceptedJSON] = [
    // Whitespace: the four RFC 8259 forms, anywhere between tokens, including a lone `\r`.
    AcceptedJSON("space, tab, CR, LF around a scalar", " \t\r\n1 \t\r\n", 1),
    AcceptedJSON("CRLF between every token", "{\r\n\"a\"\r\n:\r\n[\r\n1\r\n,\r\n2\r\n]\r\n}\r\n", ["a": [1, 2]]),
    AcceptedJSON("lone CR as a separator", "[1,\r2]", [1, 2]),
    AcceptedJSON("no whitespace at all", #"{"a":[true,false,null]}"#, ["a": [true, false, nil]]),
    AcceptedJSON("empty object and array", #"[{},[],{"a":{}}]"#, [[:], [], ["a": [:]]]),
    // Scalars at the top level (RFC 8259 allows any value).
    AcceptedJSON("top-level string", #""x""#, "x"),
    AcceptedJSON("top-level null", "null", nil),
    AcceptedJSON("top-level false", "false", false),
    // Escapes.
    AcceptedJSON("every short escape", #""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
    AcceptedJSON("\\u escape, lower and upper case hex", #""\u00e9\u00C9""#, "éÉ"),
    AcceptedJSON("\\u0000 is a scalar like any other", #""a\u0000b""#, "a\u{0}b"),
    AcceptedJSON("valid surrogate pair", #""\ud83d\ude00""#, "😀"),
    AcceptedJSON("valid surrogate pair, upper case", #""\uD83D\uDE00""#, "😀"),
    AcceptedJSON("highest scalar as a pair", #""\udbff\udfff""#, "\u{10FFFF}"),
    AcceptedJSON("escaped and raw text mixed", #""é\n😀\t\u0041""#, "é\n😀\tA"),
    // Raw UTF-8 of every length, including the edges of the well-formed ranges.
    AcceptedJSON("raw UTF-8, 2 to 4 bytes", "\"é€😀\"", "é€😀"),
    AcceptedJSON("U+0080, first 2-byte scalar", bytes: quotedBytes([0xC2, 0x80]), "\u{80}"),
    AcceptedJSON("U+D7FF, last scalar before the surrogates", bytes: quotedBytes([0xED, 0x9F, 0xBF]), "\u{D7FF}"),
    AcceptedJSON("U+E000, first scalar after the surrogates", bytes: quotedBytes([0xEE, 0x80, 0x80]), "\u{E000}"),
    AcceptedJSON("U+FFFF, a noncharacter but a scalar", bytes: quotedBytes([0xEF, 0xBF, 0xBF]), "\u{FFFF}"),
    AcceptedJSON("U+10000, first 4-byte scalar", bytes: quotedBytes([0xF0, 0x90, 0x80, 0x80]), "\u{10000}"),
    AcceptedJSON("U+10FFFF, last scalar", bytes: quotedBytes([0xF4, 0x8F, 0xBF, 0xBF]), "\u{10FFFF}"),
    AcceptedJSON("DEL needs no escape", "\"\u{7F}\"", "\u{7F}"),
    // Keys.
    AcceptedJSON("keys out of order are sorted", #"{"b":1,"a":2,"c":3}"#, ["a": 2, "b": 1, "c": 3]),
    AcceptedJSON(
      "keys equal under canonical equivalence are different keys", #"{"é":1,"e\u0301":2}"#,
      .object(JSONObject(uniqueKeysWithValues: [("é", .int(1)), ("e\u{301}", .int(2))] as [(String, JSONValue)]))),
    AcceptedJSON("empty key", #"{"":1}"#, ["": 1]),
    AcceptedJSON("the same key in different objects", #"[{"a":1},{"a":2}]"#, [["a": 1], ["a": 2]]),
  ]

  @Test(arguments: cases)
  func accepts(_ example: AcceptedJSON) throws {
    let value = try JSONReader.parse(example.bytes)
    #expect(value == example.value)
  }

  @Test func acceptsNestingAtTheLimit() throws {
    let depth = JSONReader.maxDepth
    let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    var expected: JSONValue = []
    for _ in 1..<depth { expected = [expected] }
    #expect(try JSONReader.parse(arrays) == expected)
    let objects = String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
    #expect(try JSONReader.parse(objects).objectValue?.count == 1)
  }

  @Test func readsEveryEntryPointAlike() throws {
    let text = #"{"seq":1,"id":"a"}"#
    let bytes = Array(text.utf8)
    let expected: JSONValue = ["id": "a", "seq": 1]
    #expect(try JSONReader.parse(text) == expected)
    #expect(try JSONReader.parse(bytes) == expected)
    #expect(try JSONReader.parse((Array("xx".utf8) + bytes)[2...]) == expected)
    #expect(try bytes.withUnsafeBufferPointer { try JSONReader.parse($0) } == expected)
  }
}

@Suite struct JSONReaderRejectionTests {
  static let cases: [RejectedJSON] = [
    // Empty input and whitespace only.
    RejectedJSON("empty input", "", "unexpected end of input, expected a value", column: 1),
    RejectedJSON("spaces only", "   ", "unexpected end of input, expected a value", column: 4),
    RejectedJSON("newline only", "\n", "unexpected end of input, expected a value", line: 2, column: 1),
    // Whitespace that JSON does not allow.
    RejectedJSON("vertical tab", "\u{B}1", "unexpected character 0x0B, expected a value", column: 1),
    RejectedJSON("form feed", "\u{C}1", "unexpected character 0x0C, expected a value", column: 1),
    RejectedJSON("no-break space", "\u{A0}1", "unexpected character 0xC2, expected a value", column: 1),
    RejectedJSON("byte order mark", "\u{FEFF}1", "unexpected character 0xEF, expected a value", column: 1),
    // Numbers.
    RejectedJSON("leading zero", "01", "leading zeros are not allowed", column: 1),
    RejectedJSON("negative leading zero", "-01", "leading zeros are not allowed", column: 1),
    RejectedJSON("leading zeros in an array", "[1,00]", "leading zeros are not allowed", column: 4),
    RejectedJSON("plus sign", "+1", "unexpected character '+', expected a value", column: 1),
    RejectedJSON("minus alone", "-", "expected a digit", column: 2),
    RejectedJSON("minus then letter", "-a", "expected a digit", column: 2),
    RejectedJSON("fraction without digits", "1.", "expected a digit after '.'", column: 3),
    RejectedJSON("fraction without integer part", ".5", "unexpected character '.', expected a value", column: 1),
    RejectedJSON("exponent without digits", "1e", "expected a digit in the exponent", column: 3),
    RejectedJSON("exponent sign without digits", "1E+", "expected a digit in the exponent", column: 4),
    RejectedJSON("hexadecimal", "0x10", "unexpected text after the JSON value", column: 2),
    RejectedJSON("infinity", "Infinity", "unexpected character 'I', expected a value", column: 1),
    RejectedJSON("NaN", "NaN", "unexpected character 'N', expected a value", column: 1),
    // Literals.
    RejectedJSON("truncated true", "tru", "invalid literal, expected true", column: 1),
    RejectedJSON("capitalised True", "True", "unexpected character 'T', expected a value", column: 1),
    RejectedJSON("misspelt null", "[nul]", "invalid literal, expected null", column: 2),
    RejectedJSON("misspelt false in an object", #"{"a":fals}"#, "invalid literal, expected false", column: 6),
    // Trailing commas and text.
    RejectedJSON("trailing comma in an array", "[1,]", "unexpected character ']', expected a value", column: 4),
    RejectedJSON("trailing comma in an object", #"{"a":1,}"#, "expected a string key", column: 8),
    RejectedJSON("leading comma", "[,1]", "unexpected character ',', expected a value", column: 2),
    RejectedJSON("two values", "1 2", "unexpected text after the JSON value", column: 3),
    RejectedJSON("extra bracket", "[1]]", "unexpected text after the JSON value", column: 4),
    RejectedJSON("text after an object", "{} x", "unexpected text after the JSON value", column: 4),
    RejectedJSON("NUL after the value", "1\u{0}", "unexpected text after the JSON value", column: 2),
    // Structure.
    RejectedJSON("unclosed array", "[1", "unexpected end of input in an array", column: 3),
    RejectedJSON("unclosed object", #"{"a":1"#, "unexpected end of input in an object", column: 7),
    RejectedJSON("object ends after the brace", "{", "unexpected end of input in an object", column: 2),
    RejectedJSON("missing colon", #"{"a" 1}"#, #"expected ':' after the key "a""#, column: 6),
    RejectedJSON("unquoted key", "{a:1}", "expected a string key", column: 2),
    RejectedJSON("single-quoted string", "['a']", "unexpected character ''', expected a value", column: 2),
    RejectedJSON("missing comma", "[1 2]", "expected ',' or ']' in an array", column: 4),
    RejectedJSON("missing comma in an object", #"{"a":1 "b":2}"#, "expected ',' or '}' in an object", column: 8),
    RejectedJSON("colon in an array", "[1:2]", "expected ',' or ']' in an array", column: 3),
    RejectedJSON("comment", "[1] // done", "unexpected text after the JSON value", column: 5),
    // Strings: control characters.
    RejectedJSON("raw U+0001", "\"a\u{1}b\"", "control character 0x01 in a string must be escaped", column: 3),
    RejectedJSON("raw tab", "\"\t\"", "control character 0x09 in a string must be escaped", column: 2),
    RejectedJSON("raw newline", "\"a\nb\"", "control character 0x0A in a string must be escaped", column: 3),
    RejectedJSON("raw NUL after an escape", "\"\\n\u{0}\"", "control character 0x00 in a string must be escaped", column: 4),
    RejectedJSON("unterminated string", #""abc"#, "unterminated string", column: 1),
    RejectedJSON("unterminated after a backslash", #""abc\"#, "unterminated string", column: 1),
    RejectedJSON("unterminated after an escape", #""\n"#, "unterminated string", column: 1),
    // Strings: escapes.
    RejectedJSON("unknown escape", #""\x""#, #"invalid escape '\x'"#, column: 2),
    RejectedJSON("escaped single quote", #""\'""#, #"invalid escape '\''"#, column: 2),
    RejectedJSON("escaped capital U", #""\U0041""#, #"invalid escape '\U'"#, column: 2),
    RejectedJSON("backslash before a control byte", "\"\\\u{1}\"", #"invalid escape '\' followed by 0x01"#, column: 2),
    RejectedJSON("bad hex digit", #""ab\u12G4""#, #"invalid hex digit in a \u escape"#, column: 4),
    RejectedJSON("short \\u escape at the end", #""\u12"#, #"incomplete \u escape"#, column: 2),
    RejectedJSON("short \\u escape before the quote", #"["\u12"]"#, #"invalid hex digit in a \u escape"#, column: 3),
    // Strings: surrogates as escapes.
    RejectedJSON("lone high surrogate", #""\ud800""#, #"lone high surrogate \ud800"#, column: 2),
    RejectedJSON("lone low surrogate", #""\udc00""#, #"lone low surrogate \udc00"#, column: 2),
    RejectedJSON("high surrogate then a letter", #""\ud800x""#, #"lone high surrogate \ud800"#, column: 2),
    RejectedJSON("high surrogate then a BMP escape", #""\ud800\u0041""#, #"lone high surrogate \ud800"#, column: 2),
    RejectedJSON("two high surrogates", #""\udbff\udbff""#, #"lone high surrogate \udbff"#, column: 2),
    RejectedJSON("pair in the wrong order", #""\udc00\ud800""#, #"lone low surrogate \udc00"#, column: 2),
    RejectedJSON("high surrogate at the end", #""\ud83d"#, #"lone high surrogate \ud83d"#, column: 2),
    RejectedJSON("high surrogate then a short escape", #""\ud83d\ude0""#, #"invalid hex digit in a \u escape"#, column: 2),
    RejectedJSON("lone surrogate in a key", #"{"\udfff":1}"#, #"lone low surrogate \udfff"#, column: 3),
    // Strings: invalid UTF-8 (the error points at the first byte of the bad sequence).
    RejectedJSON("overlong '/' in 2 bytes", bytes: quotedBytes([0xC0, 0xAF]), "invalid UTF-8 byte 0xC0 in a string", column: 2),
    RejectedJSON(
      "overlong U+007F in 2 bytes", bytes: quotedBytes([0xC1, 0xBF]), "invalid UTF-8 byte 0xC1 in a string", column: 2),
    RejectedJSON(
      "overlong '/' in 3 bytes", bytes: quotedBytes([0xE0, 0x80, 0xAF]), "invalid UTF-8 sequence in a string", column: 2),
    RejectedJSON(
      "overlong U+07FF in 3 bytes", bytes: quotedBytes([0xE0, 0x9F, 0xBF]), "invalid UTF-8 sequence in a string", column: 2),
    RejectedJSON(
      "overlong '/' in 4 bytes", bytes: quotedBytes([0xF0, 0x80, 0x80, 0xAF]), "invalid UTF-8 sequence in a string", column: 2),
    RejectedJSON(
      "overlong U+FFFF in 4 bytes", bytes: quotedBytes([0xF0, 0x8F, 0xBF, 0xBF]), "invalid UTF-8 sequence in a string", column: 2),
    RejectedJSON(
      "U+D800 encoded in UTF-8", bytes: quotedBytes([0xED, 0xA0, 0x80]), "invalid UTF-8 sequence in a string", column: 2),
    RejectedJSON(
      "U+DFFF encoded in UTF-8", bytes: quotedBytes([0xED, 0xBF, 0xBF]), "invalid UTF-8 sequence in a string", column: 2),
    RejectedJSON(
      "surrogate pair encoded in UTF-8 (CESU-8)", bytes: quotedBytes([0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]),
      "invalid UTF-8 sequence in a string", column: 2),
    RejectedJSON(
      "above U+10FFFF", bytes: quotedBytes([0xF4, 0x90, 0x80, 0x80]), "invalid UTF-8 sequence in a string", column: 2),
    RejectedJSON(
      "lead byte 0xF5", bytes: quotedBytes([0xF5, 0x80, 0x80, 0x80]), "invalid UTF-8 byte 0xF5 in a string", column: 2),
    RejectedJSON("byte 0xFF", bytes: quotedBytes([0x61, 0xFF]), "invalid UTF-8 byte 0xFF in a string", column: 3),
    RejectedJSON(
      "lone continuation byte", bytes: quotedBytes([0x61, 0x80, 0x62]), "invalid UTF-8 byte 0x80 in a string", column: 3),
    RejectedJSON("2-byte sequence cut by the quote", bytes: quotedBytes([0xC3]), "invalid UTF-8 sequence in a string", column: 2),
    RejectedJSON(
      "3-byte sequence cut by the quote", bytes: quotedBytes([0xE2, 0x82]), "invalid UTF-8 sequence in a string", column: 2),
    RejectedJSON(
      "4-byte sequence cut by a letter", bytes: quotedBytes([0xF0, 0x9F, 0x98, 0x61]), "invalid UTF-8 sequence in a string",
      column: 2),
    RejectedJSON(
      "sequence cut by the end of input", bytes: [0x22, 0xF0, 0x9F, 0x98], "truncated UTF-8 sequence in a string", column: 2),
    RejectedJSON(
      "invalid UTF-8 after an escape", bytes: [0x22, 0x5C, 0x6E, 0xC0, 0xAF, 0x22], "invalid UTF-8 byte 0xC0 in a string",
      column: 4),
    RejectedJSON(
      "invalid UTF-8 in a key", bytes: [0x7B] + quotedBytes([0xFF]) + Array(":1}".utf8), "invalid UTF-8 byte 0xFF in a string",
      column: 3),
    RejectedJSON(
      "invalid UTF-8 outside a string", bytes: [0x5B, 0xFF, 0x5D], "unexpected character 0xFF, expected a value", column: 2),
    // Duplicate keys, reported at the second occurrence.
    RejectedJSON("duplicate key", #"{"a":1,"a":2}"#, #"duplicate key "a""#, column: 8),
    RejectedJSON("duplicate key, same value", #"{"a":1,"a":1}"#, #"duplicate key "a""#, column: 8),
    RejectedJSON("duplicate arriving out of order", #"{"b":1,"a":2,"b":3}"#, #"duplicate key "b""#, column: 14),
    RejectedJSON("duplicate far apart", #"{"c":1,"b":2,"a":3,"c":4}"#, #"duplicate key "c""#, column: 20),
    RejectedJSON("first duplicate in text order", #"{"z":1,"y":1,"y":2,"z":2}"#, #"duplicate key "y""#, column: 14),
    RejectedJSON("three times the same key", #"{"b":0,"a":1,"a":2,"a":3}"#, #"duplicate key "a""#, column: 14),
    RejectedJSON("duplicate by escape", #"{"a":1,"\u0061":2}"#, #"duplicate key "a""#, column: 8),
    RejectedJSON("duplicate in a nested object", #"[{"x":{"k":1,"k":2}}]"#, #"duplicate key "k""#, column: 14),
    RejectedJSON("duplicate key holding control characters", #"{"\n":1,"\n":2}"#, #"duplicate key "\n""#, column: 9),
    RejectedJSON(
      "duplicate after a later syntax error", #"{"b":1,"a":2,"b":3,]"#, "expected a string key", column: 20),
    // Depth.
    RejectedJSON(
      "arrays one deeper than the limit", String(repeating: "[", count: JSONReader.maxDepth + 1),
      "nesting deeper than \(JSONReader.maxDepth)", column: JSONReader.maxDepth + 1),
    RejectedJSON(
      "objects one deeper than the limit", String(repeating: #"{"a":"#, count: JSONReader.maxDepth + 1),
      "nesting deeper than \(JSONReader.maxDepth)", column: 5 * JSONReader.maxDepth + 1),
    // Positions on later lines: lines split on LF only, columns count bytes.
    RejectedJSON("error on line 3", "{\n  \"a\": 1,\n  \"b\": tru\n}", "invalid literal, expected true", line: 3, column: 8),
    RejectedJSON("CRLF lines", "[\r\n1,\r\n]", "unexpected character ']', expected a value", line: 3, column: 1),
    RejectedJSON("column counts bytes, not characters", "[\"é😀\",x]", "unexpected character 'x', expected a value", column: 11),
    RejectedJSON("end of input after a newline", "[1,\n", "unexpected end of input, expected a value", line: 2, column: 1),
  ]

  @Test(arguments: cases)
  func rejects(_ example: RejectedJSON) {
    #expect(throws: JSONSyntaxError(message: example.message, line: example.line, column: example.column)) {
      try JSONReader.parse(example.bytes)
    }
  }

  @Test func describesTheErrorWithItsPosition() {
    let error = JSONSyntaxError(message: "unterminated string", line: 2, column: 7)
    #expect(error.description == "line 2, column 7: unterminated string")
  }

  @Test func rejectsHostileDepthWithoutExhaustingTheStack() {
    // A megabyte of brackets: the depth limit stops it long before the stack could overflow.
    let brackets = [UInt8](repeating: UInt8(ascii: "["), count: 1 << 20)
    #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(brackets) }
  }
}
