package conform.reference

/** The app's review-prompt constants; they travel with every case. */
data class ReviewPromptConfig(
    val winThreshold: Int,
    val cooldownDays: Int,
    /** The wait between showing the completion screen and the request, in milliseconds. */
    val delayMs: Long = 2000
)

/** Decides whether the app may ask for a store review now. */
interface ReviewEligibility {
    fun shouldRequestReview(
        config: ReviewPromptConfig,
        wonCompletionCount: Int,
        lastAttemptEpochDay: Long?,
        todayEpochDay: Long,
        lastPromptedVersion: String?,
        currentVersion: String,
        forceOverride: Boolean
    ): Boolean
}

/**
 * The conformant rules (suite `eligibility`, spec 1.1.0): force first, then wins, cooldown and
 * version. `lastAttemptEpochDay == null` means never attempted.
 */
object ReviewPromptRules : ReviewEligibility {
    override fun shouldRequestReview(
        config: ReviewPromptConfig,
        wonCompletionCount: Int,
        lastAttemptEpochDay: Long?,
        todayEpochDay: Long,
        lastPromptedVersion: String?,
        currentVersion: String,
        forceOverride: Boolean
    ): Boolean {
        if (forceOverride) return true
        if (wonCompletionCount < config.winThreshold) return false
        if (lastAttemptEpochDay != null && daysBetween(lastAttemptEpochDay, todayEpochDay) < config.cooldownDays) return false
        // String equality in Kotlin is by UTF-16 unit, hence by code point: no normalization.
        if (lastPromptedVersion != null && lastPromptedVersion == currentVersion) return false
        return true
    }
}

/**
 * `to - from` in days, exact: when the difference does not fit in a `Long` it is clamped to
 * `Long.MAX_VALUE` or `Long.MIN_VALUE`, which compare with any cooldown as the true value would.
 */
fun daysBetween(from: Long, to: Long): Long = try {
    Math.subtractExact(to, from)
} catch (overflow: ArithmeticException) {
    if (to > from) Long.MAX_VALUE else Long.MIN_VALUE
}
