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
 * Plays one `timeline` case (fixtures/timeline.md, spec 1.1.0) against the app's
 * [ReviewPromptController] on a [VirtualMainThread], and reports what the app did.
 */
object TimelineDriver {
    /** The spec's domain: the delay and the advances together, and the days moved, stay at or below 2^52. */
    private const val LIMIT = 1L shl 52

    /** The most steps a timeline may have. */
    private const val MAX_STEPS = 10_000

    /** The one field besides `op` that a step may have, for every step the spec lists. */
    private val STEP_ARGUMENTS = mapOf(
        "win" to null, "show" to null, "leave" to null, "leaveAfterSleep" to null, "detachWindow" to null,
        "attachWindow" to null, "advance" to "ms", "scene" to "state", "nextDay" to "days", "setVersion" to "version")

    /**
     * The case's output: `effects` and `final`, or `{"error": reason}` when the input is outside
     * the spec's domain (D17). A refused case answers no effects, even of steps already played.
     */
    fun run(input: JsonFields): Json = try {
        play(input)
    } catch (refused: OutOfDomain) {
        jsonOf("error" to refused.reason)
    }

    /** Reads and plays the case in the spec's order; the first thing outside the domain throws [OutOfDomain]. */
    private fun play(input: JsonFields): Json {
        input.rejectUnknown("config", "start", "steps")
        val config = input.fields("config")
        config.rejectUnknown("cooldownDays", "delayMs", "winThreshold")
        val start = input.fields("start")
        start.rejectUnknown("currentVersion", "forceOverride", "lastAttemptEpochDay", "lastPromptedVersion",
            "sceneState", "todayEpochDay", "windowAttached", "wonCompletionCount")
        val winThreshold = count(config, "winThreshold")
        val cooldownDays = count(config, "cooldownDays")
        val wonGames = count(start, "wonCompletionCount")
        val delayMillis = config.long("delayMs")
        if (delayMillis !in 0L..LIMIT) throw OutOfDomain.TIME
        val policy = ReviewPromptPolicy(winThreshold = winThreshold, cooldownDays = cooldownDays, requestDelayMillis = delayMillis)

        val mainThread = VirtualMainThread()
        val app = TimelineApp(
            mainThread,
            wonGames = wonGames,
            lastAttemptEpochDay = start.optionalLong("lastAttemptEpochDay"),
            lastPromptedVersion = start.optionalString("lastPromptedVersion"),
            todayEpochDay = start.long("todayEpochDay"),
            appVersion = start.string("currentVersion"),
            forceReview = start.bool("forceOverride"),
            screenState = screenState(start, "sceneState"),
            hasWindow = start.bool("windowAttached"))
        val controller = ReviewPromptController(policy, app, app, app, mainThread)

        val steps = input.objects("steps")
        if (steps.size > MAX_STEPS) throw OutOfDomain.TOO_MANY_STEPS
        // The spec's running totals: the delay plus every advance, and every nextDay.
        var timeMoved = delayMillis
        var daysMoved = 0L
        for (step in steps) {
            val op = step.string("op")
            if (op !in STEP_ARGUMENTS) throw OutOfDomain.UNKNOWN_STEP
            val argument = STEP_ARGUMENTS[op]
            if (argument == null) step.rejectUnknown("op") else step.rejectUnknown("op", argument)
            when (op) {
                "win" -> {
                    if (app.wonGames == Int.MAX_VALUE) throw OutOfDomain.COUNT
                    controller.onGameWon()
                }
                "show" -> controller.onCompletionScreenShown()
                "leave" -> controller.onCompletionScreenHidden()
                "leaveAfterSleep" -> {
                    // With a request posted: its delay elapses, then the screen is left before it runs.
                    val raced = controller.isRequestScheduled &&
                        mainThread.elapseNextDelay { controller.onCompletionScreenHidden() }
                    if (!raced) controller.onCompletionScreenHidden()
                }
                "advance" -> {
                    val millis = step.long("ms")
                    if (millis < 0 || millis > LIMIT - timeMoved) throw OutOfDomain.TIME
                    timeMoved += millis
                    mainThread.advanceBy(millis)
                }
                "scene" -> app.screenState = screenState(step, "state")
                "detachWindow" -> app.hasWindow = false
                "attachWindow" -> app.hasWindow = true
                "nextDay" -> {
                    val days = step.long("days")
                    if (days < 0 || days > LIMIT - daysMoved) throw OutOfDomain.DAY
                    daysMoved += days
                    app.todayEpochDay = try {
                        Math.addExact(app.todayEpochDay, days)
                    } catch (overflow: ArithmeticException) {
                        throw OutOfDomain.DAY
                    }
                }
                "setVersion" -> app.appVersion = step.string("version")
            }
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

    /** A count the app keeps in an `Int`: 0 to 2147483647, else the case is refused. */
    private fun count(fields: JsonFields, key: String): Int {
        val value = fields.long(key)
        if (value !in 0L..Int.MAX_VALUE.toLong()) throw OutOfDomain.COUNT
        return value.toInt()
    }

    /** The scene state named by `key`, spelled exactly as the spec does (never trimmed or folded). */
    private fun screenState(fields: JsonFields, key: String): ScreenState = when (fields.string(key)) {
        "foregroundActive" -> ScreenState.RESUMED
        "foregroundInactive" -> ScreenState.STARTED
        "background" -> ScreenState.CREATED
        else -> throw OutOfDomain.SCENE_STATE
    }
}

/** A well-formed timeline the spec puts outside its domain, with the reason it answers (D17). */
class OutOfDomain private constructor(val reason: String) : Exception(reason) {
    companion object {
        val COUNT get() = OutOfDomain("count-out-of-range")
        val TIME get() = OutOfDomain("time-out-of-range")
        val DAY get() = OutOfDomain("day-out-of-range")
        val SCENE_STATE get() = OutOfDomain("unknown-scene-state")
        val UNKNOWN_STEP get() = OutOfDomain("unknown-step")
        val TOO_MANY_STEPS get() = OutOfDomain("too-many-steps")
    }
}

/** An integer field from 0 to 2147483647. */
fun nonNegativeInt(fields: JsonFields, key: String): Int {
    val value = fields.int(key)
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
