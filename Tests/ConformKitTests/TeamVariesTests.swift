import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// Nondeterministic outputs of a team suite (`suite.json`'s `"varies"`): a table keeps the
/// allowed values beside the expected output, and a model or a suite.json that contradicts them
/// is refused naming the file, the line, the case and what to do.
@Suite struct TeamVariesTests {
  /// The scaffold's suite with suite.json's `varies` (one member a line, so that a line number
  /// points at one key) and its model's answer built by `answer`, a Python expression over
  /// `output` (the scaffold's output) and `case`.
  private func suite(varies: JSONValue?, answer: String) async throws -> URL {
    let scaffold = try await ScaffoldedSuite.make("varies")
    try scaffold.editDescription { $0["varies"] = varies }
    try scaffold.editModel(
      replacing: "\"output\": decide(request[\"input\"])}",
      with: "\"output\": decide(request[\"input\"])}\n            answer.update(\(answer))")
    return scaffold.folder
  }

  private func check(_ suite: URL) async throws -> ProcessOutcome {
    try await TestSupport.run(TestSupport.binary("conform"), ["suite", "check", suite.path])
  }

  @Test(.timeLimit(.minutes(30))) func aTableCarriesTheAllowedValuesTheModelStates() async throws {
    // Every discounted price may also be one cent more: the model states both, picking either.
    let suite = try await suite(
      varies: ["/discountedCents": "model"],
      answer: "{'output': {'discountedCents': answer['output']['discountedCents'] + (request['seq'] % 2)}, "
        + "'varies': {'/discountedCents': [answer['output']['discountedCents'] + 1, answer['output']['discountedCents']]}} "
        + "if 'discountedCents' in answer['output'] else {}")
    let out = TestSupport.temporaryDirectory().appendingPathComponent("varies-table")
    let generated = try await TestSupport.run(
      TestSupport.binary("conform"), ["generate", "--suite", suite.path, "--out", out.path])
    #expect(generated.status == 0, "\(generated.stderr)")
    let table = try String(contentsOf: out.appendingPathComponent("price-discount.jsonl"), encoding: .utf8)
    let first = try JSONReader.parse(Array(try #require(table.split(separator: "\n").first).utf8))
    #expect(first["expected"] == ["discountedCents": 900], "the first allowed value, whichever the model picked")
    #expect(first["varies"] == ["/discountedCents": [900, 901]])
    let errors = table.split(separator: "\n").filter { $0.contains("percent-out-of-range") }
    #expect(!errors.isEmpty && errors.allSatisfy { !$0.contains("varies") }, "an output without the member is exact")
  }

  @Test(.timeLimit(.minutes(30))) func aModelAnsweringOutsideItsOwnSetIsRefusedNamingTheCasesLine() async throws {
    let suite = try await suite(
      varies: ["/discountedCents": "model"],
      answer: "{'varies': {'/discountedCents': [-1]}} if 'discountedCents' in answer['output'] else {}")
    let result = try await check(suite)
    #expect(result.status == 2, "\(result.stderr)")
    let cases = suite.appendingPathComponent("cases.jsonl").path
    #expect(result.stderr.contains("\(cases) line 1"), "\(result.stderr)")
    #expect(result.stderr.contains("case seed/ten-percent-of-999"), "\(result.stderr)")
    #expect(result.stderr.contains("outside the allowed values [-1] it states"), "\(result.stderr)")
    #expect(result.stderr.contains("fix the model or the allowed values"), "\(result.stderr)")
  }

  @Test(.timeLimit(.minutes(30))) func aFixedSetTheModelContradictsOnADomainCaseNamesSuiteJSONsLine() async throws {
    // The named cases' outputs are in the set; the domain's first other price is not.
    let suite = try await suite(varies: ["/discountedCents": [900, 90, 0]], answer: "{}")
    let result = try await check(suite)
    #expect(result.status == 2, "\(result.stderr)")
    let line = try ScaffoldedSuite.line(holding: "\"varies\"", inSuiteJSONOf: suite)
    #expect(result.stderr.contains("suite.json line \(line)"), "\(result.stderr)")
    #expect(result.stderr.contains("(made from the domain)"), "\(result.stderr)")
    #expect(result.stderr.contains("suite.json's \"varies\" gives"), "\(result.stderr)")
  }

  @Test(.timeLimit(.minutes(30))) func allowedValuesForAMemberSuiteJSONDoesNotDeclareAreRefused() async throws {
    let suite = try await suite(varies: nil, answer: "{'varies': {'/discountedCents': [1, 2]}}")
    let result = try await check(suite)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("line 1"), "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "which suite.json's \"varies\" does not declare as \"model\": declare it (\"/discountedCents\": \"model\")"),
      "\(result.stderr)")
  }

  @Test(
    .timeLimit(.minutes(30)),
    arguments: [
      (JSONValue.object(["discountedCents": "model"]), "not a JSON Pointer"),
      (JSONValue.object(["/discountedCents": []]), "a non-empty array"),
      (JSONValue.array([]), "expected an object naming the output's varying members"),
    ])
  func aBadVariesIsRefusedNamingSuiteJSONsLine(varies: JSONValue, message: String) async throws {
    let suite = try await suite(varies: varies, answer: "{}")
    let result = try await check(suite)
    #expect(result.status == 2, "\(result.stderr)")
    let line = try ScaffoldedSuite.line(holding: "\"varies\"", inSuiteJSONOf: suite)
    #expect(result.stderr.contains("suite.json line \(line)"), "\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }
}
