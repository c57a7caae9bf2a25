import ConformJSON

/// One lottery draw as the app caches it and as the API returns it (see the `draw-freshness` spec).
public struct LottoDraw: Sendable, Equatable {
  /// The round (회차), from 1.
  public var round: Int64
  /// The six winning numbers as sent; the API sends none, or zeros, while a round is not yet in.
  public var numbers: [Int64]
  /// The bonus number, nil when missing.
  public var bonus: Int64?
  /// The first-prize stores, the list the app shows; published later than the numbers.
  public var stores: [String]

  public init(round: Int64, numbers: [Int64], bonus: Int64?, stores: [String]) {
    self.round = round
    self.numbers = numbers
    self.bonus = bonus
    self.stores = stores
  }
}

/// The inputs of the `draw-freshness` decision.
public struct DrawFreshnessInput: Sendable, Equatable {
  /// The instant of the decision, in seconds since 1970-01-01 UTC.
  public var now: Int64
  /// How long to wait before trying again when the latest round is not in yet, in seconds.
  public var retryAfterSeconds: Int64
  /// The draw the app has stored, nil on a first launch.
  public var cached: LottoDraw?
  /// The draw the API just returned, nil when the request failed.
  public var fetched: LottoDraw?
}

/// The reference model of the `draw-freshness` suite.
public enum DrawFreshness {
  /// Korea time is UTC+9 all year (no daylight saving time since 1988), in seconds.
  public static let koreaOffsetSeconds: Int64 = 9 * 3600
  /// Round 1 was drawn on Saturday 2002-12-07 at 20:00 Korea time (11:00 UTC), in seconds since 1970.
  public static let firstDrawEpochSeconds: Int64 = 1_039_258_800
  public static let weekSeconds: Int64 = 7 * 86_400

  /// Rule 1: a draw with content is one the app may show: six distinct numbers from 1 to 45, a
  /// bonus from 1 to 45 that is not one of them, and at least one first-prize store.
  public static func hasContent(_ draw: LottoDraw) -> Bool { hasContent(draw, drifts: []) }

  /// Rule 3: the latest round drawn at `now` (a draw counts from 20:00:00 Korea time on its
  /// Saturday), 0 before the first draw.
  public static func latestRound(at now: Int64) -> Int64 { latestRound(at: now, drifts: []) }

  /// The next draw strictly after `now`, in seconds since 1970.
  public static func nextDraw(after now: Int64) -> Int64 {
    firstDrawEpochSeconds + latestRound(at: now) * weekSeconds
  }

  public static func decide(_ input: DrawFreshnessInput) -> JSONValue { decide(input, drifts: []) }

  /// Rule 1 as a port with `drifts` reads it; the reference's for none.
  static func hasContent(_ draw: LottoDraw, drifts: Drifts) -> Bool {
    if drifts.contains(.roundOnly) { return true }
    let valid: ClosedRange<Int64> = 1...45
    guard draw.numbers.count == 6 else { return false }
    if !drifts.contains(.countsNumbers) {
      guard draw.numbers.allSatisfy(valid.contains), Set(draw.numbers).count == 6 else { return false }
    }
    if !drifts.contains(.bonusUnchecked) {
      guard let bonus = draw.bonus else { return false }
      if !drifts.contains(.countsNumbers) {
        guard valid.contains(bonus), !draw.numbers.contains(bonus) else { return false }
      }
    }
    return !draw.stores.isEmpty || drifts.contains(.noStoresCheck)
  }

  /// The latest round of a port with `drifts`; the reference's for none.
  static func latestRound(at now: Int64, drifts: Drifts) -> Int64 {
    let first = firstDrawEpochSeconds + drifts.drawShift
    if drifts.contains(.truncatingCount) { return (now - first) / weekSeconds + 1 }
    if drifts.contains(.drawSecondPending) { return now <= first ? 0 : (now - first - 1) / weekSeconds + 1 }
    return now < first ? 0 : (now - first) / weekSeconds + 1
  }

  /// The decision of a port with `drifts`; the reference's for none.
  static func decide(_ input: DrawFreshnessInput, drifts: Drifts) -> JSONValue {
    let cached =
      drifts.contains(.cacheUnchecked) ? input.cached : input.cached.flatMap { hasContent($0, drifts: drifts) ? $0 : nil }
    let fetched = input.fetched.flatMap { hasContent($0, drifts: drifts) ? $0 : nil }
    // Rule 2: a fetched draw with content replaces the cache unless the cache holds a newer round.
    let replaces: Bool
    if let fetched, let cached {
      replaces =
        drifts.contains(.goesBack)
        || (!drifts.contains(.writeOnce)
          && (drifts.contains(.onlyNewer) ? fetched.round > cached.round : fetched.round >= cached.round))
    } else {
      replaces = fetched != nil
    }
    let shown = replaces ? fetched : cached
    let latest = latestRound(at: input.now, drifts: drifts)
    // Rule 4: behind the latest round, try again soon; otherwise at the next draw.
    let shownRound = shown?.round ?? 0
    let retry = !drifts.contains(.neverRetries) && (drifts.contains(.aheadIsBehind) ? shownRound != latest : shownRound < latest)
    let nextDraw = latest == 0 ? firstDrawEpochSeconds : firstDrawEpochSeconds + drifts.drawShift + latest * weekSeconds
    let refreshAt = retry ? input.now + (drifts.contains(.fixedRetry) ? 900 : input.retryAfterSeconds) : nextDraw
    return [
      "cache": replaces ? "fetched" : "unchanged",
      "headerRound": JSONValue(drifts.contains(.headerFromFetch) ? input.fetched?.round ?? shown?.round : shown?.round),
      "latestRound": .int(latest),
      "listRound": JSONValue(shown?.round),
      "refreshAt": .int(refreshAt),
      "retry": .bool(retry),
    ]
  }
}

