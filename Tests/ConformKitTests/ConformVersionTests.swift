import ConformProtocol
import ConformTestSupport
import Foundation
import Testing

@testable import ConformBundle
@testable import ConformFixtures

/// `ConformVersion.current` is the version every output of the built `conform` names, and one
/// `harness/release.sh` can release (semver, no build metadata).
@Suite struct ConformVersionTests {
  @Test func versionPrintsTheSourceVersion() async throws {
    let outcome = try await TestSupport.run(TestSupport.binary("conform"), ["--version"])
    #expect(outcome.status == 0)
    #expect(outcome.stdout == "conform \(ConformVersion.current) (protocol \(ProtocolVersion.current))\n")
  }

  @Test func helpNamesTheSourceVersion() async throws {
    let outcome = try await TestSupport.run(TestSupport.binary("conform"), ["--help"])
    #expect(outcome.stdout.hasPrefix("conform \(ConformVersion.current): a cross-platform conformance test kit\n"))
  }

  /// A bundle's manifest names its generator, this conform.
  @Test func aBundleNamesTheSourceVersionAsItsGenerator() async throws {
    let out = TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let create = try await TestSupport.run(
      TestSupport.binary("conform"), ["bundle", "create", "--tier", "smoke", "--version", "1.0.0", "--out", out.path])
    #expect(create.status == 0, "\(create.stderr)")
    let verify = try await TestSupport.run(
      TestSupport.binary("conform"),
      [
        "bundle", "diff", out.appendingPathComponent("conform-fixtures-1.0.0.tar.gz").path,
        out.appendingPathComponent("conform-fixtures-1.0.0.tar.gz").path,
      ])
    #expect(verify.stdout.contains("  - old: bundle 1.0.0, generator conform \(ConformVersion.current) "), "\(verify.stdout)")
  }

  @Test func theSourceVersionIsOneReleaseShCanRelease() throws {
    let version = try #require(SemanticVersion(ConformVersion.current))
    #expect(version.description == ConformVersion.current)
  }
}
