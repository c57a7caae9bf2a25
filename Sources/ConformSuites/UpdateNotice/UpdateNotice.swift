import ConformJSON

/// The inputs of the update-notice decision, as the `update-notice` spec names them.
public struct UpdateNoticeInput: Sendable, Equatable {
  /// The store lookup's raw result: nil when no response came back (offline, timeout).
  public struct Lookup: Sendable, Equatable {
    public var status: Int64
    /// The response body, as text: the implementation parses it itself.
    public var body: String

    public init(status: Int64, body: String) {
      self.status = status
      self.body = body
    }
  }

  /// Seconds "later" postpones the next dialog by.
  public var snoozeSeconds: Int64
  /// Seconds since 1970-01-01 UTC.
  public var now: Int64
  /// The device's offset from UTC in seconds (32400 in Korea): a check day is a local day.
  public var utcOffsetSeconds: Int64
  /// The stored next-display time in seconds since the epoch; nil: the key is missing.
  public var nextDisplayAt: Int64?
  /// The local epoch day of the last lookup; nil: never looked up.
  public var lastCheckDay: Int64?
  public var installedVersion: String
  public var lookup: Lookup?
  /// What the user taps if the dialog shows: `"update"` or `"later"`.
  public var answer: String

  public init(
    snoozeSeconds: Int64, now: Int64, utcOffsetSeconds: Int64, nextDisplayAt: Int64?, lastCheckDay: Int64?,
    installedVersion: String, lookup: Lookup?, answer: String
  ) {
    self.snoozeSeconds = snoozeSeconds
    self.now = now
    self.utcOffsetSeconds = utcOffsetSeconds
    self.nextDisplayAt = nextDisplayAt
    self.lastCheckDay = lastCheckDay
    self.installedVersion = installedVersion
    self.lookup = lookup
    self.answer = answer
  }
}

/// Why an input is outside the spec's domain (D22), as the output's `error` names it.
public enum UpdateNoticeDomainError: String, Error, Sendable, CaseIterable {
  case snoozeOutOfRange = "snooze-out-of-range"
  case nowOutOfRange = "now-out-of-range"
  case offsetOutOfRange = "offset-out-of-range"
  case statusOutOfRange = "status-out-of-range"
  case answerUnknown = "answer-unknown"
}

/// Why the dialog does not show, as the output's `reason` names it.
public enum UpdateNoticeReason: String, Error, Sendable, CaseIterable {
  case snoozed
  case checkedToday = "checked-today"
  case offline
  case httpStatus = "http-status"
  case notJSON = "not-json"
  case decodeFailed = "decode-failed"
  case noResults = "no-results"
  case noVersion = "no-version"
  case notNewer = "not-newer"
  case noStoreURL = "no-store-url"
}

/// The story's `AppStoreLookupResponse` and `AppStoreLookupResult`, decoded as `JSONDecoder`
/// decodes the Decodable structs (every field optional, unknown keys ignored, a wrong type
/// anywhere fails the whole decode).
public struct StoreLookupResponse: Sendable, Equatable {
  public struct Result: Sendable, Equatable {
    public var version: String?
    public var trackId: Int64?
    public var trackViewUrl: String?
  }

  public var resultCount: Int64?
  public var results: [Result]?

  /// Decodes the body text: `.notJSON` when it is not one strict JSON text (RFC 8259, no byte
  /// order mark, no duplicate key, nothing after the value), `.decodeFailed` when a field the
  /// structs name has another type.
  public static func decode(_ body: String) -> Swift.Result<StoreLookupResponse, UpdateNoticeReason> {
    decode(body, drifts: []).mapError(\.reason)
  }

