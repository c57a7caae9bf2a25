/// Asks for a store review a moment after a win, while the completion screen is up: the
/// scheduler of the review-prompt story, with both fixes from its code reviews.
///
/// A win only marks the prompt pending (`markPending()`). Showing the completion screen schedules
/// the request `config.requestDelay` later (`screenDidShowCompletion(presenter:)`); leaving the
/// screen cancels it (`screenWillDisappear()`). When the request fires it reads the window and the
/// scene at that moment, and only a foreground-active scene records the attempt and asks StoreKit.
///
/// The members a step touches are internal rather than private so that a port can override one
/// step; the app itself uses only the methods.
@AppActor
class ReviewPromptScheduler {
  let config: ReviewPromptConfig
  let rules: any ReviewRules.Type
  let clock: any SleepClock
  let repository: any ReviewPromptRepository
  let environment: any AppEnvironment
  let storeReview: any StoreReviewRequesting

  /// A win made a request due; it stays pending until a request is actually made.
  var isPending = false
  /// The request waiting for its delay, nil when none is scheduled.
  var scheduledTask: Task<Void, Never>?

  required init(
    config: ReviewPromptConfig,
    rules: any ReviewRules.Type,
    clock: any SleepClock,
    repository: any ReviewPromptRepository,
    environment: any AppEnvironment,
    storeReview: any StoreReviewRequesting
  ) {
    self.config = config
    self.rules = rules
    self.clock = clock
    self.repository = repository
    self.environment = environment
    self.storeReview = storeReview
  }

  /// A game ended in a win (already counted): checks eligibility and only marks the prompt
  /// pending. StoreKit is not called here, and nothing is recorded.
  func markPending() {
    let eligible = rules.shouldRequestReview(
      config: config,
      wonCompletionCount: repository.wonCompletionCount,
      lastAttemptEpochDay: repository.lastAttemptEpochDay,
      todayEpochDay: environment.todayEpochDay,
      lastPromptedVersion: repository.lastPromptedVersion,
      currentVersion: environment.currentAppVersion,
      forceOverride: environment.forceReviewPrompt)
    if eligible { isPending = true }
  }

  /// The completion screen is shown: schedules the request once, if one is pending.
  func screenDidShowCompletion(presenter: Presenter) {
    guard isPending, scheduledTask == nil else { return }
    let delay = config.requestDelay
    scheduledTask = Task { [weak presenter, clock] in
      do { try await clock.sleep(for: delay) } catch { return }  // cancelled before or during the wait
      guard !Task.isCancelled else { return }  // cancelled after the sleep returned
      fire(presenter: presenter)
    }
  }

  /// The completion screen will disappear: cancels the scheduled request. The prompt stays pending.
  func screenWillDisappear() {
    scheduledTask?.cancel()
    scheduledTask = nil
  }

  /// The delay is over: asks for the review if the screen can still show it.
  func fire(presenter: Presenter?) {
    scheduledTask = nil
    guard let presenter, let scene = presenter.window?.windowScene,
      scene.activationState == .foregroundActive
    else { return }
    let version = environment.currentAppVersion
    let epochDay = environment.todayEpochDay
    // The attempt is recorded here only, so a cancelled schedule does not start the cooldown.
    repository.recordAttempt(epochDay: epochDay, version: version)
    isPending = false
    storeReview.requestReview(in: scene)
  }
}
