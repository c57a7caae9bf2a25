import ConformProtocol
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// The source's version, the one release.sh releases.
private let current = ConformVersion.current

/// `harness/release.sh`: what it refuses before it builds anything (fast), and one real release in
/// a temporary clone of this checkout, where its tags land (a static build of several minutes).
@Suite struct ReleaseScriptTests {
  static let script = TestSupport.packageRoot.appendingPathComponent("harness/release.sh").path
  static let changelog = TestSupport.packageRoot.appendingPathComponent("CHANGELOG.md")
  static let version = ConformVersion.current

  /// Runs a release script (this checkout's unless `script` names another) with stand-in jars.
  static func release(
    _ arguments: [String], script: String = script, jars: String = "/bin/true", timeout: Double = 120
  ) async throws -> ProcessOutcome {
    try await TestSupport.run(
      "/bin/bash", [script] + arguments,
      environment: [
        "CONFORM_KOTLIN_JARS": jars, "GIT_COMMITTER_NAME": "release test", "GIT_COMMITTER_EMAIL": "release@test.invalid",
        "GIT_AUTHOR_NAME": "release test", "GIT_AUTHOR_EMAIL": "release@test.invalid",
      ], timeout: timeout)
  }

  /// Runs git in `directory`, expecting success; its stdout.
  @discardableResult
  static func git(_ directory: URL, _ arguments: [String]) async throws -> String {
    let outcome = try await TestSupport.run(
      "/usr/bin/env",
      ["git", "-C", directory.path, "-c", "user.name=release test", "-c", "user.email=release@test.invalid"]
        + arguments)
    try #require(outcome.status == 0, "git \(arguments.joined(separator: " ")): \(outcome.stderr)")
    return outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A clone of this checkout's HEAD in a temporary folder: tags made there stay there.
  static func clone() async throws -> URL {
    let folder = TestSupport.temporaryDirectory("conform release clone")
    let outcome = try await TestSupport.run("/usr/bin/env", ["git", "clone", "-q", TestSupport.packageRoot.path, folder.path])
    try #require(outcome.status == 0, "\(outcome.stderr)")
    return folder
  }

  /// Sets the clone's source version and commits it.
  static func stamp(_ clone: URL, _ version: String) async throws {
    let file = clone.appendingPathComponent("Sources/ConformFixtures/Support/ConformVersion.swift")
    let text = try String(contentsOf: file, encoding: .utf8)
    let line = "  public static let current = \"\(Self.version)\"\n"
    try #require(text.contains(line))
    try text.replacingOccurrences(of: line, with: "  public static let current = \"\(version)\"\n")
      .write(to: file, atomically: true, encoding: .utf8)
    try await git(clone, ["commit", "-q", "-am", "conform \(version)"])
  }

  /// A jars script that writes the two jars empty.
  static func jarsStandIn(in folder: URL) throws -> String {
    let path = folder.appendingPathComponent("jars.sh").path
    try TestSupport.writeExecutable(
      "#!/bin/sh\ntouch \"$1/conform-kotlin-adapter-$2.jar\" \"$1/conform-junit5-$2.jar\"\n", to: path)
    return path
  }

  @Test(arguments: ["1.0", "v0.1.0", "01.2.3", "1.2.3-", "1.2.3+", "1.2.3-01", "1.2.3-rc..1"])
  func refusesAVersionThatIsNotSemver(version: String) async throws {
    let out = TestSupport.temporaryDirectory("conform release")
    defer { try? FileManager.default.removeItem(at: out) }
    let outcome = try await Self.release([version, "--out", out.path])
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("release: VERSION \"\(version)\" is not semver: give X.Y.Z"), "\(outcome.stderr)")
  }

  /// A version with build metadata, or another than the source's (ConformVersion.current, as
  /// release.sh reads it), is refused at once, before any build.
  @Test(arguments: [
    (
      "\(current)+build.5",
      "release: VERSION \"\(current)+build.5\" has build metadata (+build.5): semver orders it like \(current), so the "
        + "tag and the bundle would not name one release; give \(current), or a pre-release (\(current)-rc.1)\n"
    ),
    (
      "9.8.7",
      "release: VERSION 9.8.7 is not the source's version, \(current) (ConformVersion.current in "
        + "Sources/ConformFixtures/Support/ConformVersion.swift): set it there, regenerate fixtures/ (swift run conform generate --out "
        + "fixtures), commit, and run again\n"
    ),
  ])
  func refusesAVersionItCannotReleaseBeforeAnyBuild(version: String, message: String) async throws {
    let outcome = try await Self.release([version])
    #expect(outcome.status == 1)
    #expect(outcome.stderr == message)
    #expect(outcome.seconds < 10)
  }

