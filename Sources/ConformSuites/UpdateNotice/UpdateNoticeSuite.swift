import ConformFixtures
import ConformJSON

/// The `update-notice` truth table: "should the update dialog show now?" from the app-store story.
public struct UpdateNoticeSuite: BuiltInSuite {
  public let name = "update-notice"
  public var specVersion: String { Self.written.suiteDescription.version }
  public var spec: [UInt8] { Self.written.published }
  package static let written = BuiltInSpec(
    json: PackageResources.update_notice_suite_json, prose: PackageResources.update_notice_md,
    file: "update-notice.suite.json")
  public var promoted: [UInt8] { PackageResources.update_notice_promoted_jsonl }

  public init() {}

  public func expected(for input: JSONValue) throws -> JSONValue {
    UpdateNotice.output(try UpdateNoticeInput(json: input))
  }

  public func drafts(options: GeneratorOptions) -> AnySequence<CaseDraft> {
    withPromoted(
      Self.seedCases + Self.boundaryCases + Self.pitfallCases + Self.gridCases + Self.trackIDCases + Self.compositionCases
        + Self.jsonTextCases + Self.grammarCases + Self.domainCases + Self.pairwiseCases)
  }
}

extension UpdateNoticeSuite {
  /// 2026-01-02 00:00:00 UTC, 09:00 in Korea.
  static let now: Int64 = 1_767_312_000
  static let korea: Int64 = 32_400
  /// The local day of `now` in Korea.
  static let today: Int64 = UpdateNotice.localDay(now: now, utcOffsetSeconds: korea)
  /// Three days.
  static let snooze: Int64 = 259_200
  static let storeURL = "https://apps.apple.com/kr/app/id1234567890?uo=4"

