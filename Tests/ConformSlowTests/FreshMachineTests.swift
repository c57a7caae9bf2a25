import ConformPlatform
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// A fresh machine has only the Swift toolchain, and `swift test -c release` passes there: every
/// test that needs a tool from outside it is skipped, with the install command in its reason.
/// This runs the built test binary again on every suite of a file that names an `ExternalTool`,
/// with `CONFORM_TEST_HIDE_TOOLS=all` making every such tool look missing, and reads Swift
/// Testing's report: nothing fails, nothing records an issue, and every skip says what to install.
///
/// Linux only: there the test binary is an executable (`conformPackageTests.xctest`) that runs
/// its Swift Testing tests when asked; on macOS a helper of Xcode's loads the bundle. The run
/// inside does not run this suite again: the hide variable disables it, and its file is left out.
@Suite(.enabled(if: TestRunner.path != nil, TestRunner.notHere))
struct FreshMachineTests {

  /// The suites declared in a test file that names `ExternalTool`, this one's aside.
  static let toolSuites: [String] = {
    let tests = TestSupport.packageRoot.appendingPathComponent("Tests")
    let files = (FileManager.default.enumerator(atPath: tests.path)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(".swift") && !$0.hasSuffix("/FreshMachineTests.swift") }
    var suites: [String] = []
    for file in files.sorted() {
      guard let text = try? String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8),
        text.contains("ExternalTool")
      else { continue }
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated() {
        guard let name = line.firstRegexMatch(#"^(?:@Suite[^\n]*)?\bstruct ([A-Za-z0-9_]+)"#)?[1] else { continue }
        if line.contains("@Suite") || (index > 0 && lines[index - 1].contains("@Suite")) { suites.append(String(name)) }
      }
    }
    return suites
  }()

  @Test func everyToolSuiteIsFound() {
    // The suites of the tools the README names: check-jsonschema, xmllint, kotlinc, java, chromium.
    for suite in ["WorkflowTemplateTests", "ReportJUnitTests", "TeamSuiteTests", "ExamplesGateTests", "ReportHTMLBrowserTests"] {
      #expect(Self.toolSuites.contains(suite), "\(suite) is not among \(Self.toolSuites)")
    }
  }

  @Test func withEveryToolHiddenTheToolSuitesPassOrSkipWithTheInstallCommand() async throws {
    let runner = try #require(TestRunner.path)
    let filters = Self.toolSuites.flatMap { ["--filter", "\\.\($0)(/|$)"] }
    let outcome = try await TestSupport.run(
      runner, ["--testing-library", "swift-testing"] + filters,
      environment: [ExternalTool.hideVariable: "all", "CONFORM_TEST_PRODUCTS": TestSupport.productsDirectory.path], timeout: 1200)
    let lines = outcome.stdout.split(separator: "\n").map(String.init) + outcome.stderr.split(separator: "\n").map(String.init)
    let report = "status \(outcome.status)\n\(lines.suffix(60).joined(separator: "\n"))"
    #expect(outcome.status == 0, "\(report)")
    let issues = lines.filter { $0.contains("recorded an issue") || $0.contains(" failed after ") }
    #expect(issues.isEmpty, "\(issues.joined(separator: "\n"))")
    let skipped = lines.filter { $0.contains(" skipped") }
    // The check of a tool-less machine that once failed, and the tools' own suites, are skipped.
    let expected = [
      "theSchemaCheckCanFail()", "ExamplesGateTests", "hostileResultsStayTextInTheBrowser()",
      "aKotlinModelScaffoldBuildsAndAnswers()",
    ]
    for name in expected {
      #expect(skipped.contains { $0.contains(name) }, "\(name) was not skipped:\n\(report)")
    }
    let withoutInstaller = skipped.filter { !$0.contains("install") && !$0.contains("build.sh") }
    #expect(withoutInstaller.isEmpty, "skipped without saying what to install:\n\(withoutInstaller.joined(separator: "\n"))")
    #expect(lines.contains { $0.contains("Test run with ") && $0.contains(" passed after ") }, "\(report)")
  }
}

/// The test binary running now, when `FreshMachineTests` can start it again.
enum TestRunner {
  static let path: String? = {
    guard ExternalTool.hidden.isEmpty, let path = Host.executablePath, path.hasSuffix(".xctest") else { return nil }
    return path
  }()

  static let notHere: Comment =
    "runs only from SwiftPM's test binary on Linux, and not inside a run that already hides tools (\(ExternalTool.hideVariable))"
}
