import ConformJSON
import ConformTestSupport
import Testing

@testable import ConformBundle
@testable import ConformFixtures
@testable import ConformSuites

/// Two whole fixture bundles compared: generating both takes tens of seconds in a debug build.
@Suite struct BundleDiffScaleTests {
  /// The published timeline (depth 5) against depth 4: only added cases, and the options.
  @Test func depthFourToFiveAddsTimelineCases() throws {
    func bundle(_ depth: Int, _ version: String) throws -> FixtureBundle {
      let documents = try FixtureBundle.documents(
        harnessDirectory: TestSupport.packageRoot.appendingPathComponent("harness").path)
      return try FixtureBundle(
        fixtureFiles: FixtureGenerator.generate(options: GeneratorOptions(parameters: ["depth": depth])), documents: documents,
        version: SemanticVersion(version)!)
    }
    let old = try bundle(4, "1.0.0")
    let new = try bundle(5, "1.1.0")
    let diff = BundleDiff(
      old: old.fixtures, oldLabel: old.archiveName, new: new.fixtures, newLabel: new.archiveName)
    let timeline = try #require(diff.suites.first { $0.name == "timeline" })
    let oldCount = try #require(timeline.oldCount)
    let newCount = try #require(timeline.newCount)
    #expect(timeline.added.count == newCount - oldCount)
    #expect(timeline.added.count > 8000)
    #expect(timeline.removed.isEmpty && timeline.changed.isEmpty && timeline.relabelled.isEmpty)
    // Depth 5 adds exactly the step sequences of length 5 (and 4 for the shorter alphabet).
    #expect(timeline.added.allSatisfy { $0.tags.contains("exhaustive") })
    #expect(timeline.added.contains { $0.id == "timeline/cancel/win-show-late-t1000-bg" })
    // The exhaustive searches follow the depth (timeline's, and restart-prompt's over its own
    // steps); every other suite is unchanged.
    #expect(diff.suites.filter { !["timeline", "restart-prompt"].contains($0.name) }.allSatisfy { $0.isEmpty })
    #expect(diff.suites.first { $0.name == "restart-prompt" }?.added.isEmpty == false)
    #expect(
      diff.notes == [BundleDiff.Note(text: "generator options {\"depth\":4} → {\"depth\":5}", bump: .patch)])
    #expect(diff.requiredBump.bump == .minor)

    let text = diff.text(limit: 3)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[0] == "bundle diff: conform-fixtures-1.0.0.tar.gz → conform-fixtures-1.1.0.tar.gz")
    #expect(lines[1] == "  - old: bundle 1.0.0, generator conform \(ConformVersion.current) {\"depth\":4}")
    #expect(lines[2] == "  + new: bundle 1.1.0, generator conform \(ConformVersion.current) {\"depth\":5}")
    #expect(lines[3].hasPrefix("required version bump: minor (timeline: \(timeline.added.count.grouped) cases added (timeline/"))
    #expect(text.contains("\noutside the suites:\n  generator options {\"depth\":4} → {\"depth\":5} [patch]\n"))
    #expect(text.contains("\ntimeline: \(oldCount.grouped) → \(newCount.grouped) cases: \(timeline.added.count.grouped) added\n"))
    #expect(text.contains("  added (\(timeline.added.count.grouped): timeline/cancel "))
    #expect(text.contains("\n    + \(timeline.added[0].id)\n"))
    #expect(text.contains("\n    … \((timeline.added.count - 3).grouped) more (--limit 0 lists them all)\n"))
    #expect(text.contains("\neligibility: 549 cases, no changes\n"))
    let versionCases = Array(VersionCompareSuite().drafts(options: .published)).count
    #expect(text.contains("\nversion-compare: \(versionCases.grouped) cases, no changes\n"))

    let markdown = diff.markdown(limit: 3)
    #expect(markdown.hasPrefix("# Fixture changes: 1.0.0 → 1.1.0\n"))
    #expect(markdown.contains("- required version bump: **minor** (timeline: "))
    #expect(
      markdown.contains("| timeline | \(oldCount.grouped) | \(newCount.grouped) | \(timeline.added.count.grouped) | 0 | 0 | 0 |"))
    #expect(markdown.contains("| eligibility | 549 | 549 | 0 | 0 | 0 | 0 |"))
    #expect(markdown.contains("\n## timeline\n"))
    #expect(markdown.contains("\n- `\(timeline.added[0].id)`\n"))
    #expect(!markdown.contains("## eligibility"), "unchanged suites are only in the table")
  }
}
