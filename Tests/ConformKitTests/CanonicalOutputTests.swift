import ConformJSON
import Testing
@testable import ConformFixtures

@testable import ConformHarness

/// An answer's output made canonical from its own bytes (`CanonicalOutput`): a pass exactly when
/// the parsed output is the expected one; anything it does not make (an escape, a fraction, a
/// duplicate key, malformed JSON) is left to the full parse, never passed.
@Suite struct CanonicalOutputTests {
  private func matches(_ answer: String, _ expected: JSONValue) -> Bool {
    var canonical = CanonicalOutput()
    let bytes = Array(answer.utf8)
    let wanted = JSONWriter.bytes(expected)
    return bytes.withUnsafeBufferPointer { answer in
      wanted.withUnsafeBufferPointer { canonical.matches(answer, expected: $0) }
    }
  }

  @Test(arguments: [
    #"{"variant":"on","reason":"rule"}"#,
    #"{ "b" : [1, 2 ,{"z":null,"a":true}], "a": -3 }"#,
    #"{"ab!":1,"ab":2,"a b":[],"":{}}"#,
    #"[false, "x", 0, -12, 123456789012345678]"#,
  ])
  func anAnswerInAnotherOrderOrWithSpacesPasses(answer: String) throws {
    let value = try JSONReader.parse(answer)
    #expect(matches(answer, value))
  }

  @Test(arguments: [
    (#"{"a":2}"#, #"{"a":1}"#),
    (#"{"a":1,"b":2}"#, #"{"a":1}"#),
    (#"{"b":[1,2]}"#, #"{"b":[2,1]}"#),
    (#"{"a":"x"}"#, #"{"a":"y"}"#),
  ])
  func aDifferentAnswerDoesNotPass(answer: String, expected: String) throws {
    #expect(!matches(answer, try JSONReader.parse(expected)))
  }

  /// Equal values, but the full parse decides: an escape, a fraction, `-0`, a non-ASCII string,
  /// or what the reader refuses (a duplicate key, a leading zero, trailing text, a bad literal).
  @Test(arguments: [
    (#"{"a":"x\ny"}"#, #"{"a":"x\ny"}"#),
    (#"{"a":1.5}"#, #"{"a":1.5}"#),
    (#"{"a":-0}"#, #"{"a":0}"#),
    (#"{"a":"é"}"#, #"{"a":"é"}"#),
    (#"{"a":1,"a":1}"#, #"{"a":1}"#),
    (#"{"a":01}"#, #"{"a":1}"#),
    (#"{"a":1}x"#, #"{"a":1}"#),
    (#"{"a":tru}"#, #"{"a":true}"#),
    (#"{"a":1,}"#, #"{"a":1}"#),
    (#"{"b":2,"a":1"#, #"{"a":1,"b":2}"#),
  ])
  func whatItDoesNotMakeIsLeftToTheParse(answer: String, expected: String) throws {
    #expect(!matches(answer, try JSONReader.parse(expected)))
  }
}
