import ConformArchive
import ConformTestSupport
import Foundation
import Testing

@testable import ConformBundle
@testable import ConformFixtures
@testable import ConformSuites

/// `conform bundle create|verify|diff` run as a user runs them: the built binary, stdout, stderr, exit status.
@Suite(.serialized) struct BundleCommandTests {
  let conform = TestSupport.binary("conform")
  let root = TestSupport.packageRoot

  func run(_ arguments: [String]) async throws -> ProcessOutcome {
    try await TestSupport.run(conform, arguments, currentDirectory: root, timeout: 600)
  }

  /// Makes the depth-1 bundle `version` in `out`, expecting success; its path.
  func createDepthOne(version: String, out: String) async throws -> String {
    let created = try await run(["bundle", "create", "--depth", "1", "--version", version, "--out", out])
    #expect(created.status == 0, "\(created.stderr)")
    return "\(out)/conform-fixtures-\(version).tar.gz"
  }

  @Test func createTwiceVerifyAndRefuseATamperedCopy() async throws {
    let directory = TestSupport.temporaryDirectory("bundle-cli")
    defer { try? FileManager.default.removeItem(at: directory) }
    let name = "conform-fixtures-1.0.0.tar.gz"
    var digests: [String] = []
    for out in ["a", "b"] {
      let created = try await run([
        "bundle", "create", "--depth", "1", "--version", "1.0.0", "--out", directory.appendingPathComponent(out).path,
      ])
      #expect(created.status == 0, "\(created.stderr)")
      #expect(created.stdout.hasSuffix("  \(name)\n"))
      #expect(created.stderr.contains("wrote \(directory.appendingPathComponent(out).path)/\(name) ("))
      let sidecar = try String(contentsOf: directory.appendingPathComponent("\(out)/\(name).sha256"), encoding: .utf8)
      #expect(
        "sha256:" + sidecar == created.stdout, "the .sha256 file holds what create prints, without sha256: as sha256sum wants")
      digests.append(String(created.stdout.prefix(71)))
    }
    let first = try Data(contentsOf: directory.appendingPathComponent("a/\(name)"))
    #expect(first == (try Data(contentsOf: directory.appendingPathComponent("b/\(name)"))), "two creates give the same bytes")
    #expect(digests[0] == digests[1])
    #expect(digests[0] == BundleDigest.sha256([UInt8](first)))

