import ConformJSON
import ConformSampleRuns
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformReport
@testable import ConformResults

/// The HTML report's page: its structure, its escaping, its bounds, its determinism.
@Suite struct ReportHTMLTests {
  static var mixedPage: String {
    HTMLReport(runs: [.init(summary: SampleRuns.summary(), path: "reports/mixed.jsonl")]).render()
  }

  static var driftFiles: [ResultsFile] {
    [
      SampleRuns.resultsFile(SampleRuns.driftHeaderA, SampleRuns.driftA, path: "reports/swift.jsonl"),
      SampleRuns.resultsFile(SampleRuns.driftHeaderB, SampleRuns.driftB, path: "reports/kotlin.jsonl"),
    ]
  }

  // MARK: Golden pages

  /// `page` with the conform that made it (its generator tag and footer) written `conform VERSION`,
  /// so that a new version of conform needs no new golden pages.
  static func versionless(_ page: String) -> String {
    page.replacingOccurrences(of: "conform \(ConformVersion.current)", with: "conform VERSION")
  }

  @Test func theMixedRunsPageIsTheGoldenOne() {
    Golden.assertMatches(Self.versionless(Self.mixedPage), named: "html/mixed.html")
  }

  @Test func theTwoRunsPageIsTheGoldenOne() {
    Golden.assertMatches(Self.versionless(HTMLReport(files: Self.driftFiles).render()), named: "html/drift.html")
  }

  // MARK: Structure

  @Test func aPageIsOneSelfContainedDocument() throws {
    let page = Self.mixedPage
    #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
    #expect(page.hasSuffix("</html>\n"))
    // Nothing is fetched: no src or href to anything but the page's own anchors.
    #expect(!page.contains("src="))
    #expect(page.regexMatches(#"href="([^"]*)""#).allSatisfy { $0[1].hasPrefix("#") })
    #expect(!page.contains("http://") && !page.contains("https://"))
    // Exactly one style and one script, byte for byte the fixed ones, allowed by hash and nothing else.
    #expect(HTMLPage.tags(page).filter { $0 == "script" }.count == 1)
    #expect(HTMLPage.tags(page).filter { $0 == "style" }.count == 1)
    #expect(page.contains("<style>\(HTMLReport.styleSheet)</style>"))
    #expect(page.contains("<script>\(HTMLReport.script)</script>"))
    let policy = try #require(page.firstRegexMatch(#"Content-Security-Policy" content="([^"]*)""#)?[1])
    #expect(policy.contains("default-src 'none'"))
    #expect(policy.contains("script-src '\(HTMLText.cspHash(HTMLReport.script))'"))
    #expect(policy.contains("style-src '\(HTMLText.cspHash(HTMLReport.styleSheet))'"))
  }

  @Test func theCSPHashIsTheBase64OfTheSHA256() {
    // `printf 'abc' | openssl dgst -sha256 -binary | base64`
    #expect(HTMLText.cspHash("abc") == "sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
  }

  @Test func theMatrixCountsEverySuiteAsTheSummaryDoes() {
    let page = Self.mixedPage
    let summary = SampleRuns.summary()
    for (name, part) in summary.bySuite {
      let counts = HTMLPage.counts(page, impl: 0, suite: name)
      #expect(counts["cases"] == part.caseCount, "\(name)")
      #expect(counts["passed"] == part.counts.passed, "\(name)")
      #expect(counts["failed"] == part.counts.failed, "\(name)")
      #expect((counts["errored"] ?? 0) == part.counts.errored, "\(name)")
      #expect((counts["flaky"] ?? 0) == part.counts.flaky, "\(name)")
      #expect((counts["skipped"] ?? 0) == part.counts.skipped, "\(name)")
      #expect((counts["knownFailures"] ?? 0) == part.counts.known, "\(name)")
      #expect((counts["staleKnownFailures"] ?? 0) == part.counts.stale, "\(name)")
    }
    let all = HTMLPage.counts(page, impl: 0, suite: "")
    #expect(all["cases"] == 10)
    #expect(all["passed"] == summary.counts.passed)
    #expect(all["failed"] == summary.counts.failed)
    #expect(all["errored"] == 2)
  }

