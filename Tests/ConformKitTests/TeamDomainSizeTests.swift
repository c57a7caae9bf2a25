import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// A domain's size controls (`"size": {"strength": 1, "levels": 2, "maxCases": 5}`): the table
/// `conform generate --suite` makes, the size line it prints, and a bad control refused naming
/// suite.json's line and what to write.
@Suite struct TeamDomainSizeTests {
  /// The scaffold's suite (two integer fields, and `extra` ones its model ignores) with `size` in
  /// its domain, one member a line.
  private func suite(size: JSONValue, extra: [String: JSONValue] = [:]) async throws -> URL {
    let scaffold = try await ScaffoldedSuite.make("size")
    try scaffold.editDescription { description in
      guard case .object(var domain)? = description["domain"] else { throw TestSupportError("suite.json has no domain") }
      domain["size"] = size
      if case .object(var fields)? = domain["object"] {
        for (name, node) in extra { fields[name] = node }
        domain["object"] = .object(fields)
      }
      // The input schema takes each extra field as any value.
      if case .object(var schema)? = description["inputSchema"], case .object(var properties)? = schema["properties"] {
        for name in extra.keys { properties[name] = [:] }
        schema["properties"] = .object(properties)
        description["inputSchema"] = .object(schema)
      }
      description["domain"] = .object(domain)
    }
    return scaffold.folder
  }

  /// The generated table's ids and `generate`'s output.
  private func generate(size: JSONValue, extra: [String: JSONValue] = [:]) async throws -> (
    ids: [String], stdout: String, inputs: [String: JSONValue]
  ) {
    let suite = try await suite(size: size, extra: extra)
    let out = TestSupport.temporaryDirectory().appendingPathComponent("size-out")
    let generated = try await TestSupport.run(
      TestSupport.binary("conform"), ["generate", "--suite", suite.path, "--out", out.path])
    #expect(generated.status == 0, "\(generated.stderr)")
    let table = try String(contentsOf: out.appendingPathComponent("price-discount.jsonl"), encoding: .utf8)
    let lines = try table.split(separator: "\n").map { try JSONReader.parse(Array($0.utf8)) }
    let ids = lines.map { $0["id"]?.stringValue ?? "" }
    return (ids, generated.stdout, Dictionary(zip(ids, lines.map { $0["input"] ?? .null }), uniquingKeysWith: { a, _ in a }))
  }

  @Test(.timeLimit(.minutes(30))) func strengthOneMakesTheBoundaryCasesAlone() async throws {
    let (ids, stdout, _) = try await generate(size: ["strength": 1])
    #expect(!ids.contains { $0.contains("/pairwise/") } && ids.contains { $0.contains("/boundary/") })
    #expect(
      stdout.contains("price-discount: \(ids.count) cases (2 named; from the domain \(ids.count - 2) boundary, 0 pairwise)"),
      "\(stdout)")
    #expect(stdout.contains("; size: strength 1"), "\(stdout)")
  }

  /// Strength 3 with three fields: every three levels meet, so the domain's cases are the whole
  /// product of the levels the boundary cases show, and the size line counts the 3-wise ones.
  @Test(.timeLimit(.minutes(30))) func strengthThreeMakesEveryThreeLevelsMeet() async throws {
    let (ids, stdout, inputs) = try await generate(
      size: ["strength": 3, "levels": 3], extra: ["coupon": ["boolean": [:]]])
    let threeWise = ids.filter { $0.contains("/3-wise/") }
    #expect(!ids.contains { $0.contains("/pairwise/") } && !threeWise.isEmpty, "\(ids)")
    let generated = ids.count - 2
    #expect(
      stdout.contains(
        "price-discount: \(ids.count) cases (2 named; from the domain \(generated - threeWise.count) boundary, "
          + "\(threeWise.count) 3-wise)"),
      "\(stdout)")
    #expect(stdout.contains("; size: strength 3, at most 3 levels a field"), "\(stdout)")
    // Each field's levels, from the domain's cases; every three of them in some 3-wise case.
    let fields = ["coupon", "percent", "priceCents"]
    let domainInputs = ids.filter { $0.contains("/boundary/") || $0.contains("/3-wise/") }.compactMap { inputs[$0] }
    let levels = fields.map { field in Set(domainInputs.compactMap { $0[field] }) }
    #expect(levels.map(\.count) == [2, 3, 3], "\(levels)")
    // (A row whose input a boundary case already has is that case: the table keeps each input once.)
    let met = Set(domainInputs.map { input in fields.map { input[$0] ?? .null } })
    for coupon in levels[0] {
      for percent in levels[1] {
        for price in levels[2] { #expect(met.contains([coupon, percent, price]), "\(coupon), \(percent), \(price)") }
      }
    }
  }

  @Test(.timeLimit(.minutes(30))) func levelsAndTheBudgetBoundTheTable() async throws {
    // Two levels a field: one boundary case each, and the 2 x 2 pairs in 4 rows at most.
    let (levelled, _, _) = try await generate(size: ["levels": 2])
    #expect(levelled.filter { $0.contains("/boundary/") }.count == 2, "\(levelled)")
    #expect(levelled.filter { $0.contains("/pairwise/") }.count <= 4, "\(levelled)")
    let (budgeted, stdout, _) = try await generate(size: ["maxCases": 5])
    #expect(budgeted.count == 2 + 5, "the named cases and 5 from the domain: \(budgeted)")
    #expect(stdout.contains("a budget of 5 cases from the domain ("), "\(stdout)")
    #expect(stdout.contains("more left out)"), "\(stdout)")
  }

  @Test(
    .timeLimit(.minutes(30)),
    arguments: [
      (JSONValue.object(["strength": 4]), "expected 1 (each level of each field once), 2 (also every pair"),
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
