import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// Domains with `anyOf` (a union of listed values and drawn strings; a choice of whole
/// sub-objects, each branch listing its decisions) and `$ref`, as `conform generate --suite`
/// and `suite check` read them; a bad reference and one that cannot generate are refused naming
/// suite.json's line and what to do.
@Suite struct TeamDomainUnionTests {
  /// The scaffold's suite with `domain` as suite.json's domain, `field` its field and the input
  /// schema left open; its model answers by the percent when it is an integer, else an error.
  private func suite(domain: JSONValue) async throws -> (root: URL, suite: URL) {
    let scaffold = try await ScaffoldedSuite.make("unions")
    try scaffold.editDescription { description in
      description["domain"] = domain
      description["inputSchema"] = ["$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"]
      description["outputSchema"] = ["$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"]
    }
    try scaffold.editModel(
      replacing: "    price, percent = case[\"priceCents\"], case[\"percent\"]\n",
      with: "    price, percent = case[\"priceCents\"], case[\"percent\"]\n"
        + "    if not isinstance(percent, int): return {\"error\": \"percent-not-a-number\"}\n")
    return (scaffold.root, scaffold.folder)
  }

  private static let price: JSONValue = ["integer": ["min": 0, "max": 1000]]

  @Test(.timeLimit(.minutes(30))) func aUnionFieldsValuesAreFiledUnderTheirBranchsDecisions() async throws {
    let domain: JSONValue = [
      "definitions": ["price": Self.price],
      "object": [
        "priceCents": ["$ref": "#/definitions/price"],
        "percent": [
          "anyOf": [
            ["integer": ["min": 0, "max": 100], "decisions": ["D1"]],
            ["string": ["classes": ["digits", "non-ascii-digits"], "maxLength": 3], "decisions": ["D2"]],
          ]
        ],
      ],
    ]
    let (root, suite) = try await suite(domain: domain)
    let out = root.appendingPathComponent("out")
    let generated = try await TestSupport.run(
      TestSupport.binary("conform"), ["generate", "--suite", suite.path, "--out", out.path])
    #expect(generated.status == 0, "\(generated.stderr)")
    let table = try String(contentsOf: out.appendingPathComponent("price-discount.jsonl"), encoding: .utf8)
    var strings = 0
    var integers = 0
    for line in table.split(separator: "\n") {
      let fixture = try JSONReader.parse(Array(line.utf8))
      guard let id = fixture["id"]?.stringValue, id.contains("/boundary/percent/") else { continue }
      let isString = fixture["input"]?["percent"]?.stringValue != nil
      if isString { strings += 1 } else { integers += 1 }
      #expect(fixture["decisions"] == [isString ? "price-discount/D2" : "price-discount/D1"], "\(id)")
    }
    #expect(strings > 0 && integers > 0, "the union's boundary cases take both branches' levels")
  }

  @Test(.timeLimit(.minutes(30))) func aReferenceToNoDefinitionIsRefusedNamingItsLine() async throws {
    let domain: JSONValue = ["object": ["priceCents": ["$ref": "#/definitions/prices"], "percent": Self.price]]
    let (_, suite) = try await suite(domain: domain)
    let check = try await TestSupport.run(TestSupport.binary("conform"), ["suite", "check", suite.path])
    #expect(check.status == 2)
    let line = try Self.line(of: "\"$ref\"", in: suite.appendingPathComponent("suite.json"))
    #expect(
      check.stderr.contains(
        "suite.json line \(line): field \"domain.object.priceCents.$ref\": \"#/definitions/prices\" names no node of the "
          + "domain's \"definitions\": add \"definitions\": {\"NAME\": NODE} beside the domain's \"object\""),
      "\(check.stderr)")
  }

  @Test(.timeLimit(.minutes(30))) func aJointNodeThatCannotGenerateIsRefusedNamingItsLine() async throws {
    let domain: JSONValue = [
      "definitions": ["rule": ["object": ["next": ["$ref": "#/definitions/rule"]]]],
      "object": ["priceCents": Self.price, "percent": ["anyOf": [Self.price, ["$ref": "#/definitions/rule"]]]],
    ]
    let (_, suite) = try await suite(domain: domain)
    let check = try await TestSupport.run(TestSupport.binary("conform"), ["suite", "check", suite.path])
    #expect(check.status == 2)
    #expect(
      check.stderr.contains(
        "field \"domain.definitions.rule.object.next.$ref\": \"#/definitions/rule\" refers to itself (rule -> rule): a "
          + "domain node cannot generate an endless value; bound it with a node that is not a reference"),
      "\(check.stderr)")
    #expect(check.stderr.contains("suite.json line "), "\(check.stderr)")
  }

  /// The 1-based line of the first occurrence of `text` in the file.
  private static func line(of text: String, in file: URL) throws -> Int {
    let content = try String(contentsOf: file, encoding: .utf8)
    guard let range = content.range(of: text) else { return 0 }
    return content[..<range.lowerBound].filter { $0 == "\n" }.count + 1
  }
}
