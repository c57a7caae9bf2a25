import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// `conform gate` and `conform pin` run with the real binary on an app-shaped folder outside the
/// checkout: a `conform.json`, a bundle published beside it, and swift-reference as the adapter.
@Suite struct GateCommandTests {
  /// The bundle `conform bundle create` publishes by default: named by this conform's version.
  static let bundleName = "conform-fixtures-\(ConformVersion.current).tar.gz"

  /// A later minor release than this conform, for a re-pin.
  static let nextVersion: String = {
    let parts = ConformVersion.current.split(separator: ".").compactMap { Int($0) }
    return "\(parts.first ?? 0).\((parts.dropFirst().first ?? 0) + 1).0"
  }()

  /// A repository folder with a path a team might have, its conform.json, and the published bundle.
  struct Repository {
    var root: URL
    var app: URL { root.appendingPathComponent("ios app") }
    var config: URL { app.appendingPathComponent("conform.json") }
    var bundle: URL { root.appendingPathComponent("pub/\(GateCommandTests.bundleName)") }
    var digest: String

    /// Writes the config: `changes` (each key's JSON text; empty leaves the key out) over the defaults.
    func write(_ changes: [String: String] = [:]) throws {
      var members: [String: String] = [
        "conform": #"{"version": "\#(ConformVersion.current)"}"#,
        "bundle": #"{"url": "../pub/\#(GateCommandTests.bundleName)", "digest": "\#(digest)"}"#,
        "adapter": #"{"build": "cp \"$REFERENCE\" ./adapter", "run": ["./adapter"]}"#,
        "suites": #"["eligibility", "version-compare", "timeline"]"#,
        "tests": #""printf '%s %s' \"$CONFORM_FIXTURES\" \"$CONFORM_FIXTURES_DIGEST\" > tests-saw.txt""#,
        "fuzz": #"{"seed": 1, "cases": 2000}"#,
        "results": #""conform-results-ios""#,
      ]
      for (key, value) in changes { members[key] = value }
      let text =
        "{\n"
        + members.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }.map { "  \"\($0.key)\": \($0.value)" }
        .joined(separator: ",\n") + "\n}\n"
      try text.write(to: config, atomically: true, encoding: .utf8)
    }

