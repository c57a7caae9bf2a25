package conform.port

import conform.reference.AppUpdateManager
import conform.reference.InstallStatus
import conform.reference.Preferences
import conform.reference.RestartPromptController
import conform.reference.RestartSnackbar

/**
 * `prompt-every-callback`: the story's listener body, `if (state.installStatus() == DOWNLOADED)
 * { /* restart prompt */ }`, taken literally: every DOWNLOADED report shows a snackbar, from the
 * listener and from the launch query alike, on top of one already shown or dismissed.
 */
class PromptEveryCallback(updates: AppUpdateManager, snackbar: RestartSnackbar, preferences: Preferences) :
    RestartPromptController(updates, snackbar, preferences) {
    override fun onInstallState(status: InstallStatus) {
        if (status == InstallStatus.DOWNLOADED) {
            prompt = Prompt.VISIBLE
            snackbar.show()
        } else {
            super.onInstallState(status)
        }
    }
}
