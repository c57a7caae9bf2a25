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
    let value: JSONValue
    do {
      value = try JSONReader.parse(Array(body.utf8))
    } catch {
      return .failure(.notJSON)
    }
    guard case .object(let object) = value,
      let resultCount = optional(object["resultCount"], as: { $0.intValue }),
      let results = optional(object["results"], as: { $0.arrayValue })
    else { return .failure(.decodeFailed) }
    var decoded = StoreLookupResponse(resultCount: resultCount, results: nil)
    if let items = results {
      var list: [Result] = []
      for item in items {
        guard case .object(let fields) = item,
          let version = optional(fields["version"], as: { $0.stringValue }),
          let trackId = optional(fields["trackId"], as: { $0.intValue }),
          let trackViewUrl = optional(fields["trackViewUrl"], as: { $0.stringValue })
        else { return .failure(.decodeFailed) }
        list.append(Result(version: version, trackId: trackId, trackViewUrl: trackViewUrl))
      }
      decoded.results = list
    }
    return .success(decoded)
  }

  /// `decodeIfPresent`: `.some(nil)` when absent or null, `.some(value)` when of the type, nil
  /// (a decode failure) otherwise.
  static func optional<T>(_ value: JSONValue?, as cast: (JSONValue) -> T?) -> T?? {
    guard let value, !value.isNull else { return .some(nil) }
    guard let typed = cast(value) else { return nil }
    return .some(typed)
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

  /// The decision at one launch and the state it leaves (rules 1 to 5 of the spec).
  public static func decide(_ input: UpdateNoticeInput) -> UpdateNoticeOutcome {
    var outcome = UpdateNoticeOutcome(
      checked: false, show: false, reason: nil, url: nil, nextDisplayAt: input.nextDisplayAt,
      lastCheckDay: input.lastCheckDay)
    // Rule 1: a missing key reads as 0, as UserDefaults.double(forKey:) does.
    guard input.now >= (input.nextDisplayAt ?? 0) else {
      outcome.reason = .snoozed
      return outcome
    }
    // Rule 2: at most one lookup a local day; a stored day after today (the clock went back) too.
    let today = localDay(now: input.now, utcOffsetSeconds: input.utcOffsetSeconds)
    if let last = input.lastCheckDay, last >= today {
      outcome.reason = .checkedToday
      return outcome
    }
    outcome.checked = true
    outcome.lastCheckDay = today
    // Rules 3 and 4: every failure is "no update".
    switch storeResult(input) {
    case .failure(let reason):
      outcome.reason = reason
    case .success(let url):
      outcome.show = true
      outcome.url = url
      // Rule 5: "later" postpones by the snooze period; "update" leaves the key as it was.
      if input.answer == "later" { outcome.nextDisplayAt = input.now + input.snoozeSeconds }
    }
    return outcome
  }

  /// The store page to open, or why there is none.
  static func storeResult(_ input: UpdateNoticeInput) -> Result<String, UpdateNoticeReason> {
    guard let lookup = input.lookup else { return .failure(.offline) }
    guard (200...299).contains(lookup.status) else { return .failure(.httpStatus) }
    let response: StoreLookupResponse
    switch StoreLookupResponse.decode(lookup.body) {
    case .failure(let reason): return .failure(reason)
    case .success(let decoded): response = decoded
    }
    guard (response.resultCount ?? 0) > 0, let first = response.results?.first else { return .failure(.noResults) }
    guard let version = first.version else { return .failure(.noVersion) }
    // The version-compare suite's comparison, unchanged.
    guard VersionComparison.isNewer(version, than: input.installedVersion) else { return .failure(.notNewer) }
    guard let url = first.trackViewUrl, !url.isEmpty else { return .failure(.noStoreURL) }
    return .success(url)
  }
}

extension UpdateNoticeInput {
  /// `now` from 1970 to the end of 9999, so `now + snoozeSeconds` and the local day never overflow.
  static let nowRange: ClosedRange<Int64> = 0...253_402_300_799
  static let snoozeRange: ClosedRange<Int64> = 0...Int64(Int32.max)
  /// ±18 hours, the widest offset java.time and Foundation accept.
  static let offsetRange: ClosedRange<Int64> = -64_800...64_800
  static let statusRange: ClosedRange<Int64> = 0...999

  public init(json: JSONValue, path: String = "") throws(JSONShapeError) {
    let fields = try JSONFields(json, path: path)
    try fields.rejectUnknown(["answer", "config", "installedVersion", "lookup", "now", "stored", "utcOffsetSeconds"])
    let config = try fields.fields("config")
    try config.rejectUnknown(["snoozeSeconds"])
    snoozeSeconds = try config.int("snoozeSeconds", in: Self.snoozeRange)
    now = try fields.int("now", in: Self.nowRange)
    utcOffsetSeconds = try fields.int("utcOffsetSeconds", in: Self.offsetRange)
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
      lookup = Lookup(status: try lookupFields.int("status", in: Self.statusRange), body: try lookupFields.string("body"))
    }
    answer = try fields.string("answer")
    guard answer == "update" || answer == "later" else {
      throw JSONShapeError(path: fields.pathOf("answer"), message: "expected \"update\" or \"later\"")
    }
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
