import ConformJSON
import ConformSampleRuns
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// The HTML report in a real browser: headless Chromium driven by Selenium
/// (`harness/html/check-report.py`) opens pages the built `conform` made from real runs, checks
/// the counts it renders against the results files, filters by typing and by status, follows the
/// link the filter leaves in the URL, and takes a screenshot.
@Suite(.serialized) struct ReportHTMLBrowserTests {
  static let chromium = ExternalTool(name: "chromium", installer: "apt-get install chromium")
  static let chromedriver = ExternalTool(name: "chromedriver", installer: "apt-get install chromium-driver")
  static let python = ExternalTool(name: "python3", installer: "apt-get install python3")

  /// Whether `python3` can import Selenium (PyPI's `selenium`).
  static let hasSelenium: Bool = {
    guard let python = python.path else { return false }
    return (try? TestSupport.runBlocking(python, ["-c", "import selenium"], timeout: 30).status) == 0
  }()

  static var ready: Bool { chromium.isInstalled && chromedriver.isInstalled && hasSelenium }

  /// Why the tests are skipped, and what installs what is missing.
  static var missing: Comment {
    if !chromium.isInstalled { return chromium.missing }
    if !chromedriver.isInstalled { return chromedriver.missing }
    return "python3 cannot import selenium: harness/install-deps.sh or pip install selenium, then run the tests again"
  }

  static let script = TestSupport.packageRoot.appendingPathComponent("harness/html/check-report.py").path
  static let kotlinReference = TestSupport.packageRoot.appendingPathComponent("harness/kotlin/bin/kotlin-reference").path
  static let kotlinJarsBuilt = FileManager.default.fileExists(
    atPath: TestSupport.packageRoot.appendingPathComponent("harness/kotlin/build/kotlin-reference.jar").path)

  let directory = TestSupport.temporaryDirectory("conform-html-browser")

  func conform(_ arguments: [String]) async throws -> ProcessOutcome {
    try await TestSupport.run(TestSupport.binary("conform"), arguments, currentDirectory: directory, timeout: 600)
  }

  /// Runs the check script; returns what it reports, after expecting it passed.
  func check(_ page: String, results: [String], options: [String]) async throws -> JSONValue {
    let outcome = try await TestSupport.run(
      try #require(Self.python.path), [Self.script, page] + results.flatMap { ["--results", $0] } + options,
      currentDirectory: directory, timeout: 300)
    #expect(outcome.status == 0, "check-report.py: \(outcome.stderr)")
    let last = try #require(outcome.stdout.split(separator: "\n").last, "check-report.py printed nothing: \(outcome.stderr)")
    return try JSONReader.parse(String(last))
  }

  func expectPNG(_ path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(data.count > 20_000, "a screenshot of \(data.count) bytes")
    #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
  }

  @Test(.enabled(if: ready, missing))
  func theTwoReferencesRenderWithTheirCountsAndTheFilterWorks() async throws {
    let a = directory.appendingPathComponent("swift-reference.jsonl").path
    let b = directory.appendingPathComponent("other.jsonl").path
    let first = try await conform(["run", "--impl", TestSupport.binary("swift-reference"), "--results", a])
    #expect(first.status == 0, "\(first.stderr)")
    // The Kotlin reference where its jars are built; else a Swift port that drifts.
    let other =
      Self.kotlinJarsBuilt
      ? ["--impl", Self.kotlinReference] : ["--impl", TestSupport.binary("swift-ports"), "--impl-arg", "no-cancel-guard"]
    let second = try await conform(["run"] + other + ["--results", b])
    #expect(second.status == (Self.kotlinJarsBuilt ? 0 : 1), "\(second.stderr)")
    let page = directory.appendingPathComponent("two.html").path
    let report = try await conform(["report", "--html", page, a, b])
    #expect(report.status == second.status)
    let screenshot = directory.appendingPathComponent("two.png").path
    let facts = try await check(page, results: [a, b], options: ["--search", "cancel-after-sleep", "--screenshot", screenshot])
    #expect(facts["runs"] == 2)
    let builtIn = Int64(SuiteRegistry.all.reduce(0) { $0 + $1.caseCount(options: .published) })
    #expect(facts["cases"] == [.int(builtIn), .int(builtIn)])
    #expect((facts["countsChecked"]?.intValue ?? 0) >= 20)
    #expect((facts["rowsListed"]?.intValue ?? 0) >= 1_000)
    #expect((facts["searchVisible"]?.intValue ?? 0) >= 2)
    #expect(facts["fragment"]?.stringValue?.contains("q=cancel-after-sleep") == true)
    try expectPNG(screenshot)
  }

  @Test(.enabled(if: ready, missing))
  func aDriftingPortsPageFromConformRunShowsItsFailures() async throws {
    let results = directory.appendingPathComponent("port.jsonl").path
    let page = directory.appendingPathComponent("port.html").path
    let run = try await conform([
      "run", "--impl", TestSupport.binary("swift-ports"), "--impl-arg", "no-cancel-guard", "--results", results, "--html", page,
    ])
    #expect(run.status == 1, "\(run.stderr)")
    let screenshot = directory.appendingPathComponent("port.png").path
    let facts = try await check(
      page, results: [results], options: ["--search", "timeline/cancel", "--screenshot", screenshot, "--open", "1"])
    #expect(facts["casesWithAProblem"] == 203)
    // Every failing case is a row, and with pass unticked only failing ones are left.
    #expect(facts["withoutPassVisible"] == 201)
    try expectPNG(screenshot)
  }

  @Test(.enabled(if: ready, missing))
  func hostileResultsStayTextInTheBrowser() async throws {
    let run = SampleRuns.hostileRun
    let results = SampleRuns.write(
      SampleRuns.resultsText(header: run.header, results: run.outcomes.flatMap(\.attempts)), named: "hostile.jsonl", in: directory
    )
    let page = directory.appendingPathComponent("hostile.html").path
    let report = try await conform(["report", results, "--html", page])
    #expect(report.status == 1)
    let facts = try await check(
      page, results: [results], options: ["--hostile", "</script><script>window.__conformPwned=1</script>"])
    #expect((facts["hostileTags"]?.intValue ?? 0) > 10)
    #expect(facts["failures"] == 0)
  }
}
