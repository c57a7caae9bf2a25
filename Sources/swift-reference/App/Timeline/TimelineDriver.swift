/// Plays one timeline against the app's scheduler on a manual clock.
///
/// Every step finishes before the next begins: after a request is scheduled the driver waits
/// until its task sleeps, and after waking or cancelling the task it awaits the task's `value`.
/// Together with the manual clock this gives every timeline exactly one outcome.
@AppActor
final class TimelineDriver {
  let clock = ManualClock()
  let device: SimulatedDevice
  let window: Window
  let presenter: Presenter
  let scheduler: ReviewPromptScheduler

  init(_ timeline: TimelineCase, app: AppUnderTest) {
    device = SimulatedDevice(clock: clock, start: timeline.start)
    window = Window(windowScene: WindowScene(activationState: timeline.start.sceneState))
    presenter = Presenter(window: timeline.start.windowAttached ? window : nil)
    scheduler = app.scheduler.init(
      config: timeline.config, rules: app.rules, clock: clock, repository: device, environment: device,
      storeReview: device)
  }

  /// Plays every step of `timeline` and returns the final state.
  static func play(_ timeline: TimelineCase, app: AppUnderTest) async throws(TimelineError) -> TimelineOutcome {
    let driver = TimelineDriver(timeline, app: app)
    for (index, step) in timeline.steps.enumerated() {
      do throws(TimelineError) {
        try await driver.apply(step)
      } catch {
        throw TimelineError(message: "steps[\(index)]: \(error.message)")
      }
    }
    let outcome = driver.outcome
    await driver.endRequestStillScheduled()
    return outcome
  }

  /// Cancels a request still asleep when the timeline ends, and waits for its task: on the manual
  /// clock its sleep would never end, and the task would keep the whole case alive.
  private func endRequestStillScheduled() async {
    guard let task = scheduler.scheduledTask else { return }
    task.cancel()
    await task.value
  }

  func apply(_ step: TimelineStep) async throws(TimelineError) {
    switch step {
    case .win:
      device.wonCompletionCount += 1
      scheduler.markPending()
    case .show:
      scheduler.screenDidShowCompletion(presenter: presenter)
      if scheduler.scheduledTask != nil { await clock.waitForSleepers(count: 1) }
    case .leave:
      await leave()
    case .leaveAfterSleep:
      guard let task = scheduler.scheduledTask, let deadline = clock.nextDeadline else { return await leave() }
      clock.advance(to: deadline) { scheduler.screenWillDisappear() }
      await task.value
    case .advance(let milliseconds):
      guard !clock.now.milliseconds.addingReportingOverflow(milliseconds).overflow else {
        throw TimelineError(message: "the clock would overflow")
      }
      let target = clock.now.advanced(by: .milliseconds(milliseconds))
      while let deadline = clock.nextDeadline, deadline <= target {
        let task = scheduler.scheduledTask
        clock.advance(to: deadline)
        await task?.value
      }
      clock.advance(to: target)
    case .scene(let state):
      window.windowScene.activationState = state
    case .detachWindow:
      presenter.window = nil
    case .attachWindow:
      presenter.window = window
    case .nextDay(let days):
      let (today, overflow) = device.todayEpochDay.addingReportingOverflow(days)
      guard !overflow else { throw TimelineError(message: "the calendar would overflow") }
      device.todayEpochDay = today
    case .setVersion(let version):
      device.currentAppVersion = version
    }
  }

  private func leave() async {
    let task = scheduler.scheduledTask
    scheduler.screenWillDisappear()
    await task?.value
  }

  var outcome: TimelineOutcome {
    TimelineOutcome(
      effects: device.effects, lastAttemptEpochDay: device.lastAttemptEpochDay,
      lastPromptedVersion: device.lastPromptedVersion, now: clock.now, pending: scheduler.isPending,
      scheduled: scheduler.scheduledTask != nil, today: device.todayEpochDay,
      wonCompletionCount: device.wonCompletionCount)
  }
}

/// A timeline that cannot be played (its clock or calendar would overflow).
struct TimelineError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
