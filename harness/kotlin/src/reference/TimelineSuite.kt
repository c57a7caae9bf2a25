package conform.reference

import conform.adapter.Json
import conform.adapter.JsonFields
import conform.adapter.jsonOf

/** Why a well-formed case is outside the suite's domain (spec D17), with its `error` reason. */
class TimelineRefusal(val reason: String) : Exception(reason)

/** The largest count (an `Int`'s), and the most the delay and the advances, or the days moved, add up to (2^52). */
private const val MAX_COUNT = 2147483647L
private const val MAX_TOTAL = 1L shl 52

/** One step, read before any is played, so that a refused case plays nothing. */
private sealed interface TimelineStep {
    data class Plain(val op: String) : TimelineStep
    data class Advance(val ms: Long) : TimelineStep
    data class Scene(val state: SceneState) : TimelineStep
    data class NextDay(val days: Long) : TimelineStep
    data class SetVersion(val version: String) : TimelineStep
}

/**
 * Runs one `timeline` case (spec 1.1.0): reads it in the spec's order, refusing an input outside
 * the domain (D17), then builds the world from `start`, plays the `steps` on the scheduler made by
 * [newScheduler], and reports the effects and the final state.
 */
fun runTimeline(input: JsonFields, eligibility: ReviewEligibility, newScheduler: ReviewPromptSchedulerFactory): Json =
    try {
        playTimeline(input, eligibility, newScheduler)
    } catch (refusal: TimelineRefusal) {
        jsonOf("error" to refusal.reason)
    }

private fun playTimeline(input: JsonFields, eligibility: ReviewEligibility, newScheduler: ReviewPromptSchedulerFactory): Json {
    val configFields = input.fields("config")
    val start = input.fields("start")
    val threshold = configFields.long("winThreshold")
    val cooldown = configFields.long("cooldownDays")
    val wins = start.long("wonCompletionCount")
    if (listOf(threshold, cooldown, wins).any { it !in 0..MAX_COUNT }) throw TimelineRefusal("count-out-of-range")
    val delay = configFields.long("delayMs")
    if (delay !in 0..MAX_TOTAL) throw TimelineRefusal("time-out-of-range")
    val startScene = sceneState(start, "sceneState")
    val todayEpochDay = start.long("todayEpochDay")
    val stepFields = input.objects("steps")
    if (stepFields.size > 10000) throw TimelineRefusal("too-many-steps")
    val steps = readSteps(stepFields, delay, wins, todayEpochDay)

    val config = ReviewPromptConfig(threshold.toInt(), cooldown.toInt(), delay)
    val clock = VirtualTimeScheduler()
    val world = TimelineWorld(
        clock,
        wonCompletionCount = wins.toInt(),
        lastAttemptEpochDay = start.optionalLong("lastAttemptEpochDay"),
        lastPromptedVersion = start.optionalString("lastPromptedVersion"),
        todayEpochDay = todayEpochDay,
        currentVersion = start.string("currentVersion"),
        forceOverride = start.bool("forceOverride"),
        sceneState = startScene,
        isWindowAttached = start.bool("windowAttached"))
    val prompt = newScheduler(config, eligibility, world, world, world, clock)

    for (step in steps) {
        when (step) {
            is TimelineStep.Advance -> clock.advanceBy(step.ms)
            is TimelineStep.Scene -> world.sceneState = step.state
            is TimelineStep.NextDay -> world.todayEpochDay += step.days
            is TimelineStep.SetVersion -> world.currentVersion = step.version
            is TimelineStep.Plain -> when (step.op) {
                "win" -> {
                    world.recordWin()
                    prompt.markPending()
                }
                "show" -> prompt.screenDidShowCompletion()
                "leave" -> prompt.screenWillDisappear()
                "leaveAfterSleep" -> {
                    val raced = prompt.isScheduled && clock.advanceToNextDue { prompt.screenWillDisappear() }
                    if (!raced) prompt.screenWillDisappear()
                }
                "detachWindow" -> world.isWindowAttached = false
                "attachWindow" -> world.isWindowAttached = true
            }
        }
    }

    return jsonOf(
        "effects" to world.effects,
        "final" to jsonOf(
            "lastAttemptEpochDay" to world.lastAttemptEpochDay,
            "lastPromptedVersion" to world.lastPromptedVersion,
            "now" to clock.now,
            "pending" to prompt.isPending,
            "scheduled" to prompt.isScheduled,
            "today" to world.todayEpochDay,
            "wonCompletionCount" to world.wonCompletionCount))
}

/** Every step in order, each with the totals so far checked against the domain (D17). */
private fun readSteps(steps: List<JsonFields>, delay: Long, wins: Long, todayEpochDay: Long): List<TimelineStep> {
    var milliseconds = delay
    var days = 0L
    var count = wins
    return steps.map { step ->
        val read = when (val op = step.string("op")) {
            "win", "show", "leave", "leaveAfterSleep", "detachWindow", "attachWindow" -> TimelineStep.Plain(op)
            "advance" -> TimelineStep.Advance(nonNegative(step, "ms", "time-out-of-range"))
            "scene" -> TimelineStep.Scene(sceneState(step, "state"))
            "nextDay" -> TimelineStep.NextDay(nonNegative(step, "days", "day-out-of-range"))
            "setVersion" -> TimelineStep.SetVersion(step.string("version"))
            else -> throw TimelineRefusal("unknown-step")
        }
        when (read) {
            is TimelineStep.Advance -> {
                milliseconds += read.ms
                if (milliseconds > MAX_TOTAL) throw TimelineRefusal("time-out-of-range")
            }
            is TimelineStep.NextDay -> {
                days += read.days
                if (days > MAX_TOTAL || todayEpochDay > Long.MAX_VALUE - days) throw TimelineRefusal("day-out-of-range")
            }
            is TimelineStep.Plain -> if (read.op == "win" && ++count > MAX_COUNT) throw TimelineRefusal("count-out-of-range")
            else -> {}
        }
        read
    }
}

private fun sceneState(fields: JsonFields, key: String): SceneState =
    SceneState.fromWireName(fields.string(key)) ?: throw TimelineRefusal("unknown-scene-state")

private fun nonNegative(fields: JsonFields, key: String, refusal: String): Long {
    val value = fields.long(key)
    if (value < 0) throw TimelineRefusal(refusal)
    return value
}
