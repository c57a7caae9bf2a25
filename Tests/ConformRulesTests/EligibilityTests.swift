import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformSuites

@Suite struct EligibilityTests {
  static func input(
    threshold: Int64 = 3, cooldown: Int64 = 7, wins: Int64 = 3, last: Int64? = nil, today: Int64 = 20000,
    prompted: String? = nil, current: String = "1.0.0", force: Bool = false
  ) -> EligibilityInput {
    EligibilityInput(
      config: ReviewConfig(winThreshold: threshold, cooldownDays: cooldown), wonCompletionCount: wins,
      lastAttemptEpochDay: last, todayEpochDay: today, lastPromptedVersion: prompted, currentVersion: current,
      forceOverride: force)
  }

  @Test func rulesInOrder() {
    #expect(Eligibility.isEligible(Self.input()))
    #expect(!Eligibility.isEligible(Self.input(wins: 2)))
    #expect(!Eligibility.isEligible(Self.input(last: 19994)))
    #expect(Eligibility.isEligible(Self.input(last: 19993)))
    #expect(!Eligibility.isEligible(Self.input(prompted: "1.0.0")))
    #expect(Eligibility.isEligible(Self.input(prompted: "0.9.0")))
  }

  @Test func exactDayArithmeticAtTheExtremes() {
    #expect(Eligibility.isEligible(Self.input(last: .min, today: 20000)))
    #expect(Eligibility.isEligible(Self.input(last: .min, today: .max)))
    #expect(!Eligibility.isEligible(Self.input(cooldown: 0, last: .max, today: .min)))
    #expect(!Eligibility.isEligible(Self.input(last: 20001)))
  }

  @Test func versionsCompareByScalars() {
    #expect(Eligibility.isEligible(Self.input(prompted: "1.0-\u{E9}", current: "1.0-e\u{301}")))
    #expect(!Eligibility.isEligible(Self.input(prompted: "1.0-\u{E9}", current: "1.0-\u{E9}")))
  }

  /// Property: with force override every input is eligible, over the whole grid and the extremes.
  @Test func forceOverrideIsAlwaysEligible() {
    let days: [Int64?] = [nil, .min, -1, 0, 19993, 20000, 20001, .max]
    var checked = 0
    for threshold: Int64 in [0, 1, 3, 2_147_483_647] {
      for wins: Int64 in [0, 2, 3, 2_147_483_647] {
        for last in days {
          for today: Int64 in [.min, 0, 20000, .max] {
            for prompted in [nil, "1.0.0", ""] {
              #expect(
                Eligibility.isEligible(
                  Self.input(threshold: threshold, wins: wins, last: last, today: today, prompted: prompted, force: true)))
              checked += 1
            }
          }
        }
      }
    }
    #expect(checked == 4 * 4 * 8 * 4 * 3)
  }

  /// A count outside the domain answers its reason code (D10); one that cannot be read throws,
  /// naming the field.
  @Test func inputsOutsideTheDomainAnswerTheReasonAndUnreadableOnesThrow() throws {
    var json = Self.input().json
    guard case .object(var object) = json else { Issue.record("not an object"); return }
    object["wonCompletionCount"] = .int(2_147_483_648)
    json = .object(object)
    #expect(try EligibilitySuite().expected(for: json) == ["error": "count-out-of-range"])
    object["wonCompletionCount"] = "3"
    #expect(throws: JSONShapeError(path: "wonCompletionCount", message: "expected an integer, found a string \"3\"")) {
      try EligibilitySuite().expected(for: .object(object))
    }
  }
}
