import ConformArchive
import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformReport

/// What the Android example app needs beyond the Swift toolchain: a JDK, Kotlin 2 and Debian's JUnit 5.
enum ExampleAppTools {
  static let tools = [ExternalTool.java, .kotlin2, .junit5]
  static let installed = tools.allSatisfy(\.isInstalled)
  static let missing: Comment =
    tools.first { !$0.isInstalled }.map {
      Comment(rawValue: $0.missing.rawValue + " (harness/install-deps.sh --android installs all three)")
    } ?? ""
}

/// `harness/examples/gate.sh`, the release-to-gate flow over the two example apps (copies of them,
/// in folders whose names have a space): a bundle with one case's expected output altered fails
/// exactly that case in both apps, every other case passing (the green run, but for one case;
/// `.ci/run` does not run the gate again), while the gate's fuzz step finds a drift of the iOS app
/// that no table case shows; and when either app's logic drifts by one character the gate fails
/// naming its cases.
@Suite(.serialized, .enabled(if: ExampleAppTools.installed, ExampleAppTools.missing))
struct ExamplesGateTests {
  static let examples = TestSupport.packageRoot.appendingPathComponent("harness/examples")

  let directory = TestSupport.temporaryDirectory("conform gate")

  /// conform's two Kotlin jars, built once by harness/kotlin/jars.sh (Kotlin 2, after their own
  /// JUnit tests) for every gate run here, as a release would ship them.
  static let jars = Task { () async throws -> String in
    let folder = TestSupport.temporaryDirectory("conform jars")
    let outcome = try await TestSupport.run(
      TestSupport.packageRoot.appendingPathComponent("harness/kotlin/jars.sh").path, [folder.path], timeout: 600)
    guard outcome.status == 0 else { throw JarsFailure(output: outcome.stdout + outcome.stderr) }
    return folder.path
  }

  struct JarsFailure: Error, CustomStringConvertible {
    let output: String
    var description: String { "harness/kotlin/jars.sh failed:\n\(output)" }
  }

  /// Runs the gate with this build's conform; its outputs go under `directory/out`.
  func gate(_ arguments: [String]) async throws -> ProcessOutcome {
    try await TestSupport.run(
      Self.examples.appendingPathComponent("gate.sh").path,
      ["--out", directory.appendingPathComponent("out").path] + arguments,
      environment: ["CONFORM": TestSupport.binary("conform"), "CONFORM_JARS": try await Self.jars.value], timeout: 900)
  }

  /// A copy of one example app (without its build products) in a folder whose name has a space.
  func copy(of app: String) async throws -> URL {
    let copy = directory.appendingPathComponent("\(app) copy")
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
    let outcome = try await TestSupport.run(
      "/bin/bash",
      [
        "-c", #"tar -C "$1" --exclude=./.build --exclude=./build --exclude=./reports -cf - . | tar -C "$2" -xf -"#, "copy",
        Self.examples.appendingPathComponent(app).path, copy.path,
      ])
    try #require(outcome.status == 0, "\(outcome.stderr)")
    return copy
  }

  /// Replaces `old` with `new` once in `file` of an app's copy: a drift of one character.
  func drift(_ copy: URL, file: String, replacing old: String, with new: String) throws {
    let source = copy.appendingPathComponent(file)
    let text = try String(contentsOf: source, encoding: .utf8)
    try #require(text.components(separatedBy: old).count == 2, "\(file) must hold \(old) exactly once")
    try text.replacingOccurrences(of: old, with: new).write(to: source, atomically: true, encoding: .utf8)
  }

  /// The iOS app's version parts, read into four fields as a (major, minor, patch, build) struct
  /// would hold them: a fifth part is dropped. No table case has five parts; the fuzzer makes them.
  static let fourFieldVersions = (
    file: "Sources/AppLogic/StoreVersion/StoreVersionCheck.swift",
    old: #"version.unicodeScalars.split(separator: ".").map {"#,
    new: #"version.unicodeScalars.split(separator: ".").prefix(4).map {"#
  )

  /// The summary table's status for a step.
  func status(of step: String, in stderr: String) -> String? {
    stderr.split(separator: "\n").first { $0.contains(step) && $0.contains(" exit ") }
      .flatMap { $0.split(separator: " ").last.map(String.init) }
  }

  /// One copy of each app, built once: first gated on a bundle wrong about one case, then, each
  /// app drifting by one character, on the published one (the builds are incremental).
  @Test func aWrongExpectedOutputThenAOneCharacterDriftFailTheGateNamingTheirCases() async throws {
    let ios = try await copy(of: "ios-app")
    let android = try await copy(of: "android-app")
    let planted = Self.fourFieldVersions
    try drift(ios, file: planted.file, replacing: planted.old, with: planted.new)
    try await checkAnAlteredExpectedOutput(ios: ios, android: android)
    try drift(ios, file: planted.file, replacing: planted.new, with: planted.old)
    try await checkAOneCharacterDriftInEitherApp(ios: ios, android: android)
  }

