import AppLogic
import Testing
import VirtualTime

/// The scheduler on a virtual clock: the story's three cancels, the background, and "once".
@Suite @MainActor struct ReviewPromptSchedulerTests {
  let clock = VirtualClock()
  let store = InMemoryReviewStateStore(wonGames: 2)
  let app = FakeApp()
  let screen = FakeScreen()
  let scheduler: ReviewPromptScheduler

  init() {
    scheduler = ReviewPromptScheduler(
      settings: ReviewSettings(winsBeforeAsking: 3, cooldownDays: 7, promptDelay: .seconds(2)),
      store: store, environment: app, requester: app, clock: clock)
  }

  /// Wins the third game and shows the completion screen; returns once the request sleeps.
  private func winAndShow() async throws -> Task<Void, Never> {
    scheduler.gameWon()
    scheduler.completionScreenDidAppear(screen)
    let request = try #require(scheduler.scheduledRequest)
    await clock.untilSomeoneSleeps()
    return request
  }

  private func advance(by duration: Delay, thenAwait request: Task<Void, Never>) async {
    clock.advance(to: clock.now.advanced(by: duration))
    await request.value
  }

  @Test func asksTwoSecondsAfterTheScreenShows() async throws {
    let request = try await winAndShow()
    #expect(scheduler.isPromptPending && app.reviewRequests == 0)
    await advance(by: .seconds(2), thenAwait: request)
    #expect(app.reviewRequests == 1)
    #expect(store.lastAttemptDay == 20_000 && store.lastPromptedVersion == "1.0.0")
    #expect(!scheduler.isPromptPending && scheduler.scheduledRequest == nil)
  }

  @Test func winningWithoutTheScreenSchedulesNothing() {
    scheduler.gameWon()
    #expect(scheduler.isPromptPending)
    #expect(scheduler.scheduledRequest == nil)
  }

  @Test func leavingDuringTheWaitCancelsAndKeepsThePromptPending() async throws {
    let request = try await winAndShow()
    scheduler.completionScreenWillDisappear()
    await request.value
    #expect(app.reviewRequests == 0 && store.lastAttemptDay == nil)
    #expect(scheduler.isPromptPending)
  }

  @Test func leavingAfterTheSleepReturnedStillCancels() async throws {
    // The story's race: the sleep is over, the cancel lands before the task resumes.
    let request = try await winAndShow()
    clock.advance(to: clock.now.advanced(by: .seconds(2))) { scheduler.completionScreenWillDisappear() }
    await request.value
    #expect(app.reviewRequests == 0 && store.lastAttemptDay == nil)
    #expect(scheduler.isPromptPending)
  }

  @Test func aBackgroundSceneAtTheDueTimeRecordsNothing() async throws {
    let request = try await winAndShow()
    screen.sceneActivationState = .background
    await advance(by: .seconds(2), thenAwait: request)
    #expect(app.reviewRequests == 0 && store.lastAttemptDay == nil)
    #expect(scheduler.isPromptPending && scheduler.scheduledRequest == nil)
  }

  @Test func showingTwiceSchedulesOnce() async throws {
    let request = try await winAndShow()
    scheduler.completionScreenDidAppear(screen)
    #expect(scheduler.scheduledRequest == request)
    await advance(by: .seconds(2), thenAwait: request)
    #expect(app.reviewRequests == 1)
  }
}

@MainActor
final class FakeApp: ReviewPromptEnvironment, StoreReviewRequester {
  var today: Int64 = 20_000
  var appVersion = "1.0.0"
  var forcesReviewPrompt = false
  private(set) var reviewRequests = 0

  func requestReview(from presenter: any ReviewPromptPresenter) { reviewRequests += 1 }
}

@MainActor
final class FakeScreen: ReviewPromptPresenter {
  var sceneActivationState: SceneActivationState? = .foregroundActive
}
