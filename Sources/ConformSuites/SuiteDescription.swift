import ConformBundle
import ConformFixtures
import ConformJSON

/// What a suite's `suite.json` says of it, built-in or a team's: its name, version and title, the
/// spec's Markdown file, the decisions, and the JSON Schemas of its input and output.
/// harness/TEAM-SUITES.md describes the format.
///
/// One reader and one renderer for both kinds: a team's folder (`TeamSuiteFolder`) reads these
/// fields and adds its own (cases, model, domain); a built-in suite's `<name>.suite.json`, embedded
/// in the kit beside its Markdown (`BuiltInSpec`), has these alone, as its model is Swift.
/// `publishedSpec(prose:)` renders both into the spec a fixtures folder publishes, which
/// `SpecDecisions.parse` reads back.
package struct SuiteDescription: Sendable {
  /// One decision of the suite: the published spec's `### D3.` entry.
  package struct Decision: Sendable, Equatable {
    package var number: Int
    package var title: String
    /// Markdown; paragraphs are separated by a blank line.
    package var rule: String
    package var why: String
    package var drift: String
  }

  package var name: String
  package var version: String
  package var title: String
  /// The spec's Markdown file, relative to `suite.json`.
  package var specFile: String
  package var decisions: [Decision]
  package var inputSchema: JSONSchema
  package var outputSchema: JSONSchema
  /// The two schemas as `suite.json` writes them: the published spec carries them.
  package var schemas: (input: JSONValue, output: JSONValue)

  /// The names of `suite.json` every suite has; a team's folder may add others.
  static let fields = ["name", "version", "title", "spec", "decisions", "inputSchema", "outputSchema"]

  /// Reads the shared fields of `suite.json`'s object; the caller refuses the names it does not know.
  ///
  /// - Throws: `JSONShapeError` naming the field: missing, of the wrong type, decisions not
  ///   numbered D1, D2, … in order, a schema outside conform's subset, a version that is not
  ///   `MAJOR.MINOR.PATCH`.
  package init(fields: JSONFields) throws(JSONShapeError) {
    name = try fields.string("name")
    version = try fields.string("version")
    title = try fields.string("title")
    specFile = try fields.string("spec")
    decisions = try Self.decisions(fields.array("decisions"))
    inputSchema = try Self.schema(fields, "inputSchema")
    outputSchema = try Self.schema(fields, "outputSchema")
    schemas = (try fields.value("inputSchema"), try fields.value("outputSchema"))
  }

  /// Reads `bytes`, the whole of a `suite.json` with no other field than the shared ones (a
  /// built-in suite's), and checks its version.
  ///
  /// - Throws: `ConformError.file` naming `path`, and the line and column of a syntax error or
  ///   the field that is wrong.
  package init(json bytes: [UInt8], path: String) throws(ConformError) {
    let json: JSONValue
    do {
      json = try JSONReader.parse(bytes)
    } catch {
      throw .syntax(path, error)
    }
    do throws(JSONShapeError) {
      let fields = try JSONFields(json)
      try fields.rejectUnknown(Self.fields)
      self = try SuiteDescription(fields: fields)
    } catch {
      throw .file(path: path, message: "\(error)")
    }
    try checkVersion(path: path)
  }

  /// The version is `MAJOR.MINOR.PATCH`.
  func checkVersion(path: String) throws(ConformError) {
    guard SemanticVersion(version) != nil else {
      throw .file(
        path: path, message: "field \"version\": \"\(version)\" is not a version: write MAJOR.MINOR.PATCH, e.g. \"1.0.0\"")
    }
  }

  private static func decisions(_ items: [JSONValue]) throws(JSONShapeError) -> [Decision] {
    guard !items.isEmpty else { throw JSONShapeError(path: "decisions", message: "empty: a suite has at least one decision") }
    var decisions: [Decision] = []
    for (index, item) in items.enumerated() {
      let entry = try JSONFields(item, path: "decisions[\(index)]")
      try entry.rejectUnknown(["id", "title", "rule", "why", "drift"])
      let id = try entry.string("id")
      guard let number = Self.decisionNumber(id) else {
        throw JSONShapeError(path: entry.pathOf("id"), message: "\"\(id)\" is not a decision id: write D1, D2, …")
      }
      guard number == index + 1 else {
        throw JSONShapeError(
          path: entry.pathOf("id"), message: "\(id) is entry \(index + 1): number the decisions D1, D2, … in order")
      }
      decisions.append(
        Decision(
          number: number, title: try entry.string("title"), rule: try entry.string("rule"), why: try entry.string("why"),
          drift: try entry.string("drift")))
    }
    return decisions
  }

  /// 3 for `D3`.
  static func decisionNumber(_ id: String) -> Int? {
    guard id.hasPrefix("D"), let number = Int(id.dropFirst()), number > 0, "D\(number)" == id else { return nil }
    return number
  }

  private static func schema(_ fields: JSONFields, _ key: String) throws(JSONShapeError) -> JSONSchema {
    do {
      return try JSONSchema(try fields.value(key))
    } catch let problem as JSONSchema.Problem {
      throw JSONShapeError(path: key, message: "\(problem)")
    } catch let error as JSONShapeError {
      throw error
    } catch {
      throw JSONShapeError(path: key, message: "\(error)")
    }
  }
}

