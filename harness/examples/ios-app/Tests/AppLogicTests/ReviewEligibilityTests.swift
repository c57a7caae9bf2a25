import AppLogic
import Testing

@Suite struct ReviewEligibilityTests {
  let settings = ReviewSettings(winsBeforeAsking: 3, cooldownDays: 7)

  private func mayAsk(
    wonGames: Int = 3, lastAttemptDay: Int64? = nil, today: Int64 = 20_000,
    lastPromptedVersion: String? = nil, appVersion: String = "1.0.0", forced: Bool = false
  ) -> Bool {
    ReviewEligibility.mayAskForReview(
      settings: settings, wonGames: wonGames, lastAttemptDay: lastAttemptDay, today: today,
      lastPromptedVersion: lastPromptedVersion, appVersion: appVersion, forced: forced)
  }

  @Test func asksOnceEnoughGamesAreWon() {
    #expect(mayAsk(wonGames: 3))
    #expect(!mayAsk(wonGames: 2))
  }

  @Test func waitsOutTheCooldownToTheDay() {
    #expect(!mayAsk(lastAttemptDay: 19_994))  // six days later
    #expect(mayAsk(lastAttemptDay: 19_993))  // exactly seven
  }

  @Test func neverAsksTwiceForOneVersion() {
    #expect(!mayAsk(lastAttemptDay: 19_000, lastPromptedVersion: "1.0.0"))
    #expect(mayAsk(lastAttemptDay: 19_000, lastPromptedVersion: "0.9.0"))
  }

  @Test func comparesVersionsByteForByte() {
    // "1.0-é" with U+00E9 and with e + U+0301 are equal Strings, but not the same version.
    #expect(mayAsk(lastPromptedVersion: "1.0-\u{E9}", appVersion: "1.0-e\u{301}"))
    #expect(mayAsk(lastPromptedVersion: "1.0.0 ", appVersion: "1.0.0"))
  }

  @Test func aLastAttemptInTheFutureIsNeverPastItsCooldown() {
    #expect(!mayAsk(lastAttemptDay: 20_001))
    #expect(
      !ReviewEligibility.mayAskForReview(
        settings: ReviewSettings(winsBeforeAsking: 0, cooldownDays: 0), wonGames: 0, lastAttemptDay: 20_001,
        today: 20_000, lastPromptedVersion: nil, appVersion: "1.0.0"))
  }

  @Test func dayArithmeticDoesNotTrapAtTheExtremes() {
    // 20000 - Int64.min and Int64.max - Int64.min overflow Int64; the answer is still exact.
    #expect(mayAsk(lastAttemptDay: .min))
    #expect(mayAsk(lastAttemptDay: .min, today: .max))
    #expect(!mayAsk(lastAttemptDay: .max, today: .min))
  }

  @Test func theDebugSwitchSkipsEveryRule() {
    #expect(mayAsk(wonGames: 0, lastAttemptDay: 20_001, lastPromptedVersion: "1.0.0", forced: true))
  }
}
