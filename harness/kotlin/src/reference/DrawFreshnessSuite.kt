package conform.reference

import conform.adapter.Json
import conform.adapter.JsonFields
import conform.adapter.JsonInt
import conform.adapter.JsonNull
import conform.adapter.JsonShapeError
import conform.adapter.JsonString
import conform.adapter.jsonOf
import java.time.Instant

/** Runs one `draw-freshness` case (spec 1.1.0) through [refresher]. */
fun runDrawFreshness(input: JsonFields, refresher: DrawRefreshing): Json {
    input.rejectUnknown("cached", "fetched", "now", "retryAfterSeconds")
    // Outside the domain the answer is a reason code (D17): the first field outside, in the spec's order.
    val now = input.long("now")
    if (now !in 0L..253402300799L) return outsideDomain("now-out-of-range")
    val retry = input.long("retryAfterSeconds")
    if (retry !in 1L..86400L) return outsideDomain("retry-out-of-range")
    val (cached, fetched) = try {
        lottoDraw(input, "cached") to lottoDraw(input, "fetched")
    } catch (outside: DrawOutsideDomain) {
        return outsideDomain(outside.reason)
    }
    val result = refresher.refresh(cached, fetched, Instant.ofEpochSecond(now), retry)
    return jsonOf(
        "cache" to if (result.storesFetched) "fetched" else "unchanged",
        "headerRound" to result.headerRound,
        "latestRound" to result.latestRound,
        "listRound" to result.listRound,
        "refreshAt" to result.refreshAt.epochSecond,
        "retry" to result.retry)
}

private fun outsideDomain(reason: String): Json = jsonOf("error" to reason)

/** A draw's value outside the spec's domain, with the reason code the answer carries. */
private class DrawOutsideDomain(val reason: String) : Exception(reason)

private const val MAX_ENTRIES = 1000
private val INT_RANGE = 0L..Int.MAX_VALUE.toLong()

private fun lottoDraw(parent: JsonFields, key: String): LottoDraw? {
    if (parent.value(key) == JsonNull) return null
    val draw = parent.fields(key)
    draw.rejectUnknown("bonus", "numbers", "round", "stores")
    val round = draw.long("round")
    if (round !in 1L..Int.MAX_VALUE.toLong()) throw DrawOutsideDomain("round-out-of-range")
    val numberValues = draw.array("numbers")
    if (numberValues.size > MAX_ENTRIES) throw DrawOutsideDomain("too-many-entries")
    val numbers = numberValues.mapIndexed { index, value ->
        val number = (value as? JsonInt)?.value
            ?: throw JsonShapeError(draw.pathOf("numbers") + "[$index]", "expected an integer")
        if (number !in INT_RANGE) throw DrawOutsideDomain("number-out-of-range")
        number.toInt()
    }
    val bonus = draw.optionalLong("bonus")
    if (bonus != null && bonus !in INT_RANGE) throw DrawOutsideDomain("number-out-of-range")
    val storeValues = draw.array("stores")
    if (storeValues.size > MAX_ENTRIES) throw DrawOutsideDomain("too-many-entries")
    val stores = storeValues.mapIndexed { index, value ->
        (value as? JsonString)?.value ?: throw JsonShapeError(draw.pathOf("stores") + "[$index]", "expected a string")
    }
    return LottoDraw(round.toInt(), numbers, bonus?.toInt(), stores)
}
