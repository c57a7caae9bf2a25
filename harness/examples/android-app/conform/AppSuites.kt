package com.example.dailygame.conform

import com.example.dailygame.review.ReviewEligibility
import com.example.dailygame.review.ReviewHistory
import com.example.dailygame.review.ReviewPromptPolicy
import com.example.dailygame.review.StoreVersionCheck
import conform.adapter.Json
import conform.adapter.JsonFields
import conform.adapter.jsonOf

/**
 * The mapping from each conform suite's case `input` to a call of the app's code, and from its
 * result to the `output` the suite's spec asks for (fixtures/<suite>.md). The conform adapter
 * main and the JUnit bundle test both use it (through [AppConformSuites]), so the two can never map a case differently.
 *
 * Every field is read strictly: a missing field, a wrong type or an unknown field answers
 * `error` naming the field (`field "input.config.winThreshold": expected an integer, found a string`).
 */
object AppSuites {

    /** Every suite the app implements, by name. */
    val bySuite: Map<String, (JsonFields) -> Json> = buildMap {
        put("eligibility", ::eligibility)
        put("version-compare", ::versionCompare)
        put("timeline", ::timeline)
    }

    /**
     * `eligibility` 1.1.0: `{"eligible": Boolean}` from [ReviewEligibility.canAskForReview], or
     * `{"error": "count-out-of-range"}` for a count outside 0..2147483647 (the spec's D10).
     */
    fun eligibility(input: JsonFields): Json {
        input.rejectUnknown("config", "currentVersion", "forceOverride", "lastAttemptEpochDay",
            "lastPromptedVersion", "todayEpochDay", "wonCompletionCount")
        val config = input.fields("config")
        config.rejectUnknown("cooldownDays", "winThreshold")
        val counts = listOf(config.long("winThreshold"), config.long("cooldownDays"), input.long("wonCompletionCount"))
        if (counts.any { it !in 0L..Int.MAX_VALUE.toLong() }) return jsonOf("error" to "count-out-of-range")
        val eligible = ReviewEligibility.canAskForReview(
            policy = ReviewPromptPolicy(
                winThreshold = nonNegativeInt(config, "winThreshold"),
                cooldownDays = nonNegativeInt(config, "cooldownDays")),
            history = ReviewHistory(
                wonGames = nonNegativeInt(input, "wonCompletionCount"),
                lastAttemptEpochDay = input.optionalLong("lastAttemptEpochDay"),
                lastPromptedVersion = input.optionalString("lastPromptedVersion")),
            todayEpochDay = input.long("todayEpochDay"),
            appVersion = input.string("currentVersion"),
            forceReview = input.bool("forceOverride"))
        return jsonOf("eligible" to eligible)
    }

    /** `version-compare` 1.1.0: `{"newer": Boolean}` from [StoreVersionCheck.isNewer]. */
    fun versionCompare(input: JsonFields): Json {
        input.rejectUnknown("local", "remote")
        return jsonOf("newer" to StoreVersionCheck.isNewer(remote = input.string("remote"), local = input.string("local")))
    }

    /**
     * `timeline` 1.1.0: the steps played on the app's review-prompt controller ([TimelineDriver]),
     * or `{"error": reason}` for a case outside the spec's domain (D17).
     */
    fun timeline(input: JsonFields): Json = TimelineDriver.run(input)
}
