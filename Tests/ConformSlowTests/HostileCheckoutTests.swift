import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// A team's checkout may be named anything: conform's scripts and binaries work in a clone whose
/// path holds an apostrophe, a double quote, a dollar sign, spaces and a non-ASCII letter.
///
/// SwiftPM 6.3 cannot build in a folder whose path holds a double quote (its output file map is
/// written unescaped), so the clone here uses this build's binaries (`CONFORM_BIN`), and `.ci/run`
/// runs every test from a clone named the same but for the double quote.
@Suite struct HostileCheckoutTests {
  /// A clone of this checkout at `<temporary>/it's a "test" $dir é/conform`.
  static func clone() async throws -> URL {
    let parent = TestSupport.temporaryDirectory("conform checkout").appendingPathComponent(#"it's a "test" $dir é"#)
    try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    let clone = parent.appendingPathComponent("conform")
    let outcome = try await TestSupport.run(
      "/usr/bin/env", ["git", "clone", "-q", TestSupport.packageRoot.path, clone.path], timeout: 300)
    try #require(outcome.status == 0, "\(outcome.stderr)")
    return clone
  }

  @Test func theShardedGateAndThePortabilityCheckRunInAHostileFolder() async throws {
    let clone = try await Self.clone()
    let portability = try await TestSupport.run("/bin/bash", [clone.appendingPathComponent("harness/portability.sh").path])
    #expect(portability.status == 0, "\(portability.stdout)\(portability.stderr)")

    // The sharded gate on the clone's own published tables, its outputs inside the clone.
    let shards = try await TestSupport.run(
      clone.appendingPathComponent("harness/ci/shards.sh").path,
      ["2", "--fixtures", clone.appendingPathComponent("fixtures").path],
      environment: ["CONFORM_BIN": TestSupport.productsDirectory.path], currentDirectory: clone, timeout: 300)
    #expect(shards.status == 0, "\(shards.stdout)\(shards.stderr)")
    let merged = clone.appendingPathComponent("reports/shards")
    let files = try FileManager.default.contentsOfDirectory(atPath: merged.path)
    #expect(files.contains("shard-1") && files.contains("shard-2"), "\(files)")
    // Every case passed, in the merged report of both shards.
    #expect(shards.stdout.contains(" passed, 0 failed"), "\(shards.stdout)")
  }
}
