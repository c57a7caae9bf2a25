package conform.port

import conform.reference.ReviewEligibility
import conform.reference.ReviewPromptConfig
import conform.reference.daysBetween

/** `force-override-last`: the debug override checked after the rules, so it cannot lift a refusal. */
object ForceOverrideLast : ReviewEligibility {
    override fun shouldRequestReview(
        config: ReviewPromptConfig,
        wonCompletionCount: Int,
        lastAttemptEpochDay: Long?,
        todayEpochDay: Long,
        lastPromptedVersion: String?,
        currentVersion: String,
        forceOverride: Boolean
    ): Boolean {
        if (wonCompletionCount < config.winThreshold) return false
        if (lastAttemptEpochDay != null && daysBetween(lastAttemptEpochDay, todayEpochDay) < config.cooldownDays) return false
        if (lastPromptedVersion != null && lastPromptedVersion == currentVersion) return false
        if (forceOverride) return true
        return true
    }
}