  @Test func saysWhenTheKotlinJarsScriptIsMissing() async throws {
    let out = TestSupport.temporaryDirectory("conform release")
    defer { try? FileManager.default.removeItem(at: out) }
    let outcome = try await Self.release([Self.version, "--out", out.path], jars: "/nonexistent/jars.sh")
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("release: no /nonexistent/jars.sh: it builds the Kotlin jars"), "\(outcome.stderr)")
  }

  @Test func refusesAFolderThatAlreadyHoldsFiles() async throws {
    let out = TestSupport.temporaryDirectory("conform release")
    defer { try? FileManager.default.removeItem(at: out) }
    try Data("old\n".utf8).write(to: out.appendingPathComponent("SHA256SUMS"))
    let outcome = try await Self.release([Self.version, "--out", out.path])
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("already holds files: remove them or give another --out"), "\(outcome.stderr)")
  }

  /// A previous bundle must come before the release, by semver's precedence.
  @Test func refusesAPreviousBundleThatDoesNotComeBefore() async throws {
    let folder = TestSupport.temporaryDirectory("conform release")
    defer { try? FileManager.default.removeItem(at: folder) }
    let create = try await TestSupport.run(
      TestSupport.binary("conform"),
      ["bundle", "create", "--tier", "smoke", "--version", "\(Self.version)", "--out", folder.path])
    try #require(create.status == 0, "\(create.stderr)")
    let bundle = folder.appendingPathComponent("conform-fixtures-\(Self.version).tar.gz").path
    let outcome = try await Self.release(
      [Self.version, "--no-tag", "--preflight", "--no-resolve-check", "--previous-bundle", bundle])
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr.hasSuffix(
        "release: the previous bundle's version, \(Self.version) (\(bundle)), does not come before \(Self.version)\n"),
      "\(outcome.stderr)")
  }

  /// The tag is made on HEAD: a tree with changes it would not hold, or the tag on another commit,
  /// is refused before the build; the tag on HEAD is kept.
  @Test func refusesATreeWithChangesAndTheTagOnAnotherCommit() async throws {
    let clone = try await Self.clone()
    defer { try? FileManager.default.removeItem(at: clone) }
    let script = clone.appendingPathComponent("harness/release.sh").path
    try Data("x\n".utf8).write(to: clone.appendingPathComponent("stray.txt"))
    let dirty = try await Self.release([Self.version, "--preflight", "--no-resolve-check"], script: script)
    #expect(dirty.status == 1)
    #expect(
      dirty.stderr.hasPrefix("release: the working tree has changes the tag v\(Self.version) would not hold"), "\(dirty.stderr)")
    #expect(dirty.stderr.contains("?? stray.txt"))
    try FileManager.default.removeItem(at: clone.appendingPathComponent("stray.txt"))

    let parent = try await Self.git(clone, ["rev-parse", "HEAD~1"])
    let head = try await Self.git(clone, ["rev-parse", "HEAD"])
    try await Self.git(clone, ["tag", "-a", "v\(Self.version)", "-m", "elsewhere", parent])
    let elsewhere = try await Self.release([Self.version, "--preflight", "--no-resolve-check"], script: script)
    #expect(elsewhere.status == 1)
    #expect(
      elsewhere.stderr.hasSuffix(
        "release: the tag v\(Self.version) is on \(parent), not on HEAD (\(head)): release from that commit, or choose another version\n"
      ),
      "\(elsewhere.stderr)")

    try await Self.git(clone, ["tag", "-d", "v\(Self.version)"])
    try await Self.git(clone, ["tag", "-a", "v\(Self.version)", "-m", "here", head])
    let here = try await Self.release([Self.version, "--preflight", "--no-resolve-check"], script: script)
    #expect(here.status == 0, "\(here.stderr)")
  }

  /// A pre-release is released like a release: its previous bundle is the newest tag before it by
  /// semver's precedence (beta.10 after beta.2, 0.2.0 after its rc), SwiftPM resolves `from:` it,
  /// and a missing CHANGELOG section is made and the run stops for it to be committed.
  @Test func aPreReleasePassesEveryCheckBeforeTheBuild() async throws {
    let clone = try await Self.clone()
    defer { try? FileManager.default.removeItem(at: clone) }
    let script = clone.appendingPathComponent("harness/release.sh").path
    for tag in ["v0.1.0", "v0.2.0-beta.2", "v0.2.0-beta.10", "v0.2.0", "v0.2.0-beta.x+build", "vnot-a-version"] {
      try await Self.git(clone, ["tag", tag])
    }
    try await Self.stamp(clone, "0.2.0-rc.1")
    let preflight = try await Self.release(["0.2.0-rc.1", "--preflight"], script: script)
    #expect(preflight.status == 0, "\(preflight.stderr)")
    #expect(
      preflight.stderr
        == """
        release: CHANGELOG.md has no "## [0.2.0-rc.1]" section: the run will make it from Unreleased and stop for you to commit it
        release: the previous bundle: v0.2.0-beta.10's, made from its fixtures/ after the build
        release: SwiftPM resolves .package(url:, from: "0.2.0-rc.1") to v0.2.0-rc.1 on HEAD
        release: 0.2.0-rc.1: every check before the build passed (--preflight: nothing built, edited or tagged)

        """)

    let changelog = clone.appendingPathComponent("CHANGELOG.md")
    let before = try Data(contentsOf: changelog)
    let refused = try await Self.release(["0.2.0-rc.1", "--no-changelog-edit", "--no-resolve-check"], script: script)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("release: CHANGELOG.md has no \"## [0.2.0-rc.1]\" section (run without --no-changelog-edit"))
    #expect(try Data(contentsOf: changelog) == before)

    let edit = try await Self.release(["0.2.0-rc.1", "--no-resolve-check"], script: script)
    #expect(edit.status == 1)
    #expect(edit.stderr.contains("release: moved CHANGELOG.md's Unreleased section to \"## [0.2.0-rc.1] - "), "\(edit.stderr)")
    #expect(edit.stderr.contains("commit it (the tag v0.2.0-rc.1 must hold it), then run again"))
    #expect(!edit.stderr.contains("building"))
    let text = try String(contentsOf: changelog, encoding: .utf8)
    #expect(text.contains("## [Unreleased]\n\n## [0.2.0-rc.1] - "))
    #expect(!FileManager.default.fileExists(atPath: clone.appendingPathComponent(".build/release-static").path))
  }

  /// The one real release: a static build in a clone whose tag v0.0.9 holds smaller tables (the
  /// timeline and restart-prompt suites at depth 4). A previous bundle with a suite more is
  /// refused after the build (cases removed need a major version); the release then passes against
  /// the tag's bundle (cases added: a minor step), is tagged, and its files are checked.
  @Test(.timeLimit(.minutes(60)), .aheadInLine) func releasesFromAClone() async throws {
    let clone = try await Self.clone()
    let work = TestSupport.temporaryDirectory("conform release")
    defer {
      try? FileManager.default.removeItem(at: clone)
      try? FileManager.default.removeItem(at: work)
    }
    let script = clone.appendingPathComponent("harness/release.sh").path
    // The script's build, with its own command, begun now so that it runs while the clone's history
    // is made below (fixtures and CHANGELOG.md only: no source changes); the script's `swift build`
    // then finds it done, as a second run of the script does. Left to the script, it began about 4
    // minutes into `swift test`, under every other test's load, and ended the whole run.
    async let build = TestSupport.run(
      "/usr/bin/env",
      [
        "swift", "build", "-c", "release", "--product", "conform", "--static-swift-stdlib", "--scratch-path",
        clone.appendingPathComponent(".build/release-static").path,
      ], currentDirectory: clone, timeout: 3000)
    let jars = try Self.jarsStandIn(in: work)
    let conform = TestSupport.binary("conform")
    let fixtures = clone.appendingPathComponent("fixtures").path
    let generate = try await TestSupport.run(conform, ["generate", "--depth", "4", "--out", fixtures])
    try #require(generate.status == 0, "\(generate.stderr)")
    try await Self.git(clone, ["commit", "-q", "-am", "fixtures at depth 4"])
    try await Self.git(clone, ["tag", "-a", "v0.0.9", "-m", "conform 0.0.9"])
    try await Self.git(clone, ["checkout", "-q", "HEAD~1", "--", "fixtures"])
    try await Self.git(clone, ["commit", "-q", "-am", "fixtures at depth 5"])
    // The release flow's step 2 when the source's version has no CHANGELOG section yet (the
    // checkout keeps its changes under Unreleased): a first run moves them to the version's section
    // and stops, and the section is committed so that the tag holds it.
    let changelog = try String(contentsOf: clone.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    if !changelog.contains("\n## [\(Self.version)]") {
      let edit = try await Self.release(
        [Self.version, "--out", work.appendingPathComponent("changelog").path, "--no-resolve-check"], script: script,
        jars: jars, timeout: 600)
      #expect(edit.status == 1, "\(edit.stderr)")
      #expect(
        edit.stderr.contains("release: moved CHANGELOG.md's Unreleased section to \"## [\(Self.version)] - "),
        "\(edit.stderr)")
      try await Self.git(clone, ["commit", "-q", "-am", "CHANGELOG: conform \(Self.version)"])
    }
    let head = try await Self.git(clone, ["rev-parse", "HEAD"])

    // A previous bundle holding a team suite beside the built-in ones: the release removes its cases.
    let bigger = work.appendingPathComponent("previous")
    let initSuite = try await TestSupport.run(
      conform, ["suite", "init", "price-discount", "--out", work.appendingPathComponent("price-discount").path])
    try #require(initSuite.status == 0, "\(initSuite.stderr)")
    let create = try await TestSupport.run(
      conform,
      [
        "bundle", "create", "--suite", work.appendingPathComponent("price-discount").path, "--with-built-in", "--version",
        "0.0.8", "--out", bigger.path,
      ], timeout: 600)
    try #require(create.status == 0, "\(create.stderr)")
    let built = try await build
    try #require(built.status == 0, "\(built.stderr)")
    let refusedOut = work.appendingPathComponent("refused")
    let refused = try await Self.release(
      [
        Self.version, "--out", refusedOut.path, "--previous-bundle",
        bigger.appendingPathComponent("conform-fixtures-0.0.8.tar.gz").path,
        "--no-check", "--no-resolve-check",
      ],
      script: script, jars: jars, timeout: 3000)
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains("conform: error: usage: bundle create: 0.0.8 → \(Self.version) is a minor step, but "),
      "\(refused.stderr)")
    #expect(refused.stderr.contains("price-discount: ") && refused.stderr.contains("needs a major version: use 1.0.0"))
    #expect(refused.stderr.contains("release: the fixture bundle could not be versioned \(Self.version) after 0.0.8"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: refusedOut.path).isEmpty)
    #expect(try await Self.git(clone, ["tag", "--list", "v\(Self.version)"]).isEmpty)

    let out = work.appendingPathComponent("release")
    let outcome = try await Self.release([Self.version, "--out", out.path], script: script, jars: jars, timeout: 3000)
    try #require(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("release: the previous bundle: v0.0.9's, made from its fixtures/ after the build"))
    #expect(outcome.stderr.contains("conform: changes since 0.0.9 need a minor version: timeline: "), "\(outcome.stderr)")
    #expect(outcome.stderr.contains(" unstripped, "))
    #expect(outcome.stderr.contains("release: tagged \(head) v\(Self.version)"))
    #expect(try await Self.git(clone, ["cat-file", "-t", "v\(Self.version)"]) == "tag")
    #expect(try await Self.git(clone, ["rev-parse", "v\(Self.version)^{commit}"]) == head)

    // SHA256SUMS covers every other file, and they check.
    let arch = try await TestSupport.run("/usr/bin/uname", ["-m"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let v = Self.version
    let assets = [
      "conform-\(v)-linux-\(arch).tar.gz", "conform-\(v)-linux-\(arch).debug.tar.gz", "conform-fixtures-\(v).tar.gz",
      "conform-fixtures-\(v).tar.gz.sha256", "conform-kotlin-adapter-\(v).jar", "conform-junit5-\(v).jar", "RELEASE-NOTES.md",
    ].sorted()
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == (assets + ["SHA256SUMS"]).sorted())
    let sums = try String(contentsOf: out.appendingPathComponent("SHA256SUMS"), encoding: .utf8)
    #expect(sums.split(separator: "\n").map { String($0.dropFirst(66)) } == assets)
    #expect(outcome.stdout == sums)
    let check = try await TestSupport.run("/usr/bin/sha256sum", ["-c", "--quiet", "SHA256SUMS"], currentDirectory: out)
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")

    // The packed conform is this version, stripped, and names its debug file, which holds the symbols.
    let unpacked = work.appendingPathComponent("unpacked")
    try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
    for asset in assets where asset.hasPrefix("conform-\(v)-linux") {
      let tar = try await TestSupport.run("/usr/bin/tar", ["-xzf", out.appendingPathComponent(asset).path, "-C", unpacked.path])
      #expect(tar.status == 0, "\(tar.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: unpacked.path).sorted() == ["conform", "conform.debug"])
    let version = try await TestSupport.run(unpacked.appendingPathComponent("conform").path, ["--version"])
    #expect(version.stdout == "conform \(v) (protocol \(ProtocolVersion.current))\n")
    let sections = try await TestSupport.run("/usr/bin/readelf", ["-S", "-W", unpacked.appendingPathComponent("conform").path])
    #expect(!sections.stdout.contains(".debug_info"))
    #expect(!sections.stdout.contains(".symtab"))
    #expect(sections.stdout.contains(".gnu_debuglink"))
    let debugSections = try await TestSupport.run(
      "/usr/bin/readelf", ["-S", "-W", unpacked.appendingPathComponent("conform.debug").path])
    #expect(debugSections.stdout.contains(".debug_info"))
    let link = try await TestSupport.run(
      "/usr/bin/readelf", ["--string-dump=.gnu_debuglink", unpacked.appendingPathComponent("conform").path])
    #expect(link.stdout.contains("conform.debug"))

    // Run again on the tagged HEAD: the tag is kept, and nothing else is refused before the build.
    let again = try await Self.release([Self.version, "--preflight"], script: script, jars: jars)
    #expect(again.status == 0, "\(again.stderr)")
  }
}
