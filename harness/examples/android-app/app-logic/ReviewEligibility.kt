package com.example.dailygame.review

/**
 * The review-prompt constants. In the app they come from `BuildConfig` (or Remote Config); the
 * conform fixtures send them with every case, so one truth table serves any values.
 */
data class ReviewPromptPolicy(
    /** Games the user must have won before we ask. */
    val winThreshold: Int,
    /** Whole days that must pass after an attempt before the next one. */
    val cooldownDays: Int,
    /** The wait between the completion screen appearing and the review request. */
    val requestDelayMillis: Long = 2_000L
)

/** What the app has stored about wins and earlier prompts. */
data class ReviewHistory(
    val wonGames: Int,
    /** The UTC epoch day of the last recorded attempt; `null` when the app has never asked. */
    val lastAttemptEpochDay: Long?,
    /** The app version of the last recorded attempt; `null` when the app has never asked. */
    val lastPromptedVersion: String?
)

/** May we ask for a Play Store review now? A pure function, so it is tested with a truth table. */
object ReviewEligibility {

    fun canAskForReview(
        policy: ReviewPromptPolicy,
        history: ReviewHistory,
        todayEpochDay: Long,
        appVersion: String,
        forceReview: Boolean
    ): Boolean {
        // The debug switch skips every rule, even a clock that went back.
        if (forceReview) return true
        if (history.wonGames < policy.winThreshold) return false
        val lastAttempt = history.lastAttemptEpochDay
        if (lastAttempt != null && !EpochDays.cooldownOver(lastAttempt, todayEpochDay, policy.cooldownDays)) return false
        // One prompt per version. String == compares UTF-16 units: exact, case-sensitive, no
        // normalization, no trimming (versions are identifiers, not prose).
        if (history.lastPromptedVersion != null && history.lastPromptedVersion == appVersion) return false
        return true
    }
}

/** Day arithmetic on `Long` epoch days that never wraps around silently. */
object EpochDays {

    /**
     * `toEpochDay - fromEpochDay`, or `null` when the true difference does not fit in a `Long`
     * (`20000 - Long.MIN_VALUE` would wrap to a large negative number).
     */
    fun between(fromEpochDay: Long, toEpochDay: Long): Long? {
        val difference = toEpochDay - fromEpochDay
        // The subtraction overflowed iff the operands have opposite signs and the result's sign
        // differs from the minuend's.
        val overflowed = ((toEpochDay xor fromEpochDay) and (toEpochDay xor difference)) < 0L
        return if (overflowed) null else difference
    }

    /**
     * True when at least [cooldownDays] days have passed from [lastAttemptEpochDay] to
     * [todayEpochDay]. A last attempt in the future (the clock went back) has not cooled down.
     */
    fun cooldownOver(lastAttemptEpochDay: Long, todayEpochDay: Long, cooldownDays: Int): Boolean {
        val elapsed = between(lastAttemptEpochDay, todayEpochDay)
            // Beyond the Long range the difference is more than any Int cooldown, one way or the other.
            ?: return todayEpochDay > lastAttemptEpochDay
        return elapsed >= cooldownDays
    }
}
