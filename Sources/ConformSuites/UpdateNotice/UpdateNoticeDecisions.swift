import ConformFixtures
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
  /// D5: a lenient reader, as hand-written tokenizers and lenient modes are: a raw control
  /// character inside a string taken as that character, a number's leading zeros dropped (`01` is
  /// 1, `-007` is -7); otherwise strict (the `lenient-json-text` port).
  case lenientReader
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
  /// D10: the comparison of a port that breaks one of `version-compare`'s own decisions: where any
  /// one of that suite's drifts changes the answer for the pair, the other answer. So a case that
  /// carries a version-compare pitfall lists D10, and a port caught by it is put down to D10.
  case versionCompareDrift
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
  /// D18: the body trimmed of every Unicode white space before a strict read (Kotlin `trim()`,
  /// Swift `.whitespacesAndNewlines`): a no-break space or U+2028 around the value is taken.
  case wideWhitespaceTrimmed
  /// D18: only spaces and line feeds skipped around the value: a tab or a carriage return refused.
  case onlySpaceAndNewline
  /// D19: keys compared as written, before unescaping: `"version"` and `"\u0076ersion"` are two
  /// keys, and the last value is kept.
  case duplicateRawKeys
  /// D19: keys compared by canonical equivalence (Swift `String` `==`, a `[String: Any]`):
  /// `"\u00e9"` and `"e\u0301"` are one key, so the body is refused.
  case duplicateCanonicalKeys
  /// D20: the top-level value not counted: 129 levels taken.
  case depthExcludesTopLevel
  /// D20: the limit off by one the other way (`depth >= 128` refused): 128 levels refused.
  case depthLimitOffByOne
  /// D21: a lone surrogate escape read as U+FFFD (or kept), as Java's strings allow.
  case loneSurrogateReplaced
  /// D21: each `\u` escape decoded alone: an escaped surrogate pair refused.
  case escapedPairRefused
  /// D21: a raw character past U+FFFF refused, as a UTF-16 reader that refuses every surrogate
  /// `Char` does.
  case rawAstralRefused
  /// D22: the domain's ranges taken half-open (Kotlin `until`, Swift `..<`): the last value inside
  /// each (a snooze of 2^31 - 1, the last second of 9999, an offset of 64800, a status of 599) is
  /// refused as outside.
  case domainUpperBoundExcluded

  /// The decision this drift breaks (`### D3.` is 3).
  var decision: Int {
    switch self {
    case .missingKeyNeverShows: 1
    case .laterWithoutSnooze, .updateAlsoSnoozes: 2
    case .futureCheckDayNotChecked, .todayNotChecked: 3
    case .offlineAsStatus, .statusIgnored, .onlyStatus200, .status300IsSuccess: 4
    case .lenientFraming, .syntaxAsDecodeFailure, .lenientReader: 5
    case .duplicateKeepsFirst, .duplicateKeepsLast: 6
    case .gsonCoercion, .firstResultOnlyDecoded, .mismatchAsMissing: 7
    case .int32TrackId, .numbersTruncated: 8
    case .countIgnored, .anyNewerResult: 9
    case .lexicographic, .versionCompareDrift: 10
    case .emptyURLOpened, .missingURLShows: 11
    case .lookupBeforeSnooze, .dailyCheckBeforeSnooze: 12
    case .snoozedAtNextDisplay: 13
    case .utcCheckDay: 14
    case .truncatedDay: 15
    case .statusAfterBody, .urlBeforeVersion: 16
    case .missingVersionIsEmpty: 17
    case .wideWhitespaceTrimmed, .onlySpaceAndNewline: 18
    case .duplicateRawKeys, .duplicateCanonicalKeys: 19
    case .depthExcludesTopLevel, .depthLimitOffByOne: 20
    case .loneSurrogateReplaced, .escapedPairRefused, .rawAstralRefused: 21
    case .domainUpperBoundExcluded: 22
    }
  }
}

/// The drifts a port of the update-notice model has: none (the reference), one, or one of each of
/// two decisions (a pair, as attribution asks when no single drift reproduces an answer).
struct UpdateNoticeDrifts: Sendable, Equatable, ExpressibleByArrayLiteral {
  let drifts: Set<UpdateNoticeDrift>

  init(_ drifts: Set<UpdateNoticeDrift>) { self.drifts = drifts }

  init(arrayLiteral drifts: UpdateNoticeDrift...) { self.drifts = Set(drifts) }

  func contains(_ drift: UpdateNoticeDrift) -> Bool { drifts.contains(drift) }

