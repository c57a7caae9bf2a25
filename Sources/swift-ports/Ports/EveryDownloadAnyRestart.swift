/// Port `every-download-any-restart`, the story's restart prompt written as its fragment reads,
/// two bugs at once: the listener body `if (state.installStatus() == DOWNLOADED) { /* restart
/// prompt */ }` taken literally from both sources, so every DOWNLOADED report shows the prompt again,
/// over a visible or a dismissed one (D2); and the Restart action left wired after the snackbar is
/// gone, so a Restart with no prompt visible still calls `completeUpdate()` (D10).
final class EveryDownloadAnyRestartController: RestartPromptController {
  override func installStateUpdated(_ status: InstallStatus) {
    guard status == .downloaded else { return super.installStateUpdated(status) }
    prompt = .visible
    presenter.showRestartPrompt()
  }

  override func userTappedRestart() { updates.completeUpdate() }
}