    let path = directory.appendingPathComponent("a/\(name)").path
    let verified = try await run(["bundle", "verify", path])
    #expect(verified.status == 0, "\(verified.stderr)")
    let loaded = try FixtureSource.load(path, expectDigest: nil).fixtures
    #expect(
      verified.stdout == """
        ok \(path): bundle 1.0.0, \(SuiteRegistry.all.count) suites, \(loaded.cases.count.grouped) cases, \(loaded.manifest.files.count) files match manifest.json
        \(digests[0])  (matches \(path).sha256)

        """)
    let pinned = try await run(["bundle", "verify", path, "--expect-digest", digests[0]])
    #expect(pinned.status == 0)
    #expect(pinned.stdout.hasSuffix("(matches --expect-digest)\n"))

    // One byte changed: the pin from the .sha256 file catches it, and so does the gzip trailer.
    var tampered = [UInt8](first)
    tampered[tampered.count / 2] ^= 0x20
    try Data(tampered).write(to: URL(fileURLWithPath: path))
    let refused = try await run(["bundle", "verify", path])
    #expect(refused.status == 1)
    #expect(refused.stderr.hasPrefix("conform: error: bundle: \(path) has sha256:"))
    #expect(refused.stderr.contains(", not \(digests[0]) (\(path).sha256): the archive was changed or is not the pinned one"))
    try FileManager.default.removeItem(atPath: path + ".sha256")
    let unpinned = try await run(["bundle", "verify", path])
    #expect(unpinned.status == 1)
    #expect(unpinned.stderr.hasPrefix("conform: error: bundle: \(path): "), "\(unpinned.stderr)")
    #expect(unpinned.stderr.hasSuffix(": it is damaged or not a conform bundle: fetch it again\n"))

    let missing = try await run(["bundle", "verify", directory.appendingPathComponent("nothing.tar.gz").path])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("no such file or folder"))
  }

  @Test func theDigestFileChecksWithSha256sumAndVerifyReadsBothForms() async throws {
    let directory = TestSupport.temporaryDirectory("bundle-sha256")
    defer { try? FileManager.default.removeItem(at: directory) }
    let name = "conform-fixtures-1.0.0.tar.gz"
    let created = try await run(["bundle", "create", "--depth", "1", "--version", "1.0.0", "--out", directory.path])
    #expect(created.status == 0, "\(created.stderr)")
    let sha256sum = try await TestSupport.run("/usr/bin/env", ["sha256sum", "-c", "\(name).sha256"], currentDirectory: directory)
    #expect(sha256sum.status == 0, "\(sha256sum.stderr)")
    #expect(sha256sum.stdout == "\(name): OK\n")

    let path = directory.appendingPathComponent(name).path
    let pin = String(created.stdout.prefix(71))
    for form in ["\(pin)  \(name)\n", "\(pin.dropFirst(7))  \(name)\n", "\(pin.dropFirst(7))\n"] {
      try Data(form.utf8).write(to: URL(fileURLWithPath: path + ".sha256"))
      let verified = try await run(["bundle", "verify", path])
      #expect(verified.status == 0, "\(form): \(verified.stderr)")
      #expect(verified.stdout.hasSuffix("\(pin)  (matches \(path).sha256)\n"), "\(form)")
    }
    try Data("not a digest  \(name)\n".utf8).write(to: URL(fileURLWithPath: path + ".sha256"))
    let unreadable = try await run(["bundle", "verify", path])
    #expect(unreadable.status == 2)
    #expect(
      unreadable.stderr.contains("\(path).sha256: does not hold a digest (<64 hex digits>  <file name>, as sha256sum writes)"))
  }

  /// Files that are not bundles at all, each with what `verify` says of it.
  static let notBundles: [(name: String, bytes: [UInt8], reason: String)] = [
    ("notes.txt", Array("release notes\n".utf8), "it is not a gzip file (it does not start with 1f 8b)"),
    ("random.bin", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }, "it is not a gzip file"),
    ("notes.txt.gz", Gzip.compress(Array("release notes\n".utf8)), "it is a gzip file, but what it holds is not a tar archive"),
    (
      "other.tar.gz", Gzip.compress(CraftedTar.entry("other/a.txt", [1]) + CraftedTar.end),
      "its first entry is not under a conform-fixtures-<version>/ folder"
    ),
    (
      "no-manifest.tar.gz", Gzip.compress(CraftedTar.entry("conform-fixtures-1.0.0/README", [1]) + CraftedTar.end),
      "it has no manifest.json in its top folder conform-fixtures-1.0.0/"
    ),
  ]

  @Test(arguments: notBundles.indices)
  func verifyingSomethingThatIsNotABundleExitsTwo(_ index: Int) async throws {
    let sample = Self.notBundles[index]
    let directory = TestSupport.temporaryDirectory("bundle-not")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(sample.name).path
    try Data(sample.bytes).write(to: URL(fileURLWithPath: path))
    let outcome = try await run(["bundle", "verify", path])
    #expect(outcome.status == 2, "\(outcome.stderr)")
    #expect(
      outcome.stderr.hasPrefix("conform: error: bundle: \(path) is not a conform bundle: \(sample.reason)"), "\(outcome.stderr)")
    #expect(outcome.stdout.isEmpty)
  }

  /// A pre-release bundle is made, verified, and comes before its release: depth 2 adds cases to
  /// 1.1.0-rc.1's depth 1, which 1.1.0 may (a minor step) and 1.1.0-rc.0 may not (it comes before).
  @Test func aPreReleaseBundleComesBeforeItsRelease() async throws {
    let directory = TestSupport.temporaryDirectory("bundle-cli")
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.path
    let rcPath = try await createDepthOne(version: "1.1.0-rc.1", out: out)
    let verify = try await run(["bundle", "verify", rcPath])
    #expect(verify.status == 0, "\(verify.stderr)")
    #expect(verify.stdout.hasPrefix("ok \(rcPath): bundle 1.1.0-rc.1, "), "\(verify.stdout)")
    let before = try await run([
      "bundle", "create", "--depth", "2", "--version", "1.1.0-rc.0", "--previous", rcPath, "--out", out,
    ])
    #expect(before.status == 2)
    #expect(
      before.stderr == "conform: error: usage: bundle create: version 1.1.0-rc.0 is not after the previous bundle's 1.1.0-rc.1\n")
    let release = try await run(["bundle", "create", "--depth", "2", "--previous", rcPath, "--out", out])
    #expect(release.status == 0, "\(release.stderr)")
    #expect(release.stdout.hasSuffix("  conform-fixtures-1.1.0.tar.gz\n"))
    #expect(release.stderr.contains("changes since 1.1.0-rc.1 need a minor version: timeline: "))
  }

  @Test func createEnforcesTheVersioningRuleAndDiffShowsTheChanges() async throws {
    let directory = TestSupport.temporaryDirectory("bundle-cli")
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.path
    let oldPath = try await createDepthOne(version: "1.0.0", out: out)

    // Depth 2 adds cases: a patch is refused, naming the change; without --version it becomes 1.1.0.
    let patch = try await run(["bundle", "create", "--depth", "2", "--version", "1.0.1", "--previous", oldPath, "--out", out])
    #expect(patch.status == 2)
    #expect(patch.stderr.contains("conform: error: usage: bundle create: 1.0.0 → 1.0.1 is a patch step, but timeline: "))
    #expect(patch.stderr.contains(" cases added (timeline/"))
    #expect(patch.stderr.contains("needs a minor version: use 1.1.0"))
    #expect(!FileManager.default.fileExists(atPath: "\(out)/conform-fixtures-1.0.1.tar.gz"))
    let minor = try await run(["bundle", "create", "--depth", "2", "--previous", oldPath, "--out", out])
    #expect(minor.status == 0, "\(minor.stderr)")
    #expect(minor.stdout.hasSuffix("  conform-fixtures-1.1.0.tar.gz\n"))
    #expect(minor.stderr.contains("changes since 1.0.0 need a minor version: timeline: "))
    let newPath = "\(out)/conform-fixtures-1.1.0.tar.gz"

    let diff = try await run(["bundle", "diff", oldPath, newPath, "--limit", "2", "--markdown", "\(out)/CHANGES.md"])
    #expect(diff.status == 1, "\(diff.stderr)")
    let lines = diff.stdout.split(separator: "\n").map(String.init)
    #expect(lines[0] == "bundle diff: \(oldPath) → \(newPath)")
    #expect(lines.contains("outside the suites:"))
    #expect(lines.contains("  generator options {\"depth\":1} → {\"depth\":2} [patch]"))
    #expect(lines.contains { $0.hasPrefix("timeline: ") && $0.contains(" added") && !$0.contains("removed") })
    #expect(lines.contains("    + timeline/cancel/win-win"))
    #expect(lines.contains("eligibility: 549 cases, no changes"))
    let markdown = try String(contentsOfFile: "\(out)/CHANGES.md", encoding: .utf8)
    #expect(markdown.hasPrefix("# Fixture changes: 1.0.0 → 1.1.0\n"))
    #expect(markdown.contains("- `timeline/cancel/win-win`"))
    let asMarkdown = try await run(["bundle", "diff", oldPath, newPath, "--format", "markdown", "--limit", "2"])
    #expect(asMarkdown.stdout == markdown)

    let same = try await run(["bundle", "diff", oldPath, oldPath])
    #expect(same.status == 0)
    #expect(same.stdout.hasSuffix("no changes: both hold the same cases, specs and documents\n"))
    let nothing = try await run(["bundle", "create", "--depth", "1", "--previous", oldPath, "--out", out])
    #expect(nothing.status == 2)
    #expect(nothing.stderr.contains("nothing changed since bundle 1.0.0"))
  }

  @Test(arguments: [
    (["bundle"], "give create, verify or diff"),
    (["bundle", "pack"], "unknown action \"pack\""),
    (["bundle", "create", "--version", "1.0"], "--version takes MAJOR.MINOR.PATCH"),
    (["bundle", "create", "--fixtures", "fixtures", "--depth", "3"], "give --fixtures or --depth, not both"),
    (["bundle", "verify"], "give one bundle"),
    (["bundle", "verify", "fixtures"], "is a folder; give the bundle's .tar.gz file"),
    (["bundle", "verify", "x.tar.gz", "--expect-digest", "sha256:12"], "--expect-digest takes sha256: and 64 hex digits"),
    (["bundle", "diff", "a"], "give two bundles"),
    (["bundle", "diff", "a", "b", "--format", "html"], "--format takes text or markdown"),
    (["bundle", "create", "--frobnicate"], "unknown option --frobnicate"),
  ])
  func refusesBadUsage(arguments: [String], message: String) async throws {
    let outcome = try await run(arguments)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
  }

  @Test func helpDescribesEveryActionAndTheLimits() async throws {
    let outcome = try await run(["bundle", "--help"])
    #expect(outcome.status == 0)
    for fragment in [
      "conform bundle create", "conform bundle verify", "conform bundle diff", "--expect-digest", "256 MiB", "EXIT STATUS",
    ] {
      #expect(outcome.stdout.contains(fragment))
    }
    #expect(try await run(["--help"]).stdout.contains("  bundle    create, verify and compare published fixture bundles"))
  }
}
