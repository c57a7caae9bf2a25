import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// The Android example's build.sh finds conform's jars in one folder and says what it found when
/// that is not exactly one of each, and names where to get Kotlin 2 when kotlinc2 is missing: it
/// stops before compiling, so this runs without a compiler.
@Suite struct ExampleBuildScriptTests {
  /// Runs a copy of build.sh in a folder of its own with `jars` (file names) in CONFORM_JARS.
  func build(jars: [String], environment: [String: String] = [:]) async throws -> ProcessOutcome {
    let app = TestSupport.temporaryDirectory("android app")
    let script = TestSupport.packageRoot.appendingPathComponent("harness/examples/android-app/build.sh")
    let copy = app.appendingPathComponent("build.sh").path
    try TestSupport.writeExecutable(try String(contentsOf: script, encoding: .utf8), to: copy)
    let folder = app.appendingPathComponent("conform jars")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for jar in jars { try Data().write(to: folder.appendingPathComponent(jar)) }
    return try await TestSupport.run(
      copy, environment: ["CONFORM_JARS": folder.path, "PATH": "/usr/bin:/bin"].merging(environment) { $1 })
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

  @Test func noKotlin2NamesWhereToGetIt() async throws {
    let junit = TestSupport.temporaryDirectory("junit jars")
    for jar in ["junit-jupiter-api", "opentest4j", "apiguardian-api"] {
      try Data().write(to: junit.appendingPathComponent("\(jar).jar"))
    }
    let outcome = try await build(
      jars: ["conform-kotlin-adapter-0.1.0.jar", "conform-junit5-0.1.0.jar"], environment: ["JUNIT_JAR_DIR": junit.path])
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr.hasPrefix("build.sh: kotlinc2 not found: put a conform checkout's harness/kotlin/bin on PATH"),
      "\(outcome.stderr)")
  }
}
