import ConformFixtures
import ConformJSON
import Foundation

/// A team's own suite, as its folder holds it: `suite.json` (name, version, title, decisions,
/// the JSON Schemas of the input and of the output, the model's command), the spec's Markdown,
/// and the named cases (`cases.jsonl`). harness/TEAM-SUITES.md describes the format.
///
/// Reading checks everything that needs no program to run: the fields and their types, the
/// schemas, unique case names, every case's input (and stated output) against its schema, every
/// decision a case names declared, every declared decision named by a case. Each error names the
/// file, and the line or field, and says what to write instead.
package struct TeamSuiteFolder: Sendable {
  /// One decision of the suite, the shape of a built-in spec's `### D3.` entry.
  package typealias Decision = SuiteDescription.Decision

  /// One line of `cases.jsonl`.
  package struct NamedCase: Sendable {
    /// The id without the suite's prefix (`seed/ten-percent`).
    package var name: String
    package var input: JSONValue
    package var note: String
    /// Decision numbers, ascending.
    package var decisions: [Int]
    package var tags: [String]
    /// The output the case states; nil when the model computes it.
    package var expected: JSONValue?
    /// The line of `cases.jsonl` it is on.
    package var line: Int
  }

  /// The folder, as given.
  package var folder: String
  /// The fields of `suite.json` a built-in suite's has too, read by the reader both use.
  package var suiteDescription: SuiteDescription
  package var name: String { suiteDescription.name }
  package var version: String { suiteDescription.version }
  package var title: String { suiteDescription.title }
  /// The spec's Markdown as the team wrote it (no decision entries: those are in `suite.json`).
  package var specText: [UInt8]
  package var specFile: String { suiteDescription.specFile }
  package var decisions: [Decision] { suiteDescription.decisions }
  package var inputSchema: JSONSchema { suiteDescription.inputSchema }
  package var outputSchema: JSONSchema { suiteDescription.outputSchema }
  /// The two schemas as `suite.json` writes them: the published spec carries them.
  package var schemas: (input: JSONValue, output: JSONValue) { suiteDescription.schemas }
  package var cases: [NamedCase]
  package var casesFile: String
  /// The model's command, its `./` arguments resolved against the folder; nil when every case
  /// states its output.
  package var model: [String]?
  /// How to make inputs beyond the named cases; nil: the table is the named cases alone.
  package var domain: TeamDomain?
  /// The members of the output that may take any of several values (`"varies"`); none: every
  /// output is exact.
  package var varies: [VaryingMember] = []

  /// The names `suite.json` may hold: the shared ones and the team's own.
  static let fields = SuiteDescription.fields + ["cases", "model", "domain", "varies"]

  /// The names a line of `cases.jsonl` may hold.
  static let caseFields = ["name", "input", "note", "decisions", "tags", "expected"]

  /// Reads and checks the suite in `folder`; its cases too unless `readingCases` is false (a
  /// table's generation reads them as the model answers: `readCases(each:)`).
  package init(folder: String, readingCases: Bool = true) throws(ConformError) {
    self.folder = folder
    let path = FileIO.join(folder, "suite.json")
    guard FileManager.default.fileExists(atPath: path) else {
      throw .file(path: path, message: "missing: a suite folder holds suite.json (conform suite init NAME makes one)")
    }
    let json: JSONValue
    do {
      json = try JSONReader.parse(try FileIO.read(path))
    } catch let error as JSONSyntaxError {
      throw .syntax(path, error)
    } catch {
      throw .file(path: path, message: "cannot be read: \(error)")
    }
    do throws(JSONShapeError) {
      let fields = try JSONFields(json)
      try fields.rejectUnknown(Self.fields)
      suiteDescription = try SuiteDescription(fields: fields)
      casesFile = fields.object["cases"] == nil ? "cases.jsonl" : try fields.string("cases")
      model = try fields.object["model"].map { value throws(JSONShapeError) in try Self.command(value, folder: folder) }
      let decisionCount = suiteDescription.decisions.count
      domain = try fields.object["domain"].map { value throws(JSONShapeError) in
        try TeamDomain(value, decisionCount: decisionCount)
      }
      if domain != nil && model == nil {
        throw JSONShapeError(path: "domain", message: "the cases a domain makes need a model to answer them: add \"model\"")
      }
      varies = try fields.object["varies"].map { value throws(JSONShapeError) in try Self.varyingMembers(value) } ?? []
      if !varies.isEmpty && model == nil {
        throw JSONShapeError(
          path: "varies", message: "the allowed values of an output are checked against the model's answers: add \"model\"")
      }
    } catch {
      throw .file(path: path, line: Self.line(of: error.path, in: (try? FileIO.read(path)) ?? []), message: "\(error)")
    }
    try Self.checkName(suiteDescription.name, path: path)
    try suiteDescription.checkVersion(path: path)
    let specPath = FileIO.join(folder, suiteDescription.specFile)
    specText = try FileIO.read(specPath)
    try Self.checkSpec(specText, path: specPath)
    cases = []
    if readingCases {
      var read: [NamedCase] = []
      try readCases { read.append($0) }
      cases = read
    }
  }

  /// A name a case id can start with, and not a built-in suite's.
  static func checkName(_ name: String, path: String) throws(ConformError) {
    let allowed =
      !name.isEmpty
      && name.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || byte == UInt8(ascii: "-")
      }
    guard allowed, name.first != "-" else {
      throw .file(path: path, message: "field \"name\": \"\(name)\" is not a suite name: use lower-case letters, digits and -")
    }
    if SuiteRegistry.named(name) != nil {
      throw .file(
        path: path,
        message: "field \"name\": \"\(name)\" is a built-in suite of conform: give the team's suite a name of its own "
          + "(built in: \(SuiteRegistry.names.joined(separator: ", ")))")
    }
  }

  /// The spec's own text leaves the decision entries to `suite.json`, which the published spec
  /// renders (`publishedSpec`).
  static func checkSpec(_ text: [UInt8], path: String) throws(ConformError) {
    for (index, line) in text.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
    where line.starts(with: Array("### D".utf8)) {
      throw .file(
        path: path, line: index + 1,
        message: "a decision heading: a team suite's decisions are written in suite.json (\"decisions\"), "
          + "and conform adds them to the published spec; remove the heading or move it there")
    }
  }

  /// 3 for `D3`.
  static func decisionNumber(_ id: String) -> Int? { SuiteDescription.decisionNumber(id) }

  private static func command(_ value: JSONValue, folder: String) throws(JSONShapeError) -> [String] {
    guard case .array(let items) = value, !items.isEmpty else {
      throw JSONShapeError(
        path: "model", message: "expected the model's command as an array of strings, e.g. [\"python3\", \"./model.py\"]")
    }
    var command: [String] = []
    for (index, item) in items.enumerated() {
      guard let text = item.stringValue else {
        throw JSONShapeError(path: "model[\(index)]", message: "expected a string, found \(item.typeName)")
      }
      command.append(text.hasPrefix("./") ? FileIO.join(folder, String(text.dropFirst(2))) : text)
    }
    return command
  }

  /// Reads `cases.jsonl`, handing each named case to `each` as it is read, checked against the
  /// schemas and the decisions; then checks the whole (some case, every decision exercised).
  package func readCases(each: (NamedCase) -> Void) throws(ConformError) {
    let path = FileIO.join(folder, casesFile)
    let bytes = try FileIO.read(path)
    var names: [String: Int] = [:]
    var named = Set<Int>()
    var failure: ConformError?
    bytes.withUnsafeBufferPointer { buffer in
      JSONLines.forEachLine(in: buffer) { number, line in
        guard failure == nil, line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
        do throws(ConformError) {
          let entry = try namedCase(line, number: number, path: path)
          if let earlier = names.updateValue(number, forKey: entry.name) {
            throw .file(
              path: path, line: number, message: "case \"\(entry.name)\" is also line \(earlier): give each case its own name")
          }
          named.formUnion(entry.decisions)
          each(entry)
        } catch {
          failure = error
        }
      }
    }
    if let failure { throw failure }
    guard !names.isEmpty else { throw .file(path: path, message: "holds no case: a suite needs at least one named case") }
    let unnamed = decisions.filter { !named.contains($0.number) }.map { "D\($0.number)" }
    guard unnamed.isEmpty else {
      throw .file(
        path: path,
        message: "no case exercises \(unnamed.joined(separator: ", ")): add a case whose \"decisions\" lists "
          + (unnamed.count == 1 ? "it" : "each"))
    }
  }

  private func namedCase(_ line: UnsafeBufferPointer<UInt8>, number: Int, path: String) throws(ConformError) -> NamedCase {
    let json: JSONValue
    do {
      json = try JSONReader.parse(line)
    } catch {
      throw .syntax(path, error, line: number)
    }
    do throws(JSONShapeError) {
      let fields = try JSONFields(json)
      try fields.rejectUnknown(Self.caseFields)
      let name = try fields.string("name")
      guard FixtureCase.isValidID(name), !name.hasPrefix("/"), !name.hasSuffix("/") else {
        throw JSONShapeError(path: "name", message: "\"\(name)\" is not a case name: use ASCII letters, digits and ._~+-/")
      }
      var decisionNumbers: [Int] = []
      for (index, item) in try fields.array("decisions").enumerated() {
        guard let id = item.stringValue, let decision = Self.decisionNumber(id) else {
          throw JSONShapeError(
            path: "decisions[\(index)]", message: "expected a decision id such as \"D1\", found \(JSONWriter.string(item))")
        }
        guard decisions.contains(where: { $0.number == decision }) else {
          throw JSONShapeError(
            path: "decisions[\(index)]", message: "\(id) is not a decision of suite.json (it has D1 to D\(decisions.count))")
        }
        decisionNumbers.append(decision)
      }
      guard !decisionNumbers.isEmpty else {
        throw JSONShapeError(path: "decisions", message: "empty: list the decisions (\"D1\", …) the case exercises")
      }
      var tags: [String] = []
      let tagValues = fields.object["tags"] == nil ? [] : try fields.array("tags")
      for (index, item) in tagValues.enumerated() {
        guard let tag = item.stringValue else {
          throw JSONShapeError(path: "tags[\(index)]", message: "expected a string, found \(item.typeName)")
        }
        tags.append(tag)
      }
      let input = try fields.value("input")
      if let problem = inputSchema.problems(of: input, limit: 1).first {
        throw JSONShapeError(path: "input", message: "does not match suite.json's inputSchema: \(problem)")
      }
      let expected = fields.object["expected"]
      if let expected, let problem = outputSchema.problems(of: expected, limit: 1).first {
        throw JSONShapeError(path: "expected", message: "does not match suite.json's outputSchema: \(problem)")
      }
      return NamedCase(
        name: name, input: input, note: try fields.object["note"] == nil ? "" : fields.string("note"),
        decisions: decisionNumbers.sorted().reduce(into: []) { if $0.last != $1 { $0.append($1) } },
        tags: ["named"] + (tags.isEmpty ? [String(name.prefix { $0 != "/" })] : tags.filter { $0 != "named" }),
        expected: expected, line: number)
    } catch {
      throw .file(path: path, line: number, message: "\(error)")
    }
  }

  /// A `cases.jsonl` line for a case `conform fuzz` found: its decisions are left for the team to
  /// list (`suite check` refuses the line until they do).
  package static func promotedLine(name: String, input: JSONValue, note: String) -> String {
    let line: JSONObject = ["decisions": [], "input": input, "name": .string(name), "note": .string(note)]
    return JSONWriter.string(.object(line)) + "  (list the decisions it exercises in \"decisions\")"
  }

  /// The spec as a fixtures folder publishes it: the team's text, the JSON Schemas of the input
  /// and the output, and an entry per decision of `suite.json` in a `## Decisions` section, as
  /// the built-in specs are published (`SuiteDescription.publishedSpec(prose:)`). A bundle
  /// carries all three.
  package var publishedSpec: [UInt8] { suiteDescription.publishedSpec(prose: specText) }
}

