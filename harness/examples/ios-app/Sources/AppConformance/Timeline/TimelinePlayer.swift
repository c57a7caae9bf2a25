import AppLogic
import ConformJSON
import VirtualTime

/// Plays a timeline's steps against the app's `ReviewPromptScheduler` on a virtual clock.
///
/// Each step finishes before the next begins: after a request is scheduled the player waits until
/// its task sleeps, and after waking or cancelling the task it awaits the task's end. Everything
/// runs on the main actor, as in the app, so a timeline has exactly one outcome.
@MainActor
final class TimelinePlayer {
  private let clock = VirtualClock()
  private let device: SimulatedDevice
  private let screen: CompletionScreen
  private let scheduler: ReviewPromptScheduler

  init(_ timeline: TimelineCase) {
    device = SimulatedDevice(clock: clock, start: timeline.start)
    screen = CompletionScreen(isInWindow: timeline.start.windowAttached, sceneState: timeline.start.sceneState)
    scheduler = ReviewPromptScheduler(
      settings: timeline.settings, store: device, environment: device, requester: device, clock: clock)
  }

  /// Plays every step and returns the spec's output: `effects` and `final`.
  static func play(_ timeline: TimelineCase) async throws(TimelineError) -> JSONValue {
    let player = TimelinePlayer(timeline)
    for (index, step) in timeline.steps.enumerated() {
      do throws(TimelineError) {
        try await player.play(step)
      } catch {
        await player.cancelScheduledRequest()
        throw TimelineError(message: "steps[\(index)]: \(error.message)")
      }
    }
    let output = player.output
    // A request still asleep would never wake on this clock: end its task before returning.
    await player.cancelScheduledRequest()
    return output
  }

  private func play(_ step: TimelineCase.Step) async throws(TimelineError) {
    switch step {
    case .win:
      guard device.wonGames < Int(Int32.max) else { throw TimelineError(message: "the win count would pass 2147483647") }
      scheduler.gameWon()
    case .show:
      scheduler.completionScreenDidAppear(screen)
      if scheduler.scheduledRequest != nil { await clock.untilSomeoneSleeps() }
    case .leave:
      await cancelScheduledRequest()
    case .leaveAfterSleep:
      // The story's race: the sleep is over, then the screen is left before the task resumes.
      guard let request = scheduler.scheduledRequest, let due = clock.nextDeadline else {
        return await cancelScheduledRequest()
      }
      clock.advance(to: due) { scheduler.completionScreenWillDisappear() }
      await request.value
    case .advance(let ms):
      guard clock.now.milliseconds <= Self.maxMilliseconds - ms else {
        throw TimelineError(message: "the clock would pass 2^52 ms")
      }
      let target = clock.now.advanced(by: .milliseconds(ms))
      if let request = scheduler.scheduledRequest, let due = clock.nextDeadline, due <= target {
        clock.advance(to: due)
        await request.value
      }
      clock.advance(to: target)
    case .scene(let state):
      screen.sceneState = state
    case .detachWindow:
      screen.isInWindow = false
    case .attachWindow:
      screen.isInWindow = true
    case .nextDay(let days):
      let (today, overflow) = device.today.addingReportingOverflow(days)
      guard !overflow else { throw TimelineError(message: "the day would pass Int64.max") }
      device.today = today
    case .setVersion(let version):
      device.appVersion = version
    }
  }

  /// The spec's domain: the clock stays within 2^52 ms.
  private static let maxMilliseconds: Int64 = 1 << 52

  /// Leaves the screen and waits until the cancelled request's task has ended.
  private func cancelScheduledRequest() async {
    let request = scheduler.scheduledRequest
    scheduler.completionScreenWillDisappear()
    await request?.value
  }

  private var output: JSONValue {
    [
      "effects": .array(device.effects),
      "final": [
        "lastAttemptEpochDay": JSONValue(device.lastAttemptDay),
        "lastPromptedVersion": JSONValue(device.lastPromptedVersion),
        "now": .int(clock.now.milliseconds),
        "pending": .bool(scheduler.isPromptPending),
        "scheduled": .bool(scheduler.scheduledRequest != nil),
        "today": .int(device.today),
        "wonCompletionCount": .int(Int64(device.wonGames)),
      ],
    ]
  }
}

/// A timeline outside the spec's domain (its clock, calendar or win count would overflow).
struct TimelineError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
