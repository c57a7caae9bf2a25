import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// A team model that lists, beside each answer, the decisions that gave it: `conform generate
/// --suite` files each case made from the domain under those decisions, and refuses a decision
/// suite.json does not have, naming the model, the input and what to do.
@Suite struct TeamModelDecisionsTests {
  /// The scaffold's suite, its model listing D2 for an out-of-range percent and D1 otherwise
  /// (`listing` replaces that rule when given).
  private func suite(listing rule: String? = nil) async throws -> (root: URL, suite: URL) {
    let scaffold = try await ScaffoldedSuite.make("decisions")
    let listing = rule ?? #"["D2"] if "error" in answer["output"] else ["D1"]"#
    try scaffold.insertIntoModel(
      "        if request[\"type\"] == \"case\": answer[\"decisions\"] = \(listing)\n", before: "        sys.stdout.write(")
    return (scaffold.root, scaffold.folder)
  }

  @Test(.timeLimit(.minutes(30))) func eachGeneratedCaseIsFiledUnderTheDecisionsTheModelLists() async throws {
    let (root, suite) = try await suite()
    let out = root.appendingPathComponent("out")
    let generated = try await TestSupport.run(
      TestSupport.binary("conform"), ["generate", "--suite", suite.path, "--out", out.path])
    #expect(generated.status == 0, "\(generated.stderr)")
    let table = try String(contentsOf: out.appendingPathComponent("price-discount.jsonl"), encoding: .utf8)
    var generatedCases = 0
    for line in table.split(separator: "\n") {
      let fixture = try JSONReader.parse(Array(line.utf8))
      guard let id = fixture["id"]?.stringValue, !fixture["tags"]!.arrayValue!.contains("named") else { continue }
      generatedCases += 1
      let refused = fixture["expected"]?["error"] != nil
      #expect(fixture["decisions"] == [refused ? "price-discount/D2" : "price-discount/D1"], "\(id)")
    }
    #expect(generatedCases > 10)
  }

  @Test(.timeLimit(.minutes(30))) func aDecisionTheSuiteDoesNotHaveIsRefusedNamingTheModelAndWhatToDo() async throws {
    let (root, suite) = try await suite(listing: #"["D9"]"#)
    let generated = try await TestSupport.run(
      TestSupport.binary("conform"), ["generate", "--suite", suite.path, "--out", root.appendingPathComponent("out").path])
    #expect(generated.status == 2)
    #expect(
      generated.stderr.contains(#"model.py lists decision "D9" for {"#)
        && generated.stderr.contains(#"which suite.json's "decisions" (D1 to D2) do not have: list the ids"#),
      "\(generated.stderr)")
  }
}