  /// The decode with `drifts` breaking decisions as a port does (none: the reference); a failure
  /// names the decision whose rule refused the body.
  static func decode(_ body: String, drifts: UpdateNoticeDrifts) -> Swift.Result<StoreLookupResponse, StoreFailure> {
    let value: JSONValue
    switch parse(body, drifts: drifts) {
    case .failure(let failure):
      return .failure(
        drifts.contains(.syntaxAsDecodeFailure) ? StoreFailure(.decodeFailed, decision: failure.decision) : failure)
    case .success(let parsed): value = parsed
    }
    let mismatchAsMissing = drifts.contains(.mismatchAsMissing)
    guard case .object(var object) = value else {
      guard mismatchAsMissing else { return .failure(StoreFailure(.decodeFailed, decision: 7)) }
      return .success(StoreLookupResponse(resultCount: nil, results: nil))
    }
    if mismatchAsMissing, let results = object["results"], results.arrayValue == nil { object["results"] = nil }
    guard let resultCount = integer(object["resultCount"], drifts: drifts) else {
      return .failure(StoreFailure(.decodeFailed, decision: integerDecision(object["resultCount"])))
    }
    var decoded = StoreLookupResponse(resultCount: resultCount, results: nil)
    if let items = object["results"], !items.isNull {
      guard case .array(let items) = items else { return .failure(StoreFailure(.decodeFailed, decision: 7)) }
      var list: [Result] = []
      for item in items {
        // D7's drift: a port that decodes the first result alone.
        if drifts.contains(.firstResultOnlyDecoded), !list.isEmpty { break }
        if mismatchAsMissing, item.objectValue == nil { continue }
        guard case .object(let fields) = item,
          let version = string(fields["version"], drifts: drifts),
          let trackViewUrl = string(fields["trackViewUrl"], drifts: drifts)
        else { return .failure(StoreFailure(.decodeFailed, decision: 7)) }
        guard let trackId = integer(fields["trackId"], drifts: drifts) else {
          return .failure(StoreFailure(.decodeFailed, decision: integerDecision(fields["trackId"])))
        }
        if drifts.contains(.int32TrackId), let trackId, Int64(Int32(truncatingIfNeeded: trackId)) != trackId {
          return .failure(StoreFailure(.decodeFailed, decision: 8))
        }
        list.append(Result(version: version, trackId: trackId, trackViewUrl: trackViewUrl))
      }
      decoded.results = list
    }
    return .success(decoded)
  }

  /// The body as one JSON value: the strict reading (D5, D6, D18 to D21), or a port's under
  /// `drifts` (each text drift applied in decision order).
  static func parse(_ body: String, drifts: UpdateNoticeDrifts) -> Swift.Result<JSONValue, StoreFailure> {
    var bytes = Array(body.utf8)
    switch drifts[5] {
    case .lenientFraming: bytes = LenientFraming.firstValue(LenientFraming.droppingByteOrderMark(bytes))
    case .lenientReader: bytes = LenientReader.forgiven(bytes)
    default: break
    }
    switch drifts[18] {
    case .wideWhitespaceTrimmed:
      bytes = Array(JSONTextDrifts.trimmingUnicodeWhitespace(String(decoding: bytes, as: UTF8.self)).utf8)
    case .onlySpaceAndNewline where JSONTextDrifts.hasTabOrReturnAround(bytes):
      return .failure(StoreFailure(.notJSON, decision: 18))
    default: break
    }
    switch drifts[21] {
    case .loneSurrogateReplaced: bytes = JSONTextDrifts.replacingLoneSurrogateEscapes(bytes)
    case .escapedPairRefused where JSONTextDrifts.hasEscapedSurrogatePair(bytes):
      return .failure(StoreFailure(.notJSON, decision: 21))
    case .rawAstralRefused where body.unicodeScalars.contains(where: { $0.value > 0xFFFF }):
      return .failure(StoreFailure(.notJSON, decision: 21))
    default: break
    }
    do {
      let value = try JSONReader.parse(bytes)
      if drifts.contains(.depthLimitOffByOne), JSONTextDrifts.depth(of: value) >= JSONReader.maxDepth {
        return .failure(StoreFailure(.notJSON, decision: 20))
      }
      if drifts.contains(.duplicateCanonicalKeys), JSONTextDrifts.hasCanonicallyEqualKeys(value) {
        return .failure(StoreFailure(.notJSON, decision: 19))
      }
      return .success(value)
    } catch {
      let duplicate = error.message.hasPrefix("duplicate key")
      let deeper = drifts.contains(.depthExcludesTopLevel)
      let tolerance: DuplicateTolerantReader.Duplicates? =
        if duplicate, drifts.contains(.duplicateKeepsFirst) {
          .keepFirst
        } else if duplicate, drifts.contains(.duplicateKeepsLast) {
          .keepLast
        } else if duplicate, drifts.contains(.duplicateRawKeys) {
          .lastUnlessWrittenAlike
        } else if deeper, error.message.hasPrefix("nesting deeper") {
          .refuse
        } else {
          nil
        }
      if let tolerance,
        let value = DuplicateTolerantReader.parse(
          bytes, duplicates: tolerance, maxDepth: JSONReader.maxDepth + (deeper ? 1 : 0))
      {
        return .success(value)
      }
      let decision =
        duplicate ? 6 : error.message.hasPrefix("nesting deeper") ? 20 : error.message.contains("surrogate") ? 21 : 5
      return .failure(StoreFailure(.notJSON, decision: decision))
    }
  }