  @Test func everyCaseIsARowWithItsStatusAsSymbolAndWord() {
    let page = Self.mixedPage
    let rows = HTMLPage.elements(page, tag: "tr", containing: "data-kind=\"case\"")
    #expect(rows.count == 10)
    let crash = rows.first { $0.contains("eligibility/seed/crash") }
    #expect(crash?.contains("class=\"i0 st st-errored\"") == true)
    #expect(crash?.contains("⚠</span>crashed</td>") == true)
    let skipped = rows.first { $0.contains("eligibility/seed/skip") }
    #expect(skipped?.contains("↷</span>skipped</td>") == true)
    let known = rows.first { $0.contains("version-compare/pitfall/double-dot") }
    #expect(known?.contains("st-known") == true && known?.contains("known failure</td>") == true)
    let stale = rows.first { $0.contains("version-compare/pitfall/fixed") }
    #expect(stale?.contains("stale known failure</td>") == true)
    let flaky = rows.first { $0.contains("timeline/seed/flaky") }
    #expect(flaky?.contains("≈</span>flaky</td>") == true)
    // Problems first within a suite: the failing seed case before the passing one.
    let order = rows.map { String($0.firstRegexMatch(#"<code>([^<]*)</code>"#)?[1] ?? "") }
    let failing = order.firstIndex(of: "version-compare/seed/2.0.10-vs-2.0.9")
    let passing = order.firstIndex(of: "version-compare/seed/1.0-vs-1.0.0")
    #expect(failing != nil && passing != nil && failing! < passing!)
  }

  @Test func eachProblemOpensToTheTerminalsDiffAndRerunCommand() throws {
    let page = Self.mixedPage
    let summary = SampleRuns.summary()
    let problems = HTMLPage.elements(page, tag: "details", containing: "data-kind=\"problem\"")
    #expect(problems.count == summary.problemGroups.count)
    let timeline = try #require(problems.first { $0.contains("timeline/seed/fires-after-delay") })
    let outcome = try #require(summary.outcomes.first { $0.id == "timeline/seed/fires-after-delay" })
    // The same diff the terminal shows, line by line.
    for line in try #require(outcome.outputDiff).split(separator: "\n") {
      #expect(timeline.contains(">\(HTMLText.escape(String(line)))</span>"), "\(line)")
    }
    #expect(
      timeline.contains(
        "<span class=\"minus\">- effects[1]: {&quot;at&quot;:2000,&quot;effect&quot;:&quot;requestReview&quot;}</span>"))
    #expect(timeline.contains(HTMLText.escape(summary.rerunCommand(outcome, resultsPath: "reports/mixed.jsonl"))))
    let crash = try #require(problems.first { $0.contains("eligibility/seed/crash") })
    #expect(crash.contains("<dt>stderr</dt>"))
    #expect(crash.contains("exited with signal 11 (SIGSEGV)"))
    // The app's escape sequence, bell and NUL are shown, not passed to the browser.
    #expect(crash.contains("\\u{1B}[31mcolour from the app\\u{1B}[0m"))
    #expect(crash.contains("bell \\u{7} and nul \\u{0}"))
    let stale = try #require(problems.first { $0.contains("version-compare/pitfall/fixed") })
    #expect(stale.contains("but it passes now: remove it from the list"))
  }

  @Test func twoRunsShowTheDriftFirstWithEachSidesRerunCommand() throws {
    let page = HTMLReport(files: Self.driftFiles).render()
    let drift = SampleRuns.drift
    let driftAt = try #require(page.range(of: "<section id=\"drift\""))
    let problemsAt = try #require(page.range(of: "<section id=\"problems\""))
    let matrixAt = try #require(page.range(of: "<section id=\"matrix\""))
    #expect(driftAt.lowerBound < problemsAt.lowerBound && problemsAt.lowerBound < matrixAt.lowerBound)
    let disagreements = HTMLPage.elements(page, tag: "details", containing: "data-kind=\"drift\"")
    #expect(disagreements.count == drift.disagreements.count)
    let shared = HTMLPage.elements(page, tag: "details", containing: "data-kind=\"shared\"")
    #expect(shared.count == drift.sharedFailures.count)
    // Disagreements before the failures both share.
    let firstShared = try #require(page.range(of: "data-kind=\"shared\""))
    let lastDisagreement = try #require(page.range(of: "data-kind=\"drift\"", options: .backwards))
    #expect(lastDisagreement.lowerBound < firstShared.lowerBound)
    let doubleDot = try #require(disagreements.first { $0.contains("version-compare/pitfall/double-dot") })
    let diffLines = try #require(drift.disagreements.first { $0.id == "version-compare/pitfall/double-dot" }?.diff)
    for line in diffLines.split(separator: "\n") { #expect(doubleDot.contains(HTMLText.escape(String(line))), "\(line)") }
    #expect(doubleDot.contains("<dt>rerun A</dt>") && doubleDot.contains("<dt>rerun B</dt>"))
    #expect(
      doubleDot.contains(
        "conform run --impl kotlin-app --impl-arg --stdio --fixtures fixtures --case version-compare/pitfall/double-dot"))
    #expect(page.contains(HTMLText.escape(drift.closingLine)))
    // Two columns, one per run, and a row for a case only one run has.
    let extra = try #require(
      HTMLPage.elements(page, tag: "tr", containing: "data-kind=\"case\"").first { $0.contains("eligibility/seed/extra") })
    #expect(extra.contains("class=\"i0 st st-absent\"") && extra.contains("class=\"i1 st st-pass\""))
    #expect(extra.contains("data-s=\"0:absent 1:pass\""))
  }

