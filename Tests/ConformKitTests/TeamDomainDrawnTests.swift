import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// Domain fields drawn from what another field of the same input holds (`{"drawnFrom":
/// "/toggles"}`: a key of that object, an item of that array), as `conform generate --suite`
/// and `suite check` read them; a pointer to no field, and a field that never holds a member,
/// are refused naming suite.json's line and what to do.
@Suite struct TeamDomainDrawnTests {
  /// The scaffold's suite with `domain` as suite.json's domain (one member a line) and the
  /// schemas left open.
  private func suite(domain: JSONValue) async throws -> URL {
    let scaffold = try await ScaffoldedSuite.make("drawn")
    try scaffold.editDescription { description in
      description["domain"] = domain
      description["inputSchema"] = ["$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"]
    }
    return scaffold.folder
  }

  private static func domain(toggles: JSONValue, toggle: JSONValue) -> JSONValue {
    [
      "object": [
        "priceCents": ["integer": ["min": 0, "max": 1000]], "percent": ["integer": ["min": 0, "max": 100]],
        "toggles": toggles, "toggle": toggle,
      ]
    ]
  }

  @Test(.timeLimit(.minutes(30))) func aDrawnFieldTakesTheKeysOfTheFieldItIsDrawnFrom() async throws {
    let states: JSONValue = ["enum": [["dark": true, "beta": false], ["solo": true], .object(JSONObject())]]
    let suite = try await suite(domain: Self.domain(toggles: states, toggle: ["drawnFrom": "/toggles"]))
    let out = TestSupport.temporaryDirectory().appendingPathComponent("drawn-out")
    let generated = try await TestSupport.run(
      TestSupport.binary("conform"), ["generate", "--suite", suite.path, "--out", out.path])
    #expect(generated.status == 0, "\(generated.stderr)")
    var drawn: Set<String> = []
    for line in try String(contentsOf: out.appendingPathComponent("price-discount.jsonl"), encoding: .utf8).split(separator: "\n")
    {
      let input = try #require(try JSONReader.parse(Array(line.utf8))["input"])
      guard let toggles = input["toggles"]?.objectValue else { continue }  // a named case
      let toggle = try #require(input["toggle"]?.stringValue, "an input with toggles {} cannot be made: \(input)")
      #expect(toggles[toggle] != nil, "\(toggle) is a key of \(toggles)")
      drawn.insert(toggle)
    }
    #expect(drawn == ["beta", "dark", "solo"])
  }

  @Test(.timeLimit(.minutes(30))) func aDrawnFieldNamingNoFieldIsRefusedNamingItsLine() async throws {
    let suite = try await suite(
      domain: Self.domain(toggles: ["enum": [["dark": true]]], toggle: ["drawnFrom": "/state"]))
    let check = try await TestSupport.run(TestSupport.binary("conform"), ["suite", "check", suite.path])
    #expect(check.status == 2, "\(check.stderr)")
    let line = try ScaffoldedSuite.line(holding: "drawnFrom", inSuiteJSONOf: suite)
    #expect(check.stderr.contains("suite.json line \(line)"), "\(check.stderr)")
    #expect(check.stderr.contains("\"/state\" names no field the domain makes (the input has"), "\(check.stderr)")
    #expect(check.stderr.contains("name a field of the same input that holds an object"), "\(check.stderr)")
  }

  @Test(.timeLimit(.minutes(30))) func aDrawnFieldWhoseFieldNeverHoldsAMemberCannotGenerate() async throws {
    let suite = try await suite(
      domain: Self.domain(toggles: ["enum": [.object(JSONObject()), []]], toggle: ["drawnFrom": "/toggles"]))
    let check = try await TestSupport.run(TestSupport.binary("conform"), ["suite", "check", suite.path])
    #expect(check.status == 2, "\(check.stderr)")
    #expect(check.stderr.contains("suite.json line "), "\(check.stderr)")
    #expect(check.stderr.contains("this node cannot generate: the field at \"/toggles\" never holds"), "\(check.stderr)")
  }
}