  /// `decodeIfPresent` of an `Int`: `.some(nil)` when absent or null, `.some(value)` for a JSON
  /// integer that fits in 64 bits, nil (a decode failure) otherwise.
  static func integer(_ value: JSONValue?, drifts: UpdateNoticeDrifts) -> Int64?? {
    guard let value, !value.isNull else { return .some(nil) }
    switch value {
    case .int(let integer): return .some(integer)
    case .number(let literal) where drifts.contains(.numbersTruncated):
      // D8's drift: a number read as a Double and truncated, as org.json's getLong does.
      guard let number = Double(literal), abs(number) < 9.2e18 else { return nil }
      return .some(Int64(number))
    case .string(let text) where drifts.contains(.gsonCoercion):
      // D7's drift: Gson reads a numeric string as a number.
      guard let integer = Int64(text) else { return nil }
      return .some(integer)
    default: return drifts.contains(.mismatchAsMissing) ? .some(nil) : nil
    }
  }

  /// `decodeIfPresent` of a `String`: as `integer(_:drifts:)`.
  static func string(_ value: JSONValue?, drifts: UpdateNoticeDrifts) -> String?? {
    guard let value, !value.isNull else { return .some(nil) }
    switch value {
    case .string(let text): return .some(text)
    // D7's drift: Gson writes a number or a boolean as its text.
    case .int(let integer) where drifts.contains(.gsonCoercion): return .some(String(integer))
    case .number(let literal) where drifts.contains(.gsonCoercion): return .some(literal)
    case .bool(let flag) where drifts.contains(.gsonCoercion): return .some(flag ? "true" : "false")
    default: return drifts.contains(.mismatchAsMissing) ? .some(nil) : nil
    }
  }

  /// The decision that refuses `value` as an integer: D8 for a number that is no 64-bit integer
  /// literal, D7 for any other type.
  static func integerDecision(_ value: JSONValue?) -> Int {
    if case .number = value { return 8 }
    return 7
  }
}

/// Why the store gives no dialog, with the spec's decision whose rule said so (`### D9.` is 9).
struct StoreFailure: Error, Equatable {
  var reason: UpdateNoticeReason
  var decision: Int

  init(_ reason: UpdateNoticeReason, decision: Int) {
    self.reason = reason
    self.decision = decision
  }
}