  @Test func theFilterOffersWhatThePageHolds() throws {
    let page = HTMLReport(files: Self.driftFiles, showUnsupported: true).render()
    let form = try #require(HTMLPage.elements(page, tag: "form", containing: "id=\"filters\"").first)
    for status in ["pass", "fail", "errored", "skipped", "unsupported", "absent"] {
      #expect(form.contains("name=\"status\" value=\"\(status)\""), "\(status)")
    }
    #expect(!form.contains("value=\"flaky\""))
    #expect(form.contains("<option value=\"eligibility\">") && form.contains("<option value=\"timeline\">"))
    #expect(form.contains("<option value=\"seed\">") && form.contains("<option value=\"pitfall\">"))
    #expect(form.contains("name=\"impl\" value=\"0\"") && form.contains("name=\"impl\" value=\"1\""))
    #expect(form.contains("type=\"search\" id=\"f-q\""))
    // By default the unsupported case is counted, not listed: the filter does not offer it.
    let quietPage = HTMLReport(files: Self.driftFiles).render()
    let quiet = try #require(HTMLPage.elements(quietPage, tag: "form", containing: "id=\"filters\"").first)
    #expect(!quiet.contains("name=\"status\" value=\"unsupported\""))
  }

  @Test func theSameRunsMakeTheSameBytesWhateverOrderTheAnswersCameIn() {
    let forward = HTMLReport(runs: [.init(summary: SampleRuns.summary(), path: "r.jsonl")]).render()
    // The cases in reverse order, each case's attempts still in order.
    let backwards = SampleRuns.mixedResults.enumerated().sorted { a, b in
      a.element.id == b.element.id ? a.offset < b.offset : a.element.id.utf8.lexicographicallyPrecedes(b.element.id.utf8) == false
    }.map(\.element)
    #expect(backwards.map(\.id) != SampleRuns.mixedResults.map(\.id))
    let reversed = HTMLReport(runs: [.init(summary: SampleRuns.summary(backwards), path: "r.jsonl")]).render()
    #expect(forward == reversed)
    #expect(forward == HTMLReport(runs: [.init(summary: SampleRuns.summary(), path: "r.jsonl")]).render())
  }

  // MARK: Escaping

