import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// harness/examples/team-suites/flag-vectors: a suite whose inputs need a joint domain (the flag
/// is one of two whole sub-objects), a union field (the user: the spellings of "no user" beside
/// drawn strings) and a `$ref`, its Python model listing the decisions of each answer. An SDK
/// that drifts on D3 is caught, and every failure is filed under D3 alone: misfiled = 0.
@Suite struct FlagVectorsExampleTests {
  @Test(.timeLimit(.minutes(30))) func aDriftingSDKsFailuresAreAllFiledUnderItsDecision() async throws {
    let suite = TestSupport.packageRoot.appendingPathComponent("harness/examples/team-suites/flag-vectors")
    let root = TestSupport.temporaryDirectory().appendingPathComponent("flag-vectors")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let fixtures = root.appendingPathComponent("fixtures")
    let results = root.appendingPathComponent("drifting.jsonl")
    let generated = try await TestSupport.run(
      TestSupport.binary("conform"), ["generate", "--suite", suite.path, "--out", fixtures.path])
    #expect(generated.status == 0, "\(generated.stderr)")
    let run = try await TestSupport.run(
      TestSupport.binary("conform"),
      [
        "run", "--fixtures", fixtures.path, "--impl", "python3", "--impl-arg", suite.appendingPathComponent("drifting.py").path,
        "--results", results.path,
      ])
    #expect(run.status == 1, "\(run.stderr)")
    var failures = 0
    var generatedFailures = 0
    var misfiled: [String] = []
    for line in try String(contentsOf: results, encoding: .utf8).split(separator: "\n") {
      let record = try JSONReader.parse(Array(line.utf8))
      guard record["type"] == "case", record["status"] == "fail", let id = record["id"]?.stringValue else { continue }
      failures += 1
      if record["note"] == "made from the domain" { generatedFailures += 1 }
      if record["decisions"] != ["flag-vectors/D3"] { misfiled.append(id) }
    }
    #expect(failures >= 2 && generatedFailures >= 1, "the drift is caught by a named and a generated case")
    #expect(misfiled.isEmpty, "filed elsewhere than D3: \(misfiled)")
  }
}
