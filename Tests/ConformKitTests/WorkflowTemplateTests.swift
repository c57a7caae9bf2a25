import ConformTestSupport
import Foundation
import Testing

/// The ready-to-copy GitHub workflows in `harness/ci/`: valid against GitHub's workflow schema, and
/// every file, script and product a step names exists in the example app it belongs to.
@Suite struct WorkflowTemplateTests {
  static let ci = TestSupport.packageRoot.appendingPathComponent("harness/ci")
  static let examples = TestSupport.packageRoot.appendingPathComponent("harness/examples")
  static let checkJSONSchema = ExternalTool(name: "check-jsonschema", installer: "pip install check-jsonschema")

  static var workflows: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: ci.path)) ?? []).filter { $0.hasSuffix(".yml") }.sorted()
  }

  func text(_ workflow: String) throws -> String {
    try String(contentsOf: Self.ci.appendingPathComponent(workflow), encoding: .utf8)
  }

  /// The example app folder a workflow runs in: the value of its `IOS_APP_DIR` or
  /// `ANDROID_APP_DIR`, under `harness/examples/`; the examples folder for the workflow that calls both.
  func appFolder(_ text: String) -> URL {
    for line in text.split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      for key in ["IOS_APP_DIR: ", "ANDROID_APP_DIR: "] where trimmed.hasPrefix(key) {
        let value = trimmed.dropFirst(key.count).split(separator: " ").first.map(String.init) ?? ""
        return Self.examples.appendingPathComponent(value)
      }
    }
    return Self.examples
  }

  /// Every path a workflow names: `./x`, `../x` and `.conform/x` words, with what they resolve to
  /// (`.conform/` is the checkout of this repository).
  func namedPaths(_ text: String, app: URL) -> [(word: String, path: URL)] {
    let pattern = #/(?:\.\.?/|\.conform/)[A-Za-z0-9_.\-/]*[A-Za-z0-9_\-]/#
    return text.matches(of: pattern).compactMap { match in
      var word = String(match.output)
      if word.hasPrefix("./.github/workflows/conform-") {
        // A called workflow, by the name its header says to copy it as.
        let name = word.dropFirst("./.github/workflows/conform-".count)
        return (word, Self.ci.appendingPathComponent(String(name)))
      }
      if let range = word.range(of: ".conform/") {
        word = String(word[range.upperBound...])
        return (String(match.output), TestSupport.packageRoot.appendingPathComponent(word))
      }
      if word == "../.conform" { return nil }
      return (word, app.appendingPathComponent(word))
    }
  }

  @Test func thereAreTheFourWorkflows() {
    #expect(Self.workflows == ["android.yml", "gate.yml", "ios.yml", "shards.yml"])
  }

  @Test(
    .enabled(if: checkJSONSchema.isInstalled, checkJSONSchema.missing),
    arguments: workflows)
  func validatesAgainstGitHubsWorkflowSchema(_ workflow: String) throws {
    let tool = try #require(Self.checkJSONSchema.path)
    let path = Self.ci.appendingPathComponent(workflow).path
    let outcome = try TestSupport.run(tool, ["--builtin-schema", "vendor.github-workflows", path], timeout: 60)
    #expect(outcome.status == 0, "\(workflow): \(outcome.stdout)\(outcome.stderr)")
  }

  @Test func theSchemaCheckCanFail() throws {
    // A workflow without `runs-on` is not valid: the check above must be able to say so.
    try #require(Self.checkJSONSchema.isInstalled, Self.checkJSONSchema.missing)
    let broken = try text("android.yml").replacingOccurrences(of: "runs-on: ubuntu-24.04", with: "")
    let path = TestSupport.temporaryDirectory().appendingPathComponent("broken.yml")
    try broken.write(to: path, atomically: true, encoding: .utf8)
    let outcome = try TestSupport.run(try #require(Self.checkJSONSchema.path), ["--builtin-schema", "vendor.github-workflows", path.path])
    #expect(outcome.status != 0)
  }

  @Test(arguments: workflows)
  func everyPathAStepNamesExists(_ workflow: String) throws {
    let text = try text(workflow)
    let app = appFolder(text)
    #expect(FileManager.default.fileExists(atPath: app.path), "\(workflow): no example app at \(app.path)")
    // What the steps make: build folders and reports.
    let isGenerated = { (word: String) in word.contains(".build") || word.hasPrefix("./reports") }
    for (word, path) in namedPaths(text, app: app) where !isGenerated(word) {
      #expect(FileManager.default.fileExists(atPath: path.path), "\(workflow) names \(word): \(path.path) does not exist")
    }
  }

  @Test(arguments: workflows)
  func everyProductAStepBuildsIsDeclared(_ workflow: String) throws {
    let text = try text(workflow)
    let manifest = (try? String(contentsOf: appFolder(text).appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
    for match in text.matches(of: #/--product ([A-Za-z0-9_\-]+)/#) {
      let product = String(match.output.1)
      if product == "conform" { continue }  // conform's own, built from its checkout
      #expect(manifest.contains("name: \"\(product)\""), "\(workflow) builds --product \(product), which the app's Package.swift does not declare")
    }
  }

  @Test func aKnownFailuresFileIsPassedOnlyWhenItExists() throws {
    for workflow in Self.workflows {
      for line in try text(workflow).split(separator: "\n") where line.contains("--known-failures") {
        #expect(line.contains("if [ -f "), "\(workflow): --known-failures without checking the file exists: \(line)")
      }
    }
  }

  /// The sharded gate: the matrix lists shards 1 to SHARDS, each runs its own `--shard` and
  /// uploads its results; the merge job needs them all and reports this run's files together.
  @Test func theShardedGateRunsEveryShardAndMergesThisRunsResults() throws {
    let text = try text("shards.yml")
    let shards = try #require(text.firstMatch(of: #/\n  SHARDS: ([0-9]+)/#).map { Int($0.output.1)! })
    let matrix = try #require(text.firstMatch(of: #/\n        shard: \[([0-9, ]+)\]/#)).output.1
    #expect(matrix.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) } == (1...shards).map { $0 })
    #expect(text.contains(#"--shard "${{ matrix.shard }}/$SHARDS""#))
    #expect(text.contains("uses: actions/upload-artifact@v4"))
    #expect(text.contains("name: conform-shard-${{ matrix.shard }}"))
    #expect(text.contains("needs: [shard]"))
    #expect(text.contains("uses: actions/download-artifact@v4"))
    #expect(text.contains("pattern: conform-shard-*"))
    #expect(!text.contains("run-id:"))
    #expect(text.contains("conform report results/*.jsonl"))
  }

  @Test func theDriftJobTakesThisRunsArtifacts() throws {
    let gate = try text("gate.yml")
    #expect(gate.contains("uses: actions/download-artifact@v4"))
    #expect(!gate.contains("gh run download"))
    #expect(!gate.contains("run-id:"))
  }
}
