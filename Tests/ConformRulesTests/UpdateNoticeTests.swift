import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformSuites

@Suite struct UpdateNoticeTests {
  static let now: Int64 = 1_767_312_000
  static let body = #"{"resultCount":1,"results":[{"version":"1.0.3","trackId":1,"trackViewUrl":"https://x"}]}"#

  static func input(
    now: Int64 = now, offset: Int64 = 32_400, next: Int64? = nil, lastDay: Int64? = nil, installed: String = "1.0.2",
    status: Int64? = 200, body: String = body, answer: String = "later", snooze: Int64 = 100
  ) -> UpdateNoticeInput {
    UpdateNoticeInput(
      snoozeSeconds: snooze, now: now, utcOffsetSeconds: offset, nextDisplayAt: next, lastCheckDay: lastDay,
      installedVersion: installed, lookup: status.map { UpdateNoticeInput.Lookup(status: $0, body: body) }, answer: answer)
  }

  @Test func aNewerVersionShowsAndLaterSnoozes() {
    let later = UpdateNotice.decide(Self.input())
    #expect(later.show && later.checked && later.reason == nil)
    #expect(later.url == "https://x")
    #expect(later.nextDisplayAt == Self.now + 100)
    #expect(later.lastCheckDay == UpdateNotice.localDay(now: Self.now, utcOffsetSeconds: 32_400))
    let update = UpdateNotice.decide(Self.input(answer: "update"))
    #expect(update.show && update.nextDisplayAt == nil)
  }

  @Test func theSnoozeComesFirstAndAMissingKeyIsZero() {
    #expect(UpdateNotice.decide(Self.input(next: Self.now + 1)).reason == .snoozed)
    #expect(!UpdateNotice.decide(Self.input(next: Self.now + 1)).checked)
    #expect(UpdateNotice.decide(Self.input(next: Self.now)).show)
    #expect(UpdateNotice.decide(Self.input(now: 0, next: nil)).show)
    #expect(UpdateNotice.decide(Self.input(now: 0, next: 1)).reason == .snoozed)
  }

  @Test func localDaysRoundDown() {
    #expect(UpdateNotice.localDay(now: 0, utcOffsetSeconds: 0) == 0)
    #expect(UpdateNotice.localDay(now: 86_399, utcOffsetSeconds: 0) == 0)
    #expect(UpdateNotice.localDay(now: 3_600, utcOffsetSeconds: -7_200) == -1)
    #expect(UpdateNotice.localDay(now: 86_400 - 32_400, utcOffsetSeconds: 32_400) == 1)
    let today = UpdateNotice.localDay(now: Self.now, utcOffsetSeconds: 32_400)
    #expect(UpdateNotice.decide(Self.input(lastDay: today)).reason == .checkedToday)
    #expect(UpdateNotice.decide(Self.input(lastDay: today + 1)).reason == .checkedToday)
    #expect(UpdateNotice.decide(Self.input(lastDay: today - 1)).show)
  }