    func gate(_ arguments: [String] = []) async throws -> ProcessOutcome {
      try await TestSupport.run(
        TestSupport.binary("conform"), ["gate"] + arguments, environment: ["REFERENCE": TestSupport.binary("swift-reference")],
        currentDirectory: app, timeout: 300)
    }
  }

  static func repository() async throws -> Repository {
    let root = TestSupport.temporaryDirectory("gate").appendingPathComponent("a b")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("ios app"), withIntermediateDirectories: true)
    let created = try await TestSupport.run(
      TestSupport.binary("conform"), ["bundle", "create", "--out", root.appendingPathComponent("pub").path],
      currentDirectory: root)
    #expect(created.status == 0, "\(created.stderr)")
    let digest = String(created.stdout.split(separator: " ").first ?? "")
    let repository = Repository(root: root, digest: digest)
    try repository.write()
    return repository
  }

  @Test func aGreenGateRunsEveryStepAndSaysWhatItRan() async throws {
    let repository = try await Self.repository()
    let outcome = try await repository.gate()
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let reports = repository.app.appendingPathComponent("conform-reports")
    for step in ["fetch", "setup", "build", "run", "fuzz", "test"] {
      #expect(outcome.stderr.contains("\n  \(step) "), "the summary names \(step): \(outcome.stderr)")
    }
    #expect(outcome.stderr.contains("== gate run: conform run --impl ./adapter --fixtures"))
    #expect(outcome.stderr.contains("--require-suite eligibility --require-suite version-compare --require-suite timeline"))
    #expect(
      outcome.stderr.contains(
        "== gate fuzz: conform fuzz --impl ./adapter --suite eligibility --suite version-compare --suite timeline --seed 1 --cases 2000"
      ))
    #expect(outcome.stderr.contains("gate: passed (exit 0)"))
    for file in ["results.jsonl", "results.junit.xml", "results.md", "fuzz.jsonl", "bundle/\(Self.bundleName)"] {
      #expect(FileManager.default.fileExists(atPath: reports.appendingPathComponent(file).path), "\(file)")
    }
    let saw = try String(contentsOf: repository.app.appendingPathComponent("tests-saw.txt"), encoding: .utf8)
    #expect(saw == reports.appendingPathComponent("bundle/\(Self.bundleName)").path + " " + repository.digest)
  }

  @Test func aSuiteTheAdapterStopsAnsweringFailsTheGate() async throws {
    let repository = try await Self.repository()
    let conforming = TestSupport.packageRoot.appendingPathComponent("Tests/Implementations/conforming.py").path
    let fixtures = TestSupport.packageRoot.appendingPathComponent("fixtures").path
    try repository.write([
      "adapter":
        #"{"build": "true", "run": ["\#(conforming)", "--fixtures", "\#(fixtures)", "--suites", "eligibility,timeline"]}"#,
      "fuzz": #"{"cases": 0}"#, "tests": "",
    ])
    let outcome = try await repository.gate()
    #expect(outcome.status == 1, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("  run  ") && outcome.stderr.contains("exit 1"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("gate: found differences (exit 1)"))
  }

  @Test func aBundleThatIsNotThePinnedOneIsRefusedBeforeAnythingRuns() async throws {
    let repository = try await Self.repository()
    let other = "sha256:" + String(repeating: "0", count: 64)
    try repository.write(["bundle": #"{"url": "../pub/\#(GateCommandTests.bundleName)", "digest": "\#(other)"}"#])
    let outcome = try await repository.gate()
    #expect(outcome.status == 2, "\(outcome.stderr)")
    #expect(outcome.stderr.contains(other) && outcome.stderr.contains(repository.digest), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("fetch failed (exit 2): the steps after it cannot run"))
    #expect(!FileManager.default.fileExists(atPath: repository.app.appendingPathComponent("adapter").path))
  }

  @Test(arguments: [
    (["resluts": #""x""#], #"key "resluts": unknown key"#),
    (["bundle": #"{"url": "b.tar.gz", "digest": "abc"}"#], #"key "bundle.digest": write sha256: and the 64 hex digits"#),
    (["adapter": #"{"build": "true", "run": []}"#], #"key "adapter.run": write the adapter's program"#),
    (["suites": "[]"], #"key "suites": name at least one suite"#),
    (["fuzz": #"{"cases": "many"}"#], #"key "fuzz.cases": write a whole number"#),
    (["conform": #"{"version": "latest"}"#], #"key "conform.version": write the conform release"#),
  ])
  func aBadConfigNamesTheFileTheKeyAndWhatToWrite(_ change: [String: String], _ message: String) async throws {
    let repository = try await Self.repository()
    try repository.write(change)
    let outcome = try await repository.gate(["fetch"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("conform.json: \(message)"), "\(outcome.stderr)")
  }

  @Test func anotherConformThanThePinnedOneIsRefusedUnlessAllowed() async throws {
    let repository = try await Self.repository()
    try repository.write(["conform": #"{"version": "9.9.9"}"#])
    let refused = try await repository.gate(["fetch"])
    #expect(refused.status == 2)
    #expect(
      refused.stderr.contains("this is conform \(ConformVersion.current), and conform.json pins conform 9.9.9"),
      "\(refused.stderr)")
    let allowed = try await repository.gate(["fetch", "--allow-other-conform"])
    #expect(allowed.status == 0, "\(allowed.stderr)")
    #expect(allowed.stderr.contains("warning: this is conform"))
  }

  @Test func pinRewritesOnlyTheBundlesURLAndDigest() async throws {
    let repository = try await Self.repository()
    let next = repository.root.appendingPathComponent("next")
    let created = try await TestSupport.run(
      TestSupport.binary("conform"), ["bundle", "create", "--version", Self.nextVersion, "--out", next.path],
      currentDirectory: repository.root)
    #expect(created.status == 0, "\(created.stderr)")
    let newDigest = String(created.stdout.split(separator: " ").first ?? "")
    let before = try String(contentsOf: repository.config, encoding: .utf8)
    let pinned = try await TestSupport.run(
      TestSupport.binary("conform"),
      ["pin", "../next/conform-fixtures-\(Self.nextVersion).tar.gz", "--expect-digest", newDigest],
      currentDirectory: repository.app)
    #expect(pinned.status == 0, "\(pinned.stderr)")
    #expect(pinned.stdout == "conform.json: bundle \(Self.nextVersion) \(newDigest) (was \(repository.digest))\n")
    let after = try String(contentsOf: repository.config, encoding: .utf8)
    let expected = before.replacingOccurrences(
      of: "../pub/\(GateCommandTests.bundleName)", with: "../next/conform-fixtures-\(Self.nextVersion).tar.gz"
    )
    .replacingOccurrences(of: repository.digest, with: newDigest)
    #expect(after == expected)
    let fetched = try await repository.gate(["fetch"])
    #expect(fetched.status == 0, "\(fetched.stderr)")

    let wrong = try await TestSupport.run(
      TestSupport.binary("conform"), ["pin", "../pub/\(GateCommandTests.bundleName)", "--expect-digest", newDigest],
      currentDirectory: repository.app)
    #expect(wrong.status == 2)
    #expect(try String(contentsOf: repository.config, encoding: .utf8) == after, "a refused pin changes nothing")
  }
}

/// The example apps' conform.json files read, and pin the bundle this checkout publishes (a
/// fixtures change re-pins them with `conform pin`, as a release re-pins an app).
@Suite struct ExampleConfigTests {
  @Test(arguments: ["ios-app", "android-app"])
  func theExampleAppsConfigReadsAndPinsThisCheckoutsBundle(_ app: String) async throws {
    let folder = TestSupport.temporaryDirectory("example-config")
    let created = try await TestSupport.run(
      TestSupport.binary("conform"), ["bundle", "create", "--out", folder.path], currentDirectory: folder)
    #expect(created.status == 0, "\(created.stderr)")
    let digest = String(created.stdout.split(separator: " ").first ?? "")
    // A copy, so that the gate's reports folder is made beside it, not in the checkout.
    let config = folder.appendingPathComponent("conform.json").path
    try FileManager.default.copyItem(
      atPath: TestSupport.packageRoot.appendingPathComponent("harness/examples/\(app)/conform.json").path, toPath: config)
    // --allow-other-conform: the examples pin a release; this checks the file, not the version.
    let outcome = try await TestSupport.run(
      TestSupport.binary("conform"), ["gate", "fetch", "--config", config, "--allow-other-conform"],
      environment: ["PATH": "/nonexistent"], currentDirectory: folder)
    // No curl on that PATH: the config read and passed its checks, and the fetch is what failed.
    #expect(outcome.stderr.contains("== gate fetch: https://github.com/your-org/conform/releases/download/"), "\(outcome.stderr)")
    let text = try String(contentsOf: URL(fileURLWithPath: config), encoding: .utf8)
    #expect(
      text.contains("\"digest\": \"\(digest)\""), "\(app)'s conform.json pins another bundle than \(digest): conform pin it")
  }
}

/// A fuzz finding on a built-in suite, found in an app's repository rather than conform's checkout,
/// says that its promote line belongs in conform's repository, not in a path of the app's.
@Suite struct FuzzPromoteLineTests {
  @Test func outsideConformsCheckoutThePromoteLineNamesConformsRepository() async throws {
    let folder = TestSupport.temporaryDirectory("app repository")
    let outcome = try await TestSupport.run(
      TestSupport.binary("conform"),
      [
        "fuzz", "--impl", TestSupport.binary("swift-ports"), "--impl-arg", "leading-number", "--suite", "version-compare",
        "--seed", "1", "--cases", "5000",
      ],
      currentDirectory: folder)
    #expect(outcome.status == 1, "\(outcome.stderr)")
    #expect(
      outcome.stdout.contains(
        "promote: add to Sources/ConformSuites/VersionCompare/version-compare.promoted.jsonl in conform's repository "
          + "(a case its tables lack: propose it upstream): {"), "\(outcome.stdout)")
  }
}
