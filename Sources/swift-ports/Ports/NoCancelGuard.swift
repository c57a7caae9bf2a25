/// Port `no-cancel-guard`: the scheduler before the story's second review. A cancel that arrives
/// after the sleep returned normally does not throw, so without `guard !Task.isCancelled` the
/// request still fires after the screen was left.
final class NoCancelGuardScheduler: ReviewPromptScheduler {
  override func screenDidShowCompletion(presenter: Presenter) { scheduleWithoutCancelGuard(presenter: presenter) }
}

extension ReviewPromptScheduler {
  /// `screenDidShowCompletion(presenter:)` without the guard after the sleep: only a cancel that
  /// makes the sleep throw stops the request.
  func scheduleWithoutCancelGuard(presenter: Presenter) {
    guard isPending, scheduledTask == nil else { return }
    let delay = config.requestDelay
    scheduledTask = Task { [weak presenter, clock] in
      do { try await clock.sleep(for: delay) } catch { return }  // cancelled: thought to end here
      fire(presenter: presenter)
    }
  }
}