  /// The drift of `decision` (`### D4.` is 4) switched on, nil when none is.
  subscript(decision: Int) -> UpdateNoticeDrift? { drifts.first { $0.decision == decision } }
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
    // D22: an input outside the domain answers its error whatever the rest.
    if input.domainError != nil { return [22] }
    let reference = run(input)
    var decisions: [Int] = []
    for drift in UpdateNoticeDrift.allCases where decisions.last != drift.decision {
      let changed =
        drift == .domainUpperBoundExcluded
        ? input.domainError(upperBoundsExcluded: true) != nil : run(input, drift: drift).outcome != reference.outcome
      if changed { decisions.append(drift.decision) }
    }
    return decisions.isEmpty ? [reference.decision] : decisions
  }
}

/// D5's lenient-reader drift, as a hand-written tokenizer reads: the text a strict reader would
/// need, with each raw control character inside a string escaped (`\u0009`) and each leading zero
/// of a number dropped while a digit follows it (`007` is `7`, an exponent's `1e007` kept).
enum LenientReader {
  static func forgiven(_ bytes: [UInt8]) -> [UInt8] {
    let hex = Array("0123456789abcdef".utf8)
    let afterDigits = Set("0123456789.eE+".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var inString = false
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
          out += [byte, bytes[index + 1]]
          index += 1
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          out.append(byte)
        } else if byte < 0x20 {
          out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        } else {
          out.append(byte)
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
        out.append(byte)
      } else if byte == UInt8(ascii: "0"), index + 1 < bytes.count, (0x30...0x39).contains(bytes[index + 1]),
        out.last.map({ !afterDigits.contains($0) }) ?? true
      {
        // A leading zero of a number: dropped while a digit follows it.
      } else {
        out.append(byte)
      }
      index += 1
    }
    return out
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

/// D6's, D19's and D20's drifts: a reader that keeps one value of a duplicate key (the first or
/// the last), or nests deeper, and is otherwise as strict as `JSONReader`, which reads every scalar.
struct DuplicateTolerantReader {
  /// What a duplicate key does.
  enum Duplicates {
    case keepFirst, keepLast
    /// Keys compared as written (before unescaping): the last value kept of keys written
    /// differently, a key written twice alike refused.
    case lastUnlessWrittenAlike
    case refuse
  }

  let bytes: [UInt8]
  let duplicates: Duplicates
  let maxDepth: Int
  var index = 0

  /// The value, or nil when the text is not JSON for another reason than a duplicate key.
  static func parse(_ bytes: [UInt8], keepFirst: Bool) -> JSONValue? {
    parse(bytes, duplicates: keepFirst ? .keepFirst : .keepLast, maxDepth: JSONReader.maxDepth)
  }

  static func parse(_ bytes: [UInt8], duplicates: Duplicates, maxDepth: Int) -> JSONValue? {
    var reader = DuplicateTolerantReader(bytes: bytes, duplicates: duplicates, maxDepth: maxDepth)
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
    guard depth <= maxDepth else { return nil }
    index += 1
    var object = JSONObject()
    var written: Set<ArraySlice<UInt8>> = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(object)
    }
    while true {
      skipWhitespace()
      let keyStart = index
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), case .string(let key)? = value(depth: depth) else {
        return nil
      }
      let writtenAlike = !written.insert(bytes[keyStart..<index]).inserted
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
      index += 1
      skipWhitespace()
      guard let member = value(depth: depth) else { return nil }
      switch duplicates {
      case .keepFirst: if object[key] == nil { object[key] = member }
      case .keepLast: object[key] = member
      case .lastUnlessWrittenAlike:
        if writtenAlike { return nil }
        object[key] = member
      case .refuse:
        if object[key] != nil { return nil }
        object[key] = member
      }
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
    guard depth <= maxDepth else { return nil }
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

/// The text-level drifts of D18 to D21, each as a port's reader does it.
enum JSONTextDrifts {
  /// D18's wide drift: every Unicode white space (`White_Space`) trimmed from both ends.
  static func trimmingUnicodeWhitespace(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
    return String(scalars[first...last])
  }

  /// D18's narrow drift: a tab or a carriage return in the white space before or after the value.
  static func hasTabOrReturnAround(_ bytes: [UInt8]) -> Bool {
    let around = bytes.prefix(while: LenientFraming.isWhitespace) + bytes.reversed().prefix(while: LenientFraming.isWhitespace)
    return around.contains(0x09) || around.contains(0x0D)
  }

