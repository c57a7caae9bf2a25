import ConformTestSupport
import Foundation
import Testing

/// `harness/release.sh` refuses what it cannot release before it builds or edits anything. (The
/// release itself, a static build of several minutes, is checked by the script's own last step.)
@Suite struct ReleaseScriptTests {
  static let script = TestSupport.packageRoot.appendingPathComponent("harness/release.sh").path
  static let changelog = TestSupport.packageRoot.appendingPathComponent("CHANGELOG.md")

  func release(_ arguments: [String], jars: String = "/bin/true") async throws -> ProcessOutcome {
    try await TestSupport.run("/bin/bash", [Self.script] + arguments, environment: ["CONFORM_KOTLIN_JARS": jars])
  }

  @Test(arguments: ["1.0", "v0.1.0", "01.2.3", "1.2.3-", "1.2.3+"])
  func refusesAVersionThatIsNotSemver(version: String) async throws {
    let out = TestSupport.temporaryDirectory("conform release")
    defer { try? FileManager.default.removeItem(at: out) }
    let outcome = try await release([version, "--out", out.path])
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("release: VERSION \"\(version)\" is not semver: give X.Y.Z"), "\(outcome.stderr)")
  }

  @Test func saysWhenTheKotlinJarsScriptIsMissing() async throws {
    let out = TestSupport.temporaryDirectory("conform release")
    defer { try? FileManager.default.removeItem(at: out) }
    let outcome = try await release(["9.8.7", "--out", out.path], jars: "/nonexistent/jars.sh")
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("release: no /nonexistent/jars.sh: it builds the Kotlin jars"), "\(outcome.stderr)")
  }

  @Test func refusesAFolderThatAlreadyHoldsFiles() async throws {
    let out = TestSupport.temporaryDirectory("conform release")
    defer { try? FileManager.default.removeItem(at: out) }
    try Data("old\n".utf8).write(to: out.appendingPathComponent("SHA256SUMS"))
    let outcome = try await release(["9.8.7", "--out", out.path])
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("already holds files: remove them or give another --out"), "\(outcome.stderr)")
  }

  @Test func withoutTheChangelogEditAMissingSectionIsRefusedAndNothingIsTouched() async throws {
    let out = TestSupport.temporaryDirectory("conform release")
    defer { try? FileManager.default.removeItem(at: out) }
    let before = try Data(contentsOf: Self.changelog)
    let outcome = try await release(["9.8.7", "--out", out.path, "--no-changelog-edit"])
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr.contains("release: CHANGELOG.md has no \"## [9.8.7]\" section (run without --no-changelog-edit"),
      "\(outcome.stderr)")
    #expect(try Data(contentsOf: Self.changelog) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
  }
}
