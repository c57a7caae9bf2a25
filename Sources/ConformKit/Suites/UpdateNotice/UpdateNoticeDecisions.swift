import ConformJSON

/// A way a port breaks one of the `update-notice` spec's decisions, as the decision's **Drift**
/// names it: the reference model run with one of them answers as such a port does. In the order
/// of the decisions they break.
enum UpdateNoticeDrift: CaseIterable, Sendable {
  /// D1: a missing next-display key read as "never show" (`getLong(key, Long.MAX_VALUE)`; the
  /// `missing-key-never-shows` port).
  case missingKeyNeverShows
  /// D2: "later" stores now, without the snooze period (the `later-without-snooze` port).
  case laterWithoutSnooze
  /// D2: "update" snoozes too.
  case updateAlsoSnoozes
  /// D3: `lastCheckDay == today` instead of `>=`: a stored day after today checks again.
  case futureCheckDayNotChecked
  /// D3: `>` instead of `>=`: a lookup made today does not count.
  case todayNotChecked
  /// D4: no response read as a failed status (a status of 0 or -1 stands for none).
  case offlineAsStatus
  /// D4: the status not looked at: the body alone decides.
  case statusIgnored
  /// D4: only 200 is a success.
  case onlyStatus200
  /// D4: `200...300`: a 300 is a success.
  case status300IsSuccess
  /// D5: a byte order mark skipped and the text after the first value ignored, as `org.json`
  /// reads (the `lenient-framing` port).
  case lenientFraming
  /// D5: a body that is not JSON answered `decode-failed`, as one catch of `DecodingError` does.
  case syntaxAsDecodeFailure
  /// D6: a duplicate key keeps its first value.
  case duplicateKeepsFirst
  /// D6: a duplicate key keeps its last value.
  case duplicateKeepsLast
  /// D7: Gson's coercions: a number or boolean read as a string, a numeric string as a number
  /// (the `gson-lenient-lookup` port).
  case gsonCoercion
  /// D7: only the first element of `results` decoded.
  case firstResultOnlyDecoded
  /// D7: a field of the wrong type read as missing (`optString`, `try?` per field), a body that
  /// is no object as an empty response, an element that is no object as skipped.
  case mismatchAsMissing
  /// D8: `trackId` declared 32-bit (the `int32-track-id` port).
  case int32TrackId
  /// D8: a number read as a `Double` and truncated to an integer (`org.json` `getLong`):
  /// `1.5` is 1, `1e9` is 1000000000.
  case numbersTruncated
  /// D9: `resultCount` not looked at: the first of `results` alone decides.
  case countIgnored
  /// D9: any result with a newer version shows, not only the first.
  case anyNewerResult
  /// D10: the versions compared as strings (UTF-16 order, Kotlin `compareTo`).
  case lexicographic
  /// D11: an empty `trackViewUrl` opened as given.
  case emptyURLOpened
  /// D11: a missing or null `trackViewUrl` shows a dialog with nothing to open.
  case missingURLShows
  /// D12: the store asked even when snoozed; the snooze only hides the dialog.
  case lookupBeforeSnooze
  /// D12: the daily check looked at before the snooze.
  case dailyCheckBeforeSnooze
  /// D13: `now > next` needed to check: exactly at the next display time it is still snoozed.
  case snoozedAtNextDisplay
  /// D14: the check day a UTC day (the `utc-check-day` port).
  case utcCheckDay
  /// D15: the local day divided toward zero (Swift and Kotlin `/`).
  case truncatedDay
  /// D16: the body read before the status is checked.
  case statusAfterBody
  /// D16: the store URL checked before the version.
  case urlBeforeVersion
  /// D17: a missing or null version read as the empty string (Kotlin `orEmpty()`).
  case missingVersionIsEmpty

  /// The decision this drift breaks (`### D3.` is 3).
  var decision: Int {
    switch self {
    case .missingKeyNeverShows: 1
    case .laterWithoutSnooze, .updateAlsoSnoozes: 2
    case .futureCheckDayNotChecked, .todayNotChecked: 3
    case .offlineAsStatus, .statusIgnored, .onlyStatus200, .status300IsSuccess: 4
    case .lenientFraming, .syntaxAsDecodeFailure: 5
    case .duplicateKeepsFirst, .duplicateKeepsLast: 6
    case .gsonCoercion, .firstResultOnlyDecoded, .mismatchAsMissing: 7
    case .int32TrackId, .numbersTruncated: 8
    case .countIgnored, .anyNewerResult: 9
    case .lexicographic: 10
    case .emptyURLOpened, .missingURLShows: 11
    case .lookupBeforeSnooze, .dailyCheckBeforeSnooze: 12
    case .snoozedAtNextDisplay: 13
    case .utcCheckDay: 14
    case .truncatedDay: 15
    case .statusAfterBody, .urlBeforeVersion: 16
    case .missingVersionIsEmpty: 17
    }
  }
}

