import ConformArchive
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// `harness/kotlin/install-kotlin.sh` refuses a wheel that is not the pinned one, naming both
/// digests, and installs nothing; `bin/kotlinc2` without an installation says how to install it.
/// None of this downloads anything or starts a JVM.
@Suite struct KotlinInstallerTests {
  static let kotlin = TestSupport.packageRoot.appendingPathComponent("harness/kotlin")

  /// Runs a script of harness/kotlin with CONFORM_KOTLIN_HOME set to a folder that does not exist yet.
  func run(_ script: String, _ arguments: [String] = []) async throws -> (ProcessOutcome, home: URL) {
    let home = TestSupport.temporaryDirectory("kotlin home").appendingPathComponent("kotlin")
    let outcome = try await TestSupport.run(
      "/bin/bash", [Self.kotlin.appendingPathComponent(script).path] + arguments, environment: ["CONFORM_KOTLIN_HOME": home.path])
    return (outcome, home)
  }

  @Test func aWheelWhoseHashIsNotThePinnedOneIsRefusedAndNothingIsInstalled() async throws {
    let wheel = TestSupport.temporaryDirectory("wheel")
      .appendingPathComponent("kotlin_jupyter_kernel-0.19.0.944-py3-none-any.whl")
    try Data("not the wheel".utf8).write(to: wheel)
    let (outcome, home) = try await run("install-kotlin.sh", ["--wheel", wheel.path])
    #expect(outcome.status == 1)
    let pin = try String(contentsOf: Self.kotlin.appendingPathComponent("kotlin.pin"), encoding: .utf8)
    let pinned = try #require(pin.split(separator: "\n").first { $0.hasPrefix("KOTLIN_WHEEL_SHA256=") }?.dropFirst(20))
    #expect(
      outcome.stderr.contains("has SHA-256 \(SHA256.hex(Array("not the wheel".utf8))), not the pinned \(pinned)")
        && outcome.stderr.contains("refusing it"), "\(outcome.stderr)")
    #expect(!FileManager.default.fileExists(atPath: home.path), "a refused wheel installed \(home.path)")
  }

  @Test func aMissingWheelIsNamed() async throws {
    let (outcome, home) = try await run("install-kotlin.sh", ["--wheel", "/nonexistent/kernel.whl"])
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("install-kotlin: no wheel at /nonexistent/kernel.whl"), "\(outcome.stderr)")
    #expect(!FileManager.default.fileExists(atPath: home.path))
  }

  @Test func kotlinc2WithoutAnInstallationSaysHowToInstallIt() async throws {
    let (outcome, home) = try await run("bin/kotlinc2", ["-version"])
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr.hasPrefix(
        "kotlinc2: Kotlin 2.4.0-dev-6891 is not installed in \(home.path): run harness/kotlin/install-kotlin.sh"),
      "\(outcome.stderr)")
  }
}
