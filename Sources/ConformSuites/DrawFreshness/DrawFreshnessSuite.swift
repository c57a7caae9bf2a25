import ConformFixtures
import ConformJSON

/// The `draw-freshness` truth table: which lottery draw the app keeps and shows, from the lotto
/// widget story (1.0.1's empty Saturday-night round, 1.0.4's header and list out of step).
public struct DrawFreshnessSuite: BuiltInSuite {
  public let name = "draw-freshness"
  public var specVersion: String { Self.written.suiteDescription.version }
  public var spec: [UInt8] { Self.written.published }
  package static let written = BuiltInSpec(
    json: PackageResources.draw_freshness_suite_json, prose: PackageResources.draw_freshness_md,
    file: "draw-freshness.suite.json")

  public init() {}

  public func expected(for input: JSONValue) throws -> JSONValue {
    if let reason = try DrawFreshnessInput.domainError(input) { return ["error": .string(reason)] }
    return DrawFreshness.decide(try DrawFreshnessInput(json: input))
  }

  public func drafts(options: GeneratorOptions) -> AnySequence<CaseDraft> {
    AnySequence(
      Self.seedCases + Self.boundaryCases + Self.pitfallCases + Self.gridCases + Self.domainCases + Self.pairwiseCases)
  }
}

extension DrawFreshnessSuite {
  /// Seconds since 1970 of a wall-clock time in Korea (UTC+9).
  static func kst(_ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64 = 0, _ minute: Int64 = 0, _ second: Int64 = 0)
    -> Int64
  {
    // Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil).
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    return days * 86_400 + hour * 3600 + minute * 60 + second - DrawFreshness.koreaOffsetSeconds
  }

  /// When `round` is drawn: its Saturday, 20:00 Korea time.
  static func drawTime(_ round: Int64) -> Int64 { DrawFreshness.firstDrawEpochSeconds + (round - 1) * DrawFreshness.weekSeconds }

  /// The round of the story's weeks: drawn on Saturday 2025-01-11 at 20:00 Korea time.
  static let round: Int64 = 1154
  static let saturday = drawTime(round)
  static let retry: Int64 = 900
  static let numbers: [Int64] = [3, 11, 19, 27, 35, 43]
  static let stores = ["복권명당 (서울 노원구)", "행운복권방 (부산 해운대구)"]

  /// What the API's answer holds, from a complete draw to the empty round of a Saturday night.
  enum Content: String, CaseIterable {
    case complete
    /// The round number only: no numbers, no bonus, no stores.
    case empty
    /// The numbers and the bonus, not yet the first-prize stores.
    case numbersOnly = "numbers-only"
    /// Numbers and bonus read as 0, the default a decoder such as Gson gives a missing Int.
    case zeros
  }

  static func draw(_ round: Int64, _ content: Content = .complete) -> LottoDraw {
    switch content {
    case .complete: LottoDraw(round: round, numbers: numbers, bonus: 8, stores: stores)
    case .empty: LottoDraw(round: round, numbers: [], bonus: nil, stores: [])
    case .numbersOnly: LottoDraw(round: round, numbers: numbers, bonus: 8, stores: [])
    case .zeros: LottoDraw(round: round, numbers: [0, 0, 0, 0, 0, 0], bonus: 0, stores: stores)
    }
  }

  static func input(now: Int64, cached: LottoDraw?, fetched: LottoDraw?, retry: Int64 = retry) -> JSONValue {
    DrawFreshnessInput(now: now, retryAfterSeconds: retry, cached: cached, fetched: fetched).json
  }

  static func seed(_ name: String, _ note: String, now: Int64, cached: LottoDraw?, fetched: LottoDraw?) -> CaseDraft {
    CaseDraft("seed/\(name)", tags: ["seed"], note: note, input: input(now: now, cached: cached, fetched: fetched))
  }

  static let hour: Int64 = 3600
  static let day: Int64 = 86_400

