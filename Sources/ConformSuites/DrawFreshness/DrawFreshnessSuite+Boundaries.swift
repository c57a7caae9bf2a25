import ConformFixtures
import ConformJSON

/// The `domain/` and `pairwise/` families: each field just inside and outside the spec's domain
/// (D17), and each field's boundary values alone and crossed pairwise with every other field's
/// (`Pairwise.rows(levels:)`).
extension DrawFreshnessSuite {
  /// 2^32: a 32-bit truncation reads `2^32 + n` as `n`, so a value past the domain that wraps to an
  /// ordinary one answers differently from it.
  static let twoTo32: Int64 = 1 << 32

  /// The input of the `domain/` cases, every field ordinary but the one varied: Sunday after round
  /// 1154's draw, 1153 cached, 1154 fetched.
  static func ordinary(
    now: Int64 = saturday + day, retry: Int64 = retry, cached: JSONValue? = nil, fetched: JSONValue? = nil
  ) -> JSONValue {
    guard var object = input(now: now, cached: draw(round - 1), fetched: draw(round), retry: retry).objectValue else {
      preconditionFailure("an input is an object")
    }
    if let cached { object["cached"] = cached }
    if let fetched { object["fetched"] = fetched }
    return .object(object)
  }

  /// Round 1154's complete draw with one field replaced (a JSON value, so it may lie outside the
  /// domain).
  static func drawJSON(round: Int64 = round, numbers: [Int64] = numbers, bonus: Int64? = 8, stores: [String] = stores)
    -> JSONValue
  {
    LottoDraw(round: round, numbers: numbers, bonus: bonus, stores: stores).json
  }

  static var domainCases: [CaseDraft] {
    func domain(_ name: String, _ note: String, _ input: JSONValue) -> CaseDraft {
      CaseDraft("domain/\(name)", tags: ["domain"], note: note, input: input)
    }
    var drafts: [CaseDraft] = []
    let nows: [(String, Int64)] = [
      ("0", 0), ("year-9999-last-second", 253_402_300_799), ("minus-1", -1), ("year-10000", 253_402_300_800),
      ("int64-min", .min), ("int64-max", .max),
    ]
    for (label, now) in nows {
      let inside = DrawFreshnessInput.nowRange.contains(now)
      drafts.append(
        domain(
          "now/\(label)",
          inside
            ? "now \(now) is inside 0...253402300799: an ordinary answer"
            : "now \(now) is outside 0...253402300799: now-out-of-range",
          ordinary(now: now)))
    }
    let retries: [(String, Int64)] = [
      ("1", 1), ("86400", 86_400), ("0", 0), ("minus-1", -1), ("86401", 86_401), ("2to32+900", twoTo32 + 900),
      ("int64-max", .max),
    ]
    for (label, retry) in retries {
      let inside = DrawFreshnessInput.retryRange.contains(retry)
      // Behind the latest round (1153 cached, nothing fetched), so the retry is read.
      let input = ordinary(retry: retry, fetched: .null)
      drafts.append(
        domain(
          "retryAfterSeconds/\(label)",
          inside
            ? "retryAfterSeconds \(retry) is inside 1...86400: the app retries after it"
            : "retryAfterSeconds \(retry) is outside 1...86400: retry-out-of-range (a 32-bit truncation of 2^32 + 900 reads 900)",
          input))
    }
    for side in ["cached", "fetched"] {
      func on(_ draw: JSONValue) -> JSONValue { side == "cached" ? ordinary(cached: draw) : ordinary(fetched: draw) }
      let rounds: [(String, Int64)] = [
        ("1", 1), ("int32-max", 2_147_483_647), ("0", 0), ("minus-1", -1), ("int32-max+1", 2_147_483_648),
        ("2to32+1154", twoTo32 + round),
      ]
      for (label, value) in rounds {
        let inside = DrawFreshnessInput.roundRange.contains(value)
        drafts.append(
          domain(
            "\(side)/round/\(label)",
            inside
              ? "a \(side) round \(value) is inside 1...2147483647"
              : "a \(side) round \(value) is outside 1...2147483647: round-out-of-range",
            on(drawJSON(round: value))))
      }
      let values: [(String, Int64)] = [
        ("int32-max", 2_147_483_647), ("minus-1", -1), ("int32-max+1", 2_147_483_648), ("2to32+3", twoTo32 + 3),
      ]
      for (label, value) in values {
        let inside = DrawFreshnessInput.numberRange.contains(value)
        let verdict =
          inside ? "inside 0...2147483647, a draw without content (D3)" : "outside 0...2147483647: number-out-of-range"
        drafts.append(
          domain(
            "\(side)/number/\(label)", "a \(side) number \(value) is \(verdict)",
            on(drawJSON(numbers: [value] + numbers.dropFirst()))))
        drafts.append(domain("\(side)/bonus/\(label)", "a \(side) bonus \(value) is \(verdict)", on(drawJSON(bonus: value))))
      }
      drafts += [
        domain(
          "\(side)/numbers/1000", "1000 numbers are inside the domain: a draw without content (not six numbers)",
          on(drawJSON(numbers: (0..<1000).map { Int64($0 % 45 + 1) }))),
        domain(
          "\(side)/numbers/1001", "1001 numbers are more than a list may hold: too-many-entries",
          on(drawJSON(numbers: (0..<1001).map { Int64($0 % 45 + 1) }))),
        domain(
          "\(side)/stores/1000", "1000 stores are inside the domain: the draw has content",
          on(drawJSON(stores: (0..<1000).map { "store \($0)" }))),
        domain(
          "\(side)/stores/1001", "1001 stores are more than a list may hold: too-many-entries",
          on(drawJSON(stores: (0..<1001).map { "store \($0)" }))),
      ]
    }
    // Which reason, when several fields are outside: the first in the spec's order.
    drafts += [
      domain(
        "first/now-before-retry", "now and retryAfterSeconds both outside: now-out-of-range, the first field",
        ordinary(now: -1, retry: 0)),
      domain(
        "first/retry-before-draws", "retryAfterSeconds and a round both outside: retry-out-of-range",
        ordinary(retry: 0, cached: drawJSON(round: 0))),
      domain(
        "first/cached-before-fetched", "a cached number and a fetched round outside: the cached draw's number-out-of-range",
        ordinary(cached: drawJSON(round: round - 1, numbers: [-1] + numbers.dropFirst()), fetched: drawJSON(round: 0))),
      domain(
        "first/round-before-numbers", "a round and a number of one draw outside: round-out-of-range",
        ordinary(fetched: drawJSON(round: 0, numbers: [-1] + numbers.dropFirst()))),
      domain(
        "first/numbers-before-bonus", "a number and the bonus outside: number-out-of-range either way",
        ordinary(fetched: drawJSON(numbers: [twoTo32] + numbers.dropFirst(), bonus: -1))),
      domain(
        "ignored-draw-still-checked",
        "an empty fetched draw with round 0: round-out-of-range, although the draw would be ignored",
        ordinary(fetched: LottoDraw(round: 0, numbers: [], bonus: nil, stores: []).json)),
    ]
    return drafts
  }

