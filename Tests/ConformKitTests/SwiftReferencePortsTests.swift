import ConformJSON
import ConformKit
import ConformTestSupport
import Foundation
import Testing

/// Every drifting port of `swift-ports` must be caught by a named fixture case (a port with several
/// bugs, by one named case for each), and must agree with the suites its bugs cannot reach.
@Suite struct SwiftReferencePortsTests {
  static let mutantNames = [
    "no-zero-padding", "grapheme-split", "leading-number", "canonical-equality", "threshold-gt", "cooldown-gt", "day-overflow-traps",
    "no-cancel-guard", "no-foreground-check", "record-at-pending", "later-without-snooze", "missing-key-never-shows",
    "utc-check-day", "status-only-label", "invalid-accuracy-cache",
    "round-only", "header-from-fetch", "device-time-zone", "forget-dismissal", "dismissal-persists",
    "version-padding-and-empty", "version-three-bugs", "timeline-two-faults",
  ]

  /// The catalogue `conform mutants` runs lists every Swift port, by the name `swift-ports` knows,
  /// and no other; each port has a named case in `drifts`.
  @Test func catalogueListsEveryPort() throws {
    let text = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("harness/mutants.jsonl"), encoding: .utf8)
    var catalogued: [String] = []
    for line in text.split(separator: "\n") {
      let entry = try JSONReader.parse(String(line))
      guard entry["impl"] == "$BIN/swift-ports" else { continue }
      let name = try #require(entry["name"]?.stringValue)
      #expect(entry["args"] == .array([.string(name)]), "\(name) runs as swift-ports \(name)")
      catalogued.append(name)
    }
    #expect(catalogued.sorted() == Self.mutantNames.sorted())
    #expect(Set(Self.drifts.map(\.mutant)).union(["grapheme-split", "day-overflow-traps"]) == Set(Self.mutantNames))
  }

  struct Drift: Sendable, CustomTestStringConvertible {
    var mutant: String
    /// The suite where the bug shows.
    var suite: String
    /// A fixture case of that suite the port must get wrong.
    var caseID: String
    /// Suites the bug cannot reach, where the port must agree with every case.
    var unaffected: [String]

    var testDescription: String { "\(mutant) fails \(caseID)" }
  }

  static let drifts = [
    Drift(
      mutant: "no-zero-padding", suite: "version-compare", caseID: "version-compare/seed/2.0-vs-2.0.0/reversed",
      unaffected: ["eligibility"]),
    Drift(
      mutant: "leading-number", suite: "version-compare", caseID: "version-compare/fuzz/digits-then-letters",
      unaffected: ["eligibility"]),
    Drift(
      mutant: "canonical-equality", suite: "eligibility", caseID: "eligibility/pitfall/canonically-equivalent-versions",
      unaffected: ["version-compare"]),
    Drift(
      mutant: "threshold-gt", suite: "eligibility", caseID: "eligibility/boundary/t3c7/wins-threshold",
      unaffected: ["version-compare"]),
    Drift(
      mutant: "threshold-gt", suite: "timeline", caseID: "timeline/seed/fires-after-delay", unaffected: []),
    Drift(
      mutant: "cooldown-gt", suite: "eligibility", caseID: "eligibility/boundary/t3c7/days-cooldown",
      unaffected: ["version-compare"]),
    Drift(
      mutant: "no-cancel-guard", suite: "timeline", caseID: "timeline/seed/cancel-after-sleep",
      unaffected: ["eligibility", "version-compare"]),
    Drift(
      mutant: "no-foreground-check", suite: "timeline", caseID: "timeline/seed/backgrounded-during-wait",
      unaffected: ["eligibility", "version-compare"]),
    Drift(
      mutant: "record-at-pending", suite: "timeline", caseID: "timeline/seed/pending-is-not-an-attempt",
      unaffected: ["eligibility", "version-compare"]),
    Drift(
      mutant: "later-without-snooze", suite: "update-notice", caseID: "update-notice/seed/later-snoozes",
      unaffected: ["version-compare", "widget-location"]),
    Drift(
      mutant: "missing-key-never-shows", suite: "update-notice", caseID: "update-notice/seed/missing-next-display-key",
      unaffected: ["version-compare", "widget-location"]),
    Drift(
      mutant: "utc-check-day", suite: "update-notice", caseID: "update-notice/pitfall/utc-day-is-not-local-day",
      unaffected: ["version-compare", "widget-location"]),
    Drift(
      mutant: "status-only-label", suite: "widget-location", caseID: "widget-location/seed/app-only-label",
      unaffected: ["update-notice"]),
    Drift(
      mutant: "invalid-accuracy-cache", suite: "widget-location", caseID: "widget-location/pitfall/invalid-accuracy",
      unaffected: ["update-notice"]),
    Drift(
      mutant: "round-only", suite: "draw-freshness", caseID: "draw-freshness/seed/saturday-night-empty-new-round",
      unaffected: ["restart-prompt", "version-compare"]),
    Drift(
      mutant: "header-from-fetch", suite: "draw-freshness",
      caseID: "draw-freshness/seed/header-matches-list-before-announcement", unaffected: ["restart-prompt", "eligibility"]),
    Drift(
      mutant: "device-time-zone", suite: "draw-freshness", caseID: "draw-freshness/boundary/r1154/kst-sunday",
      unaffected: ["restart-prompt", "eligibility"]),
    Drift(
      mutant: "forget-dismissal", suite: "restart-prompt", caseID: "restart-prompt/seed/dismissed-then-query-answers",
      unaffected: ["draw-freshness", "eligibility"]),
    Drift(
      mutant: "dismissal-persists", suite: "restart-prompt", caseID: "restart-prompt/seed/dismissed-then-next-launch",
      unaffected: ["draw-freshness", "version-compare"]),
    // The ports with several bugs: one named case for each bug.
    Drift(
      mutant: "version-padding-and-empty", suite: "version-compare", caseID: "version-compare/seed/2.0-vs-2.0.0/reversed",
      unaffected: ["eligibility"]),
    Drift(
      mutant: "version-padding-and-empty", suite: "version-compare", caseID: "version-compare/pitfall/double-dot",
      unaffected: []),
    Drift(
      mutant: "version-three-bugs", suite: "version-compare", caseID: "version-compare/seed/2.0-vs-2.0.0/reversed",
      unaffected: ["eligibility"]),
    Drift(
      mutant: "version-three-bugs", suite: "version-compare", caseID: "version-compare/pitfall/double-dot", unaffected: []),
    Drift(
      mutant: "version-three-bugs", suite: "version-compare", caseID: "version-compare/pitfall/arabic-indic-digit",
      unaffected: []),
    Drift(
      mutant: "timeline-two-faults", suite: "timeline", caseID: "timeline/seed/cancel-after-sleep",
      unaffected: ["eligibility", "version-compare"]),
    Drift(
      mutant: "timeline-two-faults", suite: "timeline", caseID: "timeline/seed/backgrounded-during-wait", unaffected: []),
  ]

  /// A port with several bugs and the single-bug ports whose bugs it carries, in one suite.
  struct Composition: Sendable, CustomTestStringConvertible {
    var mutant: String
    var suite: String
    var parts: [String]

    var testDescription: String { "\(mutant) carries \(parts.joined(separator: " and "))" }
  }

  static let compositions = [
    Composition(mutant: "version-padding-and-empty", suite: "version-compare", parts: ["no-zero-padding"]),
    Composition(mutant: "version-three-bugs", suite: "version-compare", parts: ["version-padding-and-empty"]),
    Composition(mutant: "timeline-two-faults", suite: "timeline", parts: ["no-cancel-guard", "no-foreground-check"]),
  ]

  /// Its bugs are independent: the port fails every case any of its parts fails (and may fail
  /// more, where two bugs meet in one case, as a late cancel in the background does).
  @Test(arguments: compositions)
  func portWithSeveralBugsFailsWhatEachOfItsBugsFails(_ composition: Composition) async throws {
    let cases = try Fixtures.cases(of: composition.suite)
    let run = try await FixtureRun(binary: "swift-ports", arguments: [composition.mutant], cases: cases)
    #expect(run.status == 0)
    for part in composition.parts {
      let alone = try await FixtureRun(binary: "swift-ports", arguments: [part], cases: cases)
      #expect(!alone.disagreeing.isEmpty)
      let missed = Set(alone.disagreeing).subtracting(run.disagreeing)
      #expect(missed.isEmpty, "\(composition.mutant) agrees where \(part) fails: \(missed.sorted().prefix(5))")
    }
  }

  @Test(arguments: drifts)
  func portDisagreesWithNamedCase(_ drift: Drift) async throws {
    let run = try await FixtureRun(binary: "swift-ports", arguments: [drift.mutant], cases: try Fixtures.cases(of: drift.suite))
    #expect(run.status == 0)
    #expect(run.unanswered.isEmpty)
    #expect(run.disagreeing.contains(drift.caseID), "\(drift.mutant) disagrees only with \(run.disagreeing.prefix(5))")
    for suite in drift.unaffected {
      let other = try await FixtureRun(binary: "swift-ports", arguments: [drift.mutant], cases: try Fixtures.cases(of: suite))
      #expect(other.disagreeing.isEmpty, "\(drift.mutant) drifts in \(suite) too: \(other.disagreeing.prefix(5))")
    }
  }

  /// The app's crash: a never-attempted user (stored as `Int64.min`) reaching the threshold. The
  /// port flushes each answer, so the case answered before the trap reaches the harness.
  @Test func dayOverflowTrapsCrashesOnNeverAttemptedUserAtThreshold() async throws {
    let cases = try Fixtures.cases(
      ["eligibility/seed/below-threshold", "eligibility/seed/threshold-met-never-attempted", "eligibility/seed/cooldown-over"],
      of: "eligibility")
    let run = try await FixtureRun(
      binary: "swift-ports", arguments: ["day-overflow-traps"], cases: cases, environment: ["SWIFT_BACKTRACE": "enable=no"])
    #expect(run.status > 128, "killed by a signal (a Swift trap), status \(run.status)")
    #expect(run.agreeing == ["eligibility/seed/below-threshold"])
    #expect(run.unanswered == ["eligibility/seed/threshold-met-never-attempted", "eligibility/seed/cooldown-over"])
  }

  /// `1.\u{301}2` vs `1.0.1` is false either way; `2.\u{301}1` vs `1` is 2.0 > 1, and
  /// `1.2.\u{301}3` vs `1.1` is 1.2 > 1.1, only when the split sees the dot before the combining
  /// mark, so those two pairs catch `grapheme-split`.
  @Test func graphemeSplitIsCaughtByTheCombiningMarkFixture() async throws {
    let run = try await FixtureRun(
      binary: "swift-ports", arguments: ["grapheme-split"], cases: try Fixtures.cases(of: "version-compare"))
    #expect(run.status == 0)
    #expect(
      run.disagreeing.sorted() == [
        "version-compare/pitfall/combining-mark-after-dot-major",
        "version-compare/pitfall/combining-mark-after-dot-major/reversed",
        "version-compare/pitfall/combining-mark-after-dot-minor",
        "version-compare/pitfall/combining-mark-after-dot-minor/reversed",
      ])
  }
}
