import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformSuites

@Suite struct UpdateNoticeDecisionsTests {
  static let suite = UpdateNoticeSuite()
  static let published = Array(suite.drafts(options: .published))

  static let specDecisions = DecisionListChecks.headingNumbers(suite.spec)

  static func draft(_ name: String) throws -> CaseDraft {
    try #require(published.first { $0.name == name }, "no published case \(name)")
  }

  /// An older store version (1.0.3 against 1.1.0) whose result has no store URL: no published case
  /// has both.
  static let olderWithoutURL = UpdateNoticeSuite.base(
    installed: "1.1.0", lookup: UpdateNoticeSuite.lookup(UpdateNoticeSuite.body([UpdateNoticeSuite.result(url: "")])))

  @Test func theSpecNumbersItsDecisionsFromOne() {
    #expect(Self.specDecisions == Array(1...22))
    let spec = String(decoding: Self.suite.spec, as: UTF8.self)
    for marker in ["**Rule.**", "**Why.**", "**Drift.**"] {
      #expect(spec.components(separatedBy: marker).count - 1 == Self.specDecisions.count, "every entry has \(marker)")
    }
  }

  /// Lists read from the spec. Most generated cases have no stored next display time, so a port
  /// that reads a missing key as never (D1) answers "snoozed" for them: D1 is in their lists.
  @Test(arguments: [
    // Snoozed with a lookup due: only asking first (D12) changes the output.
    ("seed/snoozed", [12]),
    ("boundary/next-display-int64-max", [12]),
    // Exactly at the stored time: `>` keeps it snoozed (D13); the dialog shows, "later" (D2).
    ("boundary/now-equals-next-display", [2, 13]),
    ("seed/offline", [1, 4]),
    // A 500 with HTML: ignoring the status or reading the body first gives not-json.
    ("seed/server-error-500", [1, 4, 16]),
    ("pitfall/byte-order-mark", [1, 5]),
    // A duplicate: keeping a value decodes it; one catch-all reason says decode-failed.
    ("pitfall/duplicate-version-key", [1, 5, 6]),
    ("seed/track-id-string-fails-decode", [1, 7]),
    ("pitfall/track-id-past-int32", [1, 2, 8]),
    ("pitfall/second-result-newer", [1, 9, 10]),
    ("seed/2.0.10-vs-2.0.9", [1, 2, 10]),
    ("pitfall/url-empty", [1, 11]),
    ("seed/checked-today", [1, 3]),
    ("pitfall/utc-day-is-not-local-day", [1, 2, 14]),
    // Day -1 already checked: `>`, UTC days and division toward zero each check again.
    ("pitfall/negative-local-day", [1, 3, 14, 15]),
    ("seed/version-field-removed", [1, 17]),
    // A stored time in the past, "later": only the dialog's answer handling decides.
    ("seed/snooze-over", [2]),
  ])
  func namedCases(name: String, expected: [Int]) throws {
    #expect(try Self.suite.decisions(for: Self.draft(name).input) == expected)
  }

  @Test func anOlderVersionWithoutAURLIsDecidedByTheOrder() throws {
    let outcome = UpdateNotice.decide(try UpdateNoticeInput(json: Self.olderWithoutURL))
    #expect(outcome.reason == .notNewer)
    // A port of the comparison that reads 1.0.3 as newer than 1.1.0 (past the smaller part) meets
    // the missing URL: D10 too.
    #expect(try Self.suite.decisions(for: Self.olderWithoutURL) == [1, 10, 16])
  }

