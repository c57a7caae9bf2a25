/// Play's install status of a flexible update (Play Core's `InstallStatus`).
enum InstallStatus: String, Sendable, CaseIterable {
  case unknown, pending, downloading, downloaded, installing, installed, failed, canceled
}

/// The part of Play Core's `AppUpdateManager` the restart prompt uses.
protocol AppUpdateManaging: AnyObject {
  /// Asks for the current update info; `onSuccess` is called later, on the main thread.
  func requestAppUpdateInfo(onSuccess: @escaping (InstallStatus) -> Void)
  /// Calls `listener` with every install status change from now on (not the current status).
  func registerListener(_ listener: @escaping (InstallStatus) -> Void)
  /// Installs the downloaded update and restarts the app.
  func completeUpdate()
}

/// The snackbar with its Restart button.
protocol RestartPromptPresenting: AnyObject {
  func showRestartPrompt()
  func hideRestartPrompt()
}

/// Settings that outlive the process (the app's UserDefaults / SharedPreferences).
protocol PersistentSettings: AnyObject {
  subscript(key: String) -> Bool { get set }
}

/// Asks the user to restart once a flexible update has downloaded: from the install-state
/// listener while the app runs, and from the status query every launch sends, since the listener
/// never hears of a download that finished while the app was closed.
///
/// The members are internal rather than private so that a port can override one step.
class RestartPromptController {
  enum Prompt { case none, visible, dismissed }

  let updates: any AppUpdateManaging
  let presenter: any RestartPromptPresenting
  let settings: any PersistentSettings
  var prompt = Prompt.none

  required init(updates: any AppUpdateManaging, presenter: any RestartPromptPresenting, settings: any PersistentSettings) {
    self.updates = updates
    self.presenter = presenter
    self.settings = settings
  }

  /// The process started: listen for changes, and ask for the status now.
  func onLaunch() {
    updates.registerListener { [weak self] status in self?.installStateUpdated(status) }
    updates.requestAppUpdateInfo { [weak self] status in self?.installStateUpdated(status) }
  }

  /// A status from the listener or the launch query.
  func installStateUpdated(_ status: InstallStatus) {
    if status == .downloaded {
      // Once per finished download, and not again in this session after a dismissal.
      guard prompt == .none else { return }
      prompt = .visible
      presenter.showRestartPrompt()
    } else {
      if prompt == .visible { presenter.hideRestartPrompt() }
      prompt = .none
    }
  }

  /// The user swiped the snackbar away.
  func userDismissed() {
    if prompt == .visible { prompt = .dismissed }
  }

  /// The user tapped Restart.
  func userTappedRestart() {
    guard prompt == .visible else { return }
    updates.completeUpdate()
  }

  /// What the user sees, for the suite's `final.prompt`.
  var promptName: String {
    switch prompt {
    case .none: "none"
    case .visible: "visible"
    case .dismissed: "dismissed"
    }
  }
}
