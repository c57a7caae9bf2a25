import ConformTestSupport
import Foundation
import Testing

/// The Android example's build.sh finds conform's jars in one folder and says what it found when
/// that is not exactly one of each: it stops before kotlinc, so this runs without it.
@Suite struct ExampleBuildScriptTests {
  /// Runs a copy of build.sh in a folder of its own with `jars` (file names) in CONFORM_JARS.
  func build(jars: [String]) async throws -> ProcessOutcome {
    let app = TestSupport.temporaryDirectory("android app")
    let script = TestSupport.packageRoot.appendingPathComponent("harness/examples/android-app/build.sh")
    let copy = app.appendingPathComponent("build.sh").path
    try TestSupport.writeExecutable(try String(contentsOf: script, encoding: .utf8), to: copy)
    let folder = app.appendingPathComponent("conform jars")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for jar in jars { try Data().write(to: folder.appendingPathComponent(jar)) }
    return try await TestSupport.run(copy, environment: ["CONFORM_JARS": folder.path, "PATH": "/usr/bin:/bin"])
  }

  @Test func noAdapterJarIsFoundZero() async throws {
    let outcome = try await build(jars: ["conform-junit5-0.1.0.jar"])
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr.contains("want one conform-kotlin-adapter-VERSION.jar in ") && outcome.stderr.contains(", found 0:"),
      "\(outcome.stderr)")
  }

  @Test func twoAdapterJarsAreFoundTwo() async throws {
    let outcome = try await build(jars: ["conform-kotlin-adapter-0.1.0.jar", "conform-kotlin-adapter-0.2.0.jar"])
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("want one conform-kotlin-adapter-VERSION.jar in "), "\(outcome.stderr)")
    #expect(outcome.stderr.contains(", found 2:"), "\(outcome.stderr)")
  }
}
