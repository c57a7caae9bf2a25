import ConformJSON
import Testing

@testable import ConformKit

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

  @Test func inputsOutsideTheDomainAreRefusedWithTheField() {
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
    #expect(refused { $0["answer"] = "maybe" }?.contains("answer") == true)
    #expect(refused { $0["now"] = -1 }?.contains("now") == true)
    #expect(refused { $0["utcOffsetSeconds"] = 64_801 }?.contains("utcOffsetSeconds") == true)
    #expect(refused { $0["extra"] = 1 }?.contains("extra") == true)
    #expect(refused { _ in } == nil)
  }

  /// The published families reach every reason, and the dialog, and each case has a note.
  @Test func theFamiliesReachEveryOutcome() throws {
    let suite = UpdateNoticeSuite()
    var reasons: Set<String> = []
    var ids: Set<String> = []
    for fixture in suite.cases(options: .published) {
      reasons.insert(fixture.expected["reason"]?.stringValue ?? "shown")
      #expect(ids.insert(fixture.id).inserted, "\(fixture.id) twice")
      #expect(!fixture.note.isEmpty)
    }
    #expect(reasons == Set(UpdateNoticeReason.allCases.map(\.rawValue) + ["shown"]))
    #expect(UpdateNoticeSuite.gridCases.count == 4 * 4 * 8 * 2)
  }
}