  @Test func nothingFromTheResultsBreaksOutOfTextOrAttributes() throws {
    let page = HTMLReport(runs: [.init(summary: SampleRuns.hostileRun, path: "reports/\(SampleRuns.hostile).jsonl")]).render()
    // Every tag in the page is one conform writes; none came from the results.
    let allowed: Set<String> = [
      "!doctype", "html", "head", "meta", "title", "style", "body", "a", "header", "h1", "h2", "h3", "h4", "ul", "li", "p",
      "code", "span", "strong", "nav", "main", "section", "table", "thead", "tbody", "tr", "th", "td", "br", "form", "label",
      "input", "fieldset", "legend", "select", "option", "button", "output", "details", "summary", "div", "dl", "dt", "dd",
      "pre", "b", "kbd", "footer", "script",
    ]
    let tags = HTMLPage.tags(page)
    #expect(
      Set(tags.map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 }).isSubset(of: allowed), "\(Set(tags).subtracting(allowed))"
    )
    #expect(tags.filter { $0 == "script" || $0 == "/script" }.count == 2)
    #expect(tags.filter { $0 == "img" }.isEmpty)
    #expect(!page.contains("<!--"))
    // The script and the style are exactly the fixed ones: nothing was written into them.
    let script = try #require(page.firstRegexMatch(#"<script>([\s\S]*?)</script>"#)?[1])
    #expect(script == HTMLReport.script)
    let style = try #require(page.firstRegexMatch(#"<style>([\s\S]*?)</style>"#)?[1])
    #expect(style == HTMLReport.styleSheet)
    // Every attribute value is double-quoted and holds no quote, < or >.
    for tag in page.regexMatches(#"<[a-z][a-z0-9]*( [^<>]*)?>"#) {
      let text = String(tag.whole)
      let stripped = text.replacingRegexMatches(#" [a-z-]+="[^"<>]*""#, with: "").replacingRegexMatches(
        #" (checked|hidden|open)"#, with: "")
      #expect(stripped.firstRegexMatch(#"^<[a-z][a-z0-9]*>$"#) != nil, "\(text.prefix(200))")
    }
    // Controls are visible escapes; nothing raw that a browser would drop or act on.
    #expect(!page.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F..<0xA0).contains($0.value) })
    #expect(page.contains("nul \\u{0} esc \\u{1B}[31m bell \\u{7}"))
    // The hostile text is there, as text.
    #expect(page.contains("&lt;/script&gt;&lt;script&gt;window.__conformPwned=1&lt;/script&gt;&lt;!-- --&gt;"))
    #expect(page.contains("onerror=&quot;window.__conformPwned=2&quot;"))
  }

  @Test(arguments: [
    ("</script>", "&lt;/script&gt;"), ("<!--", "&lt;!--"), ("a\"b'c", "a&quot;b&#39;c"), ("x & y", "x &amp; y"),
    ("nul\u{0}", "nul\\u{0}"), ("\u{1B}[0m", "\\u{1B}[0m"), ("\u{2028}", "\u{2028}"), ("plain text", "plain text"),
  ])
  func escaping(_ text: String, _ escaped: String) {
    #expect(HTMLText.escape(text) == escaped)
  }

  @Test func aValueIsCutAtAScalarBoundaryAndSaysItsSize() {
    #expect(HTMLText.capped("abcdef", 10) == "abcdef")
    #expect(HTMLText.capped("abcdef", 3) == "abc… (6 bytes in all)")
    // "é" is two bytes: a cut inside it moves back before it.
    #expect(HTMLText.capped("aéb", 2) == "a… (4 bytes in all)")
    #expect(HTMLText.capped(String(repeating: "x", count: 20_000), 4_096).utf8.count < 4_200)
  }

  // MARK: Bounds

  @Test func pastItsLimitsThePageCountsAndSaysWhatItLeftOut() {
    var limits = HTMLReport.Limits()
    limits.passingRowsPerSuite = 0
    limits.otherRowsPerSuite = 1
    limits.groupsShown = 1
    limits.valueBytes = 20
    let page = HTMLReport(runs: [.init(summary: SampleRuns.summary(), path: "r.jsonl")], limits: limits).render()
    let rows = HTMLPage.elements(page, tag: "tr", containing: "data-kind=\"case\"")
    // Three suites, at most one row each, and no passing one.
    #expect(rows.count == 3)
    #expect(page.contains("1 case passing in every run is counted in the matrix, not listed."))
    #expect(
      page.contains("with a problem or not passing everywhere are counted in the matrix, not listed (more than 1 in a suite)."))
    #expect(page.contains("6 more groups of problems not shown (at most 1 group a run)"))
    #expect(HTMLPage.elements(page, tag: "details", containing: "data-kind=\"problem\"").count == 1)
    // The counts still cover every case.
    #expect(HTMLPage.counts(page, impl: 0, suite: "")["cases"] == 10)
    #expect(page.contains("bytes in all)"))
  }

}
