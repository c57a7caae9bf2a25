package conform.reference

import conform.adapter.Json
import conform.adapter.jsonOf

/**
 * The app around the scheduler in a timeline: an in-memory repository, the app facts and the
 * presenter, all in one fake that logs every effect with the virtual time it happened at.
 */
class TimelineWorld(
    private val clock: VirtualTimeScheduler,
    override var wonCompletionCount: Int,
    override var lastAttemptEpochDay: Long?,
    override var lastPromptedVersion: String?,
    override var todayEpochDay: Long,
    override var currentVersion: String,
    override val forceOverride: Boolean,
    override var sceneState: SceneState,
    override var isWindowAttached: Boolean
) : ReviewPromptRepository, AppFacts, ReviewPresenter {
    /** `recordAttempt` and `requestReview` effects, in order. */
    val effects = ArrayList<Json>()

    /** A game was won. The count is a 32-bit `Int`, as in the app; a win past its maximum is an error. */
    fun recordWin() {
        wonCompletionCount = Math.addExact(wonCompletionCount, 1)
    }

    override fun recordAttempt(epochDay: Long, version: String) {
        lastAttemptEpochDay = epochDay
        lastPromptedVersion = version
        effects.add(jsonOf("at" to clock.now, "day" to epochDay, "effect" to "recordAttempt", "version" to version))
    }

    override fun requestReview() {
        effects.add(jsonOf("at" to clock.now, "effect" to "requestReview"))
    }
}
