/// `UIScene.ActivationState`.
enum SceneActivationState: String, Sendable {
  case foregroundActive, foregroundInactive, background
}

/// `UIWindowScene`: what `AppStore.requestReview(in:)` is given.
@AppActor
final class WindowScene {
  var activationState: SceneActivationState

  init(activationState: SceneActivationState) { self.activationState = activationState }
}

/// `UIWindow`.
@AppActor
final class Window {
  let windowScene: WindowScene

  init(windowScene: WindowScene) { self.windowScene = windowScene }
}

/// The completion screen's view controller; `window` is nil while its view is out of a window
/// (the app reads `presenter.view.window?.windowScene`).
@AppActor
final class Presenter {
  var window: Window?

  init(window: Window?) { self.window = window }
}