  static let seedCases: [CaseDraft] = [
    seed(
      "saturday-night-empty-new-round",
      "an empty newer round must not replace the cache: keep 1153 and retry (1.0.1 checked the round alone)",
      now: saturday + hour / 2, cached: draw(round - 1), fetched: draw(round, .empty)),
    seed(
      "saturday-night-new-round-complete",
      "a newer round with its numbers and stores replaces the cache; the next check is at the next draw",
      now: saturday + 3 * hour / 2, cached: draw(round - 1), fetched: draw(round)),
    seed(
      "numbers-before-stores", "numbers in but no first-prize store (the list the app shows): no content, keep 1153 and retry",
      now: saturday + 50 * 60, cached: draw(round - 1), fetched: draw(round, .numbersOnly)),
    seed(
      "header-matches-list-before-announcement",
      "the list still shows 1153, so the header must say 1153, not the fetched 1154 (1.0.4's mismatch)",
      now: saturday + 10 * 60, cached: draw(round - 1), fetched: draw(round, .numbersOnly)),
    seed(
      "first-launch-during-empty-window", "nothing cached and an empty round: nothing shown, no round in the header, retry",
      now: saturday + hour / 2, cached: nil, fetched: draw(round, .empty)),
    seed(
      "fetch-failed-cache-current", "the request failed but the cache holds the latest round: show it and wait for the next draw",
      now: saturday + day, cached: draw(round), fetched: nil),
    seed(
      "fetch-failed-cache-behind", "the request failed after the draw: show the previous round and retry",
      now: saturday + hour, cached: draw(round - 1), fetched: nil),
    seed(
      "weekday-same-round", "mid-week the same round again: it replaces the cache, and there is nothing to retry",
      now: saturday + 4 * day + 2 * hour, cached: draw(round), fetched: draw(round)),
    seed(
      "empty-round-cached-by-old-version",
      "an empty round cached by an old version must not be shown: no list, no header round, retry",
      now: saturday + hour, cached: draw(round, .empty), fetched: nil),
    seed(
      "empty-round-cached-then-filled", "an empty cached round is replaced once the same round comes with content",
      now: saturday + 2 * hour, cached: draw(round, .empty), fetched: draw(round)),
    seed(
      "second-week-empty-round", "a week later the same empty Saturday-night answer must not replace round 1154: retry",
      now: saturday + DrawFreshness.weekSeconds + hour / 2, cached: draw(round), fetched: draw(round + 1, .empty)),
  ]

  /// Instants around a draw, each with the bug it separates.
  static func moments(around draw: Int64) -> [(label: String, at: Int64, note: String)] {
    [
      ("draw-1s", draw - 1, "19:59:59 Korea time: not drawn yet, next draw at 20:00:00"),
      ("draw", draw, "Saturday 20:00:00 Korea time: the round counts from this second"),
      ("draw+1s", draw + 1, "a second after the draw: the new round is the latest"),
      ("kst-midnight-1s", draw + 4 * hour - 1, "Saturday 23:59:59 in Korea (14:59:59 UTC)"),
      ("kst-sunday", draw + 4 * hour, "Sunday 00:00 in Korea, Saturday 15:00 UTC: Korea time decides"),
      ("utc-draw", draw + 9 * hour, "Saturday 20:00 UTC: the draw was 9 hours ago, in Korea time"),
      ("friday-draw-time", draw - day, "Friday 20:00 Korea time: there is no draw on a Friday"),
      ("friday-draw-time-1s", draw - day - 1, "Friday 19:59:59 Korea time"),
      ("next-draw-1s", draw + DrawFreshness.weekSeconds - 1, "the round's last second: the next draw is a second away"),
    ]
  }