  /// Every failure is "no update", with the reason of the first failing check.
  @Test(arguments: [
    (nil as Int64?, body, "offline"), (500, body, "http-status"), (299, body, "shown"), (300, body, "http-status"),
    (200, "\u{FEFF}" + body, "not-json"), (200, body + "x", "not-json"), (200, "", "not-json"),
    (200, #"{"resultCount":1,"resultCount":1}"#, "not-json"), (200, "[]", "decode-failed"), (200, "null", "decode-failed"),
    (200, #"{"resultCount":"1"}"#, "decode-failed"), (200, #"{"resultCount":1.0}"#, "decode-failed"),
    (200, #"{"resultCount":1,"results":[{"version":2}]}"#, "decode-failed"),
    (200, #"{"resultCount":1,"results":[{"version":"2","trackViewUrl":"u"},{"trackId":"1"}]}"#, "decode-failed"),
    (200, #"{"resultCount":1,"results":[{"version":"2","trackViewUrl":"u","other":{"a":[1.5,null]}}]}"#, "shown"),
    (200, #"{"resultCount":1,"results":[{"version":"2","trackViewUrl":"u","trackId":-0}]}"#, "decode-failed"),
    (200, #"{"resultCount":0,"results":[{"version":"2","trackViewUrl":"u"}]}"#, "no-results"),
    (200, #"{"resultCount":1,"results":[]}"#, "no-results"), (200, #"{"resultCount":1}"#, "no-results"),
    (200, #"{"resultCount":1,"results":[{"version":null,"trackViewUrl":"u"}]}"#, "no-version"),
    (200, #"{"resultCount":1,"results":[{"version":"1.0.2","trackViewUrl":"u"}]}"#, "not-newer"),
    (200, #"{"resultCount":1,"results":[{"version":"2"}]}"#, "no-store-url"),
    (200, #"{"resultCount":1,"results":[{"version":"2","trackViewUrl":""}]}"#, "no-store-url"),
  ])
  func everyFailureIsNoUpdate(status: Int64?, body: String, reason: String) {
    let outcome = UpdateNotice.decide(Self.input(status: status, body: body))
    #expect(outcome.checked)
    #expect((outcome.reason?.rawValue ?? "shown") == reason)
    #expect(outcome.show == (reason == "shown"))
    #expect(outcome.show || outcome.nextDisplayAt == nil, "no dialog, no snooze")
  }

  /// The comparison inside is the version-compare suite's, for every version its fixtures name.
  @Test func theVersionComparisonIsVersionCompares() throws {
    var compared = 0
    for draft in VersionCompareSuite.seedCases + VersionCompareSuite.pitfallCases {
      let remote = try #require(draft.input["remote"]?.stringValue)
      let local = try #require(draft.input["local"]?.stringValue)
      let body = JSONWriter.string([
        "resultCount": 1, "results": [["trackViewUrl": "u", "version": .string(remote)]],
      ])
      let outcome = UpdateNotice.decide(Self.input(installed: local, body: body))
      #expect(outcome.show == VersionComparison.isNewer(remote, than: local), "\(draft.name)")
      compared += 1
    }
    #expect(compared > 50)
  }

  /// Malformed inputs (a field missing, unknown or of the wrong type) still throw, naming the field.
  @Test func malformedInputsAreRefusedWithTheField() {
    let suite = UpdateNoticeSuite()
    func refused(_ change: (inout JSONObject) -> Void) -> String? {
      guard case .object(var object) = Self.input().json else { return nil }
      change(&object)
      do {
        _ = try suite.expected(for: .object(object))
        return nil
      } catch {
        return "\(error)"
      }
    }
    #expect(refused { $0["answer"] = 1 }?.contains("answer") == true)
    #expect(refused { $0["now"] = "0" }?.contains("now") == true)
    #expect(refused { $0["utcOffsetSeconds"] = nil }?.contains("utcOffsetSeconds") == true)
    #expect(refused { $0["extra"] = 1 }?.contains("extra") == true)
    #expect(refused { _ in } == nil)
  }

  /// D22: each field just outside its domain answers its error; just inside, the usual output.
  @Test func inputsOutsideTheDomainAnswerTheirError() throws {
    func output(_ input: UpdateNoticeInput) -> JSONValue { UpdateNotice.output(input) }
    func error(_ reason: String) -> JSONValue { ["error": .string(reason)] }
    let int32Max = Int64(Int32.max)
    #expect(output(Self.input(snooze: -1)) == error("snooze-out-of-range"))
    #expect(output(Self.input(snooze: int32Max + 1)) == error("snooze-out-of-range"))
    #expect(output(Self.input(snooze: .max)) == error("snooze-out-of-range"))
    #expect(output(Self.input(snooze: int32Max))["stored"]?["nextDisplayAt"] == .int(Self.now + int32Max))
    #expect(output(Self.input(now: -1)) == error("now-out-of-range"))
    #expect(output(Self.input(now: 253_402_300_800)) == error("now-out-of-range"))
    #expect(output(Self.input(now: 253_402_300_799))["show"] == true)
    #expect(output(Self.input(offset: -64_801)) == error("offset-out-of-range"))
    #expect(output(Self.input(offset: 64_801)) == error("offset-out-of-range"))
    #expect(output(Self.input(offset: -64_800))["show"] == true)
    #expect(output(Self.input(status: 99)) == error("status-out-of-range"))
    #expect(output(Self.input(status: 600)) == error("status-out-of-range"))
    #expect(output(Self.input(status: 100))["reason"] == "http-status")
    #expect(output(Self.input(status: 599))["reason"] == "http-status")
    #expect(output(Self.input(status: nil))["reason"] == "offline")
    #expect(output(Self.input(answer: "Later")) == error("answer-unknown"))
    #expect(output(Self.input(answer: "")) == error("answer-unknown"))
    // The first field of the input table names the error, and the domain comes before the snooze.
    #expect(output(Self.input(status: 600, snooze: -1)) == error("snooze-out-of-range"))
    #expect(output(Self.input(now: -1, answer: "x")) == error("now-out-of-range"))
    #expect(output(Self.input(next: .max, status: 600)) == error("status-out-of-range"))
    // The suite answers the same from the input's JSON, and lists D22 alone.
    let suite = UpdateNoticeSuite()
    #expect(try suite.expected(for: Self.input(snooze: -1).json) == error("snooze-out-of-range"))
    #expect(try suite.decisions(for: Self.input(answer: "dismiss").json) == [22])
  }

  /// D18 to D21: the JSON text's edge classes, decided on the body alone.
  @Test func theJSONTextEdgesAreDecided() {
    func reason(_ body: String) -> UpdateNoticeReason? { UpdateNotice.decide(Self.input(body: body)).reason }
    // D18: RFC 8259's four white space characters, and nothing else.
    for space in [" ", "\t", "\n", "\r"] { #expect(reason(space + Self.body + space) == nil) }
    for space in ["\u{A0}", "\u{2028}", "\u{0B}", "\u{0C}", "\u{3000}", "\u{85}"] {
      #expect(reason(space + Self.body) == .notJSON)
      #expect(reason(Self.body + space) == .notJSON)
    }
    // D19: keys compared after unescaping, scalar by scalar.
    let escapedDuplicate = #"{"resultCount":1,"results":[{"version":"1.0.3","\u0076ersion":"1.0.3","trackViewUrl":"u"}]}"#
    #expect(reason(escapedDuplicate) == .notJSON)
    let canonicallyEqual = #"{"resultCount":1,"results":[{"version":"1.0.3","\u00e9":1,"e\u0301":2,"trackViewUrl":"u"}]}"#
    #expect(reason(canonicallyEqual) == nil)
    // D20: the top-level value is depth 1.
    #expect(reason(UpdateNoticeSuite.nested(128)) == .decodeFailed)
    #expect(reason(UpdateNoticeSuite.nested(129)) == .notJSON)
    // D21: lone surrogate escapes refused; pairs, escaped or raw, read.
    let described = { (text: String) in
      #"{"resultCount":1,"results":[{"version":"1.0.3","description":"\#(text)","trackViewUrl":"u"}]}"#
    }
    #expect(reason(described(#"\ud800"#)) == .notJSON)
    #expect(reason(described(#"\udc00\ud800"#)) == .notJSON)
    #expect(reason(described(#"\ud800\u0041"#)) == .notJSON)
    #expect(reason(described(#"\ud83d\ude00"#)) == nil)
    #expect(reason(described("\u{1F600}")) == nil)
  }

  /// D5's grammar classes, each on both sides where it has two: what RFC 8259 refuses is
  /// not-json, even in a field the structs do not read; what it allows is read.
  @Test func theGrammarClassesAreDecided() {
    func reason(_ body: String) -> UpdateNoticeReason? { UpdateNotice.decide(Self.input(body: body)).reason }
    let unread = { (json: String) in
      #"{"resultCount":1,"results":[{"version":"1.0.3","description":\#(json),"trackViewUrl":"u"}]}"#
    }
    for refused in [
      "\"a\u{1}b\"", "\"a\tb\"", "\"a\nb\"", "01", "-01", "007", "+1", ".5", "1.", "1e", "0x1F", #""\x41""#, #""\'""#,
      #""\u04""#, "[1,]", "[,1]", "NaN", "Infinity", "-Infinity", "True", "'x'", "/* c */1", "1 // c", "\u{FEFF}1",
    ] {
      #expect(reason(unread(refused)) == .notJSON, "\(refused)")
    }
    for read in [
      "\"a\u{7F}b\"", #""\u0001\t""#, "0", "-0", "-0.0", "1e5", "1E+5", "1e007", "1e400", String(repeating: "9", count: 400),
      #""\"\\\/\b\f\n\r\t\u0041""#, "\"\u{FEFF}\"", "\"\u{FFFD}\"", #""// /* */""#, #""it's""#,
    ] {
      #expect(reason(unread(read)) == nil, "\(read)")
    }
    // In a field the structs read: leading zeros are not-json, -0 and exponents decode-failed (D8).
    #expect(reason(#"{"resultCount":01,"results":[{"version":"1.0.3","trackViewUrl":"u"}]}"#) == .notJSON)
    #expect(reason(#"{"resultCount":-0,"results":[{"version":"1.0.3","trackViewUrl":"u"}]}"#) == .decodeFailed)
    #expect(reason(#"{"resultCount":1e400,"results":[{"version":"1.0.3","trackViewUrl":"u"}]}"#) == .decodeFailed)
    // Every class D5 lists has a case in the table, tagged with it.
    let tags = Set(UpdateNoticeSuite.grammarCases.flatMap(\.tags))
    for tag in ["control", "number", "escape", "bom", "comma", "comment", "literal", "quote", "utf8", "surrogate"] {
      #expect(tags.contains(tag), "\(tag)")
    }
  }

  /// The drifts of D18 to D21 each read one edge class as a port does.
  @Test func theJSONTextDriftsReadAsPortsDo() {
    #expect(JSONTextDrifts.trimmingUnicodeWhitespace("\u{A0}\u{2028} {} \u{3000}") == "{}")
    #expect(JSONTextDrifts.hasTabOrReturnAround(Array("{}\r\n".utf8)))
    #expect(!JSONTextDrifts.hasTabOrReturnAround(Array(" {\"a\":\"\t\"}\n".utf8)))
    #expect(
      JSONTextDrifts.replacingLoneSurrogateEscapes(Array(#""\ud800\ud83d\ude00\udc00""#.utf8))
        == Array(#""\ufffd\ud83d\ude00\ufffd""#.utf8))
    #expect(JSONTextDrifts.hasEscapedSurrogatePair(Array(#""\uD83D\uDE00""#.utf8)))
    #expect(!JSONTextDrifts.hasEscapedSurrogatePair(Array(#""\ud800\u0041""#.utf8)))
    #expect(JSONTextDrifts.depth(of: [[[1]]]) == 3)
    #expect(JSONTextDrifts.hasCanonicallyEqualKeys(["x": [["\u{E9}": 1, "e\u{301}": 2]]]))
    let written = Array(#"{"version":"1","\u0076ersion":"2"}"#.utf8)
    #expect(DuplicateTolerantReader.parse(written, duplicates: .lastUnlessWrittenAlike, maxDepth: 128) == ["version": "2"])
    let writtenAlike = Array(#"{"a":1,"a":2}"#.utf8)
    #expect(DuplicateTolerantReader.parse(writtenAlike, duplicates: .lastUnlessWrittenAlike, maxDepth: 128) == nil)
    let deep = Array(UpdateNoticeSuite.nested(129).utf8)
    #expect(DuplicateTolerantReader.parse(deep, duplicates: .refuse, maxDepth: 129) != nil)
  }

  /// The published families reach every reason, and the dialog, and each case has a note.
  @Test func theFamiliesReachEveryOutcome() throws {
    let suite = UpdateNoticeSuite()
    var reasons: Set<String> = []
    var ids: Set<String> = []
    for fixture in suite.cases(options: .published) {
      reasons.insert(fixture.expected["reason"]?.stringValue ?? fixture.expected["error"]?.stringValue ?? "shown")
      #expect(ids.insert(fixture.id).inserted, "\(fixture.id) twice")
      #expect(!fixture.note.isEmpty)
    }
    #expect(
      reasons == Set(UpdateNoticeReason.allCases.map(\.rawValue) + UpdateNoticeDomainError.allCases.map(\.rawValue) + ["shown"]))
    #expect(UpdateNoticeSuite.gridCases.count == 4 * 4 * 8 * 2)
    // 9 ids, 4 of them also in a second result and with "update".
    #expect(UpdateNoticeSuite.trackIDCases.count == 9 + 4 * 2)
    // version-compare's 12 seed and 48 pitfall cases, each /reversed twin included.
    #expect(UpdateNoticeSuite.compositionCases.count == 12 + 48)
    #expect(UpdateNoticeSuite.jsonTextCases.count == 44)
    #expect(UpdateNoticeSuite.grammarCases.count == 84)
    // 35 rows, and 9 forms of each answer less " later" and "Later" (rows already).
    #expect(UpdateNoticeSuite.domainCases.count == 35 + 2 * 9 - 2)
    #expect(UpdateNoticeSuite.pairwiseCases.count == 121)
  }

  /// Composition both ways: installed 2.0 against store 2.0.0 and the reverse are both not newer.
  @Test func compositionCarriesEachPairBothWays() throws {
    let suite = UpdateNoticeSuite()
    let cases = Dictionary(uniqueKeysWithValues: suite.cases(options: .published).map { ($0.id, $0) })
    for id in ["update-notice/composition/seed/2.0-vs-2.0.0", "update-notice/composition/seed/2.0-vs-2.0.0/reversed"] {
      let fixture = try #require(cases[id])
      #expect(fixture.expected["reason"] == "not-newer", "\(id)")
    }
    let reversed = try #require(cases["update-notice/composition/seed/2.0-vs-2.0.0/reversed"])
    #expect(reversed.input["installedVersion"] == "2.0")
    let shown = try #require(cases["update-notice/composition/pitfall/v-prefix/reversed"])
    #expect(shown.expected["show"] == true)
  }
}
