import ConformJSON
import ConformSampleRuns
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformReport
@testable import ConformResults

@Suite struct ReportJUnitTests {
  static let schema = Golden.directory.appendingPathComponent("junit.xsd").path

  /// Runs xmllint on `xml`: `--noout`, and `--schema junit.xsd` too when `schema` is set.
  func lint(_ xml: String, schema: Bool) async throws -> ProcessOutcome {
    let xmllint = try #require(ExternalTool.xmllint.path, ExternalTool.xmllint.missing)
    let path = SampleRuns.write(xml, named: "junit.xml", in: TestSupport.temporaryDirectory())
    return try await TestSupport.run(xmllint, ["--noout"] + (schema ? ["--schema", Self.schema] : []) + [path])
  }

  func count(_ element: String, in xml: String) -> Int {
    xml.components(separatedBy: "<\(element) ").count - 1 + xml.components(separatedBy: "<\(element)>").count - 1
  }

  @Test func everyKindOfCaseMatchesTheGolden() {
    Golden.assertMatches(SampleRuns.summary().junitXML(), named: "report/junit-mixed.xml")
  }

  @Test(.enabled(if: ExternalTool.xmllint.isInstalled, ExternalTool.xmllint.missing))
  func theXMLIsWellFormedAndValidAgainstTheSchema() async throws {
    let xml = SampleRuns.summary().junitXML()
    let wellFormed = try await lint(xml, schema: false)
    #expect(wellFormed.status == 0, "\(wellFormed.stderr)")
    let valid = try await lint(xml, schema: true)
    #expect(valid.status == 0, "\(valid.stderr)")
  }

  @Test(.enabled(if: ExternalTool.xmllint.isInstalled, ExternalTool.xmllint.missing))
  func theSchemaRejectsWhatItShould() async throws {
    // A check that cannot fail proves nothing: a bad time and a missing count must be refused.
    let bad = SampleRuns.summary().junitXML().replacingOccurrences(of: "time=\"1.234\"", with: "time=\"1.2\"")
    #expect(try await lint(bad, schema: true).status != 0)
    let missing = SampleRuns.summary().junitXML().replacingOccurrences(of: " errors=\"2\"", with: "")
    #expect(try await lint(missing, schema: true).status != 0)
  }

  @Test func elementCountsMatchTheRun() {
    let summary = SampleRuns.summary()
    let xml = summary.junitXML()
    #expect(count("testsuite", in: xml) == 3)
    #expect(count("testcase", in: xml) == summary.outcomes.count)
    // fail ×3, flaky, stale.
    #expect(count("failure", in: xml) == 5)
    // crashed, timeout.
    #expect(count("error", in: xml) == 2)
    // skipped, known failure.
    #expect(count("skipped", in: xml) == 2)
    #expect(
      xml.contains(
        "<testsuites name=\"conform: swift-ports\" tests=\"10\" failures=\"5\" errors=\"2\" skipped=\"2\" time=\"1.234\">"))
    #expect(xml.contains("<testsuite name=\"eligibility\" tests=\"4\" failures=\"1\" errors=\"2\" skipped=\"1\""))
  }

  @Test func casesAreNamedByIDWithTheSuiteAsClassname() {
    let xml = SampleRuns.summary().junitXML()
    #expect(xml.contains("<testcase classname=\"timeline\" name=\"timeline/seed/fires-after-delay\" time=\"0.002\">"))
    #expect(xml.contains("<testcase classname=\"version-compare\" name=\"version-compare/seed/1.0-vs-1.0.0\" time=\"0.000\"/>"))
  }

  @Test func knownFailuresAreSkippedWithTheirReasonAndStaleOnesFail() {
    let xml = SampleRuns.summary().junitXML()
    #expect(xml.contains("<skipped message=\"known failure: Kotlin split keeps empty pieces (ANDROID-123)\"/>"))
    #expect(
      xml.contains("<failure message=\"a known failure that passes now: remove it from the list\" type=\"stale-known-failure\">"))
  }

  @Test func failuresHoldTheDiffAndErrorsTheMessageAndStderr() {
    let xml = SampleRuns.summary().junitXML()
    #expect(
      xml.contains(
        "type=\"fail\">note: string comparison says \"2.0.10\" &lt; \"2.0.9\": parts must compare as numbers\n"
          + "input: {\"local\":\"2.0.9\",\"remote\":\"2.0.10\"}\n"
          + "rerun: conform run --impl swift-ports --impl-arg --stdio --fixtures fixtures --case version-compare/seed/2.0.10-vs-2.0.9\n"
          + "(- expected, + actual)\n- newer: true\n+ newer: false</failure>"
      ))
    #expect(xml.contains("<error message=\"crashed: exited with signal 11 (SIGSEGV)\" type=\"crashed\">"))
    #expect(xml.contains("| Fatal error: Unexpectedly found nil\n"))
  }

  @Test func propertiesNameTheImplementationAndTheFixtures() {
    let xml = SampleRuns.summary().junitXML()
    #expect(xml.contains("<property name=\"implementation\" value=\"swift-ports\"/>"))
    #expect(xml.contains("<property name=\"fixtures.manifestDigest\" value=\"\(SampleRuns.digest)\"/>"))
  }

  @Test(arguments: [
    ("a & b < c > d", "a &amp; b &lt; c &gt; d", "a &amp; b &lt; c &gt; d"),
    ("say \"hi\" 'there'", "say \"hi\" 'there'", "say &quot;hi&quot; &apos;there&apos;"),
    ("line\nbreak\ttab", "line\nbreak\ttab", "line&#10;break&#9;tab"),
    ("cr\r", "cr&#13;", "cr&#13;"),
    ("nul\u{0} esc\u{1B} bell\u{7}", "nul\\u{0} esc\\u{1B} bell\\u{7}", "nul\\u{0} esc\\u{1B} bell\\u{7}"),
    ("nonchar\u{FFFE}\u{FFFF}", "nonchar\\u{FFFE}\\u{FFFF}", "nonchar\\u{FFFE}\\u{FFFF}"),
    ("café 카페 \u{85}", "café 카페 \u{85}", "café 카페 \u{85}"),
  ])
  func escaping(_ input: String, _ content: String, _ attribute: String) {
    #expect(XMLText.content(input) == content)
    #expect(XMLText.attribute(input) == attribute)
  }

  @Test(.enabled(if: ExternalTool.xmllint.isInstalled, ExternalTool.xmllint.missing))
  func hostileTextStillGivesValidXML() async throws {
    let hostile = "<\u{0}&\u{1B}[31m\"']]>\r\n\u{FFFF}"
    let results = [
      CaseResult(
        id: "eligibility/x", suite: "eligibility", status: .crashed, expected: ["s": .string(hostile)], note: hostile,
        message: hostile, stderrTail: hostile),
      CaseResult(id: "eligibility/y", suite: "eligibility", status: .skipped, message: hostile),
    ]
    let xml = SampleRuns.summary(results, known: nil).junitXML()
    let valid = try await lint(xml, schema: true)
    #expect(valid.status == 0, "\(valid.stderr)")
  }

  @Test(arguments: [(Int64(0), "0.000"), (499, "0.000"), (500, "0.001"), (1_234_567, "1.235"), (60_000_000, "60.000")])
  func timesAreSecondsWithThreeDecimals(_ microseconds: Int64, _ text: String) {
    #expect(JUnitTime.seconds(microseconds: microseconds) == text)
  }
}
