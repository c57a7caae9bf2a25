import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// Ports with two or three independent bugs are reported as that many causes, each a spec
/// decision, by `run`, `diff`, the HTML page and `fuzz`: different causes are never merged.
@Suite struct MultiBugPortTests {
  struct Port: Sendable, CustomTestStringConvertible {
    var name: String
    var suite: String
    /// The decisions its bugs break, as the profile lists them (the most failing cases first).
    var decisions: [String]
    var testDescription: String { name }
  }

  static let ports = [
    Port(name: "version-padding-and-empty", suite: "version-compare", decisions: ["version-compare/D8", "version-compare/D2"]),
    Port(
      name: "version-three-bugs", suite: "version-compare",
      decisions: ["version-compare/D8", "version-compare/D2", "version-compare/D3"]),
    Port(name: "timeline-two-faults", suite: "timeline", decisions: ["timeline/D1", "timeline/D2"]),
  ]

  /// The ids of the profile's lines: the indented lines after `… breaks N spec decisions:`.
  static func profile(_ text: String, heading: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.contains(heading) }) else { return [] }
    return lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.map { String($0.split(separator: " ")[0]) }
  }

  @Test(arguments: ports)
  func runDiffAndTheHTMLPageReportEachBugAsOneDecision(_ port: Port) async throws {
    let folder = TestSupport.temporaryDirectory("multi-bug")
    let conform = TestSupport.binary("conform")
    let run = try await TestSupport.run(
      conform,
      [
        "run", "--impl", TestSupport.binary("swift-ports"), "--impl-arg", port.name, "--suite", port.suite, "--results",
        "port.jsonl",
        "--html", "port.html",
      ], currentDirectory: folder)
    #expect(run.status == 1, "\(run.stderr)")
    let firstScreen = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix(24).joined(separator: "\n")
    #expect(firstScreen.contains("breaks \(port.decisions.count) spec decisions:"), "\(firstScreen)")
    #expect(Self.profile(run.stdout, heading: "spec decisions:") == port.decisions)

    let html = try String(contentsOf: folder.appendingPathComponent("port.html"), encoding: .utf8)
    let start = try #require(html.range(of: "<ul class=\"profile\">"), "the page has a profile")
    let items = html[start.upperBound...].components(separatedBy: "</ul>")[0].components(separatedBy: "<li>").dropFirst()
    #expect(items.map { $0.components(separatedBy: "</code>")[0].replacingOccurrences(of: "<code>", with: "") } == port.decisions)

    let reference = try await TestSupport.run(
      conform, ["run", "--impl", TestSupport.binary("swift-reference"), "--suite", port.suite, "--results", "reference.jsonl"],
      currentDirectory: folder)
    #expect(reference.status == 0, "\(reference.stderr)")
    let diff = try await TestSupport.run(conform, ["diff", "reference.jsonl", "port.jsonl"], currentDirectory: folder)
    #expect(diff.status == 1)
    #expect(Self.profile(diff.stdout, heading: "The runs disagree on") == port.decisions, "\(diff.stdout.prefix(2000))")
    #expect(diff.stdout.contains("rerun A: ") && diff.stdout.contains("rerun B: ") && diff.stdout.contains("  input: "))
  }

  @Test(arguments: ports)
  func fuzzFindsOneMinimalCasePerBug(_ port: Port) async throws {
    let fuzz = try await TestSupport.run(
      TestSupport.binary("conform"),
      ["fuzz", "--impl", TestSupport.binary("swift-ports"), "--impl-arg", port.name, "--suite", port.suite, "--seed", "1"],
      currentDirectory: TestSupport.temporaryDirectory("multi-bug-fuzz"), timeout: 300)
    #expect(fuzz.status == 1, "\(fuzz.stderr)")
    let found = fuzz.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }
    #expect(found.count == port.decisions.count, "\(fuzz.stdout.prefix(3000))")
    #expect(fuzz.stdout.contains("found \(port.decisions.count) minimal cases"))
  }
}
