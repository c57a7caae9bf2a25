import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// The Android example as a team's own repository would hold it, outside the checkout in a folder
/// with spaces: its conform.json, conform's two jars in libs/, and nothing else of conform's (no
/// script). `conform pin` re-pins it to a bundle published beside it, `conform gate` goes green,
/// and dropping a promised suite from the app's suite map turns the gate red.
@Suite(.serialized, .enabled(if: ExampleAppTools.installed, ExampleAppTools.missing))
struct ExampleConfigGateTests {
  @Test func theAndroidExampleGatesFromItsConfigAndADroppedSuiteFailsIt() async throws {
    let root = TestSupport.temporaryDirectory("team repos").appendingPathComponent("a b")
    let app = root.appendingPathComponent("android app")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: ExamplesGateTests.examples.appendingPathComponent("android-app"), to: app)
    for script in ["build.sh", "test.sh", "conform-adapter"] {
      try FileManager.default.removeItem(at: app.appendingPathComponent(script))
    }
    let jars = try await ExamplesGateTests.jars.value
    try FileManager.default.copyItem(atPath: jars, toPath: app.appendingPathComponent("libs").path)
    let conform = TestSupport.binary("conform")
    let published = try await TestSupport.run(
      conform, ["bundle", "create", "--out", root.appendingPathComponent("pub").path], currentDirectory: root)
    #expect(published.status == 0, "\(published.stderr)")
    let pin = try await TestSupport.run(
      conform, ["pin", "../pub/conform-fixtures-\(ConformVersion.current).tar.gz"], currentDirectory: app)
    #expect(pin.status == 0, "\(pin.stderr)")

    let kotlin = TestSupport.packageRoot.appendingPathComponent("harness/kotlin/bin").path
    let path = kotlin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let green = try await TestSupport.run(conform, ["gate"], environment: ["PATH": path], currentDirectory: app, timeout: 900)
    #expect(green.status == 0, "\(green.stderr.suffix(3000))")
    #expect(green.stderr.contains("== gate run: conform run --impl java --impl-arg -cp"), "\(green.stderr.suffix(3000))")
    #expect(green.stdout.contains(" 0 tests failed"), "the JUnit bundle test ran: \(green.stdout.suffix(2000))")

    let suites = app.appendingPathComponent("conform/AppSuites.kt")
    let text = try String(contentsOf: suites, encoding: .utf8)
    let dropped = text.replacingOccurrences(of: #"put("timeline", ::timeline)"#, with: "")
    #expect(dropped != text, "AppSuites.kt no longer maps the timeline suite as this test expects")
    try dropped.write(to: suites, atomically: true, encoding: .utf8)
    let red = try await TestSupport.run(
      conform, ["gate", "build", "run"], environment: ["PATH": path], currentDirectory: app, timeout: 900)
    #expect(red.status == 1, "\(red.stderr.suffix(3000))")
    #expect(red.stdout.contains("REQUIRED SUITE MISSING --require-suite timeline"), "\(red.stdout.suffix(2000))")
  }
}
