import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// `conform mutants --generated`: the reference app's code mutated by machine, on version-compare's
/// files (the fast subset: one schemata build, a few dozen mutants through two suites' tables).
@Suite struct GeneratedMutantsTests {
  func mutants(_ arguments: [String], in folder: URL) async throws -> ProcessOutcome {
    let root = TestSupport.packageRoot
    return try await TestSupport.run(
      TestSupport.binary("conform"),
      [
        "mutants", "--generated", "--suite", "version-compare", "--source",
        root.appendingPathComponent("Sources/swift-reference").path,
        "--results-dir", folder.appendingPathComponent("results").path,
      ] + arguments, timeout: 1200)
  }

  /// Every survivor of version-compare's files is listed as equivalent, and a mutant that turns
  /// the decisive comparison around is killed by at least three cases.
  @Test(.timeLimit(.minutes(20))) func versionCompareHasNoUnansweredSurvivorAndAKnownMutantIsKilled() async throws {
    let folder = TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("mutants.jsonl").path
    let equivalents = TestSupport.packageRoot.appendingPathComponent("harness/mutants/equivalent.jsonl").path
    let run = try await mutants(["--equivalents", equivalents, "--json", json], in: folder)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    let row = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("| version-compare |") })
    let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(cells[4] == "0", "survivors: \(row)")
    #expect(!run.stdout.contains("Survivors"), "\(run.stdout)")
    let records = try String(contentsOfFile: json, encoding: .utf8).split(separator: "\n").map {
      try JSONFields(try JSONReader.parse(Array($0.utf8)))
    }
    let key =
      "VersionCompare/AppStoreVersionChecker.swift | relational negated | if r != l { return r > l } | if r != l { return r <= l } | #1"
    let known = try #require(try records.first { try $0.string("key") == key }, "\(run.stdout)")
    #expect(try known.bool("killed"))
    #expect(try known.int("failingCases") >= 3)
  }
}
