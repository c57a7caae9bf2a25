import ConformFixtures
import ConformJSON
import Foundation

/// One line of a suite's committed fixture file (`fixtures/<suite>.jsonl`).
public struct CommittedFixture: Sendable {
  public var id: String
  public var input: JSONValue
  public var expected: JSONValue
}

/// A built-in suite's committed fixture file, as the `<Suite>DecisionsTests` read it to check
/// that the model still gives every expected output the project published.
public enum CommittedFixtures {
  /// Every line of `fixtures/<suite.name>.jsonl` in the checkout, in order; a line without an
  /// id, an input or an expected output is an error naming the file and the line.
  public static func read(_ suite: some Suite) throws -> [CommittedFixture] {
    let path = TestSupport.packageRoot.appendingPathComponent("fixtures/\(suite.name).jsonl").path
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    return try bytes.split(separator: 0x0A).enumerated().map { index, line in
      let value = try JSONReader.parse(Array(line))
      guard let id = value["id"]?.stringValue, let input = value["input"], let expected = value["expected"] else {
        throw TestSupportError("\(path) line \(index + 1): no id, input or expected output")
      }
      return CommittedFixture(id: id, input: input, expected: expected)
    }
  }

  /// The committed fixtures whose expected output `suite`'s model no longer gives, one line
  /// each ("<id>: committed …, the model gives …"): empty when the reference is unchanged.
  public static func changedAnswers(_ suite: some Suite, _ fixtures: [CommittedFixture]) throws -> [String] {
    try fixtures.compactMap { fixture in
      let answer = try suite.expected(for: fixture.input)
      guard answer != fixture.expected else { return nil }
      return "\(fixture.id): committed \(JSONWriter.string(fixture.expected)), the model gives \(JSONWriter.string(answer))"
    }
  }
}
