import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// `SuiteDescription`: the one reader of `suite.json` for built-in and team suites, and the one
/// renderer of their published specs; and the built-in suites' descriptions, checked against
/// their specs and their published tables.
@Suite struct SuiteDescriptionTests {
  /// The description of a two-decision suite whose entries hold a second paragraph.
  static let sample: SuiteDescription = {
    let text = """
      {"name": "sample", "version": "1.0.0", "title": "A sample", "spec": "sample.md",
       "decisions": [
         {"id": "D1", "title": "First.", "rule": "Rule one.\\n\\n| a | b |", "why": "Why one.", "drift": "Drift one."},
         {"id": "D2", "title": "Second.", "rule": "Rule two.", "why": "Why two.", "drift": "Drift two."}],
       "inputSchema": {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "integer"},
       "outputSchema": {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "boolean"}}
      """
    do {
      return try SuiteDescription(json: Array(text.utf8), path: "sample.suite.json")
    } catch {
      preconditionFailure("\(error)")
    }
  }()

  /// The `## Schemas` section of `sample`, as rendered.
  static let schemas = """
    ## Schemas

    The input (JSON Schema 2020-12):

    ```json
    {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"integer"}
    ```

    The output:

    ```json
    {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"boolean"}
    ```
    """

  /// The decision entries of `sample`, as rendered.
  static let entries = """
    ### D1. First.

    **Rule.** Rule one.

    | a | b |

    **Why.** Why one.

    **Drift.** Drift one.

    ### D2. Second.

    **Rule.** Rule two.

    **Why.** Why two.

    **Drift.** Drift two.
    """

  static func published(_ prose: String) -> String {
    String(decoding: sample.publishedSpec(prose: Array(prose.utf8)), as: UTF8.self)
  }

  // MARK: - The renderer

  /// Without a `## Decisions` heading, the schemas and a `## Decisions` section are appended,
  /// as team suites have published them since their schemas were.
  @Test func aProseWithoutDecisionsGetsTheSectionsAppended() {
    let prose = "# Sample\n\nThe prose.\n\n## Input\n\nAn integer.\n\n\n"
    let expected = "# Sample\n\nThe prose.\n\n## Input\n\nAn integer.\n\n\(Self.schemas)\n\n## Decisions\n\n\(Self.entries)\n"
    #expect(Self.published(prose) == expected)
  }

  /// The entries go at the end of the prose's `## Decisions` section, after its intro and
  /// before the next `## ` heading, and the schemas just before the section.
  @Test func theEntriesGoInsideAnExistingDecisionsSection() {
    let prose =
      "# Sample\n\n## Rules\n\nR.\n\n## Decisions\n\nEach decision has an id.\n\nA second intro paragraph.\n\n"
      + "## Coverage\n\nC.\n"
    let expected = """
      # Sample

      ## Rules

      R.

      \(Self.schemas)

      ## Decisions

      Each decision has an id.

      A second intro paragraph.

      \(Self.entries)

      ## Coverage

      C.

      """
    #expect(Self.published(prose) == expected)
    let decisions = try? SpecDecisions.parse(Array(expected.utf8), suite: "sample")
    #expect(decisions?.map(\.title) == ["First.", "Second."])
  }

  /// A heading that goes on after the word (restart-prompt's `## Decisions, and the sentences
  /// they come from`) is the section; one in a fenced block, or a longer word, is not.
  @Test func theDecisionsHeadingIsAWordOutsideCode() {
    let prose = "# S\n\n```md\n## Decisions\n```\n\n## Decisionsmaking\n\nD.\n\n## Decisions, and why\n\nIntro.\n"
    let expected =
      "# S\n\n```md\n## Decisions\n```\n\n## Decisionsmaking\n\nD.\n\n\(Self.schemas)\n\n## Decisions, and why\n\nIntro.\n\n"
      + "\(Self.entries)\n"
    #expect(Self.published(prose) == expected)
  }

  @Test func aDecisionsSectionAtTheTopHasNothingBeforeTheSchemas() {
    #expect(Self.published("## Decisions\n\nIntro.\n") == "\(Self.schemas)\n\n## Decisions\n\nIntro.\n\n\(Self.entries)\n")
  }

  // MARK: - The reader