/// What the app does at one launch.
public struct UpdateNoticeOutcome: Sendable, Equatable {
  /// Whether the store was asked.
  public var checked: Bool
  public var show: Bool
  /// nil when the dialog shows.
  public var reason: UpdateNoticeReason?
  /// The store page the dialog's button opens; nil when it does not show.
  public var url: String?
  /// The stored values afterwards.
  public var nextDisplayAt: Int64?
  public var lastCheckDay: Int64?
}

/// The reference model of the `update-notice` suite.
public enum UpdateNotice {
  public static let secondsPerDay: Int64 = 86_400

  /// The local epoch day of `now`, rounded toward minus infinity (rule 2).
  public static func localDay(now: Int64, utcOffsetSeconds: Int64) -> Int64 {
    let local = now + utcOffsetSeconds
    let (quotient, remainder) = local.quotientAndRemainder(dividingBy: secondsPerDay)
    return remainder < 0 ? quotient - 1 : quotient
  }

  /// The output for `input`: `{"error": reason}` outside the domain (D22), else the decision's.
  public static func output(_ input: UpdateNoticeInput) -> JSONValue {
    if let error = input.domainError { return ["error": .string(error.rawValue)] }
    return decide(input).json
  }

  /// The decision at one launch and the state it leaves (rules 1 to 5 of the spec), for an input
  /// inside the domain (`domainError` nil).
  public static func decide(_ input: UpdateNoticeInput) -> UpdateNoticeOutcome {
    run(input).outcome
  }

  /// The decision and the spec's decision (`### D3.` is 3) whose rule returned it, with `drift`
  /// breaking one decision as a port does (see `UpdateNoticeDrift`); nil is the reference.
  static func run(_ input: UpdateNoticeInput, drift: UpdateNoticeDrift?) -> (outcome: UpdateNoticeOutcome, decision: Int) {
    run(input, drifts: UpdateNoticeDrifts(drift.map { [$0] } ?? []))
  }

  /// The decision and the spec's decision whose rule returned it, with `drifts` breaking
  /// decisions as a port does (at most one drift a decision: a port with two bugs is a pair);
  /// none is the reference.
  static func run(
    _ input: UpdateNoticeInput, drifts: UpdateNoticeDrifts = []
  ) -> (outcome: UpdateNoticeOutcome, decision: Int) {
    var outcome = UpdateNoticeOutcome(
      checked: false, show: false, reason: nil, url: nil, nextDisplayAt: input.nextDisplayAt,
      lastCheckDay: input.lastCheckDay)
    // Rule 1: a missing key reads as 0, as UserDefaults.double(forKey:) does.
    let next = input.nextDisplayAt ?? (drifts.contains(.missingKeyNeverShows) ? .max : 0)
    let snoozed = drifts.contains(.snoozedAtNextDisplay) ? input.now <= next : input.now < next
    // Rule 2: at most one lookup a local day; a stored day after today (the clock went back) too.
    let today = day(input, drifts: drifts)
    let checkedToday =
      input.lastCheckDay.map {
        switch drifts[3] {
        case .futureCheckDayNotChecked: $0 == today
        case .todayNotChecked: $0 > today
        default: $0 >= today
        }
      } ?? false
    if snoozed {
      if drifts.contains(.dailyCheckBeforeSnooze), checkedToday {
        outcome.reason = .checkedToday
        return (outcome, 3)
      }
      if drifts.contains(.lookupBeforeSnooze), !checkedToday {
        outcome.checked = true
        outcome.lastCheckDay = today
      }
      outcome.reason = .snoozed
      return (outcome, 13)
    }
    if checkedToday {
      outcome.reason = .checkedToday
      return (outcome, 3)
    }
    outcome.checked = true
    outcome.lastCheckDay = today
    // Rules 3 and 4: every failure is "no update".
    switch storeResult(input, drifts: drifts) {
    case .failure(let failure):
      outcome.reason = failure.reason
      return (outcome, failure.decision)
    case .success(let url):
      outcome.show = true
      outcome.url = url
      // Rule 5: "later" postpones by the snooze period; "update" leaves the key as it was.
      if input.answer == "later" {
        outcome.nextDisplayAt = input.now + (drifts.contains(.laterWithoutSnooze) ? 0 : input.snoozeSeconds)
      } else if drifts.contains(.updateAlsoSnoozes) {
        outcome.nextDisplayAt = input.now + input.snoozeSeconds
      }
      return (outcome, 2)
    }
  }