  static var boundaryCases: [CaseDraft] {
    let weeks: [(label: String, round: Int64, note: String)] = [
      ("r1154", round, "the story's week"),
      ("r1048-new-years-eve", 1048, "2022-12-31, across a year"),
      ("r944-iso-week-53", 944, "2021-01-02, ISO week 53 of 2020"),
      ("r1205-iso-week-1", 1205, "2026-01-03, ISO week 1 of 2026"),
      ("r1108-leap-february", 1108, "2024-02-24, the week of 29 February"),
      ("r2-second-draw", 2, "the second draw"),
    ]
    var drafts: [CaseDraft] = []
    for week in weeks {
      let at = drawTime(week.round)
      for moment in moments(around: at) {
        drafts.append(
          CaseDraft(
            "boundary/\(week.label)/\(moment.label)", tags: ["boundary", "schedule"],
            note: "\(moment.note) (\(week.note)); previous round cached",
            input: input(now: moment.at, cached: draw(week.round - 1), fetched: nil)))
        drafts.append(
          CaseDraft(
            "boundary/\(week.label)/\(moment.label)/cached-\(week.round)", tags: ["boundary", "schedule"],
            note: "\(moment.note) (\(week.note)); this round cached",
            input: input(now: moment.at, cached: draw(week.round), fetched: nil)))
      }
    }
    drafts += [
      CaseDraft(
        "boundary/first-draw-1s", tags: ["boundary", "schedule"],
        note: "a second before round 1 (2002-12-07 19:59:59 Korea time): latest round 0, nothing to retry",
        input: input(now: DrawFreshness.firstDrawEpochSeconds - 1, cached: nil, fetched: nil)),
      CaseDraft(
        "boundary/first-draw", tags: ["boundary", "schedule"],
        note: "the first draw's second: round 1 is the latest, nothing is cached, so retry",
        input: input(now: DrawFreshness.firstDrawEpochSeconds, cached: nil, fetched: nil)),
      CaseDraft(
        "boundary/epoch-zero", tags: ["boundary", "schedule"],
        note: "1970-01-01 00:00 UTC (a clock reset): latest round 0, not negative; the next check is the first draw",
        input: input(now: 0, cached: nil, fetched: draw(1))),
      CaseDraft(
        "boundary/year-9999", tags: ["boundary", "schedule"],
        note: "9999-12-31 23:59:59 UTC, the domain's last second: the schedule must not overflow",
        input: input(now: DrawFreshnessInput.nowRange.upperBound, cached: draw(round), fetched: nil)),
      CaseDraft(
        "boundary/retry-1s", tags: ["boundary", "retry"],
        note: "the shortest retry: refreshAt must be now + retryAfterSeconds, here now + 1",
        input: input(now: saturday + hour, cached: draw(round - 1), fetched: draw(round, .empty), retry: 1)),
      CaseDraft(
        "boundary/retry-one-day", tags: ["boundary", "retry"], note: "the longest retry, a day: refreshAt must be now + 86400",
        input: input(now: saturday + hour, cached: draw(round - 1), fetched: draw(round, .empty), retry: 86_400)),
    ]
    return drafts
  }

  static func pitfall(
    _ name: String, _ tags: [String], _ note: String, now: Int64 = saturday + hour, cached: LottoDraw?, fetched: LottoDraw?
  ) -> CaseDraft {
    CaseDraft("pitfall/\(name)", tags: ["pitfall"] + tags, note: note, input: input(now: now, cached: cached, fetched: fetched))
  }

