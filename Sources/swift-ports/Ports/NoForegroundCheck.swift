/// Port `no-foreground-check`: the scheduler before the story's first review. It checks only that
/// a window is there, but UIKit keeps the window in the background, so an attempt is recorded (and
/// the version's only chance used up) while the prompt cannot show.
final class NoForegroundCheckScheduler: ReviewPromptScheduler {
  override func fire(presenter: Presenter?) { fireWithoutForegroundCheck(presenter: presenter) }
}

extension ReviewPromptScheduler {
  /// `fire(presenter:)` that asks only for a window scene, not for a foreground-active one.
  func fireWithoutForegroundCheck(presenter: Presenter?) {
    scheduledTask = nil
    guard let presenter, let scene = presenter.window?.windowScene else { return }
    let version = environment.currentAppVersion
    let epochDay = environment.todayEpochDay
    repository.recordAttempt(epochDay: epochDay, version: version)
    isPending = false
    storeReview.requestReview(in: scene)
  }
}
