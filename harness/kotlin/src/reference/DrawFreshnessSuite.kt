package conform.reference

import conform.adapter.Json
import conform.adapter.JsonFields
import conform.adapter.JsonInt
import conform.adapter.JsonNull
import conform.adapter.JsonShapeError
import conform.adapter.JsonString
import conform.adapter.jsonOf
import java.time.Instant

/** Runs one `draw-freshness` case (spec 1.0.0) through [refresher]. */
fun runDrawFreshness(input: JsonFields, refresher: DrawRefreshing): Json {
    input.rejectUnknown("cached", "fetched", "now", "retryAfterSeconds")
    val now = input.long("now")
    if (now !in 0L..253402300799L) throw JsonShapeError(input.pathOf("now"), "$now is outside 0...253402300799")
    val retry = input.long("retryAfterSeconds")
    if (retry !in 1L..86400L) throw JsonShapeError(input.pathOf("retryAfterSeconds"), "$retry is outside 1...86400")
    val result = refresher.refresh(lottoDraw(input, "cached"), lottoDraw(input, "fetched"), Instant.ofEpochSecond(now), retry)
    return jsonOf(
        "cache" to if (result.storesFetched) "fetched" else "unchanged",
        "headerRound" to result.headerRound,
        "latestRound" to result.latestRound,
        "listRound" to result.listRound,
        "refreshAt" to result.refreshAt.epochSecond,
        "retry" to result.retry)
}

private fun lottoDraw(parent: JsonFields, key: String): LottoDraw? {
    if (parent.value(key) == JsonNull) return null
    val draw = parent.fields(key)
    draw.rejectUnknown("bonus", "numbers", "round", "stores")
    val round = draw.long("round")
    if (round !in 1L..Int.MAX_VALUE.toLong()) throw JsonShapeError(draw.pathOf("round"), "$round is outside 1...2147483647")
    val numbers = draw.array("numbers").mapIndexed { index, value ->
        val number = (value as? JsonInt)?.value
        if (number == null || number !in 0L..Int.MAX_VALUE.toLong()) {
            throw JsonShapeError(draw.pathOf("numbers") + "[$index]", "expected an integer from 0 to 2147483647")
        }
        number.toInt()
    }
    val bonus = draw.optionalLong("bonus")
    if (bonus != null && bonus !in 0L..Int.MAX_VALUE.toLong()) throw JsonShapeError(draw.pathOf("bonus"), "$bonus is outside 0...2147483647")
    val stores = draw.array("stores").mapIndexed { index, value ->
        (value as? JsonString)?.value ?: throw JsonShapeError(draw.pathOf("stores") + "[$index]", "expected a string")
    }
    return LottoDraw(round.toInt(), numbers, bonus?.toInt(), stores)
}