  /// What a draw of the pairwise table holds.
  enum Shape: String, CaseIterable {
    case complete, missing, empty
    case numbersOnly = "numbers-only"
    case zeros
    /// One store whose name is a space, a tab or empty: a list all the same (D2).
    case blankStore = "blank-store", tabStore = "tab-store", emptyStoreName = "empty-store-name"
    case bonusMissing = "bonus-missing"

    func draw(_ round: Int64) -> LottoDraw? {
      switch self {
      case .complete: DrawFreshnessSuite.draw(round)
      case .missing: nil
      case .empty: DrawFreshnessSuite.draw(round, .empty)
      case .numbersOnly: DrawFreshnessSuite.draw(round, .numbersOnly)
      case .zeros: DrawFreshnessSuite.draw(round, .zeros)
      case .blankStore: LottoDraw(round: round, numbers: numbers, bonus: 8, stores: [" "])
      case .tabStore: LottoDraw(round: round, numbers: numbers, bonus: 8, stores: ["\t"])
      case .emptyStoreName: LottoDraw(round: round, numbers: numbers, bonus: 8, stores: [""])
      case .bonusMissing: LottoDraw(round: round, numbers: numbers, bonus: nil, stores: stores)
      }
    }
  }

  /// The fields of the pairwise table and their levels, level 0 the ordinary value (Sunday after
  /// round 1154's draw, 1153 cached, 1154 fetched, both complete).
  struct PairwiseFields {
    let names = ["now", "retryAfterSeconds", "cached.round", "cached", "fetched.round", "fetched"]
    let nows: [(String, Int64)] = [
      ("sunday", saturday + day), ("0", 0), ("1", 1), ("first-draw-1s", DrawFreshness.firstDrawEpochSeconds - 1),
      ("first-draw", DrawFreshness.firstDrawEpochSeconds), ("int32-max", 2_147_483_647), ("int32-max+1", 2_147_483_648),
      ("2to32", 1 << 32), ("year-9999-last-second", 253_402_300_799),
    ]
    let retries: [(String, Int64)] = [("900", 900), ("1", 1), ("2", 2), ("86399", 86_399), ("86400", 86_400)]
    let cachedRounds: [(String, Int64)] = [
      ("1153", round - 1), ("1", 1), ("2", 2), ("1154", round), ("1155", round + 1), ("int32-max", 2_147_483_647),
    ]
    let fetchedRounds: [(String, Int64)] = [
      ("1154", round), ("1", 1), ("1153", round - 1), ("1155", round + 1), ("int32-max", 2_147_483_647),
    ]
    let shapes = Shape.allCases

    var counts: [Int] { [nows.count, retries.count, cachedRounds.count, shapes.count, fetchedRounds.count, shapes.count] }

    func input(_ row: [Int]) -> JSONValue {
      DrawFreshnessSuite.input(
        now: nows[row[0]].1, cached: shapes[row[3]].draw(cachedRounds[row[2]].1),
        fetched: shapes[row[5]].draw(fetchedRounds[row[4]].1), retry: retries[row[1]].1)
    }

    /// `field=label` for each field of `row` off its ordinary value.
    func labels(_ row: [Int]) -> [String] {
      let labels = [
        nows[row[0]].0, retries[row[1]].0, cachedRounds[row[2]].0, shapes[row[3]].rawValue, fetchedRounds[row[4]].0,
        shapes[row[5]].rawValue,
      ]
      return row.indices.filter { row[$0] != 0 }.map { "\(names[$0])/\(labels[$0])" }
    }
  }

  /// Each boundary alone among ordinary values (`pairwise/one/...`), then the all-pairs rows
  /// (`pairwise/all-pairs/NNN`).
  static var pairwiseCases: [CaseDraft] {
    let fields = PairwiseFields()
    return Pairwise.cases(counts: fields.counts, labels: fields.labels, input: fields.input)
  }
}
