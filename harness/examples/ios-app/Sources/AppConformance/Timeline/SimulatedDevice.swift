import AppLogic
import ConformJSON
import VirtualTime

/// The phone a timeline plays on: the calendar, the installed version, the app's own in-memory
/// store and StoreKit. Every attempt recorded and every review requested is written down with the
/// clock's time: the spec's `effects`.
@MainActor
final class SimulatedDevice: ReviewPromptEnvironment, ReviewStateStore, StoreReviewRequester {
  let clock: VirtualClock
  var today: Int64
  var appVersion: String
  var forcesReviewPrompt: Bool
  private let saved: InMemoryReviewStateStore
  private(set) var effects: [JSONValue] = []

  init(clock: VirtualClock, start: TimelineCase.Start) {
    self.clock = clock
    today = start.todayEpochDay
    appVersion = start.currentVersion
    forcesReviewPrompt = start.forceOverride
    saved = InMemoryReviewStateStore(
      wonGames: start.wonCompletionCount, lastAttemptDay: start.lastAttemptEpochDay,
      lastPromptedVersion: start.lastPromptedVersion)
  }

  // MARK: ReviewStateStore: the app's in-memory store, each attempt written down

  var wonGames: Int {
    get { saved.wonGames }
    set { saved.wonGames = newValue }
  }
  var lastAttemptDay: Int64? { saved.lastAttemptDay }
  var lastPromptedVersion: String? { saved.lastPromptedVersion }

  func recordAttempt(day: Int64, version: String) {
    saved.recordAttempt(day: day, version: version)
    effects.append(["at": .int(clock.now.milliseconds), "day": .int(day), "effect": "recordAttempt", "version": .string(version)])
  }

  // MARK: StoreReviewRequester

  func requestReview(from presenter: any ReviewPromptPresenter) {
    effects.append(["at": .int(clock.now.milliseconds), "effect": "requestReview"])
  }
}

/// The completion screen's view controller: in a window or not, in a scene of some state.
@MainActor
final class CompletionScreen: ReviewPromptPresenter {
  var isInWindow: Bool
  var sceneState: SceneActivationState

  init(isInWindow: Bool, sceneState: SceneActivationState) {
    self.isInWindow = isInWindow
    self.sceneState = sceneState
  }

  var sceneActivationState: SceneActivationState? { isInWindow ? sceneState : nil }
}
