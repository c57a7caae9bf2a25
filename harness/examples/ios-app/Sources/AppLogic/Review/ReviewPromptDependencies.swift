/// What the review prompt reads from the app each time it needs it, never keeping a copy.
@MainActor
public protocol ReviewPromptEnvironment: AnyObject {
  /// Today, in days since 1970-01-01 UTC.
  var today: Int64 { get }
  /// `CFBundleShortVersionString`.
  var appVersion: String { get }
  /// The debug launch argument that skips every rule.
  var forcesReviewPrompt: Bool { get }
}

/// `UIScene.ActivationState`.
public enum SceneActivationState: String, Sendable {
  case foregroundActive, foregroundInactive, background
}

/// The screen that would show the prompt: the completion screen's view controller in the app.
@MainActor
public protocol ReviewPromptPresenter: AnyObject {
  /// `view.window?.windowScene?.activationState`: nil while the view is in no window.
  var sceneActivationState: SceneActivationState? { get }
}

/// `AppStore.requestReview(in:)`, which never says whether the prompt appeared.
@MainActor
public protocol StoreReviewRequester: AnyObject {
  func requestReview(from presenter: any ReviewPromptPresenter)
}