  /// The `\uXXXX` escapes of `bytes`, each as (offset of the backslash, code unit), in order.
  static func unicodeEscapes(_ bytes: [UInt8]) -> [(offset: Int, unit: UInt16)] {
    var escapes: [(offset: Int, unit: UInt16)] = []
    var index = 0
    while index + 1 < bytes.count {
      guard bytes[index] == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      if bytes[index + 1] == UInt8(ascii: "u"), index + 6 <= bytes.count,
        let unit = UInt16(String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16)
      {
        escapes.append((index, unit))
        index += 6
      } else {
        index += 2
      }
    }
    return escapes
  }

  static func isHigh(_ unit: UInt16) -> Bool { (0xD800...0xDBFF).contains(unit) }
  static func isLow(_ unit: UInt16) -> Bool { (0xDC00...0xDFFF).contains(unit) }

  /// The offsets of the escapes that pair as a high then a low surrogate, the high's first.
  static func pairedEscapes(_ escapes: [(offset: Int, unit: UInt16)]) -> Set<Int> {
    var paired: Set<Int> = []
    for (first, second) in zip(escapes, escapes.dropFirst())
    where isHigh(first.unit) && isLow(second.unit) && second.offset == first.offset + 6 && !paired.contains(first.offset) {
      paired.insert(first.offset)
      paired.insert(second.offset)
    }
    return paired
  }

  /// D21's drift: each lone surrogate escape replaced by `\ufffd`.
  static func replacingLoneSurrogateEscapes(_ bytes: [UInt8]) -> [UInt8] {
    let escapes = unicodeEscapes(bytes)
    let paired = pairedEscapes(escapes)
    var result = bytes
    for escape in escapes.reversed() where (isHigh(escape.unit) || isLow(escape.unit)) && !paired.contains(escape.offset) {
      result.replaceSubrange(escape.offset..<(escape.offset + 6), with: Array(#"\ufffd"#.utf8))
    }
    return result
  }

  /// D21's drift: an escaped surrogate pair anywhere.
  static func hasEscapedSurrogatePair(_ bytes: [UInt8]) -> Bool { !pairedEscapes(unicodeEscapes(bytes)).isEmpty }

  /// The nesting depth of `value`: a scalar is 0, an array or object one more than its deepest member.
  static func depth(of value: JSONValue) -> Int {
    switch value {
    case .array(let items): 1 + (items.map(depth(of:)).max() ?? 0)
    case .object(let object): 1 + (object.members.map { depth(of: $0.value) }.max() ?? 0)
    default: 0
    }
  }

  /// D19's canonical drift: an object anywhere with two keys Swift's `String` `==` finds equal.
  static func hasCanonicallyEqualKeys(_ value: JSONValue) -> Bool {
    switch value {
    case .array(let items): return items.contains(where: hasCanonicallyEqualKeys)
    case .object(let object):
      return Set(object.keys).count < object.count || object.members.contains { hasCanonicallyEqualKeys($0.value) }
    default: return false
    }
  }
}

extension UpdateNoticeSuite {
  /// Each `UpdateNoticeDrift` by its case's name.
  static let namedDrifts: [DecisionDrift] = UpdateNoticeDrift.allCases.map { DecisionDrift(decision: $0.decision, name: "\($0)") }

  public var drifts: [DecisionDrift] { Self.namedDrifts }

  /// The output with one drift, or a pair of drifts of two decisions; an input outside the domain
  /// answers its error under every drift, and D22's drift refuses a last value inside the domain
  /// before any other is reached. Nil for drifts of one decision, an unknown drift, or an input
  /// that cannot be read.
  public func answer(for input: JSONValue, drifting drifts: [DecisionDrift]) -> DriftedAnswer? {
    let named = drifts.compactMap { drift in
      UpdateNoticeDrift.allCases.first { "\($0)" == drift.name && $0.decision == drift.decision }
    }
    guard !named.isEmpty, named.count == drifts.count, Set(named.map(\.decision)).count == named.count,
      let typed = try? UpdateNoticeInput(json: input)
    else { return nil }
    if typed.domainError != nil { return .output(UpdateNotice.output(typed)) }
    if named.contains(.domainUpperBoundExcluded), let error = typed.domainError(upperBoundsExcluded: true) {
      return .output(["error": .string(error.rawValue)])
    }
    return .output(UpdateNotice.run(typed, drifts: UpdateNoticeDrifts(Set(named))).outcome.json)
  }
}
