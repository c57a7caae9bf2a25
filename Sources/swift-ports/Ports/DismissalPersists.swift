/// Port `dismissal-persists`: the dismissal is saved in the settings, like the update notice's
/// "later", and outlives the process, so the next launch's query finds DOWNLOADED and stays
/// silent: the finished download never prompts again (the story's "영영 못 보는 상태").
final class DismissalPersistsController: RestartPromptController {
  static let dismissedKey = "restartPromptDismissed"

  override func installStateUpdated(_ status: InstallStatus) {
    if status == .downloaded, settings[Self.dismissedKey] { return }
    if status != .downloaded { settings[Self.dismissedKey] = false }
    super.installStateUpdated(status)
  }

  override func userDismissed() {
    guard prompt == .visible else { return }
    settings[Self.dismissedKey] = true
    super.userDismissed()
  }
}