  @Test func theReaderRefusesAFieldOnlyATeamFolderHolds() {
    let text = #"{"name": "x", "version": "1.0.0", "title": "t", "spec": "x.md", "decisions": [], "model": ["./m"]}"#
    #expect(throws: ConformError.self) { try SuiteDescription(json: Array(text.utf8), path: "x.suite.json") }
  }

  @Test func theReaderRefusesAVersionThatIsNotSemantic() throws {
    var text = String(decoding: try FileIO.read(Self.descriptionPath("version-compare")), as: UTF8.self)
    text = text.replacingOccurrences(of: #""version": "1.1.0""#, with: #""version": "1.1""#)
    let refusal = ConformError.file(
      path: "v.suite.json", message: #"field "version": "1.1" is not a version: write MAJOR.MINOR.PATCH, e.g. "1.0.0""#)
    #expect(throws: refusal) { try SuiteDescription(json: Array(text.utf8), path: "v.suite.json") }
  }

  // MARK: - The built-in suites' descriptions

  /// `Sources/ConformSuites/<Folder>/<name>.suite.json`.
  static func descriptionPath(_ name: String) throws -> String {
    let suites = TestSupport.packageRoot.appendingPathComponent("Sources/ConformSuites").path
    for folder in try FileManager.default.contentsOfDirectory(atPath: suites).sorted() {
      let path = FileIO.join(FileIO.join(suites, folder), "\(name).suite.json")
      if FileManager.default.fileExists(atPath: path) { return path }
    }
    throw ConformError.file(path: suites, message: "no folder holds \(name).suite.json")
  }

  /// The shared reader reads the file in the checkout, the kit embeds that file, and its
  /// decisions are those the published spec lists, by number and title, in order.
  @Test(arguments: SuiteRegistry.names)
  func aBuiltInSuiteIsDescribedInTheTeamFormat(name: String) throws {
    let suite = try #require(SuiteRegistry.named(name))
    let builtIn = try #require(suite as? any BuiltInSuite, "\(name) is not a BuiltInSuite")
    let written = type(of: builtIn).written
    let path = try Self.descriptionPath(name)
    let description = try SuiteDescription(json: try FileIO.read(path), path: path)
    #expect(description.name == suite.name)
    #expect(description.version == suite.specVersion)
    #expect(description.specFile == "\(name).md")
    #expect(JSONWriter.string(description.schemas.input) == JSONWriter.string(written.suiteDescription.schemas.input))
    #expect(description.decisions == written.suiteDescription.decisions, "the kit embeds another \(name).suite.json")
    let prose = String(decoding: written.prose, as: UTF8.self)
    #expect(!prose.split(separator: "\n").contains { $0.hasPrefix("### D") }, "\(name).md still holds a decision entry")
    let fromSpec = try SpecDecisions.parse(suite.spec, suite: name)
    #expect(fromSpec.map(\.number) == description.decisions.map(\.number))
    #expect(fromSpec.map(\.title) == description.decisions.map(\.title))
  }

  /// Every committed case's input matches its suite's inputSchema and its expected output the
  /// outputSchema: the schemas describe the tables the suites publish.
  @Test(arguments: SuiteRegistry.names)
  func everyPublishedCaseMatchesTheSchemas(name: String) throws {
    let suite = try #require(SuiteRegistry.named(name) as? any BuiltInSuite)
    let description = type(of: suite).written.suiteDescription
    let path = FileIO.join(FixturesTests.fixturesDirectory, "\(name).jsonl")
    var count = 0
    for line in String(decoding: try FileIO.read(path), as: UTF8.self).split(separator: "\n") {
      let fields = try JSONFields(try JSONReader.parse(String(line)))
      let id = try fields.string("id")
      if let problem = description.inputSchema.problems(of: try fields.value("input"), limit: 1).first {
        Issue.record("\(id): the input does not match \(name).suite.json's inputSchema: \(problem)")
        return
      }
      if let problem = description.outputSchema.problems(of: try fields.value("expected"), limit: 1).first {
        Issue.record("\(id): the expected output does not match \(name).suite.json's outputSchema: \(problem)")
        return
      }
      count += 1
    }
    #expect(count > 0, "fixtures/\(name).jsonl holds no case")
  }
}
