package com.example.dailygame.review

/** The hosting screen's lifecycle state, as `androidx.lifecycle.Lifecycle.State`. */
enum class ScreenState {
    /** On screen and interactive. The only state in which we ask. */
    RESUMED,
    /** Visible but not interactive (a dialog or the multi-window split has focus). */
    STARTED,
    /** Not visible: the app went to the background. */
    CREATED
}

/** Posts work to the main thread later. The app wraps `Handler(Looper.getMainLooper())`. */
interface MainThreadScheduler {
    /**
     * Runs [task] once, [delayMillis] from now, unless it is cancelled first. The task gets its
     * own handle, so it can see a cancel that arrived after its delay elapsed.
     */
    fun postDelayed(delayMillis: Long, task: (ScheduledTask) -> Unit): ScheduledTask
}

/** A task posted with [MainThreadScheduler.postDelayed]. */
interface ScheduledTask {
    val isCancelled: Boolean

    /** Cancels the task: if it has not started yet, it never does anything. */
    fun cancel()
}

/** The persisted review state (SharedPreferences or DataStore in the app). */
interface ReviewPromptStore {
    fun history(): ReviewHistory

    /** Counts one more won game. */
    fun recordWin()

    /** Remembers that we asked today for this version: starts the cooldown, uses up the version. */
    fun recordAttempt(epochDay: Long, appVersion: String)
}

/** Facts about the device and the build that the rules read, always fresh. */
interface AppEnvironment {
    /** `BuildConfig.VERSION_NAME`. */
    val appVersion: String

    /** Today as a UTC epoch day: `LocalDate.now(ZoneOffset.UTC).toEpochDay()`. */
    val todayEpochDay: Long

    /** The debug menu's "always ask" switch. */
    val forceReview: Boolean
}

/** The Activity that hosts the review flow, read when the request is due, never before. */
interface ReviewHost {
    /** The Activity still has a window (`window.decorView.isAttachedToWindow`). */
    val hasWindow: Boolean

    /** `lifecycle.currentState`. */
    val screenState: ScreenState

    /** Play's `ReviewManager.requestReviewFlow()` then `launchReviewFlow()`. */
    fun launchReviewFlow()
}

/**
 * Asks for a Play Store review a little after a win, without coroutines: a won game makes the
 * prompt pending, the completion screen posts the request [ReviewPromptPolicy.requestDelayMillis]
 * later, and leaving the screen cancels it.
 *
 * The attempt is recorded only when the request actually runs on a resumed screen with a window:
 * a cancelled or impossible request must not use up this version's only chance, nor start the
 * cooldown.
 */
class ReviewPromptController(
    private val policy: ReviewPromptPolicy,
    private val store: ReviewPromptStore,
    private val environment: AppEnvironment,
    private val host: ReviewHost,
    private val mainThread: MainThreadScheduler
) {
    /** A won game made us want to ask; cleared only when we do ask. */
    var isPromptPending = false
        private set

    private var scheduledRequest: ScheduledTask? = null

    val isRequestScheduled: Boolean
        get() = scheduledRequest != null

    /** A game was won: counts it, then marks the prompt pending if the rules allow asking now. */
    fun onGameWon() {
        store.recordWin()
        val eligible = ReviewEligibility.canAskForReview(
            policy, store.history(), environment.todayEpochDay, environment.appVersion, environment.forceReview)
        // A win that is not eligible leaves an earlier pending prompt pending.
        if (eligible) isPromptPending = true
    }

    /** The completion screen is on screen: posts one request, if a prompt is pending. */
    fun onCompletionScreenShown() {
        if (!isPromptPending || scheduledRequest != null) return
        scheduledRequest = mainThread.postDelayed(policy.requestDelayMillis) { task -> onRequestDue(task) }
    }

    /** The completion screen is going away: cancels and forgets the posted request. */
    fun onCompletionScreenHidden() {
        scheduledRequest?.cancel()
        scheduledRequest = null
    }

    private fun onRequestDue(task: ScheduledTask) {
        if (scheduledRequest === task) scheduledRequest = null
        // The screen may have been left after the delay elapsed but before this ran.
        if (task.isCancelled) return
        // Backgrounded or windowless now: do not ask, do not record; the prompt stays pending.
        if (!host.hasWindow || host.screenState != ScreenState.RESUMED) return
        // The only place an attempt is recorded.
        store.recordAttempt(environment.todayEpochDay, environment.appVersion)
        isPromptPending = false
        host.launchReviewFlow()
    }
}