  /// One gate run with both apps drifting by one character, each in another suite: the iOS app's
  /// cooldown check (`>=` to `>`) and the Android app's version order (`>` to `<`). Each side's run
  /// and own tests fail, naming its cases, so does each fuzz step, and the drift gate shows both.
  func checkAOneCharacterDriftInEitherApp(ios: URL, android: URL) async throws {
    try drift(
      ios, file: "Sources/AppLogic/Review/ReviewEligibility.swift",
      replacing: "elapsed >= UInt64(settings.cooldownDays)", with: "elapsed > UInt64(settings.cooldownDays)")
    try drift(
      android, file: "app-logic/StoreVersionCheck.kt", replacing: "return remotePart > localPart",
      with: "return remotePart < localPart")
    let outcome = try await gate(["--ios-app", ios.path, "--android-app", android.path, "--fuzz-cases", "50000"])
    #expect(outcome.status == 1, "\(outcome.stderr.suffix(3000))")
    for step in [
      "ios-app: conform run", "android-app: conform run", "conform diff ios android", "ios-app: swift test",
      "android-app: JUnit 5 tests", "ios-app: conform fuzz", "android-app: conform fuzz",
    ] {
      #expect(status(of: step, in: outcome.stderr) == "1", "\(step)")
    }
    let output = outcome.stdout + outcome.stderr
    // Each run names its drifting cases (the version order also reaches timeline cases that
    // compare versions).
    let failed = outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }
    #expect(failed.contains { $0.hasPrefix("FAIL eligibility/") } && failed.contains { $0.hasPrefix("FAIL version-compare/") })
    // The drift gate shows both suites; each app's own bundle test names its case by id.
    #expect(output.contains("=== eligibility: ") && output.contains("=== version-compare: "))
    #expect(output.contains("cases():version-compare/"))
    #expect(output.contains("does not conform"))
  }

  /// A fixtures folder with one case's expected output flipped, its manifest entry made to match:
  /// a consistent bundle that is wrong about one case fails exactly that case in both apps. The
  /// iOS app reads versions into four fields meanwhile: its table run shows nothing more, and the
  /// fuzz step finds it, printing the minimal case and the line that promotes it into the tables.
  func checkAnAlteredExpectedOutput(ios: URL, android: URL) async throws {
    let fixtures = directory.appendingPathComponent("fixtures")
    let generate = try await TestSupport.run(TestSupport.binary("conform"), ["generate", "--out", fixtures.path], timeout: 300)
    try #require(generate.status == 0, "\(generate.stderr)")
    let id = "version-compare/seed/2.0.10-vs-2.0.9"
    let table = fixtures.appendingPathComponent("version-compare.jsonl")
    var lines = try String(contentsOf: table, encoding: .utf8).split(separator: "\n").map(String.init)
    let index = try #require(lines.firstIndex { $0.contains("\"id\":\"\(id)\"") })
    try #require(lines[index].hasPrefix(#"{"decisions":["version-compare/D1"],"expected":{"newer":true},"#))
    lines[index] = lines[index].replacingOccurrences(of: #""expected":{"newer":true},"#, with: #""expected":{"newer":false},"#)
    let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    try Data(bytes).write(to: table)
    let manifestURL = fixtures.appendingPathComponent("manifest.json")
    var manifest = try FixtureManifest(json: try JSONReader.parse(String(contentsOf: manifestURL, encoding: .utf8)))
    let file = try #require(manifest.files.firstIndex { $0.path == "version-compare.jsonl" })
    manifest.files[file].bytes = Int64(bytes.count)
    manifest.files[file].sha256 = SHA256.hex(bytes)
    try Data(manifest.bytes).write(to: manifestURL)

    let outcome = try await gate([
      "--fixtures", fixtures.path, "--ios-app", ios.path, "--android-app", android.path, "--fuzz-seed", "1", "--fuzz-cases",
      "50000",
    ])
    #expect(outcome.status == 1, "\(outcome.stderr.suffix(3000))")
    for step in [
      "ios-app: conform run", "android-app: conform run", "ios-app: swift test", "android-app: JUnit 5 tests",
      "ios-app: conform fuzz",
    ] {
      #expect(status(of: step, in: outcome.stderr) == "1", "\(step)")
    }
    #expect(status(of: "android-app: conform fuzz", in: outcome.stderr) == "0")
    // The fuzz step's finding: a version of five parts, its replay and its promote line.
    let finding = try #require(outcome.stdout.split(separator: "\n").first { $0.hasPrefix("FAIL version-compare/fuzz/") })
    #expect(
      outcome.stdout.contains(
        "replay: conform fuzz --impl \(ShellWord.quote(ios.path + "/.build/debug/conform-adapter")) --seed 1 --suite version-compare"
      ), "\(finding)")
    #expect(outcome.stdout.contains("promote: add to Sources/ConformSuites/VersionCompare/version-compare.promoted.jsonl: "))
    let minimal = try String(contentsOf: directory.appendingPathComponent("out/ios.fuzz.jsonl"), encoding: .utf8)
    let versions = try minimal.split(separator: "\n").flatMap { line -> [String] in
      let input = try JSONFields(try JSONReader.parse(String(line))).fields("input")
      return [try input.string("local"), try input.string("remote")]
    }
    #expect(versions.contains { $0.split(separator: ".").count >= 5 }, "\(minimal)")
    // conform run names it for both apps, and every other case passes; each app's own test names it too.
    #expect(outcome.stdout.components(separatedBy: "\nFAIL \(id)\n").count - 1 == 2)
    #expect(outcome.stdout.components(separatedBy: " passed, 1 failed, ").count - 1 == 2, "\(outcome.stdout.suffix(3000))")
    #expect(outcome.stdout.contains("[         1 tests failed          ]"))
    // Both apps fail it the same way: the drift gate says so, and fails too.
    #expect(status(of: "conform diff ios android", in: outcome.stderr) == "1")
    #expect(outcome.stdout.contains("1 both fail the same way"))
    #expect((outcome.stdout + outcome.stderr).contains("\(id) does not conform"))
    #expect((outcome.stdout + outcome.stderr).contains("cases():\(id)"))
  }
}
