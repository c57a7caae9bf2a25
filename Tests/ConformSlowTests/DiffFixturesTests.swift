import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformResults

/// `conform diff` of runs pinned to two different bundles, run as a user runs it: the built
/// binary, real bundles (`conform bundle create`) and real runs of the Swift reference.
@Suite(.serialized) struct DiffFixturesTests {
  /// Two bundles (the full tables, and the smoke tier under another version), each with a run of
  /// the version-compare suite on it.
  struct Setup {
    let directory: URL
    let digests: [String]
    let runs: [String]
  }

  /// Made once for every test, without holding a thread of the pool while conform runs.
  static let making = Task { () async -> Setup in
    let directory = TestSupport.temporaryDirectory("conform-diff-fixtures")
    var digests: [String] = []
    var runs: [String] = []
    for (index, extra) in [["--version", "1.0.0"], ["--version", "1.1.0", "--tier", "smoke"]].enumerated() {
      let out = directory.appendingPathComponent("bundle-\(index)").path
      let created = try! await TestSupport.run(
        TestSupport.binary("conform"),
        ["bundle", "create", "--out", out, "--harness", TestSupport.packageRoot.appendingPathComponent("harness").path] + extra)
      precondition(created.status == 0, created.stderr)
      let pin = created.stdout.split(separator: " ")[0]
      digests.append(String(pin))
      let name = String(created.stdout.split(separator: " ").last!.dropLast())
      let results = directory.appendingPathComponent("run-\(index).jsonl").path
      let run = try! await TestSupport.run(
        TestSupport.binary("conform"),
        [
          "run", "--impl", TestSupport.binary("swift-reference"), "--fixtures", out + "/" + name, "--suite", "version-compare",
          "--results", results,
        ])
      precondition(run.status == 0, run.stderr)
      runs.append(results)
    }
    return Setup(directory: directory, digests: digests, runs: runs)
  }

  let setup: Setup

  init() async { setup = await Self.making.value }

  func diff(_ extra: [String] = []) async throws -> ProcessOutcome {
    try await TestSupport.run(TestSupport.binary("conform"), ["diff"] + setup.runs + extra)
  }

  @Test func runsOnTwoDifferentBundlesExitOneNamingBothDigests() async throws {
    let outcome = try await diff()
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("conform: error: the runs used different fixtures (their bundle archive digests differ): "))
    for (digest, version) in zip(setup.digests, ["1.0.0", "1.1.0"]) {
      #expect(digest.count == "sha256:".count + 64)
      #expect(outcome.stderr.contains("ran on bundle \(version), bundle archive digest \(digest) (manifest digest sha256:"))
    }
    #expect(outcome.stderr.contains("Pin both sides to the same bundle"))
    #expect(outcome.stderr.contains("or pass --allow-different-fixtures"))
    #expect(outcome.stdout.contains("\n=== different fixtures (the gate fails) ===\n"))
  }

  @Test func allowDifferentFixturesComparesTheCasesBothBundlesHoldAndSaysHowMany() async throws {
    let outcome = try await diff(["--allow-different-fixtures"])
    #expect(outcome.status == 0, "\(outcome.stdout)")
    let a = try ResultsFile.read(setup.runs[0]).results.count
    let b = try ResultsFile.read(setup.runs[1]).results.count
    // The smoke tier is a subset of the full tables: B's cases are the same on both sides.
    #expect(outcome.stdout.contains("compared the \(b) cases whose input and expected output are byte-identical"))
    #expect(outcome.stdout.contains("left out \(a - b) (different in one, or in one only)"))
    #expect(
      outcome.stdout.split(separator: "\n").last
        == "\(b) both pass, 0 both fail the same way, 0 disagree, \(a - b) left out (different fixtures)")
  }

  @Test func aMovedBundleIsNamedAndCanBeGivenWithFixtures() async throws {
    let folder = setup.directory.appendingPathComponent("bundle-0")
    let bundle = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".tar.gz") })
    let moved = setup.directory.appendingPathComponent("moved.tar.gz").path
    try FileManager.default.moveItem(atPath: folder.appendingPathComponent(bundle).path, toPath: moved)
    defer { try? FileManager.default.moveItem(atPath: moved, toPath: folder.appendingPathComponent(bundle).path) }
    let missing = try await diff(["--allow-different-fixtures"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("A's (bundle 1.0.0, bundle archive digest \(setup.digests[0])"))
    #expect(missing.stderr.contains("give them with --fixtures PATH"))
    let given = try await diff(["--allow-different-fixtures", "--fixtures", moved])
    #expect(given.status == 0, "\(given.stderr)")
  }
}
