import ConformJSON
import ConformTestSupport
import Foundation
import Testing
@testable import ConformFixtures

/// A case whose output varies (`suite.json`'s `"varies"`) after its run: `--rerun-failed` judges
/// it by the same allowed values, and two runs whose failing answers differ only in a varying
/// member (each within its allowed values) fail it the same way (`conform diff`). On the
/// ab-vectors example, whose anonymous users get a random arm.
@Suite struct TeamVariesRerunTests {
  private static let suite = TestSupport.packageRoot.appendingPathComponent("harness/examples/team-suites/ab-vectors")

  /// An SDK over the example's model: a random arm answered as the first or the last allowed arm
  /// in canonical order (`--last-arm`), and with `--why-coin` a wrong `why` beside it.
  private func sdk(in folder: URL) throws -> URL {
    let path = folder.appendingPathComponent("sdk.py")
    let source = """
      import sys
      sys.path.insert(0, \(String(reflecting: Self.suite.path)))
      import model


      def decide(case):
          output, decisions, varies = model.decide(case)
          if varies:
              arms = sorted(varies["/arm"])
              arm = arms[-1] if "--last-arm" in sys.argv else arms[0]
              output = {"arm": arm, "why": "coin" if "--why-coin" in sys.argv else output["why"]}
          return output, decisions, varies


      model.main(decide=decide, port=True)

      """
    try source.write(to: path, atomically: true, encoding: .utf8)
    return path
  }

  private func run(_ arguments: [String], sdk: URL, flags: [String], results: URL) async throws -> ProcessOutcome {
    try await TestSupport.run(
      TestSupport.binary("conform"),
      ["run"] + arguments + ["--impl", "python3", "--impl-arg", sdk.path] + flags.flatMap { ["--impl-arg", $0] } + [
        "--results", results.path,
      ])
  }

  /// The failing cases of a results file, with their records.
  private func failures(_ results: URL) throws -> [JSONValue] {
    try String(contentsOf: results, encoding: .utf8).split(separator: "\n").map { try JSONReader.parse(Array($0.utf8)) }
      .filter { $0["type"] == "case" && $0["status"] != "pass" }
  }

  private func generate(_ folder: URL) async throws -> URL {
    let fixtures = folder.appendingPathComponent("fixtures")
    let generated = try await TestSupport.run(
      TestSupport.binary("conform"), ["generate", "--suite", Self.suite.path, "--out", fixtures.path])
    #expect(generated.status == 0, "\(generated.stderr)")
    return fixtures
  }

  @Test(.timeLimit(.minutes(30))) func aRerunJudgesAVaryingOutputByItsAllowedValues() async throws {
    let folder = TestSupport.temporaryDirectory().appendingPathComponent("varies-rerun")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let (fixtures, sdk) = (try await generate(folder), try sdk(in: folder))
    let first = folder.appendingPathComponent("first.jsonl")
    let failed = try await run(["--fixtures", fixtures.path], sdk: sdk, flags: ["--why-coin"], results: first)
    #expect(failed.status == 1, "\(failed.stderr)")
    let failing = try failures(first)
    #expect(!failing.isEmpty && failing.allSatisfy { $0["varies"]?["/arm"] != nil }, "each failure keeps its allowed arms")
    // Run again with a right why and the last allowed arm, not the expected output's first.
    let again = folder.appendingPathComponent("again.jsonl")
    let rerun = try await run(["--rerun-failed", first.path], sdk: sdk, flags: ["--last-arm"], results: again)
    #expect(rerun.status == 0, "\(rerun.stdout)\(rerun.stderr)")
    #expect(try failures(again).isEmpty)
    // The allowed values are still a rule: a wrong why fails the rerun too.
    let wrong = try await run(
      ["--rerun-failed", first.path], sdk: sdk, flags: ["--last-arm", "--why-coin"],
      results: folder.appendingPathComponent("wrong.jsonl"))
    #expect(wrong.status == 1, "\(wrong.stdout)")
  }

  @Test(.timeLimit(.minutes(30))) func failingAnswersThatDifferOnlyInAVaryingMemberFailTheSameWay() async throws {
    let folder = TestSupport.temporaryDirectory().appendingPathComponent("varies-both-fail")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let (fixtures, sdk) = (try await generate(folder), try sdk(in: folder))
    let (a, b) = (folder.appendingPathComponent("a.jsonl"), folder.appendingPathComponent("b.jsonl"))
    #expect(try await run(["--fixtures", fixtures.path], sdk: sdk, flags: ["--why-coin"], results: a).status == 1)
    #expect(
      try await run(["--fixtures", fixtures.path], sdk: sdk, flags: ["--why-coin", "--last-arm"], results: b).status == 1)
    let failing = try failures(a).count
    let arms = zip(try failures(a), try failures(b)).filter { $0["actual"]?["arm"] != $1["actual"]?["arm"] }
    #expect(!arms.isEmpty, "the two runs pick different arms")
    let diff = try await TestSupport.run(TestSupport.binary("conform"), ["diff", a.path, b.path])
    #expect(diff.stdout.contains("\(failing) both fail the same way, 0 disagree"), "\(diff.stdout)\(diff.stderr)")
  }
}
