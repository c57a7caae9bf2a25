import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// The `draw-freshness` model against the spec's rules, with times written out by hand.
@Suite struct DrawFreshnessTests {
  /// Saturday 2025-01-11 20:00:00 Korea time (11:00:00 UTC), round 1154's draw.
  static let saturday: Int64 = 1_736_593_200
  static let complete: JSONValue = ["bonus": 8, "numbers": [3, 11, 19, 27, 35, 43], "stores": ["a"]]

  func draw(_ round: Int64, numbers: JSONValue = [3, 11, 19, 27, 35, 43], bonus: JSONValue = 8, stores: JSONValue = ["a"])
    -> JSONValue
  {
    ["bonus": bonus, "numbers": numbers, "round": .int(round), "stores": stores]
  }

  func decide(now: Int64, cached: JSONValue, fetched: JSONValue) throws -> JSONValue {
    try DrawFreshnessSuite().expected(for: ["cached": cached, "fetched": fetched, "now": .int(now), "retryAfterSeconds": 900])
  }

  @Test func theKoreanSaturdayDrawIsTheAnchor() {
    #expect(DrawFreshnessSuite.kst(2002, 12, 7, 20) == DrawFreshness.firstDrawEpochSeconds)
    #expect(DrawFreshnessSuite.kst(2025, 1, 11, 20) == Self.saturday)
    #expect(DrawFreshness.latestRound(at: Self.saturday - 1) == 1153)
    #expect(DrawFreshness.latestRound(at: Self.saturday) == 1154)
    #expect(DrawFreshness.latestRound(at: DrawFreshnessSuite.kst(2022, 1, 29, 20)) == 1000)
    #expect(DrawFreshness.latestRound(at: DrawFreshness.firstDrawEpochSeconds - 1) == 0)
    #expect(DrawFreshness.nextDraw(after: Self.saturday) == Self.saturday + 604_800)
    #expect(DrawFreshness.nextDraw(after: 0) == DrawFreshness.firstDrawEpochSeconds)
  }

  @Test func anEmptyNewerRoundKeepsTheCacheAndRetries() throws {
    let output = try decide(
      now: Self.saturday + 1800, cached: draw(1153), fetched: draw(1154, numbers: [], bonus: nil, stores: []))
    #expect(
      output == [
        "cache": "unchanged", "headerRound": 1153, "latestRound": 1154, "listRound": 1153,
        "refreshAt": .int(Self.saturday + 2700),
        "retry": true,
      ])
  }

  @Test func aCompleteNewRoundReplacesTheCacheUntilTheNextDraw() throws {
    let output = try decide(now: Self.saturday + 1800, cached: draw(1153), fetched: draw(1154))
    #expect(
      output == [
        "cache": "fetched", "headerRound": 1154, "latestRound": 1154, "listRound": 1154,
        "refreshAt": .int(Self.saturday + 604_800),
        "retry": false,
      ])
  }

  @Test(
    arguments: [
      ("no stores", [3, 11, 19, 27, 35, 43], 8, [String]()),
      ("zeros", [0, 0, 0, 0, 0, 0], 0, ["a"]),
      ("duplicate", [3, 11, 19, 27, 35, 35], 8, ["a"]),
      ("46", [3, 11, 19, 27, 35, 46], 8, ["a"]),
      ("bonus among numbers", [3, 11, 19, 27, 35, 43], 43, ["a"]),
      ("five numbers", [3, 11, 19, 27, 35], 8, ["a"]),
    ] as [(String, [Int64], Int64, [String])])
  func aRoundWithoutContentIsNeverShown(label: String, numbers: [Int64], bonus: Int64, stores: [String]) throws {
    let output = try decide(
      now: Self.saturday + 1800, cached: nil,
      fetched: draw(
        1154, numbers: .array(numbers.map(JSONValue.int)), bonus: .int(bonus), stores: .array(stores.map(JSONValue.string))))
    #expect(output["cache"] == "unchanged", "\(label)")
    #expect(output["listRound"] == .null && output["headerRound"] == .null, "\(label)")
    #expect(output["retry"] == true, "\(label)")
  }

  @Test func theHeaderIsTheListsRound() throws {
    let fetched = draw(1154, stores: [])
    let output = try decide(now: Self.saturday + 600, cached: draw(1153), fetched: fetched)
    #expect(output["headerRound"] == 1153)
    #expect(output["listRound"] == 1153)
  }

  @Test func anOlderRoundNeverReplacesACompleteCache() throws {
    let output = try decide(now: Self.saturday + 86_400, cached: draw(1154), fetched: draw(1153))
    #expect(output["cache"] == "unchanged")
    #expect(output["listRound"] == 1154)
    #expect(output["retry"] == false)
  }

  /// Well-formed inputs outside the domain answer the first field's reason code (D17).
  @Test(arguments: [
    (#"{"cached":null,"fetched":null,"now":-1,"retryAfterSeconds":900}"#, "now-out-of-range"),
    (#"{"cached":null,"fetched":null,"now":253402300800,"retryAfterSeconds":900}"#, "now-out-of-range"),
    (#"{"cached":null,"fetched":null,"now":0,"retryAfterSeconds":0}"#, "retry-out-of-range"),
    (
      #"{"cached":{"bonus":null,"numbers":[],"round":0,"stores":[]},"fetched":null,"now":0,"retryAfterSeconds":900}"#,
      "round-out-of-range"
    ),
    (
      #"{"cached":{"bonus":null,"numbers":[-1],"round":1,"stores":[]},"fetched":null,"now":0,"retryAfterSeconds":900}"#,
      "number-out-of-range"
    ),
    (
      #"{"cached":null,"fetched":{"bonus":-1,"numbers":[],"round":1,"stores":[]},"now":0,"retryAfterSeconds":900}"#,
      "number-out-of-range"
    ),
  ])
  func inputsOutsideTheDomainAnswerTheirReason(_ text: String, reason: String) throws {
    let input = try JSONReader.parse(text)
    #expect(try DrawFreshnessSuite().expected(for: input) == ["error": .string(reason)])
  }

  /// Inputs that cannot be read (a wrong type, a missing or an unknown field) still throw.
  @Test(arguments: [
    #"{"cached":{"bonus":null,"numbers":[],"round":1,"stores":[1]},"fetched":null,"now":0,"retryAfterSeconds":900}"#,
    #"{"cached":null,"fetched":null,"now":0}"#,
    #"{"cached":null,"extra":1,"fetched":null,"now":0,"retryAfterSeconds":900}"#,
    #"{"cached":null,"extra":1,"fetched":null,"now":-1,"retryAfterSeconds":900}"#,
    #"{"cached":{"bonus":null,"numbers":["3"],"round":1,"stores":[]},"fetched":null,"now":0,"retryAfterSeconds":900}"#,
  ])
  func unreadableInputsAreRejected(_ text: String) throws {
    let input = try JSONReader.parse(text)
    #expect(throws: JSONShapeError.self) { try DrawFreshnessSuite().expected(for: input) }
  }

  @Test func theFamiliesHoldTheNamedCases() {
    let ids = Set(DrawFreshnessSuite().drafts(options: .published).map(\.name))
    for name in [
      "seed/saturday-night-empty-new-round", "seed/header-matches-list-before-announcement", "seed/numbers-before-stores",
      "boundary/r1154/kst-sunday", "boundary/r1048-new-years-eve/draw", "pitfall/zeros-from-decoder-defaults",
      "grid/c-prev/f-current-empty/sat-2000",
    ] {
      #expect(ids.contains(name), "\(name)")
    }
  }
}
