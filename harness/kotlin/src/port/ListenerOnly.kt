package conform.port

import conform.reference.AppUpdateManager
import conform.reference.Preferences
import conform.reference.RestartPromptController
import conform.reference.RestartSnackbar

/**
 * `listener-only`: the story's code before its warning: the launch only registers the
 * install-state listener, which never reports a download that finished while the app was
 * closed, so that update never prompts.
 */
class ListenerOnly(updates: AppUpdateManager, snackbar: RestartSnackbar, preferences: Preferences) :
    RestartPromptController(updates, snackbar, preferences) {
    override fun onLaunch() {
        updates.registerListener { onInstallState(it) }
    }
}
