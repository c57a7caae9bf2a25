package conform.reference

import conform.adapter.Json
import conform.adapter.JsonFields
import conform.adapter.JsonShapeError
import conform.adapter.jsonOf

/**
 * Runs one `timeline` case (spec 1.0.0): builds the world from `start`, plays the `steps` on
 * the scheduler made by [newScheduler], and reports the effects and the final state.
 */
fun runTimeline(input: JsonFields, eligibility: ReviewEligibility, newScheduler: ReviewPromptSchedulerFactory): Json {
    val configFields = input.fields("config")
    val config = ReviewPromptConfig(configFields.int("winThreshold"), configFields.int("cooldownDays"), configFields.long("delayMs"))
    val start = input.fields("start")
    val clock = VirtualTimeScheduler()
    val world = TimelineWorld(
        clock,
        wonCompletionCount = start.int("wonCompletionCount"),
        lastAttemptEpochDay = start.optionalLong("lastAttemptEpochDay"),
        lastPromptedVersion = start.optionalString("lastPromptedVersion"),
        todayEpochDay = start.long("todayEpochDay"),
        currentVersion = start.string("currentVersion"),
        forceOverride = start.bool("forceOverride"),
        sceneState = sceneState(start, "sceneState"),
        isWindowAttached = start.bool("windowAttached"))
    val prompt = newScheduler(config, eligibility, world, world, world, clock)

    for (step in input.objects("steps")) {
        when (val op = step.string("op")) {
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
            "advance" -> clock.advanceBy(nonNegative(step, "ms"))
            "scene" -> world.sceneState = sceneState(step, "state")
            "detachWindow" -> world.isWindowAttached = false
            "attachWindow" -> world.isWindowAttached = true
            "nextDay" -> world.todayEpochDay = Math.addExact(world.todayEpochDay, nonNegative(step, "days"))
            "setVersion" -> world.currentVersion = step.string("version")
            else -> throw JsonShapeError(step.pathOf("op"), "unknown step \"$op\"")
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

private fun sceneState(fields: JsonFields, key: String): SceneState {
    val name = fields.string(key)
    return SceneState.fromWireName(name)
        ?: throw JsonShapeError(fields.pathOf(key), "unknown scene state \"$name\" (expected foregroundActive, foregroundInactive or background)")
}

private fun nonNegative(fields: JsonFields, key: String): Long {
    val value = fields.long(key)
    if (value < 0) throw JsonShapeError(fields.pathOf(key), "expected an integer >= 0, found $value")
    return value
}
