import ConformJSON

/// The `draw-freshness` truth table: which lottery draw the app keeps and shows, from the lotto
/// widget story (1.0.1's empty Saturday-night round, 1.0.4's header and list out of step).
public struct DrawFreshnessSuite: Suite {
  public let name = "draw-freshness"
  public let specVersion = "1.0.0"
  public var spec: [UInt8] { PackageResources.draw_freshness_md }

  public init() {}

  public func expected(for input: JSONValue) throws -> JSONValue {
    DrawFreshness.decide(try DrawFreshnessInput(json: input))
  }

  public func drafts(options: GeneratorOptions) -> AnySequence<CaseDraft> {
    AnySequence(Self.seedCases + Self.boundaryCases + Self.pitfallCases + Self.gridCases)
  }
}

extension DrawFreshnessSuite {
  /// Seconds since 1970 of a wall-clock time in Korea (UTC+9).
  static func kst(_ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64 = 0, _ minute: Int64 = 0, _ second: Int64 = 0) -> Int64 {
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
      "1.0.1: the API already has round 1154 but empty; replacing the cache because the round went up shows empty information",
      now: saturday + hour / 2, cached: draw(round - 1), fetched: draw(round, .empty)),
    seed(
      "saturday-night-new-round-complete", "the new round with its numbers and stores replaces the cache; next check at the next draw",
      now: saturday + 3 * hour / 2, cached: draw(round - 1), fetched: draw(round)),
    seed(
      "numbers-before-stores", "the numbers are in, the first-prize stores (the list the app shows) are not: keep the old round",
      now: saturday + 50 * 60, cached: draw(round - 1), fetched: draw(round, .numbersOnly)),
    seed(
      "header-matches-list-before-announcement",
      "1.0.4: before the new round is announced the list is round 1153's, so the header must say 1153, not the fetched 1154",
      now: saturday + 10 * 60, cached: draw(round - 1), fetched: draw(round, .numbersOnly)),
    seed(
      "first-launch-during-empty-window", "nothing cached and an empty round: nothing to show, no round in the header, try again",
      now: saturday + hour / 2, cached: nil, fetched: draw(round, .empty)),
    seed(
      "fetch-failed-cache-current", "the request failed but the cache has the latest round: show it, wait for the next draw",
      now: saturday + day, cached: draw(round), fetched: nil),
    seed(
      "fetch-failed-cache-behind", "the request failed after the draw: show the previous round and try again",
      now: saturday + hour, cached: draw(round - 1), fetched: nil),
    seed(
      "weekday-same-round", "mid-week the API returns the round the app has: nothing to retry",
      now: saturday + 4 * day + 2 * hour, cached: draw(round), fetched: draw(round)),
    seed(
      "empty-round-cached-by-old-version", "1.0.0 stored the empty round: it is not shown, and the header shows no round",
      now: saturday + hour, cached: draw(round, .empty), fetched: nil),
    seed(
      "empty-round-cached-then-filled", "the empty round stored by 1.0.0 is replaced once the same round comes with content",
      now: saturday + 2 * hour, cached: draw(round, .empty), fetched: draw(round)),
    seed(
      "second-week-empty-round", "a week later the same Saturday-night window: the two weeks the story's tests took",
      now: saturday + DrawFreshness.weekSeconds + hour / 2, cached: draw(round), fetched: draw(round + 1, .empty)),
  ]

  /// Instants around a draw, each with the bug it separates.
  static func moments(around draw: Int64) -> [(label: String, at: Int64, note: String)] {
    [
      ("draw-1s", draw - 1, "19:59:59 Korea time: the draw has not happened; the next check is at 20:00:00"),
      ("draw", draw, "20:00:00 Korea time on Saturday: the new round counts from this second"),
      ("draw+1s", draw + 1, "one second after the draw"),
      ("kst-midnight-1s", draw + 4 * hour - 1, "Saturday 23:59:59 in Korea, 14:59:59 UTC"),
      ("kst-sunday", draw + 4 * hour, "Sunday 00:00 in Korea is still Saturday (15:00) in UTC"),
      ("utc-draw", draw + 9 * hour, "Saturday 20:00 UTC, Sunday 05:00 in Korea: a schedule read in the device's time zone (UTC here) draws only now, and its next draw is 9 hours late"),
      ("friday-draw-time", draw - day, "Friday 20:00 Korea time: a weekday numbered off by one (Calendar's Sunday=1 against ISO's Monday=1) draws on Friday"),
      ("friday-draw-time-1s", draw - day - 1, "Friday 19:59:59 Korea time"),
      ("next-draw-1s", draw + DrawFreshness.weekSeconds - 1, "the last second of the round's week"),
    ]
  }

  static var boundaryCases: [CaseDraft] {
    let weeks: [(label: String, round: Int64, note: String)] = [
      ("r1154", round, "the story's week"),
      ("r1048-new-years-eve", 1048, "drawn on Saturday 2022-12-31: the week crosses a year"),
      ("r944-iso-week-53", 944, "drawn on 2021-01-02, in ISO week 53 of 2020"),
      ("r1205-iso-week-1", 1205, "drawn on 2026-01-03, in ISO week 1 of 2026"),
      ("r1108-leap-february", 1108, "drawn on 2024-02-24, the week holds 29 February"),
      ("r2-second-draw", 2, "the second draw, one week after the first"),
    ]
    var drafts: [CaseDraft] = []
    for week in weeks {
      let at = drawTime(week.round)
      for moment in moments(around: at) {
        drafts.append(
          CaseDraft(
            "boundary/\(week.label)/\(moment.label)", tags: ["boundary", "schedule"],
            note: "\(moment.note) (\(week.note)); the cache holds the previous round",
            input: input(now: moment.at, cached: draw(week.round - 1), fetched: nil)))
        drafts.append(
          CaseDraft(
            "boundary/\(week.label)/\(moment.label)/cached-\(week.round)", tags: ["boundary", "schedule"],
            note: "\(moment.note) (\(week.note)); the cache holds this week's round, so refreshAt is the next draw",
            input: input(now: moment.at, cached: draw(week.round), fetched: nil)))
      }
    }
    drafts += [
      CaseDraft(
        "boundary/first-draw-1s", tags: ["boundary", "schedule"],
        note: "one second before round 1 (Saturday 2002-12-07 19:59:59 Korea time): no round drawn yet, nothing to retry",
        input: input(now: DrawFreshness.firstDrawEpochSeconds - 1, cached: nil, fetched: nil)),
      CaseDraft(
        "boundary/first-draw", tags: ["boundary", "schedule"],
        note: "the first draw's second: round 1 is the latest, and nothing is cached",
        input: input(now: DrawFreshness.firstDrawEpochSeconds, cached: nil, fetched: nil)),
      CaseDraft(
        "boundary/epoch-zero", tags: ["boundary", "schedule"],
        note: "1970-01-01 00:00 UTC (a device clock reset): no round drawn yet, the next check is at the first draw",
        input: input(now: 0, cached: nil, fetched: draw(1))),
      CaseDraft(
        "boundary/year-9999", tags: ["boundary", "schedule"],
        note: "the last second of the domain, 9999-12-31 23:59:59 UTC: 64-bit arithmetic throughout",
        input: input(now: DrawFreshnessInput.nowRange.upperBound, cached: draw(round), fetched: nil)),
      CaseDraft(
        "boundary/retry-1s", tags: ["boundary", "retry"], note: "the shortest retry: refreshAt is now + 1",
        input: input(now: saturday + hour, cached: draw(round - 1), fetched: draw(round, .empty), retry: 1)),
      CaseDraft(
        "boundary/retry-one-day", tags: ["boundary", "retry"], note: "the longest retry, a day: refreshAt is now + 86400",
        input: input(now: saturday + hour, cached: draw(round - 1), fetched: draw(round, .empty), retry: 86_400)),
    ]
    return drafts
  }

  static func pitfall(_ name: String, _ tags: [String], _ note: String, now: Int64 = saturday + hour, cached: LottoDraw?, fetched: LottoDraw?) -> CaseDraft {
    CaseDraft("pitfall/\(name)", tags: ["pitfall"] + tags, note: note, input: input(now: now, cached: cached, fetched: fetched))
  }

  static let pitfallCases: [CaseDraft] = [
    pitfall(
      "zeros-from-decoder-defaults", ["content"],
      "a decoder that reads missing numbers as 0 (Gson with Int fields) gives six numbers: 0 is not a lottery number",
      cached: draw(round - 1), fetched: draw(round, .zeros)),
    pitfall(
      "zero-numbers-with-real-bonus", ["content"], "six zeros and a real bonus: the numbers are not in",
      cached: draw(round - 1), fetched: LottoDraw(round: round, numbers: [0, 0, 0, 0, 0, 0], bonus: 8, stores: stores)),
    pitfall(
      "five-numbers", ["content"], "a partial answer with five numbers", cached: draw(round - 1),
      fetched: LottoDraw(round: round, numbers: Array(numbers.prefix(5)), bonus: 8, stores: stores)),
    pitfall(
      "seven-numbers", ["content"], "seven numbers (the bonus sent among them) is not a draw", cached: draw(round - 1),
      fetched: LottoDraw(round: round, numbers: numbers + [8], bonus: 8, stores: stores)),
    pitfall(
      "duplicate-number", ["content"], "six numbers with one twice", cached: draw(round - 1),
      fetched: LottoDraw(round: round, numbers: [3, 11, 19, 27, 35, 35], bonus: 8, stores: stores)),
    pitfall(
      "number-46", ["content"], "numbers run from 1 to 45", cached: draw(round - 1),
      fetched: LottoDraw(round: round, numbers: [3, 11, 19, 27, 35, 46], bonus: 8, stores: stores)),
    pitfall(
      "number-45-and-1", ["content"], "1 and 45 are lottery numbers", cached: draw(round - 1),
      fetched: LottoDraw(round: round, numbers: [1, 11, 19, 27, 35, 45], bonus: 8, stores: stores)),
    pitfall(
      "bonus-missing", ["content"], "numbers and stores without the bonus: the draw is not complete", cached: draw(round - 1),
      fetched: LottoDraw(round: round, numbers: numbers, bonus: nil, stores: stores)),
    pitfall(
      "bonus-zero", ["content"], "a bonus of 0 is a missing bonus", cached: draw(round - 1),
      fetched: LottoDraw(round: round, numbers: numbers, bonus: 0, stores: stores)),
    pitfall(
      "bonus-among-numbers", ["content"], "the bonus is drawn from the numbers left: it cannot be one of the six",
      cached: draw(round - 1), fetched: LottoDraw(round: round, numbers: numbers, bonus: 35, stores: stores)),
    pitfall(
      "store-with-empty-name", ["content"], "store names are not inspected: one store, even with an empty name, is a list",
      cached: draw(round - 1), fetched: LottoDraw(round: round, numbers: numbers, bonus: 8, stores: [""])),
    pitfall(
      "unsorted-numbers", ["content"], "the numbers' order is not checked", cached: draw(round - 1),
      fetched: LottoDraw(round: round, numbers: [43, 3, 35, 11, 27, 19], bonus: 8, stores: stores)),
    pitfall(
      "older-round-fetched", ["order"], "an API cache lagging behind returns the previous round: never go back",
      now: saturday + day, cached: draw(round), fetched: draw(round - 1)),
    pitfall(
      "same-round-refetched", ["order"], "the same round again replaces the cache (its list may have been corrected)",
      now: saturday + day, cached: draw(round), fetched: LottoDraw(round: round, numbers: numbers, bonus: 8, stores: [stores[0]])),
    pitfall(
      "device-clock-behind", ["schedule"],
      "the device thinks it is 19:00 but the API has the new round: show it, check again at 20:00",
      now: saturday - hour, cached: draw(round - 1), fetched: draw(round)),
    pitfall(
      "fetched-far-ahead", ["order"], "a round far ahead of the clock is still the newest with content",
      now: saturday + hour, cached: draw(round), fetched: draw(2000)),
    pitfall(
      "empty-cache-newer-than-fetched", ["content", "order"],
      "an empty round cached by an old version is newer than the fetched draw, which still replaces it",
      cached: draw(round, .empty), fetched: draw(round - 1)),
    pitfall(
      "both-missing", ["content"], "nothing cached and the request failed: no header, try again",
      cached: nil, fetched: nil),
    pitfall(
      "both-empty", ["content"], "an empty round cached and fetched: no header, try again",
      cached: draw(round, .empty), fetched: draw(round, .empty)),
    pitfall(
      "round-int32-max", ["order"], "the largest round both platforms' Int holds",
      cached: draw(round), fetched: draw(Int64(Int32.max))),
    pitfall(
      "cached-two-rounds-behind-fetched-one", ["schedule"],
      "the cache missed a week; the fetched round is newer but still behind: keep it and try again",
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
      ("sat-1959", saturday - 1), ("sat-2000", saturday), ("sun-0000", saturday + 4 * hour), ("wed-1200", saturday + 4 * day - 8 * hour),
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
