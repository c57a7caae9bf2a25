package conform.reference

/** The presenting screen's state, as the story's `UIScene.ActivationState` (Android: `Lifecycle.State`). */
enum class SceneState(val wireName: String) {
    /** On screen and interactive (Android: `RESUMED`). */
    FOREGROUND_ACTIVE("foregroundActive"),
    /** On screen, not interactive (Android: `STARTED`). */
    FOREGROUND_INACTIVE("foregroundInactive"),
    /** Not visible (Android: `CREATED`). */
    BACKGROUND("background");

    companion object {
        fun fromWireName(name: String): SceneState? = values().firstOrNull { it.wireName == name }
    }
}

/** The persisted review-prompt state (SharedPreferences or DataStore in the app). */
interface ReviewPromptRepository {
    val wonCompletionCount: Int
    val lastAttemptEpochDay: Long?
    val lastPromptedVersion: String?
    fun recordAttempt(epochDay: Long, version: String)
}

/** What the rules read from the app: its version, the calendar day, the debug switch. */
interface AppFacts {
    val currentVersion: String
    val todayEpochDay: Long
    val forceOverride: Boolean
}

/** The screen that hosts the prompt, read when the request fires, never when it is scheduled. */
interface ReviewPresenter {
    val isWindowAttached: Boolean
    val sceneState: SceneState
    /** Launches the in-app review flow (Play's `ReviewManager.launchReviewFlow`). */
    fun requestReview()
}

/**
 * Asks for a store review after a win, with both fixes of the review-prompt story.
 *
 * A win marks the prompt pending; showing the completion screen schedules the request
 * [ReviewPromptConfig.delayMs] later; leaving the screen cancels it. The attempt is recorded only
 * when the request fires on a foreground-active screen with a window, so a cancelled or
 * impossible request never uses up the version's only chance.
 */
open class ReviewPromptScheduler(
    protected val config: ReviewPromptConfig,
    private val eligibility: ReviewEligibility,
    private val repository: ReviewPromptRepository,
    private val app: AppFacts,
    private val presenter: ReviewPresenter,
    protected val scheduler: VirtualTimeScheduler
) {
    var isPending = false
        private set

    /** The request waiting for its delay, if any. */
    protected var scheduledJob: VirtualJob? = null

    val isScheduled: Boolean get() = scheduledJob != null

    /** After a win (the count already updated): marks the prompt pending if the rules allow. */
    fun markPending() {
        val eligible = eligibility.shouldRequestReview(
            config, repository.wonCompletionCount, repository.lastAttemptEpochDay, app.todayEpochDay,
            repository.lastPromptedVersion, app.currentVersion, app.forceOverride)
        if (eligible) isPending = true
    }

    /** The completion screen is shown: schedules one request, `delayMs` from now, if pending. */
    open fun screenDidShowCompletion() {
        if (!isPending || scheduledJob != null) return
        scheduledJob = scheduler.launchAfter(config.delayMs) {
            ensureActive() // a leave that arrived after the delay returned must not fire
            fire()
        }
    }

    /** The completion screen will disappear: cancels and forgets the scheduled request. */
    fun screenWillDisappear() {
        scheduledJob?.cancel()
        scheduledJob = null
    }

    /** The request is due: records the attempt and asks for the review, if the screen allows it now. */
    protected fun fire() {
        scheduledJob = null
        if (!presenter.isWindowAttached || presenter.sceneState != SceneState.FOREGROUND_ACTIVE) return
        // The attempt is recorded here and only here.
        repository.recordAttempt(app.todayEpochDay, app.currentVersion)
        isPending = false
        presenter.requestReview()
    }
}

/** Builds a scheduler; a port may substitute its own subclass. */
typealias ReviewPromptSchedulerFactory = (
    ReviewPromptConfig, ReviewEligibility, ReviewPromptRepository, AppFacts, ReviewPresenter, VirtualTimeScheduler
) -> ReviewPromptScheduler