  /// Each drift alone changes the output of a named case: no drift model is a no-op.
  @Test(arguments: [
    (UpdateNoticeDrift.missingKeyNeverShows, "seed/missing-next-display-key"),
    (.laterWithoutSnooze, "seed/later-snoozes"),
    (.updateAlsoSnoozes, "seed/newer-version-shows"),
    (.futureCheckDayNotChecked, "boundary/last-check-day-in-the-future"),
    (.todayNotChecked, "seed/checked-today"),
    (.offlineAsStatus, "seed/offline"),
    (.statusIgnored, "boundary/status-404"),
    (.onlyStatus200, "boundary/status-201"),
    (.status300IsSuccess, "boundary/status-300"),
    (.lenientFraming, "pitfall/byte-order-mark"),
    (.syntaxAsDecodeFailure, "seed/body-not-json"),
    (.lenientReader, "json-grammar/control/raw-tab-in-string"),
    (.duplicateKeepsFirst, "pitfall/duplicate-version-key"),
    (.duplicateKeepsLast, "pitfall/duplicate-version-key"),
    (.gsonCoercion, "pitfall/version-number-2"),
    (.firstResultOnlyDecoded, "pitfall/second-result-bad-track-id"),
    (.mismatchAsMissing, "pitfall/version-array"),
    (.int32TrackId, "pitfall/track-id-past-int32"),
    (.numbersTruncated, "pitfall/track-id-fraction"),
    (.countIgnored, "seed/result-count-missing"),
    (.anyNewerResult, "pitfall/second-result-newer"),
    (.lexicographic, "seed/2.0.10-vs-2.0.9"),
    (.versionCompareDrift, "composition/pitfall/combining-mark-after-dot-major"),
    (.emptyURLOpened, "pitfall/url-empty"),
    (.missingURLShows, "pitfall/url-missing"),
    (.lookupBeforeSnooze, "seed/snoozed"),
    (.dailyCheckBeforeSnooze, "grid/next-future/checked-today/newer/update"),
    (.snoozedAtNextDisplay, "boundary/now-equals-next-display"),
    (.utcCheckDay, "pitfall/utc-day-is-not-local-day"),
    (.truncatedDay, "pitfall/negative-local-day"),
    (.statusAfterBody, "seed/server-error-500"),
    (.missingVersionIsEmpty, "seed/version-field-removed"),
    (.wideWhitespaceTrimmed, "json-text/whitespace/no-break-space-before"),
    (.onlySpaceAndNewline, "json-text/whitespace/tab"),
    (.duplicateRawKeys, "json-text/duplicate/escaped-version-key"),
    (.duplicateCanonicalKeys, "json-text/duplicate/canonically-equal-keys"),
    (.depthExcludesTopLevel, "json-text/depth/arrays-129"),
    (.depthLimitOffByOne, "json-text/depth/arrays-128"),
    (.loneSurrogateReplaced, "json-text/surrogate/lone-high"),
    (.escapedPairRefused, "json-text/surrogate/escaped-pair"),
    (.rawAstralRefused, "json-text/surrogate/raw-astral-character"),
  ])
  func driftChangesTheOutput(drift: UpdateNoticeDrift, name: String) throws {
    let input = try UpdateNoticeInput(json: Self.draft(name).input)
    #expect(UpdateNotice.run(input, drift: drift).outcome != UpdateNotice.decide(input))
    #expect(UpdateNotice.decisions(input).contains(drift.decision))
  }

  /// A composition case carries one of version-compare's pairs, so D10 decides it where a port of
  /// the comparison that breaks one of that suite's decisions answers otherwise: such a port is put
  /// down to D10, not to the snooze. The pairs no such port reads otherwise (both empty, a lone
  /// sign, a trailing dot) list the rules that decided them.
  @Test func theCompositionCasesAVersionPortFailsListTheReuseDecision() throws {
    let names = UpdateNoticeSuite.compositionCases.map(\.name)
    #expect(names.count == 60)
    let listing = try names.filter { try Self.suite.decisions(for: Self.draft($0).input).contains(10) }
    #expect(listing.count == 49)
    #expect(listing.contains("composition/seed/2.0-vs-2.0.0/reversed"))
    #expect(listing.contains("composition/pitfall/combining-mark-after-dot-major"))
    #expect(!listing.contains("composition/seed/both-empty"))
  }

  @Test func urlBeforeVersionChangesTheReason() throws {
    let input = try UpdateNoticeInput(json: Self.olderWithoutURL)
    #expect(UpdateNotice.run(input, drift: .urlBeforeVersion).outcome.reason == .noStoreURL)
  }

