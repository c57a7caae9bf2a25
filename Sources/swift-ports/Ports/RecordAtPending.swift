/// Port `record-at-pending`: records the attempt when the prompt becomes pending instead of when
/// the request fires, so a schedule cancelled by leaving the screen still starts the cooldown and
/// uses up the version.
final class RecordAtPendingScheduler: ReviewPromptScheduler {
  override func markPending() {
    let eligible = rules.shouldRequestReview(
      config: config,
      wonCompletionCount: repository.wonCompletionCount,
      lastAttemptEpochDay: repository.lastAttemptEpochDay,
      todayEpochDay: environment.todayEpochDay,
      lastPromptedVersion: repository.lastPromptedVersion,
      currentVersion: environment.currentAppVersion,
      forceOverride: environment.forceReviewPrompt)
    if eligible {
      isPending = true
      repository.recordAttempt(epochDay: environment.todayEpochDay, version: environment.currentAppVersion)
    }
  }

  override func fire(presenter: Presenter?) {
    scheduledTask = nil
    guard let presenter, let scene = presenter.window?.windowScene,
      scene.activationState == .foregroundActive
    else { return }
    isPending = false
    storeReview.requestReview(in: scene)
  }
}
