import ConformSampleRuns
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformReport

/// When conform colours its output: on a terminal, unless NO_COLOR is non-empty or TERM is dumb.
@Suite struct TerminalTests {
  @Test(arguments: [
    ([String: String](), true, true),
    (["NO_COLOR": ""], true, true),
    (["NO_COLOR": "1"], true, false),
    (["NO_COLOR": "0"], true, false),
    (["TERM": "dumb"], true, false),
    (["TERM": "xterm-256color", "NO_COLOR": ""], true, true),
    ([String: String](), false, false),
  ])
  func colourIsForATerminalWithoutANonEmptyNoColor(_ environment: [String: String], _ isTerminal: Bool, _ expected: Bool) {
    #expect(Terminal.wantsColor(environment: environment, isTerminal: isTerminal) == expected)
  }

  static let script = ExternalTool(name: "script", installer: "apt-get install bsdutils")

  /// The diff gate's green closing line, on a terminal that `script` gives conform.
  @Test(.enabled(if: script.isInstalled, script.missing), arguments: [("", true), ("1", false)])
  func anEmptyNoColorKeepsColourOnARealTerminal(_ noColor: String, _ coloured: Bool) async throws {
    let directory = TestSupport.temporaryDirectory("conform-colour")
    let results = SampleRuns.resultsText(
      header: SampleRuns.header(cases: Int64(SampleRuns.driftPassing.count)), results: SampleRuns.driftPassing)
    let path = SampleRuns.write(results, named: "a.jsonl", in: directory)
    let words = [TestSupport.binary("conform"), "diff", path, path].map(ShellWord.quote)
    let command = "NO_COLOR=\(noColor) TERM=xterm " + words.joined(separator: " ")
    let outcome = try await TestSupport.run(try #require(Self.script.path), ["-qec", command, "/dev/null"])
    #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
    #expect(outcome.stdout.contains("\u{1B}[32m4 both pass, 0 both fail the same way, 0 disagree\u{1B}[0m") == coloured)
    #expect(outcome.stdout.contains("4 both pass, 0 both fail the same way, 0 disagree"))
  }
}
