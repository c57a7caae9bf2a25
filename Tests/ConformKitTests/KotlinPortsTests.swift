import ConformCLI
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// Whether `harness/kotlin/build.sh` has built the ports' jar.
private let kotlinJarsBuilt = FileManager.default.fileExists(
  atPath: TestSupport.packageRoot.appendingPathComponent("harness/kotlin/build/kotlin-port.jar").path)

/// Every drifting port of `kotlin-port` must be caught by its named fixture cases and agree with
/// the suites its bug cannot reach, as `kotlin-port --catalogue` declares (each port's entry in
/// `harness/kotlin/src/port/Mutants.kt`). Checked where the Kotlin jars are built
/// (`harness/kotlin/build.sh`, which `.ci/run` runs first).
@Suite(.enabled(if: kotlinJarsBuilt, "needs harness/kotlin/build.sh"))
struct KotlinPortsTests {
  static let binary = TestSupport.packageRoot.appendingPathComponent("harness/kotlin/bin/kotlin-port").path

  static func ports() async throws -> [CataloguedPort] { kotlinJarsBuilt ? try await CataloguedPort.all(of: binary) : [] }

  /// `conform mutants` reads the whole catalogue: the references, then every Swift port, then
  /// every Kotlin port, each run by its binary with its own name and each named once.
  @Test func conformMutantsRunsEveryPortOfBothBinaries() async throws {
    let catalogue = try MutantCatalogue.read(
      TestSupport.packageRoot.appendingPathComponent("harness/mutants.jsonl").path,
      binaryDirectory: TestSupport.productsDirectory.path)
    let swift = try await SwiftReferencePortsTests.ports().map(\.name)
    let kotlin = try await Self.ports().map(\.name)
    #expect(kotlin.count > 10)
    #expect(catalogue.entries.map(\.name) == ["swift-reference", "kotlin-reference"] + swift + kotlin)
    for entry in catalogue.entries.filter({ kotlin.contains($0.name) }) {
      #expect(entry.args == [entry.name] && entry.impl.hasSuffix("/kotlin/bin/kotlin-port") && entry.language == "kotlin")
    }
  }

  @Test(arguments: try await ports())
  func portFailsItsNamedCases(_ port: CataloguedPort) async throws {
    try await port.checkFailsItsNamedCases()
  }

  @Test(arguments: try await ports())
  func portPassesTheSuitesItsBugsCannotReach(_ port: CataloguedPort) async throws {
    try await port.checkPassesTheSuitesItsBugsCannotReach()
  }
}
