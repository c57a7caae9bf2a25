import ConformTestSupport
import Testing

@testable import ConformCLI
@testable import ConformFixtures
@testable import ConformReport

@Suite struct ReportOptionsTests {
  @Test func takesItsOptionsAndLeavesTheRest() throws {
    var arguments = Arguments(
      [
        "--impl", "x", "--junit", "out/junit.xml", "--json=out/r.json", "--markdown", "s.md", "--max-shown", "7", "--html",
        "out/r.html", "extra",
      ],
      command: "run", options: RunCommand.manual.options)
    let options = try ReportOptions.parse(from: &arguments)
    #expect(
      options
        == ReportOptions(
          junitPath: "out/junit.xml", jsonPath: "out/r.json", markdownPath: "s.md", maxShown: 7, htmlPath: "out/r.html"))
    #expect(try arguments.value("--impl") == "x")
    #expect(try arguments.positionals() == ["extra"])
  }

  @Test func defaultsWriteNoFilesAndShowFiftyFailures() throws {
    var arguments = Arguments([], command: "report", options: ReportCommand.manual.options)
    #expect(try ReportOptions.parse(from: &arguments) == ReportOptions(maxShown: 50))
  }

  @Test(arguments: [
    (["--max-shown", "-1"], "report: --max-shown takes a whole number from 0 to 1000000, not \"-1\""),
    (["--max-shown", "many"], "report: --max-shown takes a whole number from 0 to 1000000, not \"many\""),
    (["--junit"], "report: --junit needs a value"),
    (["--json", "a", "--json", "b"], "report: --json given 2 times"),
    (["--markdown="], "report: an output file name cannot be empty"),
    (["--html="], "report: an output file name cannot be empty"),
  ])
  func badOptionsAreUsageErrors(_ given: [String], _ message: String) {
    var arguments = Arguments(given, command: "report", options: ReportCommand.manual.options)
    #expect(throws: ConformError.usage(message)) { try ReportOptions.parse(from: &arguments) }
  }

  @Test func helpTextDocumentsEveryOptionAndTheEnvironment() {
    for word in [
      "--junit FILE", "--json FILE", "--markdown FILE", "--html FILE", "--max-shown N", "NO_COLOR", "GITHUB_ACTIONS",
      "GITHUB_STEP_SUMMARY",
      "1 MiB",
    ] {
      #expect(ReportCommand.help.contains(word), "\(word)")
    }
    for manual in [ReportCommand.manual, RunCommand.manual] {
      let width = Manual.width(of: manual.options.filter { !$0.isHidden })
      #expect(manual.text.contains(Manual.table("REPORT OPTIONS", ReportOptions.options.filter { !$0.isHidden }, width: width)))
    }
  }
}