extension UpdateNoticeSuite {
  /// The numbers of the spec's decisions (`### D3.` is 3) that decide `input`'s answer, ascending,
  /// never empty.
  ///
  /// Decision n is listed when a port that breaks it the way its **Drift** names (one
  /// `UpdateNoticeDrift`, the rest of the model unchanged) gives a different output for `input`
  /// than the reference (any field: `checked`, `show`, `reason`, `url`, `stored`). When no drift
  /// changes the output, the decision whose rule returned it is listed alone: the snooze (D13), the
  /// daily check (D3), the failure's own decision (D4 to D11, D17), or the dialog (D2). Computed
  /// from the input alone, never from a case's id, name, tags or note.
  ///
  /// - Throws: `JSONShapeError` exactly as `expected(for:)` does, outside the spec's domain.
  public func decisions(for input: JSONValue) throws -> [Int] {
    UpdateNotice.decisions(try UpdateNoticeInput(json: input))
  }
}

extension UpdateNotice {
  /// The decisions of `input` (see `UpdateNoticeSuite.decisions(for:)`): one run of the model
  /// per drift.
  static func decisions(_ input: UpdateNoticeInput) -> [Int] {
    let reference = run(input)
    var decisions: [Int] = []
    for drift in UpdateNoticeDrift.allCases where decisions.last != drift.decision {
      if run(input, drift: drift).outcome != reference.outcome { decisions.append(drift.decision) }
    }
    return decisions.isEmpty ? [reference.decision] : decisions
  }
}

/// D5's drift, as `org.json`'s `JSONObject(String)` reads: a leading byte order mark dropped, and
/// only the text up to the end of the first object or array kept.
enum LenientFraming {
  static func droppingByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
    bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
  }

  /// The bytes up to the end of the first object or array, or all of them for anything else.
  static func firstValue(_ bytes: [UInt8]) -> [UInt8] {
    var start = 0
    while start < bytes.count, isWhitespace(bytes[start]) { start += 1 }
    guard start < bytes.count, bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[") else { return bytes }
    var depth = 0
    var inString = false
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
      } else {
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return Array(bytes[...index]) }
        default: break
        }
      }
      index += 1
    }
    return bytes
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}

/// D6's drift: a reader that keeps one value of a duplicate key (the first or the last), and is
/// otherwise as strict as `JSONReader`, which reads every scalar.
struct DuplicateTolerantReader {
  let bytes: [UInt8]
  let keepFirst: Bool
  var index = 0

  /// The value, or nil when the text is not JSON for another reason than a duplicate key.
  static func parse(_ bytes: [UInt8], keepFirst: Bool) -> JSONValue? {
    var reader = DuplicateTolerantReader(bytes: bytes, keepFirst: keepFirst)
    reader.skipWhitespace()
    guard let value = reader.value(depth: 0) else { return nil }
    reader.skipWhitespace()
    return reader.index == bytes.count ? value : nil
  }

  mutating func skipWhitespace() {
    while index < bytes.count, LenientFraming.isWhitespace(bytes[index]) { index += 1 }
  }

  mutating func value(depth: Int) -> JSONValue? {
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "{"): return object(depth: depth + 1)
    case UInt8(ascii: "["): return array(depth: depth + 1)
    case UInt8(ascii: "\""):
      var end = index + 1
      while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
      return scalar(upTo: end + 1)
    default:
      var end = index
      while end < bytes.count, !LenientFraming.isWhitespace(bytes[end]),
        ![UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(bytes[end])
      {
        end += 1
      }
      return scalar(upTo: end)
    }
  }

  /// The scalar from `index` to `end` (exclusive), read by `JSONReader`.
  mutating func scalar(upTo end: Int) -> JSONValue? {
    guard end <= bytes.count, end > index, let value = try? JSONReader.parse(bytes[index..<end]) else { return nil }
    index = end
    return value
  }

  mutating func object(depth: Int) -> JSONValue? {
    guard depth <= JSONReader.maxDepth else { return nil }
    index += 1
    var object = JSONObject()
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(object)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), case .string(let key)? = value(depth: depth) else {
        return nil
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
      index += 1
      skipWhitespace()
      guard let member = value(depth: depth) else { return nil }
      if !keepFirst || object[key] == nil { object[key] = member }
      skipWhitespace()
      guard index < bytes.count else { return nil }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "}") else { return nil }
      index += 1
      return .object(object)
    }
  }

  mutating func array(depth: Int) -> JSONValue? {
    guard depth <= JSONReader.maxDepth else { return nil }
    index += 1
    var items: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(items)
    }
    while true {
      skipWhitespace()
      guard let item = value(depth: depth) else { return nil }
      items.append(item)
      skipWhitespace()
      guard index < bytes.count else { return nil }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else { return nil }
      index += 1
      return .array(items)
    }
  }
}