  /// The check day: the local day, the UTC day under D14's drift, divided toward zero under
  /// D15's.
  static func day(_ input: UpdateNoticeInput, drifts: UpdateNoticeDrifts) -> Int64 {
    let offset = drifts.contains(.utcCheckDay) ? 0 : input.utcOffsetSeconds
    guard !drifts.contains(.truncatedDay) else { return (input.now + offset) / secondsPerDay }
    return localDay(now: input.now, utcOffsetSeconds: offset)
  }

  /// The store page to open (nil only under a drift of D11), or why there is none.
  static func storeResult(_ input: UpdateNoticeInput, drifts: UpdateNoticeDrifts) -> Result<String?, StoreFailure> {
    guard let lookup = input.lookup else {
      return .failure(StoreFailure(drifts.contains(.offlineAsStatus) ? .httpStatus : .offline, decision: 4))
    }
    let success =
      switch drifts[4] {
      case .statusIgnored: true
      case .onlyStatus200: lookup.status == 200
      case .status300IsSuccess: (200...300).contains(lookup.status)
      default: (200...299).contains(lookup.status)
      }
    if !drifts.contains(.statusAfterBody), !success { return .failure(StoreFailure(.httpStatus, decision: 4)) }
    let response: StoreLookupResponse
    switch StoreLookupResponse.decode(lookup.body, drifts: drifts) {
    case .failure(let failure): return .failure(failure)
    case .success(let decoded): response = decoded
    }
    if !success { return .failure(StoreFailure(.httpStatus, decision: 4)) }
    let results = response.results ?? []
    guard drifts.contains(.countIgnored) || (response.resultCount ?? 0) > 0, var first = results.first else {
      return .failure(StoreFailure(.noResults, decision: 9))
    }
    if drifts.contains(.anyNewerResult),
      let newer = results.first(where: { result in
        result.version.map { VersionComparison.isNewer($0, than: input.installedVersion) } ?? false
      })
    {
      first = newer
    }
    let url = first.trackViewUrl.flatMap { $0.isEmpty ? nil : $0 }
    if drifts.contains(.urlBeforeVersion), url == nil { return .failure(StoreFailure(.noStoreURL, decision: 11)) }
    guard let version = first.version ?? (drifts.contains(.missingVersionIsEmpty) ? "" : nil) else {
      return .failure(StoreFailure(.noVersion, decision: 17))
    }
    // The version-compare suite's comparison, unchanged; D10's drifts compare the strings, or
    // answer as a port that breaks one of that suite's decisions would.
    let newer: Bool
    switch drifts[10] {
    case .lexicographic: newer = input.installedVersion.utf16.lexicographicallyPrecedes(version.utf16)
    case .versionCompareDrift: newer = VersionComparison.isNewerUnderSomeDrift(version, than: input.installedVersion)
    default: newer = VersionComparison.isNewer(version, than: input.installedVersion)
    }
    guard newer else { return .failure(StoreFailure(.notNewer, decision: 10)) }
    if let url { return .success(url) }
    if drifts.contains(.emptyURLOpened), first.trackViewUrl == "" { return .success("") }
    if drifts.contains(.missingURLShows), first.trackViewUrl == nil { return .success(nil) }
    return .failure(StoreFailure(.noStoreURL, decision: 11))
  }
}

