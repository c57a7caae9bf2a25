import ConformJSON
import Testing

@testable import ConformBundle
@testable import ConformFixtures

/// `bundle diff`: what changed, case by case, and the version bump it needs.
@Suite struct BundleDiffTests {

  /// Every kind of change, in a small set edited by hand, against the whole expected report.
  @Test func reportsEveryKindOfChange() throws {
    let old = try BundleSamples.small().fixtures
    var new = old
    let changedIndex = try #require(new.cases.firstIndex { $0.id == "timeline/seed/fires-after-delay" })
    new.cases[changedIndex].expected = try JSONReader.parse(
      JSONWriter.string(new.cases[changedIndex].expected).replacingOccurrences(of: "\"now\":2000", with: "\"now\":2001"))
    let relabelledIndex = try #require(new.cases.firstIndex { $0.id == "timeline/cancel/bg" })
    new.cases[relabelledIndex].note = "a clearer note"
    let removed = new.cases.remove(at: try #require(new.cases.firstIndex { $0.id == "timeline/cancel/late" }))
    var added = removed
    added.id = "timeline/cancel/late-again"
    new.cases.append(added)

    let diff = BundleDiff(old: old, oldLabel: "old.tar.gz", new: new, newLabel: "new.tar.gz")
    #expect(diff.requiredBump.bump == .major)
    #expect(diff.requiredBump.reason == "timeline: 1 case removed (timeline/cancel/late)")
    #expect(
      diff.text() == """
        bundle diff: old.tar.gz → new.tar.gz
          - old: bundle 1.0.0, generator conform \(ConformVersion.current) {"depth":1}
          + new: bundle 1.0.0, generator conform \(ConformVersion.current) {"depth":1}
        required version bump: major (timeline: 1 case removed (timeline/cancel/late))

        eligibility: 549 cases, no changes

        timeline: \(old.manifest.suites[1].cases) cases: 1 added, 1 removed, 1 changed, 1 relabelled
          added (1):
            + timeline/cancel/late-again
          removed (1):
            - timeline/cancel/late
          changed (1):
            ~ timeline/seed/fires-after-delay: expected output
                - expected.final.now: 2000
                + expected.final.now: 2001
          relabelled (1):
            ~ timeline/cancel/bg: note
                - note: "exhaustive: wins, shows, leaves before/after the sleep, time, background"
                + note: "a clearer note"

        """)
    let markdown = diff.markdown()
    #expect(
      markdown.contains(
        """
        ### Changed (1)

        `timeline/seed/fires-after-delay`: expected output

        ```diff
        - expected.final.now: 2000
        + expected.final.now: 2001
        ```
        """))
    #expect(markdown.contains("### Removed (1)\n\n- `timeline/cancel/late`\n"))
  }

  @Test func identicalSetsHaveNoChanges() throws {
    let set = try BundleSamples.small().fixtures
    let diff = BundleDiff(old: set, oldLabel: "a", new: set, newLabel: "b")
    #expect(diff.isEmpty)
    #expect(diff.requiredBump.bump == .none)
    #expect(diff.text().hasSuffix("no changes: both hold the same cases, specs and documents\n"))
  }

  @Test(arguments: [
    ("expected", VersionBump.major), ("input", .major), ("removed", .major), ("added", .minor), ("note", .patch),
    ("tags", .patch), ("order", .patch), ("spec", .patch), ("specVersion", .minor), ("protocol", .major),
  ])
  func requiredBumpFollowsTheRule(change: String, bump: VersionBump) throws {
    let old = try BundleSamples.small().fixtures
    var new = old
    let index = try #require(new.cases.firstIndex { $0.suite == "eligibility" })
    switch change {
    case "expected": new.cases[index].expected = ["eligible": true, "changed": true]
    case "input": new.cases[index].input = ["changed": true]
    case "removed": new.cases.remove(at: index)
    case "added": new.cases[index].id += "-copy"; new.cases.insert(old.cases[index], at: index)
    case "note": new.cases[index].note += "!"
    case "tags": new.cases[index].tags.append("new-tag")
    case "order": new.cases.swapAt(index, index + 1)
    case "spec": new.manifest.files[1].sha256 = String(repeating: "0", count: 64)
    case "specVersion": new.manifest.suites[0].specVersion = "1.2.0"
    default: new.manifest.protocolVersion += 1
    }
    let diff = BundleDiff(old: old, oldLabel: "old", new: new, newLabel: "new")
    #expect(diff.requiredBump.bump == bump, "\(diff.text())")
  }

  @Test func fieldDiffsNameThePath() {
    let old: JSONValue = ["a": [1, 2, 3], "b": ["c": "x"], "gone": true]
    let new: JSONValue = ["a": [1, 5], "b": ["c": "y", "d": nil]]
    #expect(
      FieldChange.between(old, new, path: "expected") == [
        FieldChange(path: "expected.a[1]", old: 2, new: 5), FieldChange(path: "expected.a[2]", old: 3, new: nil),
        FieldChange(path: "expected.b.c", old: "x", new: "y"), FieldChange(path: "expected.b.d", old: nil, new: .null),
        FieldChange(path: "expected.gone", old: true, new: nil),
      ])
    #expect(FieldChange.between(old, old, path: "x").isEmpty)
  }
}