  static let pitfallCases: [CaseDraft] = [
    pitfall(
      "zeros-from-decoder-defaults", ["content"],
      "six zeros and a zero bonus (e.g. Gson's 0 for a missing Int) are not a draw: keep 1153 and retry",
      cached: draw(round - 1), fetched: draw(round, .zeros)),
    pitfall(
      "zero-numbers-with-real-bonus", ["content"], "six zeros with a real bonus: the numbers are not in, keep the previous round",
      cached: draw(round - 1), fetched: LottoDraw(round: round, numbers: [0, 0, 0, 0, 0, 0], bonus: 8, stores: stores)),
    pitfall(
      "five-numbers", ["content"], "five numbers are not a draw: keep the previous round", cached: draw(round - 1),
      fetched: LottoDraw(round: round, numbers: Array(numbers.prefix(5)), bonus: 8, stores: stores)),
    pitfall(
      "seven-numbers", ["content"], "seven numbers (the bonus among them) are not a draw", cached: draw(round - 1),
      fetched: LottoDraw(round: round, numbers: numbers + [8], bonus: 8, stores: stores)),
    pitfall(
      "duplicate-number", ["content"], "six numbers with one twice are not a draw", cached: draw(round - 1),
      fetched: LottoDraw(round: round, numbers: [3, 11, 19, 27, 35, 35], bonus: 8, stores: stores)),
    pitfall(
      "number-46", ["content"], "46 is not a lottery number (1 to 45): not a draw", cached: draw(round - 1),
      fetched: LottoDraw(round: round, numbers: [3, 11, 19, 27, 35, 46], bonus: 8, stores: stores)),
    pitfall(
      "number-45-and-1", ["content"], "1 and 45 are lottery numbers: the draw has content and replaces the cache",
      cached: draw(round - 1),
      fetched: LottoDraw(round: round, numbers: [1, 11, 19, 27, 35, 45], bonus: 8, stores: stores)),
    pitfall(
      "bonus-missing", ["content"], "numbers and stores without a bonus: not a draw yet", cached: draw(round - 1),
      fetched: LottoDraw(round: round, numbers: numbers, bonus: nil, stores: stores)),
    pitfall(
      "bonus-zero", ["content"], "a bonus of 0 is a missing bonus: not a draw yet", cached: draw(round - 1),
      fetched: LottoDraw(round: round, numbers: numbers, bonus: 0, stores: stores)),
    pitfall(
      "bonus-among-numbers", ["content"], "a bonus equal to one of the six numbers is not a draw",
      cached: draw(round - 1), fetched: LottoDraw(round: round, numbers: numbers, bonus: 35, stores: stores)),
    pitfall(
      "store-with-empty-name", ["content"], "one store, even with an empty name, is a list: the draw has content",
      cached: draw(round - 1), fetched: LottoDraw(round: round, numbers: numbers, bonus: 8, stores: [""])),
    pitfall(
      "unsorted-numbers", ["content"], "numbers out of order are still a draw: their order is not checked",
      cached: draw(round - 1),
      fetched: LottoDraw(round: round, numbers: [43, 3, 35, 11, 27, 19], bonus: 8, stores: stores)),
    pitfall(
      "older-round-fetched", ["order"], "an older fetched round must not replace a newer cached draw: never go back",
      now: saturday + day, cached: draw(round), fetched: draw(round - 1)),
    pitfall(
      "same-round-refetched", ["order"], "the same round fetched again replaces the cache (its list may have been corrected)",
      now: saturday + day, cached: draw(round), fetched: LottoDraw(round: round, numbers: numbers, bonus: 8, stores: [stores[0]])),
    pitfall(
      "device-clock-behind", ["schedule"],
      "the device says 19:00 but the API has the new round: show it, no retry, next check at 20:00",
      now: saturday - hour, cached: draw(round - 1), fetched: draw(round)),
    pitfall(
      "fetched-far-ahead", ["order"], "a round far ahead of the clock replaces the cache and is not behind",
      now: saturday + hour, cached: draw(round), fetched: draw(2000)),
    pitfall(
      "empty-cache-newer-than-fetched", ["content", "order"],
      "an empty cached round counts as none: an older fetched draw with content replaces it",
      cached: draw(round, .empty), fetched: draw(round - 1)),
    pitfall(
      "both-missing", ["content"], "nothing cached and the request failed: nothing shown, no header round, retry",
      cached: nil, fetched: nil),
    pitfall(
      "both-empty", ["content"], "an empty round cached and fetched: nothing shown, no header round, retry",
      cached: draw(round, .empty), fetched: draw(round, .empty)),
    pitfall(
      "round-int32-max", ["order"], "round 2147483647, the largest 32-bit Int, must stay a number and replace the cache",
      cached: draw(round), fetched: draw(Int64(Int32.max))),
    pitfall(
      "cached-two-rounds-behind-fetched-one", ["schedule"],
      "a newer fetched round still behind the latest replaces the cache, and the app retries",
      now: saturday + hour, cached: draw(round - 2), fetched: draw(round - 1)),
  ]

  /// Every cached draw × fetched draw × moment of the story's week.
  static var gridCases: [CaseDraft] {
    let cachedOptions: [(String, LottoDraw?)] = [
      ("none", nil), ("prev", draw(round - 1)), ("current", draw(round)), ("current-empty", draw(round, .empty)),
      ("current-numbers-only", draw(round, .numbersOnly)),
    ]
    let fetchedOptions: [(String, LottoDraw?)] = [
      ("none", nil), ("prev", draw(round - 1)), ("current", draw(round)), ("current-empty", draw(round, .empty)),
      ("current-numbers-only", draw(round, .numbersOnly)), ("current-zeros", draw(round, .zeros)), ("next", draw(round + 1)),
    ]
    let times: [(String, Int64)] = [
      ("sat-1959", saturday - 1), ("sat-2000", saturday), ("sun-0000", saturday + 4 * hour),
      ("wed-1200", saturday + 4 * day - 8 * hour),
      ("fri-2000", saturday + 6 * day),
    ]
    var drafts: [CaseDraft] = []
    for (cachedLabel, cached) in cachedOptions {
      for (fetchedLabel, fetched) in fetchedOptions {
        for (timeLabel, now) in times {
          drafts.append(
            CaseDraft(
              "grid/c-\(cachedLabel)/f-\(fetchedLabel)/\(timeLabel)", tags: ["grid"],
              note: "exhaustive product: content check, round order, header and list, and the schedule around round 1154",
              input: input(now: now, cached: cached, fetched: fetched)))
        }
      }
    }
    return drafts
  }
}
