import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// harness/examples/team-suites/ab-vectors: a shared vector file of its own format
/// (`assignment-vectors.json`, `ab-assign/2`) imported as a suite whose inputs need a joint
/// domain (the experiment: a running or a stopped one, whole), a union field (the user: the
/// spellings of "no user" beside drawn strings) and a nondeterministic output (an anonymous
/// user's arm is random: the model states the allowed arms).
@Suite struct ABVectorsExampleTests {
  private static let suite = TestSupport.packageRoot.appendingPathComponent("harness/examples/team-suites/ab-vectors")

  private func generate(_ name: String) async throws -> URL {
    let fixtures = TestSupport.temporaryDirectory().appendingPathComponent(name)
    let generated = try await TestSupport.run(
      TestSupport.binary("conform"), ["generate", "--suite", Self.suite.path, "--out", fixtures.path])
    #expect(generated.status == 0, "\(generated.stderr)")
    return fixtures
  }

  private func run(_ fixtures: URL, _ arguments: [String], results: String) async throws -> (status: Int32, results: URL) {
    let path = fixtures.deletingLastPathComponent().appendingPathComponent(results)
    let run = try await TestSupport.run(
      TestSupport.binary("conform"),
      ["run", "--fixtures", fixtures.path, "--impl", "python3"] + arguments.flatMap { ["--impl-arg", $0] } + [
        "--results", path.path,
      ])
    return (run.status, path)
  }

  /// The drifting SDK (drifting.py) buckets named users of a stopped experiment (D1) and sums
  /// UTF-8 bytes instead of code points (D2). Its true cause, read from that code: a stopped
  /// experiment's case fails for D1, a running one's for D2; an anonymous user's random arm
  /// never fails. Every failure is filed under its true cause.
  @Test(.timeLimit(.minutes(30))) func aDriftingSDKsFailuresAreEachFiledUnderItsTrueDecision() async throws {
    let fixtures = try await generate("ab-drifting")
    let (status, results) = try await run(
      fixtures, [Self.suite.appendingPathComponent("drifting.py").path], results: "drifting.jsonl")
    #expect(status == 1)
    var failures = 0
    var generatedFailures = 0
    var byCause: [String: Int] = [:]
    var misfiled: [String] = []
    for line in try String(contentsOf: results, encoding: .utf8).split(separator: "\n") {
      let record = try JSONReader.parse(Array(line.utf8))
      guard record["type"] == "case", record["status"] == "fail", let id = record["id"]?.stringValue else { continue }
      failures += 1
      if record["note"] == "made from the domain" { generatedFailures += 1 }
      let stopped = record["input"]?["experiment"]?["state"] == "stopped"
      #expect(record["input"]?["user"].map { !["", "anonymous"].contains($0) } ?? false, "\(id): a named user")
      let cause = stopped ? "ab-vectors/D1" : "ab-vectors/D2"
      byCause[cause, default: 0] += 1
      if record["decisions"] != .array([.string(cause)]) { misfiled.append(id) }
    }
    #expect(failures == 44 && generatedFailures == 42, "failures \(failures), generated \(generatedFailures)")
    #expect(byCause == ["ab-vectors/D1": 29, "ab-vectors/D2": 15])
    #expect(misfiled.isEmpty, "filed elsewhere than the true decision: \(misfiled)")
  }

  /// The model as an SDK (random arms of its own) passes every case twice, the two runs agree,
  /// and fuzzing it against itself finds nothing on every seed tried; the table is the same
  /// bytes on every generation.
  @Test(.timeLimit(.minutes(30))) func randomArmsPassRunDiffAndFuzz() async throws {
    let fixtures = try await generate("ab-port")
    let again = try await generate("ab-port-again")
    #expect(
      try Data(contentsOf: fixtures.appendingPathComponent("ab-vectors.jsonl"))
        == Data(contentsOf: again.appendingPathComponent("ab-vectors.jsonl")))
    let port = [Self.suite.appendingPathComponent("model.py").path, "--port"]
    let first = try await run(fixtures, port, results: "port-1.jsonl")
    let second = try await run(fixtures, port, results: "port-2.jsonl")
    #expect(first.status == 0 && second.status == 0)
    let diff = try await TestSupport.run(TestSupport.binary("conform"), ["diff", first.results.path, second.results.path])
    #expect(diff.status == 0, "\(diff.stdout)\(diff.stderr)")
    #expect(diff.stdout.contains("90 both pass, 0 both fail the same way, 0 disagree"), "\(diff.stdout)")
    for seed in ["1", "2", "3"] {
      let fuzz = try await TestSupport.run(
        TestSupport.binary("conform"),
        ["fuzz", "--suite", Self.suite.path, "--impl", "python3", "--seed", seed, "--cases", "2000"]
          + port.flatMap { ["--impl-arg", $0] })
      #expect(fuzz.status == 0, "seed \(seed): \(fuzz.stdout)\(fuzz.stderr)")
      #expect(fuzz.stdout.contains("nothing found: 2,000 cases"), "seed \(seed): \(fuzz.stdout)")
    }
  }

  /// `import.py` turns the vector file into the committed cases.jsonl, byte for byte.
  @Test(.timeLimit(.minutes(30))) func theImporterWritesTheCommittedCases() async throws {
    let copy = TestSupport.temporaryDirectory().appendingPathComponent("ab-import")
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
    for file in ["import.py", "assignment-vectors.json"] {
      try FileManager.default.copyItem(
        at: Self.suite.appendingPathComponent(file), to: copy.appendingPathComponent(file))
    }
    let imported = try await TestSupport.run("/usr/bin/env", ["python3", copy.appendingPathComponent("import.py").path])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      try Data(contentsOf: copy.appendingPathComponent("cases.jsonl"))
        == Data(contentsOf: Self.suite.appendingPathComponent("cases.jsonl")))
  }
}