  /// D5's lenient reader takes the two classes hand-written tokenizers forgive, a raw control
  /// character inside a string and a number's leading zeros, and no other.
  @Test(arguments: [
    (
      "{\"a\":\"x\ty\",\"b\":01,\"c\":-007,\"d\":1e007,\"e\":0.5,\"f\":\"01\"}",
      #"{"a":"x\u0009y","b":1,"c":-7,"d":1e007,"e":0.5,"f":"01"}"#
    ),
    (#"[00.5,0,-0]"#, #"[0.5,0,-0]"#),
    (#"{"a":1,}"#, #"{"a":1,}"#),
  ])
  func theLenientReaderForgivesControlCharactersAndLeadingZeros(body: String, forgiven: String) {
    #expect(String(decoding: LenientReader.forgiven(Array(body.utf8)), as: UTF8.self) == forgiven)
  }

  /// A pair of drifts of two decisions answers as a port with both bugs: the UTC check day (D14)
  /// lets the store be asked on a local day already checked, and "later" then stores now (D2).
  /// Neither drift alone gives that answer.
  @Test func aPairOfDriftsAnswersAsAPortWithBothBugs() throws {
    // 23:30 local at UTC-9 on the day the lookup was made, already the next day in UTC.
    let now: Int64 = 1_767_312_000 + 30_600
    var input = try UpdateNoticeInput(json: Self.draft("seed/later-snoozes").input)
    input.now = now
    input.utcOffsetSeconds = -32_400
    input.nextDisplayAt = nil
    input.lastCheckDay = UpdateNotice.localDay(now: now, utcOffsetSeconds: -32_400)
    #expect(UpdateNotice.decide(input).reason == .checkedToday)
    let utc = DecisionDrift(decision: 14, name: "utcCheckDay")
    let later = DecisionDrift(decision: 2, name: "laterWithoutSnooze")
    guard case .output(let pair)? = Self.suite.answer(for: input.json, drifting: [later, utc]) else {
      Issue.record("the pair gives no output")
      return
    }
    #expect(pair["show"] == .bool(true) && pair["stored"]?["nextDisplayAt"] == .int(now))
    #expect(Self.suite.answer(for: input.json, drifting: [utc]) != .output(pair))
    #expect(Self.suite.answer(for: input.json, drifting: [later]) != .output(pair))
    // Two drifts of one decision are no port's.
    #expect(Self.suite.answer(for: input.json, drifting: [later, DecisionDrift(decision: 2, name: "updateAlsoSnoozes")]) == nil)
  }

  @Test func everyDriftIsTested() {
    // 41 in the table above, urlBeforeVersion and domainUpperBoundExcluded.
    #expect(UpdateNoticeDrift.allCases.count == 43)
    // Grouped by decision, ascending: `decisions(_:)` relies on it.
    let numbers = UpdateNoticeDrift.allCases.map(\.decision)
    #expect(numbers == numbers.sorted())
  }

  /// The model's reference outputs are those already published, line for line.
  @Test func theReferenceIsUnchanged() throws {
    let fixtures = try CommittedFixtures.read(Self.suite)
    #expect(fixtures.count == Self.published.count)
    #expect(try CommittedFixtures.changedAnswers(Self.suite, fixtures) == [])
    for fixture in fixtures {
      #expect(UpdateNotice.output(try UpdateNoticeInput(json: fixture.input)) == fixture.expected, "\(fixture.id)")
    }
  }

  /// Outside the domain (D22) both answer: the error, and D22 alone; a malformed input throws.
  @Test func outsideTheDomainTheErrorIsDecidedByD22() throws {
    var input = try #require(Self.draft("seed/offline").input.objectValue)
    input["answer"] = "maybe"
    #expect(try Self.suite.expected(for: .object(input)) == ["error": "answer-unknown"])
    #expect(try Self.suite.decisions(for: .object(input)) == [22])
    input["answer"] = 1
    #expect(throws: JSONShapeError.self) { try Self.suite.expected(for: .object(input)) }
    #expect(throws: JSONShapeError.self) { try Self.suite.decisions(for: .object(input)) }
  }

  /// D22's drift refuses the last value inside each range, so the cases just inside list D22 too.
  @Test(arguments: ["domain/snooze/inside-max", "domain/now/inside-max", "domain/offset/inside-max", "domain/status/inside-599"])
  func theLastValueInsideListsD22(name: String) throws {
    let input = try UpdateNoticeInput(json: Self.draft(name).input)
    #expect(input.domainError == nil)
    #expect(input.domainError(upperBoundsExcluded: true) != nil)
    #expect(UpdateNotice.decisions(input).last == 22)
  }

  /// The new families list the decisions they were written for, on both sides of each.
  @Test(arguments: [
    ("json-text/whitespace/tab", 18), ("json-text/whitespace/no-break-space-after", 18),
    ("json-text/duplicate/escaped-version-key", 19), ("json-text/duplicate/canonically-equal-keys", 19),
    ("json-text/depth/arrays-128", 20), ("json-text/depth/arrays-129", 20),
    ("json-text/surrogate/lone-low", 21), ("json-text/surrogate/raw-astral-character", 21),
    ("domain/status/600", 22), ("track-id/2147483648", 8), ("track-id/4294967296/second-result", 8),
    ("composition/pitfall/v-prefix", 10), ("composition/pitfall/v-prefix/reversed", 10),
    ("composition/seed/2.0-vs-2.0.0/reversed", 10),
  ])
  func newFamiliesListTheirDecision(name: String, decision: Int) throws {
    #expect(try Self.suite.decisions(for: Self.draft(name).input).contains(decision))
  }

  /// Fuzzed inputs all get decisions, and fast enough for shrink loops.
  @Test func fuzzedInputsGetDecisions() throws {
    var generator = SeededGenerator(seed: 27)
    for _ in 0..<3_000 {
      let input = try #require(Self.suite.fuzzInput(using: &generator))
      let decisions = try Self.suite.decisions(for: input)
      #expect(!decisions.isEmpty && Set(decisions).isSubset(of: Set(Self.specDecisions)))
    }
  }
}
