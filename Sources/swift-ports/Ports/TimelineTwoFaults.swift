/// Port `timeline-two-faults`: the scheduler before both of the story's reviews, two unrelated
/// faults at once. No `guard !Task.isCancelled` after the sleep (`no-cancel-guard`: a cancel after
/// the sleep returned still fires), and `fire` checks only for a window, not that its scene is
/// foreground-active (`no-foreground-check`: a backgrounded app records an attempt it cannot show).
final class TimelineTwoFaultsScheduler: ReviewPromptScheduler {
  override func screenDidShowCompletion(presenter: Presenter) { scheduleWithoutCancelGuard(presenter: presenter) }
  override func fire(presenter: Presenter?) { fireWithoutForegroundCheck(presenter: presenter) }
}
