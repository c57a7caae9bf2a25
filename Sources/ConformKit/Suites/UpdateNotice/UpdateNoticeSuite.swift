import ConformJSON

/// The `update-notice` truth table: "should the update dialog show now?" from the app-store story.
public struct UpdateNoticeSuite: Suite {
  public let name = "update-notice"
  public let specVersion = "1.0.0"
  public var spec: [UInt8] { PackageResources.update_notice_md }

  public init() {}

  public func expected(for input: JSONValue) throws -> JSONValue {
    UpdateNotice.decide(try UpdateNoticeInput(json: input)).json
  }

  public func drafts(options: GeneratorOptions) -> AnySequence<CaseDraft> {
    AnySequence(Self.seedCases + Self.boundaryCases + Self.pitfallCases + Self.gridCases)
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
    draft("seed/newer-version-shows", [], "store 1.0.3 is newer than installed 1.0.2: the dialog shows and opens trackViewUrl",
          base(answer: "update")),
    draft("seed/later-snoozes", ["snooze"], "\"later\" stores now + the snooze period as the next display time",
          base(answer: "later")),
    draft("seed/snoozed", ["snooze"], "now is before the stored next display time: no lookup, no dialog",
          base(next: now + 1)),
    draft("seed/snooze-over", ["snooze"], "the stored next display time has passed: look up again",
          base(next: now - 1)),
    draft("seed/missing-next-display-key", ["snooze"],
          "a missing next-display key reads as 0, not as never show: the check runs",
          base(next: nil)),
    draft("seed/offline", ["failure"], "no response at all is offline: no update, no crash", base(lookup: nil)),
    draft("seed/server-error-500", ["failure", "status"], "a 500 with an HTML page is http-status, checked before the body",
          base(lookup: lookup(html, status: 500))),
    draft("seed/body-not-json", ["failure", "body"], "a 200 whose body is an HTML page is not-json, not a crash or decode-failed",
          base(lookup: lookup(html))),
    draft("seed/in-review-result-count-0", ["failure", "results"], "still in review: resultCount 0 and no results is no-results",
          base(lookup: lookup(#"{"resultCount":0,"results":[]}"#))),
    draft("seed/result-count-missing", ["failure", "results"], "a missing resultCount reads as 0: no-results although results has one",
          base(lookup: lookup(#"{"results":[\#(result())]}"#))),
    draft("seed/version-field-removed", ["failure", "results"], "a first result without a version is no-version",
          base(lookup: lookup(body([result(version: "")])))),
    draft("seed/track-id-string-fails-decode", ["failure", "decode"],
          "a string trackId fails the whole decode, although the version is newer (e.g. not coerced)",
          base(lookup: lookup(body([result(trackId: #""1234567890""#)])))),
    draft("seed/2.0.10-vs-2.0.9", ["version"], "2.0.10 is newer than 2.0.9: parts compare as numbers, not as strings",
          base(installed: "2.0.9", lookup: lookup(body([result(version: #""2.0.10""#)])))),
    draft("seed/same-version", ["version"], "the store's version equal to the installed one is not-newer",
          base(installed: "1.0.3")),
    draft("seed/older-store-version", ["version"], "an installed build newer than the store's (TestFlight) is not-newer",
          base(installed: "1.1.0")),
    draft("seed/checked-today", ["daily"], "a lookup already made today is not repeated: checked-today",
          base(lastDay: today)),
    draft("seed/checked-yesterday", ["daily"], "a lookup made yesterday (local day) allows today's",
          base(lastDay: today - 1)),
  ]

  static var boundaryCases: [CaseDraft] {
    var drafts = [
      draft("boundary/now-equals-next-display", ["snooze"], "exactly at the stored next display time the check runs (now >= next)",
            base(next: now)),
      draft("boundary/snooze-zero", ["snooze"], "\"later\" with a snooze of 0 stores now itself", base(snooze: 0)),
      draft("boundary/next-display-int64-max", ["snooze"], "a next display time of Int64.max snoozes, with no lookup",
            base(next: .max)),
      draft("boundary/next-display-int64-min", ["snooze"], "a next display time of Int64.min is long past: the check runs",
            base(next: .min)),
      draft("boundary/now-zero-missing-key", ["snooze"], "now 0 with a missing key (read as 0): 0 >= 0, the check runs",
            base(now: 0, offset: 0)),
      draft("boundary/last-check-day-in-the-future", ["daily"], "a stored check day after today (the clock went back) counts as checked",
            base(lastDay: today + 1)),
      draft("boundary/last-check-day-int64-min", ["daily"], "a stored check day of Int64.min is long ago: the check runs", base(lastDay: .min)),
      draft("boundary/result-count-1-results-empty", ["results"], "resultCount 1 with an empty results is no-results, not a crash",
            base(lookup: lookup(#"{"resultCount":1,"results":[]}"#))),
      draft("boundary/result-count-negative", ["results"], "a negative resultCount is no-results, although results has one", base(lookup: lookup(body(count: "-1")))),
      draft("boundary/result-count-0-with-results", ["results"], "resultCount 0 is no-results, although results has one",
            base(lookup: lookup(body(count: "0")))),
      draft("boundary/results-missing", ["results"], "a count without a results key is no-results",
            base(lookup: lookup(#"{"resultCount":1}"#))),
      draft("boundary/results-null", ["results"], "results null decodes as missing: no-results", base(lookup: lookup(#"{"resultCount":1,"results":null}"#))),
      draft("boundary/result-count-int64-max", ["results"], "resultCount Int64.max decodes and is positive",
            base(lookup: lookup(body(count: "9223372036854775807")))),
    ]
    for status: Int64 in [199, 200, 201, 204, 299, 300, 304, 404] {
      let body = status == 204 ? "" : body()
      drafts.append(
        draft("boundary/status-\(status)", ["status"], "only 200 to 299 is success; a 204's empty body is not-json",
              base(lookup: lookup(body, status: status))))
    }
    // Local midnight in Korea: 14:59:59 and 15:00:00 UTC.
    let midnight = (today + 1) * UpdateNotice.secondsPerDay - korea
    drafts += [
      draft("boundary/one-second-before-local-midnight", ["daily"], "23:59:59 local time in Korea is still the day already checked",
            base(now: midnight - 1, lastDay: today)),
      draft("boundary/local-midnight", ["daily"], "00:00:00 local time in Korea is a new day, though still the same UTC day",
            base(now: midnight, lastDay: today)),
    ]
    return drafts
  }

  static let pitfallCases: [CaseDraft] = [
    // Types: JSONDecoder against the lenient decoders Android apps use.
    draft("pitfall/version-number-2", ["gson", "decode"],
          "a version that is the number 2 fails the decode, not read as \"2\" (e.g. Gson)",
          base(installed: "1.0", lookup: lookup(body([result(version: "2")])))),
    draft("pitfall/version-number-2.5", ["gson", "decode"], "a version that is the number 2.5 fails the decode",
          base(installed: "1.0", lookup: lookup(body([result(version: "2.5")])))),
    draft("pitfall/version-bool", ["gson", "decode"], "a version that is a boolean fails the decode",
          base(lookup: lookup(body([result(version: "true")])))),
    draft("pitfall/version-array", ["decode"], "a version that is an array fails the decode, not read as missing",
          base(lookup: lookup(body([result(version: #"["1.0.3"]"#)])))),
    draft("pitfall/version-null", ["results"], "version null decodes as missing: no-version",
          base(lookup: lookup(body([result(version: "null")])))),
    draft("pitfall/track-id-past-int32", ["int32", "decode"],
          "a trackId past 2^31 decodes: ids are 64-bit (e.g. not a Kotlin Int field)",
          base(lookup: lookup(body([result(trackId: "6443798785")])))),
    draft("pitfall/track-id-past-int64", ["decode"], "a trackId past Int64 fails the whole decode",
          base(lookup: lookup(body([result(trackId: "99999999999999999999")])))),
    draft("pitfall/track-id-fraction", ["decode"], "trackId 1.5 is no integer: the whole decode fails, not truncated",
          base(lookup: lookup(body([result(trackId: "1.5")])))),
    draft("pitfall/track-id-integral-fraction", ["decode"], "trackId 1234567890.0 is no integer literal: decode-failed",
          base(lookup: lookup(body([result(trackId: "1234567890.0")])))),
    draft("pitfall/track-id-exponent", ["decode"], "trackId 1e9 is no integer literal: decode-failed",
          base(lookup: lookup(body([result(trackId: "1e9")])))),
    draft("pitfall/track-id-minus-zero", ["decode"], "trackId -0 is no 64-bit integer literal here: decode-failed",
          base(lookup: lookup(body([result(trackId: "-0")])))),
    draft("pitfall/track-id-null", ["decode"], "trackId null decodes as missing and is not needed: the dialog shows", base(lookup: lookup(body([result(trackId: "null")])))),
    draft("pitfall/track-id-missing", ["decode"], "a missing trackId is not needed: the dialog shows",
          base(lookup: lookup(body([result(trackId: "")])))),
    draft("pitfall/result-count-string", ["gson", "decode"], "resultCount \"1\" (a string) fails the decode, not coerced (e.g. Gson)",
          base(lookup: lookup(body(count: #""1""#)))),
    draft("pitfall/result-count-fraction", ["decode"], "resultCount 1.5 is no integer: decode-failed, not truncated", base(lookup: lookup(body(count: "1.5")))),
    draft("pitfall/results-object", ["decode"], "results as an object, not an array, fails the decode",
          base(lookup: lookup(#"{"resultCount":1,"results":\#(result())}"#))),
    draft("pitfall/results-null-element", ["decode"], "a null element of results fails the decode",
          base(lookup: lookup(body([result(), "null"])))),
    draft("pitfall/second-result-bad-track-id", ["decode"],
          "a bad field in the second result fails the whole decode, not only that result",
          base(lookup: lookup(body(count: "2", [result(), result(trackId: #""x""#)])))),
    draft("pitfall/second-result-newer", ["results"], "only the first result counts: a newer second result shows nothing",
          base(lookup: lookup(body(count: "2", [result(version: #""1.0.2""#), result(version: #""9.0""#)])))),
    draft("pitfall/top-level-array", ["decode"], "a top-level array where an object is expected fails the decode",
          base(lookup: lookup("[\(body())]"))),
    draft("pitfall/body-null", ["decode"], "the body null is JSON but not an object: decode-failed",
          base(lookup: lookup("null"))),
    draft("pitfall/url-missing", ["url"], "a missing trackViewUrl is no-store-url: no dialog with nothing to open", base(lookup: lookup(body([result(url: "")])))),
    draft("pitfall/url-empty", ["url"], "an empty trackViewUrl is no-store-url: nothing to open",
          base(lookup: lookup(body([result(url: #""""#)])))),
    draft("pitfall/url-number", ["decode"], "a trackViewUrl that is a number fails the decode",
          base(lookup: lookup(body([result(url: "1")])))),
    draft("pitfall/unknown-fields-ignored", ["decode"], "keys the structs do not name are ignored, whatever their value",
          base(lookup: lookup(body([result(extra: #""price":0.0,"features":null,"genres":["Games",1],"#)])))),
    // Syntax: one strict JSON text.
    draft("pitfall/byte-order-mark", ["syntax"], "a byte order mark before the JSON is not-json, not skipped",
          base(lookup: lookup("\u{FEFF}" + body()))),
    draft("pitfall/trailing-text", ["syntax"], "text after the JSON value is not-json, not ignored (e.g. org.json stops at the brace)",
          base(lookup: lookup(body() + " <!-- cached -->"))),
    draft("pitfall/two-json-values", ["syntax"], "two JSON values in one body are not-json", base(lookup: lookup(body() + body()))),
    draft("pitfall/whitespace-around", ["syntax"], "white space around the value is allowed: the dialog shows",
          base(lookup: lookup("\n\t " + body() + "\r\n"))),
    draft("pitfall/duplicate-version-key", ["syntax", "duplicate"],
          "two version keys are not-json, not one of the values kept",
          base(lookup: lookup(body([result(extra: #""version":"0.0.1","#)])))),
    draft("pitfall/duplicate-result-count", ["syntax", "duplicate"], "two resultCount keys are not-json",
          base(lookup: lookup(#"{"resultCount":0,"resultCount":1,"results":[\#(result())]}"#))),
    draft("pitfall/duplicate-unknown-key", ["syntax", "duplicate"], "a duplicate key the structs do not name is still not-json",
          base(lookup: lookup(body([result(extra: #""kind":"software","#)])))),
    draft("pitfall/trailing-comma", ["syntax"], "a trailing comma in an object is not-json",
          base(lookup: lookup(#"{"resultCount":1,"results":[\#(result())],}"#))),
    draft("pitfall/single-quotes", ["syntax", "gson"], "single-quoted strings are not-json (e.g. Gson's lenient mode reads them)",
          base(lookup: lookup("{'resultCount':1,'results':[{'version':'1.0.3','trackViewUrl':'\(storeURL)'}]}"))),
    draft("pitfall/comment", ["syntax", "gson"], "a comment before the JSON is not-json",
          base(lookup: lookup("/* lookup */" + body()))),
    draft("pitfall/nan", ["syntax"], "NaN in an unread field is not-json", base(lookup: lookup(body([result(extra: #""price":NaN,"#)])))),
    draft("pitfall/lone-surrogate-escape", ["syntax"], "a lone surrogate escape in an unread field is not-json",
          base(lookup: lookup(body([result(extra: #""description":"\ud800","#)])))),
    draft("pitfall/empty-body", ["syntax"], "an empty 200 body is not-json", base(lookup: lookup(""))),
    draft("pitfall/escaped-version", ["syntax"], "escapes are decoded: \"1\\u002e0\\u002e3\" is 1.0.3, newer than 1.0.2",
          base(lookup: lookup(body([result(version: #""1\u002e0\u002e3""#)])))),
    draft("pitfall/nested-128", ["syntax"], "128 levels of nesting are accepted: the dialog shows",
          base(lookup: lookup(body([result(extra: #""x":\#(nested(125)),"#)])))),
    draft("pitfall/nested-129", ["syntax"], "129 levels of nesting are not-json",
          base(lookup: lookup(body([result(extra: #""x":\#(nested(126)),"#)])))),
    // Versions: the version-compare suite's comparison.
    draft("pitfall/v-prefix", ["version"], "v1.0.3 is not newer than 1.0.2: the part v1 is not a number, so 0",
          base(lookup: lookup(body([result(version: #""v1.0.3""#)])))),
    draft("pitfall/empty-version", ["version"], "an empty version is never newer: not-newer", base(lookup: lookup(body([result(version: #""""#)])))),
    draft("pitfall/lexicographic-1.10-vs-1.9", ["version"], "1.10 is newer than 1.9: numbers, not strings (\"1.10\" < \"1.9\")",
          base(installed: "1.9", lookup: lookup(body([result(version: #""1.10""#)])))),
    draft("pitfall/padding-2.0-vs-2.0.0", ["version"], "2.0 is the same version as 2.0.0: not-newer",
          base(installed: "2.0.0", lookup: lookup(body([result(version: #""2.0""#)])))),
    // Days: the local calendar day, rounded down.
    draft("pitfall/utc-day-is-not-local-day", ["daily", "timezone"],
          "08:00 in Korea after yesterday's check checks: local days, not UTC days",
          base(now: now - 3_600, lastDay: today - 1)),
    draft("pitfall/negative-local-day", ["daily", "timezone"],
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
