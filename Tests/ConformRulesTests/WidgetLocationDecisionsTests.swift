import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformSuites

@Suite struct WidgetLocationDecisionsTests {
  static let suite = WidgetLocationSuite()
  static let published = Array(suite.drafts(options: .published))

  static let specDecisions = DecisionListChecks.headingNumbers(suite.spec)

  static func draft(_ name: String) throws -> CaseDraft {
    try #require(published.first { $0.name == name }, "no published case \(name)")
  }

  @Test func theSpecNumbersItsDecisionsOnceEachInOrder() {
    #expect(Self.specDecisions == Array(1...17))
    // Every decision but the domain's (D17) has a drift.
    #expect(WidgetLocation.Drifts.decisions + [17] == Self.specDecisions)
  }

  /// Lists read from the spec: which decisions a port breaking one of them would answer
  /// differently on, or the base rule when none would.
  @Test(arguments: [
    ("seed/app-only-ends-at-once", [1, 3]),  // status 4 without the flag: the label (D1), the widget's guard (D3)
    ("seed/app-only-label", [1, 3]),
    ("seed/granted-recent-cache-first", [2, 6]),  // no drift changes it: granted (D2), the cache first (D6)
    ("seed/app-or-widgets-requests-location", [14]),  // no fix: ask
    ("seed/no-widget-wants-location-key", [1]),  // a status-only sheet says granted; the widget ends either way
    ("seed/app-saved-location-is-stale", [6]),
    ("seed/denied", [4, 11]),  // no drift changes it: denied (D11), ended by the status (D4)
    ("seed/not-asked", [10]),
    ("pitfall/stale-widget-flag-denied", [4]),
    ("pitfall/always-without-widget-flag", [1, 2, 3]),
    ("pitfall/flag-without-plist-key", [1, 5]),
    ("pitfall/invalid-accuracy", [7, 12]),
    ("pitfall/invalid-accuracy-int64-min", [7, 12, 15]),
    ("pitfall/fix-from-the-future", [6, 8]),
    ("pitfall/unknown-status-5", [4, 9]),  // the flag is set: a flag-alone guard asks
    ("pitfall/restricted", [11]),
    ("boundary/cache-age-max", [13]),
    ("boundary/cache-accuracy-desired+1", [12]),
    ("boundary/cache-past-int32", [6, 15]),
    ("zero-limit/max-age-fix-of-this-second", [13]),  // "no cache" is D13's drift at 0
    ("zero-limit/max-age-fix-one-second-old", [6, 16]),  // "no limit" takes it
    ("zero-limit/accuracy-fix-1m", [12, 16]),
    ("domain/max-age-minus-1", [17]),
    ("domain/status-pow2-32+4", [17]),
    ("domain/status-int32-max", [4, 9]),  // inside: an unknown status
    ("domain/age-pow2-32-stale", [6, 15]),
    ("one-boundary/age_4294967296", [6, 15]),
  ])
  func namedCasesCarryTheSpecsDecisions(name: String, decisions: [Int]) throws {
    #expect(try Self.suite.decisions(for: Self.draft(name).input) == decisions)
  }

  /// Each drift changes the answer of some published case, so none is a no-op; and the mutant
  /// each names answers as the drift does on the case that catches it.
  @Test func everyDriftChangesSomePublishedAnswer() throws {
    let inputs = try Self.published.map { try WidgetLocationInput(json: $0.input) }
    for n in WidgetLocation.Drifts.decisions {
      let drift = WidgetLocation.Drifts(decision: n)
      let changes = inputs.contains {
        WidgetLocation.label($0, drifts: drift) != WidgetLocation.label($0)
          || WidgetLocation.action($0, drifts: drift) != WidgetLocation.action($0)
      }
      #expect(changes, "the drift of D\(n) changes no published answer")
    }
    let appOnly = try WidgetLocationInput(json: Self.draft("seed/app-only-label").input)
    #expect(WidgetLocation.label(appOnly, drifts: .statusOnlyLabel) == .granted)  // status-only-label
    #expect(WidgetLocation.action(appOnly, drifts: .statusGuard) == .useCache)  // waits-for-timeout
    let invalid = try WidgetLocationInput(json: Self.draft("pitfall/invalid-accuracy").input)
    #expect(WidgetLocation.action(invalid, drifts: .invalidAccuracy) == .useCache)  // invalid-accuracy-cache
    let denied = try WidgetLocationInput(json: Self.draft("pitfall/stale-widget-flag-denied").input)
    #expect(WidgetLocation.action(denied, drifts: .flagAlone) == .requestLocation)  // widget-flag-alone
    #expect(WidgetLocation.label(denied, drifts: .flagAlone) == .denied)
  }

  @Test func noDriftIsTheReference() throws {
    for draft in Self.published {
      let input = try WidgetLocationInput(json: draft.input)
      #expect(WidgetLocation.label(input, drifts: []) == WidgetLocation.label(input))
      #expect(WidgetLocation.action(input, drifts: []) == WidgetLocation.action(input))
    }
  }

  /// The model still gives every committed fixture's expected output.
  @Test func theReferenceAnswersEveryCommittedFixtureAsBefore() throws {
    let fixtures = try CommittedFixtures.read(Self.suite)
    #expect(fixtures.count == Self.published.count)
    #expect(try CommittedFixtures.changedAnswers(Self.suite, fixtures) == [])
    for fixture in fixtures { _ = try Self.suite.decisions(for: fixture.input) }
  }

  @Test func outsideTheDomainItThrowsAsTheModelDoes() {
    var input = Self.published[0].input.objectValue!
    input["authorizationStatus"] = "4"
    #expect(throws: JSONShapeError.self) { try Self.suite.expected(for: .object(input)) }
    #expect(throws: JSONShapeError.self) { try Self.suite.decisions(for: .object(input)) }
  }
}
