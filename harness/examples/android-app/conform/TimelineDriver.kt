package com.example.dailygame.conform

import com.example.dailygame.review.AppEnvironment
import com.example.dailygame.review.ReviewHistory
import com.example.dailygame.review.ReviewHost
import com.example.dailygame.review.ReviewPromptController
import com.example.dailygame.review.ReviewPromptPolicy
import com.example.dailygame.review.ReviewPromptStore
import com.example.dailygame.review.ScreenState
import conform.adapter.Json
import conform.adapter.JsonFields
import conform.adapter.JsonShapeError
import conform.adapter.jsonOf

/**
 * Plays one `timeline` case (fixtures/timeline.md, spec 1.0.0) against the app's
 * [ReviewPromptController] on a [VirtualMainThread], and reports what the app did.
 */
object TimelineDriver {
    /** The spec's domain: the clock and the days moved stay at or below 2^52. */
    private const val LIMIT = 1L shl 52

    /** The one field besides `op` that a step may have. */
    private val STEP_ARGUMENTS = mapOf("advance" to "ms", "scene" to "state", "nextDay" to "days", "setVersion" to "version")

    fun run(input: JsonFields): Json {
        input.rejectUnknown("config", "start", "steps")
        val config = input.fields("config")
        config.rejectUnknown("cooldownDays", "delayMs", "winThreshold")
        val policy = ReviewPromptPolicy(
            winThreshold = nonNegativeInt(config, "winThreshold"),
            cooldownDays = nonNegativeInt(config, "cooldownDays"),
            requestDelayMillis = nonNegativeLong(config, "delayMs"))

        val start = input.fields("start")
        start.rejectUnknown("currentVersion", "forceOverride", "lastAttemptEpochDay", "lastPromptedVersion",
            "sceneState", "todayEpochDay", "windowAttached", "wonCompletionCount")
        val mainThread = VirtualMainThread()
        val app = TimelineApp(
            mainThread,
            wonGames = nonNegativeInt(start, "wonCompletionCount"),
            lastAttemptEpochDay = start.optionalLong("lastAttemptEpochDay"),
            lastPromptedVersion = start.optionalString("lastPromptedVersion"),
            todayEpochDay = start.long("todayEpochDay"),
            appVersion = start.string("currentVersion"),
            forceReview = start.bool("forceOverride"),
            screenState = screenState(start, "sceneState"),
            hasWindow = start.bool("windowAttached"))
        val controller = ReviewPromptController(policy, app, app, app, mainThread)

        var daysMoved = 0L
        for (step in input.objects("steps")) {
            val op = step.string("op")
            val argument = STEP_ARGUMENTS[op]
            if (argument == null) step.rejectUnknown("op") else step.rejectUnknown("op", argument)
            when (op) {
                "win" -> controller.onGameWon()
                "show" -> controller.onCompletionScreenShown()
                "leave" -> controller.onCompletionScreenHidden()
                "leaveAfterSleep" -> {
                    // With a request posted: its delay elapses, then the screen is left before it runs.
                    val raced = controller.isRequestScheduled &&
                        mainThread.elapseNextDelay { controller.onCompletionScreenHidden() }
                    if (!raced) controller.onCompletionScreenHidden()
                }
                "advance" -> {
                    val millis = nonNegativeLong(step, "ms")
                    if (millis > LIMIT - mainThread.nowMillis) throw IllegalArgumentException("${step.path}: the clock would pass 2^52 ms, outside the timeline spec")
                    mainThread.advanceBy(millis)
                }
                "scene" -> app.screenState = screenState(step, "state")
                "detachWindow" -> app.hasWindow = false
                "attachWindow" -> app.hasWindow = true
                "nextDay" -> {
                    val days = nonNegativeLong(step, "days")
                    if (days > LIMIT - daysMoved) throw IllegalArgumentException("${step.path}: the days moved would pass 2^52, outside the timeline spec")
                    daysMoved += days
                    app.todayEpochDay = try {
                        Math.addExact(app.todayEpochDay, days)
                    } catch (overflow: ArithmeticException) {
                        throw IllegalArgumentException("${step.path}: the day passes the 64-bit range, outside the timeline spec")
                    }
                }
                "setVersion" -> app.appVersion = step.string("version")
                else -> throw JsonShapeError(step.pathOf("op"), "unknown step \"$op\"")
            }
            // leaveAfterSleep moves the clock to the request's due time, which may be far away.
            if (mainThread.nowMillis > LIMIT) throw IllegalArgumentException("${step.path}: the clock passed 2^52 ms, outside the timeline spec")
        }

        return jsonOf(
            "effects" to app.effects,
            "final" to jsonOf(
                "lastAttemptEpochDay" to app.lastAttemptEpochDay,
                "lastPromptedVersion" to app.lastPromptedVersion,
                "now" to mainThread.nowMillis,
                "pending" to controller.isPromptPending,
                "scheduled" to controller.isRequestScheduled,
                "today" to app.todayEpochDay,
                "wonCompletionCount" to app.wonGames))
    }

    private fun screenState(fields: JsonFields, key: String): ScreenState = when (val name = fields.string(key)) {
        "foregroundActive" -> ScreenState.RESUMED
        "foregroundInactive" -> ScreenState.STARTED
        "background" -> ScreenState.CREATED
        else -> throw JsonShapeError(fields.pathOf(key),
            "unknown scene state \"$name\" (expected foregroundActive, foregroundInactive or background)")
    }
}

/** An integer field from 0 to 2147483647. */
fun nonNegativeInt(fields: JsonFields, key: String): Int {
    val value = fields.int(key)
    if (value < 0) throw JsonShapeError(fields.pathOf(key), "expected an integer >= 0, found $value")
    return value
}

/** A 64-bit integer field that is 0 or more. */
fun nonNegativeLong(fields: JsonFields, key: String): Long {
    val value = fields.long(key)
    if (value < 0) throw JsonShapeError(fields.pathOf(key), "expected an integer >= 0, found $value")
    return value
}

/**
 * The app around the controller during a timeline: an in-memory store, the environment and the
 * host in one fake, logging each attempt and each review request at the virtual time it happens.
 */
class TimelineApp(
    private val mainThread: VirtualMainThread,
    var wonGames: Int,
    var lastAttemptEpochDay: Long?,
    var lastPromptedVersion: String?,
    override var todayEpochDay: Long,
    override var appVersion: String,
    override val forceReview: Boolean,
    override var screenState: ScreenState,
    override var hasWindow: Boolean
) : ReviewPromptStore, AppEnvironment, ReviewHost {
    /** The `recordAttempt` and `requestReview` effects, in order, as the spec writes them. */
    val effects = ArrayList<Json>()

    override fun history() = ReviewHistory(wonGames, lastAttemptEpochDay, lastPromptedVersion)

    override fun recordWin() {
        if (wonGames == Int.MAX_VALUE) throw IllegalArgumentException("the win count would pass 2147483647, outside the timeline spec")
        wonGames++
    }

    override fun recordAttempt(epochDay: Long, appVersion: String) {
        lastAttemptEpochDay = epochDay
        lastPromptedVersion = appVersion
        effects.add(jsonOf("at" to mainThread.nowMillis, "day" to epochDay, "effect" to "recordAttempt", "version" to appVersion))
    }

    override fun launchReviewFlow() {
        effects.add(jsonOf("at" to mainThread.nowMillis, "effect" to "requestReview"))
    }
}