extension TeamSuiteFolder {
  /// The numbers of the decisions a model listed in an answer (`"decisions": ["D2"]`), ascending.
  ///
  /// - Throws: `ConformError.implementation` naming the model, the input and the id when an id
  ///   is not one of suite.json's decisions.
  func decisionNumbers(_ ids: [String], model: String, input: JSONValue) throws(ConformError) -> [Int] {
    var numbers: [Int] = []
    for id in ids {
      guard id.hasPrefix("D"), let number = Int(id.dropFirst()), decisions.indices.contains(number - 1) else {
        throw .implementation(
          "\(model) lists decision \"\(id)\" for \(JSONWriter.string(input)), which suite.json's \"decisions\" (D1 to "
            + "D\(decisions.count)) do not have: list the ids of the decisions that gave the output")
      }
      numbers.append(number)
    }
    return Array(Set(numbers)).sorted()
  }
}

extension TeamSuiteFolder {
  /// The 1-based line of suite.json where the member at `path` (`domain.object.flag.$ref`,
  /// array positions as `[2]`) is written: each key of the path looked for, as `"key"`, after
  /// the one before it; nil when one is not found (the message names the path anyway).
  static func line(of path: String, in bytes: [UInt8]) -> Int? {
    var keys: [String] = []
    for part in path.split(separator: ".") {
      let key = part.prefix { $0 != "[" }
      if !key.isEmpty { keys.append(String(key)) }
    }
    guard !keys.isEmpty else { return nil }
    var offset = 0
    for key in keys {
      let needle = Array("\"\(key)\"".utf8)
      guard let found = Self.find(needle, in: bytes, from: offset) else { return nil }
      offset = found + needle.count
    }
    return 1 + bytes[..<offset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
  }

  private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard needle.count <= bytes.count else { return nil }
    var index = start
    while index + needle.count <= bytes.count {
      if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }
}
