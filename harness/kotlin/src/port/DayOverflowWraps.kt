package conform.port

import conform.reference.ReviewEligibility
import conform.reference.ReviewPromptConfig

/**
 * `day-overflow-wraps`: never-attempted stored as the `Long.MIN_VALUE` sentinel and the day
 * difference taken with plain `Long` subtraction, which wraps (`20000 - Long.MIN_VALUE < 0`).
 */
object DayOverflowWraps : ReviewEligibility {
    private const val NEVER_ATTEMPTED = Long.MIN_VALUE

    override fun shouldRequestReview(
        config: ReviewPromptConfig,
        wonCompletionCount: Int,
        lastAttemptEpochDay: Long?,
        todayEpochDay: Long,
        lastPromptedVersion: String?,
        currentVersion: String,
        forceOverride: Boolean
    ): Boolean {
        val lastAttempt = lastAttemptEpochDay ?: NEVER_ATTEMPTED
        if (forceOverride) return true
        if (wonCompletionCount < config.winThreshold) return false
        if (todayEpochDay - lastAttempt < config.cooldownDays) return false
        if (lastPromptedVersion != null && lastPromptedVersion == currentVersion) return false
        return true
    }
}
