import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// A domain's size controls (`"size": {"strength": 1, "levels": 2, "maxCases": 5}`): the table
/// `conform generate --suite` makes, the size line it prints, and a bad control refused naming
/// suite.json's line and what to write.
@Suite struct TeamDomainSizeTests {
  /// The scaffold's suite (two integer fields) with `size` in its domain, one member a line.
  private func suite(size: JSONValue) async throws -> URL {
    let scaffold = try await ScaffoldedSuite.make("size")
    try scaffold.editDescription { description in
      guard case .object(var domain)? = description["domain"] else { throw TestSupportError("suite.json has no domain") }
      domain["size"] = size
      description["domain"] = .object(domain)
    }
    return scaffold.folder
  }

  /// The generated table's ids and `generate`'s output.
  private func generate(size: JSONValue) async throws -> (ids: [String], stdout: String) {
    let suite = try await suite(size: size)
    let out = TestSupport.temporaryDirectory().appendingPathComponent("size-out")
    let generated = try await TestSupport.run(
      TestSupport.binary("conform"), ["generate", "--suite", suite.path, "--out", out.path])
    #expect(generated.status == 0, "\(generated.stderr)")
    let table = try String(contentsOf: out.appendingPathComponent("price-discount.jsonl"), encoding: .utf8)
    let ids = try table.split(separator: "\n").map { try JSONReader.parse(Array($0.utf8))["id"]?.stringValue ?? "" }
    return (ids, generated.stdout)
  }

  @Test(.timeLimit(.minutes(30))) func strengthOneMakesTheBoundaryCasesAlone() async throws {
    let (ids, stdout) = try await generate(size: ["strength": 1])
    #expect(!ids.contains { $0.contains("/pairwise/") } && ids.contains { $0.contains("/boundary/") })
    #expect(
      stdout.contains("price-discount: \(ids.count) cases (2 named; from the domain \(ids.count - 2) boundary, 0 pairwise)"),
      "\(stdout)")
    #expect(stdout.contains("; size: strength 1"), "\(stdout)")
  }

  @Test(.timeLimit(.minutes(30))) func levelsAndTheBudgetBoundTheTable() async throws {
    // Two levels a field: one boundary case each, and the 2 x 2 pairs in 4 rows at most.
    let (levelled, _) = try await generate(size: ["levels": 2])
    #expect(levelled.filter { $0.contains("/boundary/") }.count == 2, "\(levelled)")
    #expect(levelled.filter { $0.contains("/pairwise/") }.count <= 4, "\(levelled)")
    let (budgeted, stdout) = try await generate(size: ["maxCases": 5])
    #expect(budgeted.count == 2 + 5, "the named cases and 5 from the domain: \(budgeted)")
    #expect(stdout.contains("a budget of 5 cases from the domain ("), "\(stdout)")
    #expect(stdout.contains("more left out)"), "\(stdout)")
  }

  @Test(
    .timeLimit(.minutes(30)),
    arguments: [
      (JSONValue.object(["strength": 3]), "expected 1 (each level of each field once) or 2"),
      (JSONValue.object(["levels": 0]), "levels"),
      (JSONValue.object(["maxCases": -1]), "maxCases"),
      (JSONValue.object(["budget": 5]), "budget"),
    ])
  func aBadSizeControlIsRefusedNamingItsLine(size: JSONValue, message: String) async throws {
    let suite = try await suite(size: size)
    let check = try await TestSupport.run(TestSupport.binary("conform"), ["suite", "check", suite.path])
    #expect(check.status == 2, "\(check.stderr)")
    let line = try ScaffoldedSuite.line(holding: "\"size\"", inSuiteJSONOf: suite)
    #expect(check.stderr.contains("suite.json line \(line)"), "\(check.stderr)")
    #expect(check.stderr.contains("domain.size"), "\(check.stderr)")
    #expect(check.stderr.contains(message), "\(check.stderr)")
  }
}
