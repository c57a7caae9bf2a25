/// Asks for a store review a moment after a win, while the completion screen is up.
///
/// A win only marks the prompt pending (`gameWon()`). Showing the completion screen schedules the
/// request `settings.promptDelay` later (`completionScreenDidAppear(_:)`); leaving it cancels the
/// request (`completionScreenWillDisappear()`). When the delay is over, the request looks at the
/// screen as it is then: only a foreground-active scene records the attempt and asks the store.
/// The attempt is recorded there and nowhere else, so a cancelled request does not start the
/// cooldown nor use up the version.
@MainActor
public final class ReviewPromptScheduler {
  private let settings: ReviewSettings
  private let store: any ReviewStateStore
  private let environment: any ReviewPromptEnvironment
  private let requester: any StoreReviewRequester
  private let clock: any ReviewPromptClock

  /// A win made the app eligible; stays true until a review is actually requested.
  public private(set) var isPromptPending = false
  /// The request waiting out its delay, nil when none is scheduled (visible so tests can await it).
  public private(set) var scheduledRequest: Task<Void, Never>?

  public init(
    settings: ReviewSettings = .standard,
    store: any ReviewStateStore,
    environment: any ReviewPromptEnvironment,
    requester: any StoreReviewRequester,
    clock: any ReviewPromptClock = TaskSleepClock()
  ) {
    self.settings = settings
    self.store = store
    self.environment = environment
    self.requester = requester
    self.clock = clock
  }

  /// A game was won: counts it and, if the rules allow asking now, marks the prompt pending.
  /// An ineligible win leaves an earlier pending prompt pending.
  public func gameWon() {
    store.wonGames += 1
    let eligible = ReviewEligibility.mayAskForReview(
      settings: settings,
      wonGames: store.wonGames,
      lastAttemptDay: store.lastAttemptDay,
      today: environment.today,
      lastPromptedVersion: store.lastPromptedVersion,
      appVersion: environment.appVersion,
      forced: environment.forcesReviewPrompt)
    if eligible { isPromptPending = true }
  }

  /// The completion screen appeared: schedules one request, if a prompt is pending and none is
  /// scheduled yet.
  public func completionScreenDidAppear(_ presenter: any ReviewPromptPresenter) {
    guard isPromptPending, scheduledRequest == nil else { return }
    scheduledRequest = Task { [weak self, weak presenter, clock, delay = settings.promptDelay] in
      do { try await clock.sleep(for: delay) } catch { return }  // cancelled before or during the wait
      guard !Task.isCancelled else { return }  // cancelled after the sleep returned: it does not throw then
      self?.requestReviewIfVisible(on: presenter)
    }
  }

  /// The completion screen will disappear: cancels the scheduled request. The prompt stays pending.
  public func completionScreenWillDisappear() {
    scheduledRequest?.cancel()
    scheduledRequest = nil
  }

  private func requestReviewIfVisible(on presenter: (any ReviewPromptPresenter)?) {
    scheduledRequest = nil
    // In the background UIKit may keep the window: only a foreground-active scene can show it.
    guard let presenter, presenter.sceneActivationState == .foregroundActive else { return }
    store.recordAttempt(day: environment.today, version: environment.appVersion)
    isPromptPending = false
    requester.requestReview(from: presenter)
  }
}