extension UpdateNoticeInput {
  /// `now` from 1970 to the end of 9999, so `now + snoozeSeconds` and the local day never overflow.
  static let nowRange: ClosedRange<Int64> = 0...253_402_300_799
  static let snoozeRange: ClosedRange<Int64> = 0...Int64(Int32.max)
  /// ±18 hours, the widest offset java.time and Foundation accept.
  static let offsetRange: ClosedRange<Int64> = -64_800...64_800
  /// The statuses HTTP defines (RFC 9110: 1xx to 5xx).
  static let statusRange: ClosedRange<Int64> = 100...599
  static let answers: Set<String> = ["update", "later"]

  /// The first field outside the spec's domain, in the order of the spec's input table (D22);
  /// nil inside it. Checked before anything else, whether or not the launch would read the field.
  public var domainError: UpdateNoticeDomainError? { domainError(upperBoundsExcluded: false) }

  /// `domainError`, or with `upperBoundsExcluded` as a port that takes the ranges half-open
  /// (D22's drift: Kotlin `until`, Swift `..<`) finds it.
  func domainError(upperBoundsExcluded: Bool) -> UpdateNoticeDomainError? {
    func inside(_ value: Int64, _ range: ClosedRange<Int64>) -> Bool {
      range.contains(value) && !(upperBoundsExcluded && value == range.upperBound)
    }
    if !inside(snoozeSeconds, Self.snoozeRange) { return .snoozeOutOfRange }
    if !inside(now, Self.nowRange) { return .nowOutOfRange }
    if !inside(utcOffsetSeconds, Self.offsetRange) { return .offsetOutOfRange }
    if let lookup, !inside(lookup.status, Self.statusRange) { return .statusOutOfRange }
    if !Self.answers.contains(answer) { return .answerUnknown }
    return nil
  }

  public init(json: JSONValue, path: String = "") throws(JSONShapeError) {
    let fields = try JSONFields(json, path: path)
    try fields.rejectUnknown(["answer", "config", "installedVersion", "lookup", "now", "stored", "utcOffsetSeconds"])
    let config = try fields.fields("config")
    try config.rejectUnknown(["snoozeSeconds"])
    // Any 64-bit integer is well-formed; `domainError` says which are outside the domain.
    snoozeSeconds = try config.int("snoozeSeconds")
    now = try fields.int("now")
    utcOffsetSeconds = try fields.int("utcOffsetSeconds")
    let stored = try fields.fields("stored")
    try stored.rejectUnknown(["lastCheckDay", "nextDisplayAt"])
    nextDisplayAt = try stored.optionalInt("nextDisplayAt")
    lastCheckDay = try stored.optionalInt("lastCheckDay")
    installedVersion = try fields.string("installedVersion")
    if try fields.value("lookup").isNull {
      lookup = nil
    } else {
      let lookupFields = try fields.fields("lookup")
      try lookupFields.rejectUnknown(["body", "status"])
      lookup = Lookup(status: try lookupFields.int("status"), body: try lookupFields.string("body"))
    }
    answer = try fields.string("answer")
  }

  public var json: JSONValue {
    [
      "answer": .string(answer), "config": ["snoozeSeconds": .int(snoozeSeconds)],
      "installedVersion": .string(installedVersion),
      "lookup": lookup.map { ["body": .string($0.body), "status": .int($0.status)] } ?? .null,
      "now": .int(now),
      "stored": ["lastCheckDay": JSONValue(lastCheckDay), "nextDisplayAt": JSONValue(nextDisplayAt)],
      "utcOffsetSeconds": .int(utcOffsetSeconds),
    ]
  }
}

extension UpdateNoticeOutcome {
  public var json: JSONValue {
    [
      "checked": .bool(checked), "reason": JSONValue(reason?.rawValue), "show": .bool(show),
      "stored": ["lastCheckDay": JSONValue(lastCheckDay), "nextDisplayAt": JSONValue(nextDisplayAt)],
      "url": JSONValue(url),
    ]
  }
}
