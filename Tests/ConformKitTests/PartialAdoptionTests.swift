import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// An implementation that supports some suites, run with the real binary: its unsupported suites
/// are counted per suite and named, not listed case by case, and `--require-suite` holds a team
/// to the suites it promised.
@Suite struct PartialAdoptionTests {
  static let supported = ["eligibility", "timeline", "version-compare"]
  static var unsupported: [String] {
    Set(Testbed.cases.map(\.suite)).subtracting(supported).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  func run(_ options: [String] = []) async throws -> Testbed.Run {
    try await Testbed.run("conforming.py", options, implementationArguments: ["--suites", Self.supported.joined(separator: ",")])
  }

  func text(_ run: Testbed.Run, _ name: String) throws -> String {
    try String(contentsOf: run.directory.appendingPathComponent(name), encoding: .utf8)
  }

  @Test func theClosingLineNamesTheSuitesTheImplementationDoesNotSupport() async throws {
    let run = try await run()
    #expect(run.status == 0, "\(run.outcome.stderr)")
    let passed = Testbed.cases.count { Self.supported.contains($0.suite) }
    let others = Testbed.cases.count - passed
    #expect(
      run.closingLine == "\(passed) passed, 0 failed, \(others) unsupported (\(Self.unsupported.joined(separator: " ")))")
  }

  @Test func junitHasOneSkippedTestcasePerUnsupportedSuite() async throws {
    let run = try await run(["--junit", "junit.xml"])
    #expect(run.status == 0, "\(run.outcome.stderr)")
    let xml = try text(run, "junit.xml")
    let supportedCases = Testbed.cases.count { Self.supported.contains($0.suite) }
    #expect(xml.components(separatedBy: "<testcase ").count - 1 == supportedCases + Self.unsupported.count)
    #expect(xml.components(separatedBy: "<skipped ").count - 1 == Self.unsupported.count)
    for suite in Self.unsupported {
      let count = Testbed.cases.count { $0.suite == suite }
      let message = "unsupported: the implementation does not support the suite \(suite): \(count) cases not run"
      let element =
        "<testcase classname=\"\(suite)\" name=\"\(suite) (unsupported suite)\" time=\"0.000\">\n      "
        + "<skipped message=\"\(message)\"/>"
      #expect(xml.contains(element))
    }
  }

  @Test(.enabled(if: ExternalTool.xmllint.isInstalled, ExternalTool.xmllint.missing))
  func theJUnitOfAPartialImplementationIsValidAgainstTheSchema() async throws {
    let run = try await run(["--junit", "junit.xml", "--require-suite", Self.unsupported[0]])
    #expect(run.status == 1)
    let xmllint = try #require(ExternalTool.xmllint.path)
    let schema = TestSupport.packageRoot.appendingPathComponent("Tests/Golden/junit.xsd").path
    let lint = try await TestSupport.run(
      xmllint, ["--noout", "--schema", schema, run.directory.appendingPathComponent("junit.xml").path])
    #expect(lint.status == 0, "\(lint.stderr)")
  }

  @Test func theHTMLMatrixListsNoUnsupportedRowUnlessAsked() async throws {
    let run = try await run(["--html", "page.html"])
    #expect(run.status == 0, "\(run.outcome.stderr)")
    let page = try text(run, "page.html")
    #expect(!page.contains("<td class=\"i0 st st-unsupported\""), "an unsupported case row is listed")
    #expect(page.contains("--show-unsupported lists them"))
    for suite in Self.unsupported { #expect(page.contains("<tbody data-suite=\"\(suite)\">")) }

    let again = try await TestSupport.run(
      TestSupport.binary("conform"), ["report", run.resultsPath, "--html", "all.html", "--show-unsupported"],
      currentDirectory: run.directory)
    #expect(again.status == 0, "\(again.stderr)")
    let all = try text(run, "all.html")
    let rows = all.components(separatedBy: "<td class=\"i0 st st-unsupported\"").count - 1
    #expect(rows == Testbed.cases.count { !Self.supported.contains($0.suite) })
  }

  @Test func showUnsupportedNeedsAnHTMLPage() async throws {
    let outcome = try await TestSupport.run(TestSupport.binary("conform"), ["report", "results.jsonl", "--show-unsupported"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("report: --show-unsupported is about the HTML page's matrix: give --html FILE too"))
  }

  @Test func aRequiredSuiteTheImplementationDoesNotSupportFailsTheRunNamingIt() async throws {
    let suite = try #require(Self.unsupported.first)
    let run = try await run(["--require-suite", suite, "--require-suite", "version-*", "--junit", "junit.xml"])
    #expect(run.status == 1)
    #expect(
      run.outcome.stdout.contains(
        "REQUIRED SUITE MISSING --require-suite \(suite): the implementation does not support the suite \(suite) ("))
    #expect(!run.outcome.stdout.contains("--require-suite version-*:"))
    #expect(try text(run, "junit.xml").contains("type=\"required-suite\""))
    // The run records the requirement: its report fails the same way.
    let report = try await TestSupport.run(TestSupport.binary("conform"), ["report", run.resultsPath])
    #expect(report.status == 1)
  }

  @Test func aRequiredSuiteNoSuiteMatchesFailsTheReport() async throws {
    let run = try await run()
    let passing = try await TestSupport.run(
      TestSupport.binary("conform"), ["report", run.resultsPath, "--require-suite", "timeline"])
    #expect(passing.status == 0, "\(passing.stdout)")
    let missing = try await TestSupport.run(
      TestSupport.binary("conform"), ["report", run.resultsPath, "--require-suite", "nosuch*"])
    #expect(missing.status == 1)
    #expect(missing.stdout.contains("REQUIRED SUITE MISSING --require-suite nosuch*: no suite of this run matches it"))
  }
}
