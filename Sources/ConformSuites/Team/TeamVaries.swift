import ConformFixtures
import ConformJSON
import Foundation

/// A team suite's nondeterministic outputs: `suite.json`'s `"varies"` names the members of the
/// output that may take any of several values (a random pick the spec allows), each with its
/// allowed values or `"model"` (the model states them answer by answer, as `"varies": {"/arm":
/// [...]}` beside its output). A table keeps the first allowed value as the expected one and the
/// set beside it (`OutputVariation`), so that run, diff and fuzz accept any value of the set and
/// the table is the same bytes whichever value the model picked.
extension TeamSuiteFolder {
  /// One member of the output `suite.json` says varies.
  package struct VaryingMember: Sendable {
    /// A JSON Pointer of object members: `/variant`.
    package var pointer: String
    /// Its allowed values, the same for every case; nil: the model states them per answer.
    package var values: [JSONValue]?
  }

  /// Reads `suite.json`'s `"varies": {"/variant": ["a", "b"], "/arm": "model"}`.
  static func varyingMembers(_ value: JSONValue) throws(JSONShapeError) -> [VaryingMember] {
    guard case .object(let object) = value, !object.members.isEmpty else {
      throw JSONShapeError(
        path: "varies",
        message: "expected an object naming the output's varying members by JSON Pointer, each with its allowed values "
          + "or \"model\": {\"/variant\": [\"a\", \"b\"]} or {\"/variant\": \"model\"}")
    }
    var members: [VaryingMember] = []
    for (pointer, allowed) in object.members {
      let path = "varies.\(pointer)"
      guard OutputVariation.tokens(pointer) != nil else {
        throw JSONShapeError(
          path: path,
          message: "\"\(pointer)\" is not a JSON Pointer of the output's object members: write \"/field\" or \"/field/inner\"")
      }
      switch allowed {
      case .string("model"):
        members.append(VaryingMember(pointer: pointer, values: nil))
      case .array(let values) where !values.isEmpty:
        members.append(VaryingMember(pointer: pointer, values: values))
      default:
        throw JSONShapeError(
          path: path,
          message: "expected the member's allowed values (a non-empty array) or \"model\" (the model states them per answer)")
      }
    }
    return members
  }

  /// What is wrong with a model's answer as `varies` reads it: said by `settle`, and put in a
  /// message naming the file, line and case by its caller.
  struct VariesProblem: Error {
    var message: String
  }

  /// The output a table keeps for a model's answer and the members of it that vary: each
  /// varying member the output holds gets its allowed values (suite.json's, or those the answer
  /// states for a `"model"` member; a `"model"` member it states none for is exact), and its
  /// value becomes the first of them.
  ///
  /// - Throws: `VariesProblem` when the answer states sets suite.json does not declare as
  ///   `"model"`, states one that is not a non-empty array, or holds a value outside its set.
  func settle(_ output: JSONValue, stated: JSONValue?) throws(VariesProblem) -> (output: JSONValue, varies: OutputVariation) {
    var statedSets: [String: JSONValue] = [:]
    if let stated {
      guard case .object(let object) = stated else {
        throw VariesProblem(
          message: "its \"varies\" is \(JSONWriter.string(stated)), not an object of JSON Pointers to value arrays")
      }
      for (pointer, value) in object.members {
        guard varies.contains(where: { $0.pointer == pointer && $0.values == nil }) else {
          throw VariesProblem(
            message: "it states allowed values for \(pointer), which suite.json's \"varies\" does not declare as \"model\": "
              + "declare it (\"\(pointer)\": \"model\") or leave it out of the answer")
        }
        statedSets[pointer] = value
      }
    }
    guard !varies.isEmpty else { return (output, OutputVariation()) }
    var sets: [String: [JSONValue]] = [:]
    for member in varies {
      guard let held = OutputVariation.value(at: member.pointer, in: output) else { continue }
      var allowed = member.values
      if allowed == nil, let statedSet = statedSets[member.pointer] {
        guard case .array(let values) = statedSet, !values.isEmpty else {
          throw VariesProblem(
            message: "it states \(JSONWriter.string(statedSet)) as the allowed values of \(member.pointer): "
              + "state a non-empty array of values")
        }
        allowed = values
      }
      guard let allowed else { continue }
      guard allowed.contains(held) else {
        throw VariesProblem(
          message: "it answers \(JSONWriter.string(held)) at \(member.pointer), outside the allowed values "
            + "\(JSONWriter.string(.array(allowed)))\(member.values == nil ? " it states" : " suite.json's \"varies\" gives"): "
            + "the model contradicts itself; fix the model or the allowed values")
      }
      sets[member.pointer] = allowed
    }
    let variation = OutputVariation(sets)
    return (variation.settled(output), variation)
  }

  /// Where a problem with a case made from the domain, or a fuzzed input, is named: suite.json's
  /// `"varies"` line.
  var variesLocation: (path: String, line: Int?) {
    let path = FileIO.join(folder, "suite.json")
    return (path, Self.line(of: "varies", in: (try? FileIO.read(path)) ?? []))
  }
}