extension SuiteDescription {
  /// The spec as a fixtures folder publishes it: `prose` (the Markdown, which holds no decision
  /// entry), a `## Schemas` section with the JSON Schemas of the input and the output, then the
  /// decisions as `### D3. Title` entries with their **Rule.**, **Why.** and **Drift.** paragraphs.
  ///
  /// The entries go at the end of the prose's `## Decisions` section (a level-2 heading whose
  /// text starts with the word Decisions, so that its intro comes first), before the next `## `
  /// heading, and `## Schemas` just before that section; without one, both sections are appended.
  /// Fenced code blocks are skipped when looking for headings. A bundle carries the result, so a
  /// conform that has never seen the suite reads its decisions (`SpecDecisions`) and schemas.
  package func publishedSpec(prose: [UInt8]) -> [UInt8] {
    let lines = String(decoding: prose, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    var heading: Int?
    var next: Int?
    var fenced = false
    for (index, line) in lines.enumerated() {
      if line.hasPrefix("```") { fenced.toggle() }
      if fenced || line.hasPrefix("```") { continue }
      if heading == nil, Self.isDecisionsHeading(line) {
        heading = index
      } else if heading != nil, line.hasPrefix("## ") {
        next = index
        break
      }
    }
    var before = lines[..<(heading ?? lines.endIndex)].joined(separator: "\n")
    var section = heading.map { lines[$0..<(next ?? lines.endIndex)].joined(separator: "\n") } ?? "## Decisions"
    let after = next.map { lines[$0...].joined(separator: "\n") } ?? ""
    while before.hasSuffix("\n") { before.removeLast() }
    while section.hasSuffix("\n") { section.removeLast() }

    // Without a `## Decisions` heading this is the team suites' layout since schemas were published.
    var text = heading != nil && before.isEmpty ? "" : before + "\n\n"
    text += "## Schemas\n\nThe input (JSON Schema 2020-12):\n\n```json\n\(JSONWriter.string(schemas.input))\n```\n"
    text += "\nThe output:\n\n```json\n\(JSONWriter.string(schemas.output))\n```\n"
    text += "\n\(section)\n"
    for decision in decisions {
      text += "\n### D\(decision.number). \(decision.title)\n\n**Rule.** \(decision.rule)\n\n**Why.** \(decision.why)\n\n"
      text += "**Drift.** \(decision.drift)\n"
    }
    if !after.isEmpty { text += "\n" + after }
    return Array(text.utf8)
  }

  /// `## Decisions`, `## Decisions, and the sentences they come from`; not `## Decisionsmaking`.
  private static func isDecisionsHeading(_ line: Substring) -> Bool {
    guard line.hasPrefix("## Decisions") else { return false }
    guard let following = line.dropFirst("## Decisions".count).first else { return true }
    return !following.isLetter && !following.isNumber
  }
}