extension DrawFreshnessInput {
  /// The latest instant of the domain: 9999-12-31 23:59:59 UTC.
  static let nowRange: ClosedRange<Int64> = 0...253_402_300_799
  static let retryRange: ClosedRange<Int64> = 1...86_400
  static let roundRange: ClosedRange<Int64> = 1...Int64(Int32.max)
  static let numberRange: ClosedRange<Int64> = 0...Int64(Int32.max)
  static let maxListCount = 1000

  /// D17: the reason code of a well-formed input outside the spec's domain, the first field
  /// outside in the order `now`, `retryAfterSeconds`, `cached`, `fetched` (in a draw: `round`,
  /// `numbers`, `bonus`, `stores`; a list's length before its entries); nil inside the domain.
  ///
  /// - Throws: `JSONShapeError` when a field is missing or of the wrong JSON type.
  static func domainError(_ json: JSONValue) throws(JSONShapeError) -> String? {
    let fields = try JSONFields(json)
    try fields.rejectUnknown(["cached", "fetched", "now", "retryAfterSeconds"])
    if !nowRange.contains(try fields.int("now")) { return "now-out-of-range" }
    if !retryRange.contains(try fields.int("retryAfterSeconds")) { return "retry-out-of-range" }
    for key in ["cached", "fetched"] {
      let value = try fields.value(key)
      if value == .null { continue }
      if let reason = try LottoDraw.domainError(try JSONFields(value, path: fields.pathOf(key))) { return reason }
    }
    return nil
  }

  public init(json: JSONValue) throws(JSONShapeError) {
    let fields = try JSONFields(json)
    try fields.rejectUnknown(["cached", "fetched", "now", "retryAfterSeconds"])
    now = try fields.int("now", in: Self.nowRange)
    retryAfterSeconds = try fields.int("retryAfterSeconds", in: Self.retryRange)
    cached = try LottoDraw(optional: try fields.value("cached"), path: fields.pathOf("cached"))
    fetched = try LottoDraw(optional: try fields.value("fetched"), path: fields.pathOf("fetched"))
  }

  public var json: JSONValue {
    [
      "cached": cached.map(\.json) ?? .null, "fetched": fetched.map(\.json) ?? .null, "now": .int(now),
      "retryAfterSeconds": .int(retryAfterSeconds),
    ]
  }
}

extension LottoDraw {
  /// D17 for one draw: `round-out-of-range`, `too-many-entries` or `number-out-of-range`, nil
  /// inside the domain.
  static func domainError(_ fields: JSONFields) throws(JSONShapeError) -> String? {
    try fields.rejectUnknown(["bonus", "numbers", "round", "stores"])
    if !DrawFreshnessInput.roundRange.contains(try fields.int("round")) { return "round-out-of-range" }
    let numbers = try fields.array("numbers")
    if numbers.count > DrawFreshnessInput.maxListCount { return "too-many-entries" }
    for (index, number) in numbers.enumerated() {
      guard let value = number.intValue else {
        throw JSONShapeError(path: fields.pathOf("numbers") + "[\(index)]", message: "expected an integer")
      }
      if !DrawFreshnessInput.numberRange.contains(value) { return "number-out-of-range" }
    }
    if let bonus = try fields.optionalInt("bonus"), !DrawFreshnessInput.numberRange.contains(bonus) {
      return "number-out-of-range"
    }
    if try fields.array("stores").count > DrawFreshnessInput.maxListCount { return "too-many-entries" }
    return nil
  }

  init?(optional value: JSONValue, path: String) throws(JSONShapeError) {
    if value == .null { return nil }
    let fields = try JSONFields(value, path: path)
    try fields.rejectUnknown(["bonus", "numbers", "round", "stores"])
    round = try fields.int("round", in: DrawFreshnessInput.roundRange)
    let numberValues = try fields.array("numbers")
    guard numberValues.count <= DrawFreshnessInput.maxListCount else {
      throw JSONShapeError(path: fields.pathOf("numbers"), message: "more than \(DrawFreshnessInput.maxListCount) numbers")
    }
    numbers = []
    for (index, number) in numberValues.enumerated() {
      guard let value = number.intValue, DrawFreshnessInput.numberRange.contains(value) else {
        throw JSONShapeError(path: fields.pathOf("numbers") + "[\(index)]", message: "expected an integer from 0 to 2147483647")
      }
      numbers.append(value)
    }
    bonus = try fields.optionalInt("bonus")
    if let bonus, !DrawFreshnessInput.numberRange.contains(bonus) {
      throw JSONShapeError(path: fields.pathOf("bonus"), message: "\(bonus) is outside 0...2147483647")
    }
    let storeValues = try fields.array("stores")
    guard storeValues.count <= DrawFreshnessInput.maxListCount else {
      throw JSONShapeError(path: fields.pathOf("stores"), message: "more than \(DrawFreshnessInput.maxListCount) stores")
    }
    stores = []
    for (index, store) in storeValues.enumerated() {
      guard let name = store.stringValue else {
        throw JSONShapeError(path: fields.pathOf("stores") + "[\(index)]", message: "expected a string")
      }
      stores.append(name)
    }
  }

  public var json: JSONValue {
    [
      "bonus": JSONValue(bonus), "numbers": .array(numbers.map(JSONValue.int)), "round": .int(round),
      "stores": .array(stores.map(JSONValue.string)),
    ]
  }
}
