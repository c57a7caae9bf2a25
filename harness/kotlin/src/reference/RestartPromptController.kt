package conform.reference

/** Play's install status of a flexible update (Play Core's `InstallStatus`), in the spec's spelling. */
enum class InstallStatus(val wire: String) {
    UNKNOWN("unknown"), PENDING("pending"), DOWNLOADING("downloading"), DOWNLOADED("downloaded"),
    INSTALLING("installing"), INSTALLED("installed"), FAILED("failed"), CANCELED("canceled");

    companion object {
        fun of(wire: String): InstallStatus? = values().firstOrNull { it.wire == wire }
    }
}

/** The part of Play Core's `AppUpdateManager` the restart prompt uses. */
interface AppUpdateManager {
    /** `appUpdateInfo.addOnSuccessListener`: called later, on the main thread. */
    fun requestAppUpdateInfo(onSuccess: (InstallStatus) -> Unit)
    /** Reports install status changes from now on, never the current status. */
    fun registerListener(listener: (InstallStatus) -> Unit)
    fun completeUpdate()
}

/** The snackbar with its Restart button. */
interface RestartSnackbar {
    fun show()
    fun hide()
}

/** SharedPreferences: what outlives the process. */
interface Preferences {
    fun getBoolean(key: String): Boolean
    fun putBoolean(key: String, value: Boolean)
}

typealias RestartPromptFactory = (AppUpdateManager, RestartSnackbar, Preferences) -> RestartPromptController

/**
 * Asks the user to restart once a flexible update has downloaded: from the install-state listener
 * while the app runs, and from the `appUpdateInfo` query every launch sends, since a listener
 * registered now never hears of a download that finished while the app was closed.
 */
open class RestartPromptController(
    protected val updates: AppUpdateManager,
    protected val snackbar: RestartSnackbar,
    protected val preferences: Preferences
) {
    enum class Prompt { NONE, VISIBLE, DISMISSED }

    var prompt = Prompt.NONE
        protected set

    /** `onCreate`: listen for changes, and ask for the status now. */
    open fun onLaunch() {
        updates.registerListener { onInstallState(it) }
        updates.requestAppUpdateInfo { onInstallState(it) }
    }

    /** A status from the listener or from the launch query. */
    open fun onInstallState(status: InstallStatus) {
        if (status == InstallStatus.DOWNLOADED) {
            // Once per finished download, and not again in this session after a dismissal.
            if (prompt != Prompt.NONE) return
            prompt = Prompt.VISIBLE
            snackbar.show()
        } else {
            if (prompt == Prompt.VISIBLE) snackbar.hide()
            prompt = Prompt.NONE
        }
    }

    open fun onDismissed() {
        if (prompt == Prompt.VISIBLE) prompt = Prompt.DISMISSED
    }

    open fun onRestartTapped() {
        if (prompt == Prompt.VISIBLE) updates.completeUpdate()
    }
}
