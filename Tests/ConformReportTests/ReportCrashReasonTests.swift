import Testing

@testable import ConformFixtures
@testable import ConformReport
@testable import ConformResults

/// A crash report leads with the line a runtime writes when it dies, and no text from an
/// implementation can break a report's lines or issue a CI workflow command.
@Suite struct ReportCrashReasonTests {
  @Test(arguments: [
    (
      "💣 Program crashed: System trap at 0x0000aaaab1c2d3e4\nThread 0 crashed:\n"
        + "0 SeedFunctions.swift:19:27 Swift runtime failure: arithmetic overflow\nrax 0x0000000000000000\nrbx 0x1\n",
      ["0 SeedFunctions.swift:19:27 Swift runtime failure: arithmetic overflow"]
    ),
    (
      "reading\nApp/Eligibility.swift:40: Fatal error: Unexpectedly found nil\n",
      ["App/Eligibility.swift:40: Fatal error: Unexpectedly found nil"]
    ),
    (
      "Exception in thread \"main\" java.lang.NumberFormatException: For input string: \"x\"\n"
        + "\tat java.base/java.lang.Integer.parseInt(Integer.java:652)\n\tat port.Version.parse(Version.kt:12)\n"
        + "\tat port.MainKt.main(Main.kt:30)\n\tat port.MainKt.run(Main.kt:40)\n",
      [
        "Exception in thread \"main\" java.lang.NumberFormatException: For input string: \"x\"",
        "\tat java.base/java.lang.Integer.parseInt(Integer.java:652)", "\tat port.Version.parse(Version.kt:12)",
        "\tat port.MainKt.main(Main.kt:30)",
      ]
    ),
    (
      "Traceback (most recent call last):\n  File \"impl.py\", line 3, in <module>\n    main()\nKeyError: 'version'\nbye\n",
      ["KeyError: 'version'"]
    ),
    (
      "==1==ERROR: AddressSanitizer: heap-use-after-free\nSUMMARY: AddressSanitizer: heap-use-after-free a.c:3 in f\n",
      ["SUMMARY: AddressSanitizer: heap-use-after-free a.c:3 in f"]
    ),
    ("just some logging\nand more\n", []),
  ])
  func theRuntimesFatalLinesAreFound(_ stderr: String, _ reason: [String]) {
    #expect(CrashReason.lines(in: stderr).map(String.init) == reason)
  }

  @Test func aReportLeadsWithTheReasonBeforeTheTail() {
    let attempt = CaseResult(
      id: "eligibility/seed/a", suite: "eligibility", status: .crashed,
      stderrTail: "Fatal error: boom\n" + (1...30).map { "r\($0) 0x0" }.joined(separator: "\n") + "\n")
    let lines = CaseOutcome(id: attempt.id, suite: attempt.suite, attempts: [attempt]).detailLines(stderrLines: 20)
    let reason = lines.firstIndex(of: "reason: Fatal error: boom")
    let tail = lines.firstIndex { $0.hasPrefix("stderr (last 20 lines)") }
    #expect(reason != nil && tail != nil && reason! < tail!, "\(lines)")
  }

  @Test(arguments: [
    ("::error title=x::pwned", "\\u{3A}:error title=x::pwned"),
    ("    ::add-mask::secret", "    \\u{3A}:add-mask::secret"),
    ("\t::stop-commands::TOKEN", "\t\\u{3A}:stop-commands::TOKEN"),
    ("| ::error ok as it is", "| ::error ok as it is"),
    ("a \u{1B}[31m red", "a \\u{1B}[31m red"),
  ])
  func aLineCannotBeAWorkflowCommand(_ line: String, _ shown: String) {
    #expect(VisibleText.shown(line) == shown)
  }

  @Test func everyKindOfLineBreakStartsALine() {
    #expect(VisibleText.lines("a\r\n::error x\rb\u{2028}c\nd") == ["a", "::error x", "b", "c", "d"])
  }

  @Test func messagesWithInjectedCommandsStayInert() {
    let attempt = CaseResult(
      id: "eligibility/seed/a", suite: "eligibility", status: .errored,
      message: "bad input\r\n::add-mask::secret\n::error title=pwned::x", stderrTail: "log\r\n::stop-commands::TOKEN\n")
    let lines = CaseOutcome(id: attempt.id, suite: attempt.suite, attempts: [attempt]).detailLines(stderrLines: 20)
    for line in lines {
      #expect(!line.drop { $0 == " " || $0 == "\t" }.hasPrefix("::"), "\(line)")
    }
    #expect(lines.contains("  | ::add-mask::secret"))
    #expect(lines.contains("| ::stop-commands::TOKEN"))
  }
}