  /// One lookup result as the iTunes API writes it, with the fields the structs read and some
  /// they do not.
  static func result(
    version: String = #""1.0.3""#, trackId: String = "1234567890", url: String = "\"\(storeURL)\"", extra: String = ""
  ) -> String {
    #"{"bundleId":"com.windrr.boat","#
      + (version.isEmpty ? "" : #""version":\#(version),"#)
      + (trackId.isEmpty ? "" : #""trackId":\#(trackId),"#)
      + (url.isEmpty ? "" : #""trackViewUrl":\#(url),"#)
      + extra + #""kind":"software"}"#
  }

  /// A whole lookup body: `{"resultCount":…,"results":[…]}`.
  static func body(count: String = "1", _ results: [String] = [result()]) -> String {
    #"{"resultCount":\#(count),"results":[\#(results.joined(separator: ","))]}"#
  }

  static func lookup(_ body: String, status: Int64 = 200) -> UpdateNoticeInput.Lookup {
    UpdateNoticeInput.Lookup(status: status, body: body)
  }

  /// A launch that shows the dialog (store 1.0.3, installed 1.0.2, nothing stored), to be varied
  /// one field at a time.
  static func base(
    now: Int64 = now, offset: Int64 = korea, next: Int64? = nil, lastDay: Int64? = nil, installed: String = "1.0.2",
    lookup: UpdateNoticeInput.Lookup? = lookup(body()), answer: String = "later", snooze: Int64 = snooze
  ) -> JSONValue {
    UpdateNoticeInput(
      snoozeSeconds: snooze, now: now, utcOffsetSeconds: offset, nextDisplayAt: next, lastCheckDay: lastDay,
      installedVersion: installed, lookup: lookup, answer: answer
    ).json
  }

  static func draft(_ name: String, _ tags: [String], _ note: String, _ input: JSONValue) -> CaseDraft {
    CaseDraft(name, tags: [String(name.prefix { $0 != "/" })] + tags, note: note, input: input)
  }

  static let html = "<!DOCTYPE html><html><body>Service Unavailable</body></html>"

  static let seedCases: [CaseDraft] = [
    draft(
      "seed/newer-version-shows", [], "store 1.0.3 is newer than installed 1.0.2: the dialog shows and opens trackViewUrl",
      base(answer: "update")),
    draft(
      "seed/later-snoozes", ["snooze"], "\"later\" stores now + the snooze period as the next display time",
      base(answer: "later")),
    draft(
      "seed/snoozed", ["snooze"], "now is before the stored next display time: no lookup, no dialog",
      base(next: now + 1)),
    draft(
      "seed/snooze-over", ["snooze"], "the stored next display time has passed: look up again",
      base(next: now - 1)),
    draft(
      "seed/missing-next-display-key", ["snooze"],
      "a missing next-display key reads as 0, not as never show: the check runs",
      base(next: nil)),
    draft("seed/offline", ["failure"], "no response at all is offline: no update, no crash", base(lookup: nil)),
    draft(
      "seed/server-error-500", ["failure", "status"], "a 500 with an HTML page is http-status, checked before the body",
      base(lookup: lookup(html, status: 500))),
    draft(
      "seed/body-not-json", ["failure", "body"], "a 200 whose body is an HTML page is not-json, not a crash or decode-failed",
      base(lookup: lookup(html))),
    draft(
      "seed/in-review-result-count-0", ["failure", "results"], "still in review: resultCount 0 and no results is no-results",
      base(lookup: lookup(#"{"resultCount":0,"results":[]}"#))),
    draft(
      "seed/result-count-missing", ["failure", "results"],
      "a missing resultCount reads as 0: no-results although results has one",
      base(lookup: lookup(#"{"results":[\#(result())]}"#))),
    draft(
      "seed/version-field-removed", ["failure", "results"], "a first result without a version is no-version",
      base(lookup: lookup(body([result(version: "")])))),
    draft(
      "seed/track-id-string-fails-decode", ["failure", "decode"],
      "a string trackId fails the whole decode, although the version is newer (e.g. not coerced)",
      base(lookup: lookup(body([result(trackId: #""1234567890""#)])))),
    draft(
      "seed/2.0.10-vs-2.0.9", ["version"], "2.0.10 is newer than 2.0.9: parts compare as numbers, not as strings",
      base(installed: "2.0.9", lookup: lookup(body([result(version: #""2.0.10""#)])))),
    draft(
      "seed/same-version", ["version"], "the store's version equal to the installed one is not-newer",
      base(installed: "1.0.3")),
    draft(
      "seed/older-store-version", ["version"], "an installed build newer than the store's (TestFlight) is not-newer",
      base(installed: "1.1.0")),
    draft(
      "seed/checked-today", ["daily"], "a lookup already made today is not repeated: checked-today",
      base(lastDay: today)),
    draft(
      "seed/checked-yesterday", ["daily"], "a lookup made yesterday (local day) allows today's",
      base(lastDay: today - 1)),
  ]

  static var boundaryCases: [CaseDraft] {
    var drafts = [
      draft(
        "boundary/now-equals-next-display", ["snooze"], "exactly at the stored next display time the check runs (now >= next)",
        base(next: now)),
      draft("boundary/snooze-zero", ["snooze"], "\"later\" with a snooze of 0 stores now itself", base(snooze: 0)),
      draft(
        "boundary/next-display-int64-max", ["snooze"], "a next display time of Int64.max snoozes, with no lookup",
        base(next: .max)),
      draft(
        "boundary/next-display-int64-min", ["snooze"], "a next display time of Int64.min is long past: the check runs",
        base(next: .min)),
      draft(
        "boundary/now-zero-missing-key", ["snooze"], "now 0 with a missing key (read as 0): 0 >= 0, the check runs",
        base(now: 0, offset: 0)),
      draft(
        "boundary/last-check-day-in-the-future", ["daily"],
        "a stored check day after today (the clock went back) counts as checked",
        base(lastDay: today + 1)),
      draft(
        "boundary/last-check-day-int64-min", ["daily"], "a stored check day of Int64.min is long ago: the check runs",
        base(lastDay: .min)),
      draft(
        "boundary/result-count-1-results-empty", ["results"], "resultCount 1 with an empty results is no-results, not a crash",
        base(lookup: lookup(#"{"resultCount":1,"results":[]}"#))),
      draft(
        "boundary/result-count-negative", ["results"], "a negative resultCount is no-results, although results has one",
        base(lookup: lookup(body(count: "-1")))),
      draft(
        "boundary/result-count-0-with-results", ["results"], "resultCount 0 is no-results, although results has one",
        base(lookup: lookup(body(count: "0")))),
      draft(
        "boundary/results-missing", ["results"], "a count without a results key is no-results",
        base(lookup: lookup(#"{"resultCount":1}"#))),
      draft(
        "boundary/results-null", ["results"], "results null decodes as missing: no-results",
        base(lookup: lookup(#"{"resultCount":1,"results":null}"#))),
      draft(
        "boundary/result-count-int64-max", ["results"], "resultCount Int64.max decodes and is positive",
        base(lookup: lookup(body(count: "9223372036854775807")))),
    ]
    for status: Int64 in [199, 200, 201, 204, 299, 300, 304, 404] {
      let body = status == 204 ? "" : body()
      drafts.append(
        draft(
          "boundary/status-\(status)", ["status"], "only 200 to 299 is success; a 204's empty body is not-json",
          base(lookup: lookup(body, status: status))))
    }
    // Local midnight in Korea: 14:59:59 and 15:00:00 UTC.
    let midnight = (today + 1) * UpdateNotice.secondsPerDay - korea
    drafts += [
      draft(
        "boundary/one-second-before-local-midnight", ["daily"], "23:59:59 local time in Korea is still the day already checked",
        base(now: midnight - 1, lastDay: today)),
      draft(
        "boundary/local-midnight", ["daily"], "00:00:00 local time in Korea is a new day, though still the same UTC day",
        base(now: midnight, lastDay: today)),
    ]
    return drafts
  }

  static let pitfallCases: [CaseDraft] = [
    // Types: JSONDecoder against the lenient decoders Android apps use.
    draft(
      "pitfall/version-number-2", ["gson", "decode"],
      "a version that is the number 2 fails the decode, not read as \"2\" (e.g. Gson)",
      base(installed: "1.0", lookup: lookup(body([result(version: "2")])))),
    draft(
      "pitfall/version-number-2.5", ["gson", "decode"], "a version that is the number 2.5 fails the decode",
      base(installed: "1.0", lookup: lookup(body([result(version: "2.5")])))),
    draft(
      "pitfall/version-bool", ["gson", "decode"], "a version that is a boolean fails the decode",
      base(lookup: lookup(body([result(version: "true")])))),
    draft(
      "pitfall/version-array", ["decode"], "a version that is an array fails the decode, not read as missing",
      base(lookup: lookup(body([result(version: #"["1.0.3"]"#)])))),
    draft(
      "pitfall/version-null", ["results"], "version null decodes as missing: no-version",
      base(lookup: lookup(body([result(version: "null")])))),
    draft(
      "pitfall/track-id-past-int32", ["int32", "decode"],
      "a trackId past 2^31 decodes: ids are 64-bit (e.g. not a Kotlin Int field)",
      base(lookup: lookup(body([result(trackId: "6443798785")])))),
    draft(
      "pitfall/track-id-past-int64", ["decode"], "a trackId past Int64 fails the whole decode",
      base(lookup: lookup(body([result(trackId: "99999999999999999999")])))),
    draft(
      "pitfall/track-id-fraction", ["decode"], "trackId 1.5 is no integer: the whole decode fails, not truncated",
      base(lookup: lookup(body([result(trackId: "1.5")])))),
    draft(
      "pitfall/track-id-integral-fraction", ["decode"], "trackId 1234567890.0 is no integer literal: decode-failed",
      base(lookup: lookup(body([result(trackId: "1234567890.0")])))),
    draft(
      "pitfall/track-id-exponent", ["decode"], "trackId 1e9 is no integer literal: decode-failed",
      base(lookup: lookup(body([result(trackId: "1e9")])))),
    draft(
      "pitfall/track-id-minus-zero", ["decode"], "trackId -0 is no 64-bit integer literal here: decode-failed",
      base(lookup: lookup(body([result(trackId: "-0")])))),
    draft(
      "pitfall/track-id-null", ["decode"], "trackId null decodes as missing and is not needed: the dialog shows",
      base(lookup: lookup(body([result(trackId: "null")])))),
    draft(
      "pitfall/track-id-missing", ["decode"], "a missing trackId is not needed: the dialog shows",
      base(lookup: lookup(body([result(trackId: "")])))),
    draft(
      "pitfall/result-count-string", ["gson", "decode"], "resultCount \"1\" (a string) fails the decode, not coerced (e.g. Gson)",
      base(lookup: lookup(body(count: #""1""#)))),
    draft(
      "pitfall/result-count-fraction", ["decode"], "resultCount 1.5 is no integer: decode-failed, not truncated",
      base(lookup: lookup(body(count: "1.5")))),
    draft(
      "pitfall/results-object", ["decode"], "results as an object, not an array, fails the decode",
      base(lookup: lookup(#"{"resultCount":1,"results":\#(result())}"#))),
    draft(
      "pitfall/results-null-element", ["decode"], "a null element of results fails the decode",
      base(lookup: lookup(body([result(), "null"])))),
    draft(
      "pitfall/second-result-bad-track-id", ["decode"],
      "a bad field in the second result fails the whole decode, not only that result",
      base(lookup: lookup(body(count: "2", [result(), result(trackId: #""x""#)])))),
    draft(
      "pitfall/second-result-newer", ["results"], "only the first result counts: a newer second result shows nothing",
      base(lookup: lookup(body(count: "2", [result(version: #""1.0.2""#), result(version: #""9.0""#)])))),
    draft(
      "pitfall/top-level-array", ["decode"], "a top-level array where an object is expected fails the decode",
      base(lookup: lookup("[\(body())]"))),
    draft(
      "pitfall/body-null", ["decode"], "the body null is JSON but not an object: decode-failed",
      base(lookup: lookup("null"))),
    draft(
      "pitfall/url-missing", ["url"], "a missing trackViewUrl is no-store-url: no dialog with nothing to open",
      base(lookup: lookup(body([result(url: "")])))),
    draft(
      "pitfall/url-empty", ["url"], "an empty trackViewUrl is no-store-url: nothing to open",
      base(lookup: lookup(body([result(url: #""""#)])))),
    draft(
      "pitfall/url-number", ["decode"], "a trackViewUrl that is a number fails the decode",
      base(lookup: lookup(body([result(url: "1")])))),
    draft(
      "pitfall/unknown-fields-ignored", ["decode"], "keys the structs do not name are ignored, whatever their value",
      base(lookup: lookup(body([result(extra: #""price":0.0,"features":null,"genres":["Games",1],"#)])))),
    // Syntax: one strict JSON text.
    draft(
      "pitfall/byte-order-mark", ["syntax"], "a byte order mark before the JSON is not-json, not skipped",
      base(lookup: lookup("\u{FEFF}" + body()))),
    draft(
      "pitfall/trailing-text", ["syntax"],
      "text after the JSON value is not-json, not ignored (e.g. org.json stops at the brace)",
      base(lookup: lookup(body() + " <!-- cached -->"))),
    draft(
      "pitfall/two-json-values", ["syntax"], "two JSON values in one body are not-json", base(lookup: lookup(body() + body()))),
    draft(
      "pitfall/whitespace-around", ["syntax"], "white space around the value is allowed: the dialog shows",
      base(lookup: lookup("\n\t " + body() + "\r\n"))),
    draft(
      "pitfall/duplicate-version-key", ["syntax", "duplicate"],
      "two version keys are not-json, not one of the values kept",
      base(lookup: lookup(body([result(extra: #""version":"0.0.1","#)])))),
    draft(
      "pitfall/duplicate-result-count", ["syntax", "duplicate"], "two resultCount keys are not-json",
      base(lookup: lookup(#"{"resultCount":0,"resultCount":1,"results":[\#(result())]}"#))),
    draft(
      "pitfall/duplicate-unknown-key", ["syntax", "duplicate"], "a duplicate key the structs do not name is still not-json",
      base(lookup: lookup(body([result(extra: #""kind":"software","#)])))),
    draft(
      "pitfall/trailing-comma", ["syntax"], "a trailing comma in an object is not-json",
      base(lookup: lookup(#"{"resultCount":1,"results":[\#(result())],}"#))),
    draft(
      "pitfall/single-quotes", ["syntax", "gson"], "single-quoted strings are not-json (e.g. Gson's lenient mode reads them)",
      base(lookup: lookup("{'resultCount':1,'results':[{'version':'1.0.3','trackViewUrl':'\(storeURL)'}]}"))),
    draft(
      "pitfall/comment", ["syntax", "gson"], "a comment before the JSON is not-json",
      base(lookup: lookup("/* lookup */" + body()))),
    draft(
      "pitfall/nan", ["syntax"], "NaN in an unread field is not-json",
      base(lookup: lookup(body([result(extra: #""price":NaN,"#)])))),
    draft(
      "pitfall/lone-surrogate-escape", ["syntax"], "a lone surrogate escape in an unread field is not-json",
      base(lookup: lookup(body([result(extra: #""description":"\ud800","#)])))),
    draft("pitfall/empty-body", ["syntax"], "an empty 200 body is not-json", base(lookup: lookup(""))),
    draft(
      "pitfall/escaped-version", ["syntax"], "escapes are decoded: \"1\\u002e0\\u002e3\" is 1.0.3, newer than 1.0.2",
      base(lookup: lookup(body([result(version: #""1\u002e0\u002e3""#)])))),
    draft(
      "pitfall/nested-128", ["syntax"], "128 levels of nesting are accepted: the dialog shows",
      base(lookup: lookup(body([result(extra: #""x":\#(nested(125)),"#)])))),
    draft(
      "pitfall/nested-129", ["syntax"], "129 levels of nesting are not-json",
      base(lookup: lookup(body([result(extra: #""x":\#(nested(126)),"#)])))),
    // Versions: the version-compare suite's comparison.
    draft(
      "pitfall/v-prefix", ["version"], "v1.0.3 is not newer than 1.0.2: the part v1 is not a number, so 0",
      base(lookup: lookup(body([result(version: #""v1.0.3""#)])))),
    draft(
      "pitfall/empty-version", ["version"], "an empty version is never newer: not-newer",
      base(lookup: lookup(body([result(version: #""""#)])))),
    draft(
      "pitfall/lexicographic-1.10-vs-1.9", ["version"], "1.10 is newer than 1.9: numbers, not strings (\"1.10\" < \"1.9\")",
      base(installed: "1.9", lookup: lookup(body([result(version: #""1.10""#)])))),
    draft(
      "pitfall/padding-2.0-vs-2.0.0", ["version"], "2.0 is the same version as 2.0.0: not-newer",
      base(installed: "2.0.0", lookup: lookup(body([result(version: #""2.0""#)])))),
    // Days: the local calendar day, rounded down.
    draft(
      "pitfall/utc-day-is-not-local-day", ["daily", "timezone"],
      "08:00 in Korea after yesterday's check checks: local days, not UTC days",
      base(now: now - 3_600, lastDay: today - 1)),
    draft(
      "pitfall/negative-local-day", ["daily", "timezone"],
      "01:00 UTC on 1970-01-01 at UTC-2 is day -1, already checked: rounds down, not to 0",
      base(now: 3_600, offset: -7_200, lastDay: -1)),
  ]

  /// `[[…]]`: `depth` arrays, one inside the other.
  static func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }

  /// Every stored state against every kind of lookup and both answers.
  static var gridCases: [CaseDraft] {
    let nexts: [(String, Int64?)] = [("none", nil), ("past", now - 1), ("now", now), ("future", now + 1)]
    let days: [(String, Int64?)] = [("never", nil), ("yesterday", today - 1), ("today", today), ("tomorrow", today + 1)]
    let lookups: [(String, UpdateNoticeInput.Lookup?)] = [
      ("offline", nil), ("500", lookup(html, status: 500)), ("html", lookup(html)),
      ("bad-type", lookup(body([result(version: "2")]))), ("empty", lookup(#"{"resultCount":0,"results":[]}"#)),
      ("newer", lookup(body())), ("same", lookup(body([result(version: #""1.0.2""#)]))),
      ("older", lookup(body([result(version: #""1.0.1""#)]))),
    ]
    var drafts: [CaseDraft] = []
    for (nextLabel, next) in nexts {
      for (dayLabel, day) in days {
        for (lookupLabel, lookup) in lookups {
          for answer in ["update", "later"] {
            drafts.append(
              CaseDraft(
                "grid/next-\(nextLabel)/checked-\(dayLabel)/\(lookupLabel)/\(answer)", tags: ["grid"],
                note: "exhaustive product: the snooze, the daily check, every failure as no update, and the answer",
                input: base(next: next, lastDay: day, lookup: lookup, answer: answer)))
          }
        }
      }
    }
    return drafts
  }
}

extension UpdateNoticeSuite {
  /// `trackId`s at the edges of 32 and 64 bits, in the first result, a second one and beside an
  /// older version: a 32-bit `trackId` field (D8) fails the decode of each one past 32 bits.
  static var trackIDCases: [CaseDraft] {
    // (label, the id's JSON, what it is, whether to vary its shape too)
    let ids: [(String, String, String, Bool)] = [
      ("int32-max", "2147483647", "2^31 - 1, the largest 32-bit id", false),
      ("int32-min", "-2147483648", "-2^31, the smallest 32-bit id", false),
      ("2147483648", "2147483648", "2^31, one past 32 bits", true),
      ("4294967295", "4294967295", "2^32 - 1, the largest unsigned 32-bit id", true),
      ("4294967296", "4294967296", "2^32, 0 when truncated to 32 bits", true),
      ("9007199254740992", "9007199254740992", "2^53, past a Double's exact integers' end", true),
      ("below-int32-min", "-2147483649", "-2^31 - 1, one below 32 bits", false),
      ("int64-max", "9223372036854775807", "Int64.max", false),
      ("int64-min", "-9223372036854775808", "Int64.min", false),
    ]
    var drafts: [CaseDraft] = []
    for (label, id, what, _) in ids {
      drafts.append(
        draft(
          "track-id/\(label)", ["pitfall", "int32", "decode"], "trackId \(what) decodes: ids are 64-bit, the dialog shows",
          base(lookup: lookup(body([result(trackId: id)])))))
    }
    for (label, id, what, varied) in ids where varied {
      drafts += [
        draft(
          "track-id/\(label)/second-result", ["pitfall", "int32", "decode"],
          "trackId \(what) in the second result decodes too: the first result's dialog shows",
          base(lookup: lookup(body(count: "2", [result(), result(version: #""0.9""#, trackId: id)])))),
        draft(
          "track-id/\(label)/answer-update", ["pitfall", "int32", "decode"],
          "trackId \(what) with \"update\" tapped: the dialog shows and nothing is stored",
          base(lookup: lookup(body([result(trackId: id)])), answer: "update")),
      ]
    }
    return drafts
  }
}

extension UpdateNoticeSuite {
  /// The `version-compare` suite's seed and pitfall pairs (each with its `/reversed` twin), the
  /// store's version its `remote` and the installed one its `local`: every pair in both directions
  /// (D10), so a comparison that is wrong one way only (installed 2.0 against store 2.0.0) is seen.
  static var compositionCases: [CaseDraft] {
    (VersionCompareSuite.seedCases + VersionCompareSuite.pitfallCases).compactMap { pair in
      guard case .string(let remote)? = pair.input.objectValue?["remote"],
        case .string(let local)? = pair.input.objectValue?["local"]
      else { return nil }
      let name = "composition/" + pair.name
      return draft(
        name, ["pitfall", "version"], "version-compare/\(pair.name), its remote the store's version: " + pair.note,
        base(installed: local, lookup: lookup(body([result(version: JSONWriter.string(.string(remote)))]))))
    }
  }
}

extension UpdateNoticeSuite {
  /// The JSON-text edge classes of the body: the white space around the value (D18), duplicate
  /// keys written with escapes (D19), the nesting depth's base (D20) and surrogates (D21).
  static var jsonTextCases: [CaseDraft] {
    var drafts: [CaseDraft] = []
    let allowed: [(String, String)] = [("space", " "), ("tab", "\t"), ("line-feed", "\n"), ("carriage-return", "\r")]
    for (label, space) in allowed {
      drafts.append(
        draft(
          "json-text/whitespace/\(label)", ["pitfall", "syntax", "whitespace"],
          "RFC 8259 white space (\(label)) before and after the value is allowed: the dialog shows",
          base(lookup: lookup(space + body() + space + space))))
    }
    let refused: [(String, String)] = [
      ("no-break-space", "\u{A0}"), ("line-separator", "\u{2028}"), ("vertical-tab", "\u{0B}"),
      ("form-feed", "\u{0C}"), ("ideographic-space", "\u{3000}"), ("next-line", "\u{85}"),
    ]
    for (label, space) in refused {
      drafts += [
        draft(
          "json-text/whitespace/\(label)-before", ["pitfall", "syntax", "whitespace"],
          "\(label) before the value is no JSON white space: not-json (e.g. not trimmed first)",
          base(lookup: lookup(space + body()))),
        draft(
          "json-text/whitespace/\(label)-after", ["pitfall", "syntax", "whitespace"],
          "\(label) after the value is no JSON white space: not-json (e.g. not trimmed first)",
          base(lookup: lookup(body() + space))),
      ]
    }
    drafts += [
      draft(
        "json-text/whitespace/all-four-between-tokens", ["pitfall", "syntax", "whitespace"],
        "the four white space characters between tokens are allowed too: the dialog shows",
        base(lookup: lookup("{ \"resultCount\"\t:\r\n1 ,\n\"results\" : [ \(result()) ] }"))),
      draft(
        "json-text/whitespace/no-break-space-between-tokens", ["pitfall", "syntax", "whitespace"],
        "a no-break space between tokens is not-json",
        base(lookup: lookup("{\"resultCount\":\u{A0}1,\"results\":[\(result())]}"))),
    ]
    // D19: keys are compared after unescaping, scalar by scalar.
    drafts += [
      draft(
        "json-text/duplicate/escaped-version-key", ["pitfall", "syntax", "duplicate"],
        "\"version\" and \"\\u0076ersion\" are the same key after unescaping: not-json, not the last value kept",
        base(lookup: lookup(body([result(extra: #""\u0076ersion":"0.0.1","#)])))),
      draft(
        "json-text/duplicate/escaped-version-key-newer-last", ["pitfall", "syntax", "duplicate"],
        "\"version\":\"1.0.1\" then \"\\u0076ersion\":\"1.0.3\": one key twice, not-json, not a dialog for the last",
        base(lookup: lookup(body([result(version: #""1.0.1""#, extra: #""\u0076ersion":"1.0.3","#)])))),
      draft(
        "json-text/duplicate/escaped-result-count-key", ["pitfall", "syntax", "duplicate"],
        "resultCount 0 then \"result\\u0043ount\" 1 are one key twice: not-json",
        base(lookup: lookup(#"{"resultCount":0,"result\u0043ount":1,"results":[\#(result())]}"#))),
      draft(
        "json-text/duplicate/escaped-solidus-key", ["pitfall", "syntax", "duplicate"],
        "\"a/b\" and \"a\\/b\" in an unread object are one key twice: not-json",
        base(lookup: lookup(body([result(extra: #""x":{"a/b":1,"a\/b":2},"#)])))),
      draft(
        "json-text/duplicate/escaped-non-ascii-key", ["pitfall", "syntax", "duplicate"],
        "\"\u{E9}\" and \"\\u00e9\" are one key twice: not-json",
        base(lookup: lookup(body([result(extra: "\"\u{E9}\":1,\"\\u00e9\":2,")])))),
      draft(
        "json-text/duplicate/canonically-equal-keys", ["pitfall", "syntax", "duplicate"],
        "\"\\u00e9\" and \"e\\u0301\" are different keys (scalar by scalar, no normalization): the dialog shows",
        base(lookup: lookup(body([result(extra: #""\u00e9":1,"e\u0301":2,"#)])))),
      draft(
        "json-text/duplicate/canonically-equal-raw-keys", ["pitfall", "syntax", "duplicate"],
        "raw U+212B and U+00C5 are different keys though canonically equal: the dialog shows",
        base(lookup: lookup(body([result(extra: "\"\u{212B}\":1,\"\u{C5}\":2,")])))),
      draft(
        "json-text/duplicate/escaped-key-alone", ["pitfall", "syntax", "duplicate"],
        "\"\\u0076ersion\" alone is the version key: 1.0.3 is newer, the dialog shows",
        base(lookup: lookup(body([result(version: "", extra: #""\u0076ersion":"1.0.3","#)])))),
    ]
    // D20: the top-level value is depth 1; 128 levels are allowed, 129 are not.
    drafts += [
      draft(
        "json-text/depth/arrays-128", ["pitfall", "syntax", "depth"],
        "the body object, results, the result and 125 arrays: 128 levels, allowed",
        base(lookup: lookup(body([result(extra: #""x":\#(nested(125)),"#)])))),
      draft(
        "json-text/depth/arrays-129", ["pitfall", "syntax", "depth"],
        "one more array: 129 levels counting the top-level value, not-json",
        base(lookup: lookup(body([result(extra: #""x":\#(nested(126)),"#)])))),
      draft(
        "json-text/depth/arrays-130", ["pitfall", "syntax", "depth"], "130 levels are not-json however the levels are counted",
        base(lookup: lookup(body([result(extra: #""x":\#(nested(127)),"#)])))),
      draft(
        "json-text/depth/objects-128", ["pitfall", "syntax", "depth"],
        "125 nested objects in an unread field: 128 levels, allowed",
        base(lookup: lookup(body([result(extra: #""x":\#(nestedObjects(125)),"#)])))),
      draft(
        "json-text/depth/objects-129", ["pitfall", "syntax", "depth"],
        "126 nested objects in an unread field: 129 levels, not-json",
        base(lookup: lookup(body([result(extra: #""x":\#(nestedObjects(126)),"#)])))),
      draft(
        "json-text/depth/top-level-arrays-128", ["pitfall", "syntax", "depth"],
        "128 arrays at the top level are JSON, but no object: decode-failed", base(lookup: lookup(nested(128)))),
      draft(
        "json-text/depth/top-level-arrays-129", ["pitfall", "syntax", "depth"],
        "129 arrays at the top level are not-json", base(lookup: lookup(nested(129)))),
    ]
    // D21: surrogates.
    let lone: [(String, String)] = [
      ("lone-high", #"\ud800"#), ("lone-low", #"\udc00"#), ("reversed-pair", #"\udc00\ud800"#),
      ("high-then-escaped-letter", #"\ud800\u0041"#), ("high-then-letter", #"\ud800A"#), ("two-highs", #"\ud83d\ud83d"#),
    ]
    for (label, escape) in lone {
      drafts.append(
        draft(
          "json-text/surrogate/\(label)", ["pitfall", "syntax", "surrogate"],
          "\(escape) in an unread field is a lone surrogate escape: not-json, not U+FFFD",
          base(lookup: lookup(body([result(extra: #""description":"x\#(escape)y","#)])))))
    }
    drafts += [
      draft(
        "json-text/surrogate/lone-high-in-version", ["pitfall", "syntax", "surrogate"],
        "a lone surrogate escape in the version is not-json, not a version with U+FFFD",
        base(installed: "1.0", lookup: lookup(body([result(version: #""1.0.3\ud800""#)])))),
      draft(
        "json-text/surrogate/escaped-pair", ["pitfall", "syntax", "surrogate"],
        "an escaped surrogate pair (\\ud83d\\ude00) is one character: the dialog shows",
        base(lookup: lookup(body([result(extra: #""description":"x\ud83d\ude00y","#)])))),
      draft(
        "json-text/surrogate/escaped-pair-upper-case", ["pitfall", "syntax", "surrogate"],
        "an escaped surrogate pair in upper case (\\uD83D\\uDE00) is one character: the dialog shows",
        base(lookup: lookup(body([result(extra: #""description":"\uD83D\uDE00","#)])))),
      draft(
        "json-text/surrogate/raw-astral-character", ["pitfall", "syntax", "surrogate"],
        "a raw U+1F600 (a surrogate pair in UTF-16) is one character, no lone surrogate: the dialog shows",
        base(lookup: lookup(body([result(extra: "\"description\":\"x\u{1F600}y\",")])))),
      draft(
        "json-text/surrogate/raw-astral-key", ["pitfall", "syntax", "surrogate"],
        "a raw U+10FFFF in a key is one character: the dialog shows",
        base(lookup: lookup(body([result(extra: "\"\u{10FFFF}\":1,")])))),
    ]
    return drafts
  }

  /// `{"a":{"a":…{}}}`: `depth` objects, one inside the other.
  static func nestedObjects(_ depth: Int) -> String {
    String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
  }
}

extension UpdateNoticeSuite {
  /// Each field's domain edges (D22): the value just inside answers as usual, the one just outside
  /// (and the 64-bit extremes) `{"error": reason}`; with two fields outside, the first in the
  /// input table's order names the error.
  static var domainCases: [CaseDraft] {
    let int32Max = Int64(Int32.max)
    let lastNow = UpdateNoticeInput.nowRange.upperBound
    let rows: [(String, String, JSONValue)] = [
      ("snooze/inside-max", "a snooze of 2^31 - 1 is inside: \"later\" stores now + 2^31 - 1", base(snooze: int32Max)),
      ("snooze/minus-1", "a snooze of -1 is outside: snooze-out-of-range", base(snooze: -1)),
      ("snooze/2147483648", "a snooze of 2^31 is outside: snooze-out-of-range", base(snooze: int32Max + 1)),
      ("snooze/4294967296", "a snooze of 2^32 is outside: snooze-out-of-range", base(snooze: 1 << 32)),
      ("snooze/int64-max", "a snooze of Int64.max is outside (now + it overflows): snooze-out-of-range", base(snooze: .max)),
      ("snooze/int64-min", "a snooze of Int64.min is outside: snooze-out-of-range", base(snooze: .min)),
      (
        "snooze/outside-with-update", "a snooze outside is an error even when \"update\" would not read it",
        base(answer: "update", snooze: -1)
      ),
      ("now/inside-zero", "now 0 is inside", base(now: 0, offset: 0)),
      ("now/inside-max", "now 253402300799 (the last second of 9999) is inside", base(now: lastNow, offset: 0)),
      ("now/minus-1", "now -1 is outside: now-out-of-range", base(now: -1, offset: 0)),
      ("now/past-max", "now 253402300800 is outside: now-out-of-range", base(now: lastNow + 1, offset: 0)),
      ("now/int64-max", "now Int64.max is outside: now-out-of-range", base(now: .max)),
      ("now/int64-min", "now Int64.min is outside: now-out-of-range", base(now: .min)),
      ("offset/inside-min", "an offset of -64800 (UTC-18) is inside", base(offset: -64_800)),
      ("offset/inside-max", "an offset of 64800 (UTC+18) is inside", base(offset: 64_800)),
      ("offset/below-min", "an offset of -64801 is outside: offset-out-of-range", base(offset: -64_801)),
      ("offset/past-max", "an offset of 64801 is outside: offset-out-of-range", base(offset: 64_801)),
      ("offset/int64-min", "an offset of Int64.min is outside: offset-out-of-range", base(offset: .min)),
      ("status/inside-100", "status 100 is inside, and no success: http-status", base(lookup: lookup(body(), status: 100))),
      ("status/inside-599", "status 599 is inside, and no success: http-status", base(lookup: lookup(body(), status: 599))),
      ("status/99", "status 99 is no HTTP status: status-out-of-range", base(lookup: lookup(body(), status: 99))),
      ("status/600", "status 600 is no HTTP status: status-out-of-range", base(lookup: lookup(body(), status: 600))),
      (
        "status/0", "status 0 is no HTTP status (offline is a null lookup): status-out-of-range",
        base(lookup: lookup(body(), status: 0))
      ),
      ("status/minus-1", "status -1 is no HTTP status: status-out-of-range", base(lookup: lookup(body(), status: -1))),
      ("status/1000", "status 1000 is no HTTP status: status-out-of-range", base(lookup: lookup(body(), status: 1000))),
      (
        "status/outside-while-snoozed", "a status outside is an error even when the launch is snoozed and would not look up",
        base(next: .max, lookup: lookup(body(), status: 600))
      ),
      ("answer/update", "\"update\" is an answer", base(answer: "update")),
      ("answer/empty", "an empty answer is unknown: answer-unknown", base(answer: "")),
      ("answer/capitalized", "\"Later\" is not \"later\": answer-unknown", base(answer: "Later")),
      ("answer/padded", "\" later\" is not \"later\": answer-unknown", base(answer: " later")),
      ("answer/dismiss", "\"dismiss\" is no answer the spec lists: answer-unknown", base(answer: "dismiss")),
      (
        "answer/unknown-while-checked-today", "an unknown answer is an error even when no dialog would show",
        base(lastDay: today, answer: "dismiss")
      ),
      (
        "order/snooze-before-status", "a snooze and a status both outside: the snooze, first in the input table",
        base(lookup: lookup(body(), status: 600), snooze: -1)
      ),
      (
        "order/now-before-answer", "now and the answer both outside: now, first in the input table",
        base(now: -1, offset: 0, answer: "x")
      ),
      (
        "order/offset-before-status", "the offset and the status both outside: the offset",
        base(offset: 64_801, lookup: lookup(body(), status: 0))
      ),
    ]
    // Both answers with white space around them, in another case or in full-width letters: not the
    // answer, so answer-unknown (D22), as a port that trims, folds or normalises does not answer.
    let forms = ["update", "later"].flatMap { answer in
      EnumeratedForms.forms(of: answer).filter { ![" later", "Later"].contains($0.text) }.map { form in
        draft(
          "domain/answer/form/\(answer)-\(form.label)", ["boundary", "enumerated"],
          "\(JSONWriter.string(.string(form.text))) (\(form.label)) is not \"\(answer)\": answer-unknown, not trimmed or folded",
          base(answer: form.text))
      }
    }
    return rows.map { name, note, input in draft("domain/\(name)", ["boundary"], note, input) } + forms
  }
}

extension UpdateNoticeSuite {
  /// Each field's ordinary value (level 0) and boundary values, every level of each field beside
  /// every level of every other field at least once (`Pairwise.rows(levels:)`), inside the domain:
  /// a boundary in one field is seen while the others take ordinary values, so a field read with
  /// 32 bits, or blank strings read as empty, show. The model decides each output.
  static var pairwiseCases: [CaseDraft] {
    let int32Max = Int64(Int32.max)
    let integers: [Int64] = [0, 1, -1, int32Max, int32Max + 1, 1 << 32, .max, .min]
    let blanks = ["", " ", "\t", "\n", "\u{A0}"]
    let snoozes: [Int64] = [snooze, 0, 1, int32Max]
    let nows: [Int64] = [now, 0, 1, UpdateNoticeInput.nowRange.upperBound]
    let offsets: [Int64] = [korea, 0, 1, -1, 64_800, -64_800]
    let nexts: [Int64?] = [nil] + integers
    let days: [Int64?] = [nil] + integers + [today, today - 1]
    let installs = ["1.0.2"] + blanks + ["1.0.3"]
    let statuses: [Int64?] = [200, nil, 199, 201, 299, 300]
    let counts: [Int64] = [1] + integers.filter { $0 != 1 }
    let trackIDs: [Int64] = [1_234_567_890] + integers
    let versions = ["1.0.3"] + blanks
    let urls = [storeURL] + blanks
    let answers = ["later", "update"]
    let levels = [
      snoozes.count, nows.count, offsets.count, nexts.count, days.count, installs.count, statuses.count, counts.count,
      trackIDs.count, versions.count, urls.count, answers.count,
    ]
    let text = { (value: String) in JSONWriter.string(.string(value)) }
    let number = { (value: Int64?) in value.map { String($0) } ?? "null" }
    return Pairwise.rows(levels: levels).enumerated().map { index, row in
      let status = statuses[row[6]]
      let lookup = status.map {
        Self.lookup(
          body(
            count: String(counts[row[7]]),
            [result(version: text(versions[row[9]]), trackId: String(trackIDs[row[8]]), url: text(urls[row[10]]))]),
          status: $0)
      }
      let note =
        "all-pairs row: snooze \(snoozes[row[0]]), now \(nows[row[1]]), offset \(offsets[row[2]]), "
        + "next \(number(nexts[row[3]])), last day \(number(days[row[4]])), installed \(text(installs[row[5]])), "
        + "status \(number(status)), count \(counts[row[7]]), trackId \(trackIDs[row[8]]), "
        + "version \(text(versions[row[9]])), url \(row[10] == 0 ? "the store's" : text(urls[row[10]])), "
        + answers[row[11]]
      return draft(
        "pairwise/" + String(repeating: "0", count: max(0, 3 - String(index + 1).count)) + String(index + 1),
        [], note,
        base(
          now: nows[row[1]], offset: offsets[row[2]], next: nexts[row[3]], lastDay: days[row[4]], installed: installs[row[5]],
          lookup: lookup, answer: answers[row[11]], snooze: snoozes[row[0]]))
    }
  }
}
