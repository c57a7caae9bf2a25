import ConformJSON

/// One case of a pinned bundle: an input and the output the suite's spec requires for it.
public struct ConformCase: Sendable, Equatable, CustomStringConvertible {
  /// Stable id, `<suite>/<family>/<name>`.
  public var id: String
  public var suite: String
  /// What the case tests, in one sentence.
  public var note: String
  public var input: JSONValue
  public var expected: JSONValue
  /// Where it was read: `<bundle>:conform-fixtures-1.0.0/eligibility.jsonl line 12`.
  public var location: String
  /// The spec decisions the case exercises (`version-compare/D8`: entry `### D8.` of the
  /// suite's spec in the bundle); empty for a bundle made before decisions were listed.
  public var decisions: [String]
  /// The members of `expected` that may take other values (a random pick the spec allows): any
  /// of their allowed values conforms.
  public var varies: OutputVariation

  public init(
    id: String, suite: String, note: String, input: JSONValue, expected: JSONValue, location: String, decisions: [String] = [],
    varies: OutputVariation = OutputVariation()
  ) {
    self.id = id
    self.suite = suite
    self.note = note
    self.input = input
    self.expected = expected
    self.location = location
    self.decisions = decisions
    self.varies = varies
  }

  /// The input's members, read with their types checked: `try fixture.fields.string("remote")`.
  public var fields: JSONFields {
    get throws(JSONShapeError) { try JSONFields(input, path: "input") }
  }

  /// The id: what a test runner shows for the case.
  public var description: String { id }

  /// Why `actual` does not conform: the case, its note, input, expected and actual output and
  /// the field-by-field difference; nil when `actual` is the expected output (or differs from
  /// it only in varying members, each holding one of its allowed values).
  public func failureMessage(actual: JSONValue) -> String? {
    guard !varies.accepts(actual, expected: expected), let diff = JSONDiff.diff(expected, actual, legend: ("expected", "actual"))
    else { return nil }
    return report(["actual:   " + JSONWriter.string(actual), diff])
  }

  /// The message for an app that threw instead of answering.
  public func failureMessage(error: any Error) -> String {
    report(["the app threw instead of answering: \(error)"])
  }

  private func report(_ details: [String]) -> String {
    let lines =
      [
        "\(id) does not conform (\(location))",
        "note:     " + note,
      ]
      + (decisions.isEmpty
        ? [] : ["spec:     " + decisions.joined(separator: ", ") + " (the suite's spec in the bundle says each rule)"]) + [
        "input:    " + JSONWriter.string(input),
        "expected: " + JSONWriter.string(expected),
      ] + (varies.isEmpty ? [] : ["varies:   " + JSONWriter.string(varies.json) + " (any of these values conforms)"])
    return (lines + details).joined(separator: "\n")
  }
}
