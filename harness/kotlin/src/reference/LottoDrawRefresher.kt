package conform.reference

import java.time.DayOfWeek
import java.time.Instant
import java.time.ZoneId
import java.time.ZoneOffset
import java.time.ZonedDateTime
import java.time.temporal.ChronoUnit
import java.time.temporal.TemporalAdjusters

/** A lottery draw as the app stores it and as the API returns it. */
data class LottoDraw(val round: Int, val numbers: List<Int>, val bonus: Int?, val stores: List<String>)

/** What the screen and the widget do after a refresh. */
data class DrawRefresh(
    val storesFetched: Boolean,
    val listRound: Int?,
    val headerRound: Int?,
    val latestRound: Long,
    val retry: Boolean,
    val refreshAt: Instant
)

/** Round 1: Saturday 2002-12-07, 20:00 in Korea (UTC+9, no daylight saving time). */
val KOREA: ZoneOffset = ZoneOffset.ofHours(9)
val FIRST_DRAW: ZonedDateTime = ZonedDateTime.of(2002, 12, 7, 20, 0, 0, 0, KOREA)

/**
 * The lotto app's refresh decision. The reference is [LottoDrawRefresher]; every member has the
 * reference's behaviour as its default, and a port overrides one.
 */
interface DrawRefreshing {
    /** Six different numbers from 1 to 45, a bonus from 1 to 45 not among them, at least one store. */
    fun hasContent(draw: LottoDraw): Boolean {
        if (draw.numbers.size != 6 || draw.numbers.any { it !in 1..45 } || draw.numbers.toSet().size != 6) return false
        val bonus = draw.bonus ?: return false
        if (bonus !in 1..45 || bonus in draw.numbers) return false
        return draw.stores.isNotEmpty()
    }

    /** The header shows the round of the list below it (the 1.0.4 fix). */
    fun headerRound(shown: LottoDraw?, fetched: LottoDraw?): Int? = shown?.round

    /** The zone of the draw schedule: Korea, whatever the device's zone. */
    val drawZone: ZoneId get() = KOREA

    /** The last draw at or before [now]: Saturday 20:00 in Korea. */
    fun lastDraw(now: Instant): ZonedDateTime {
        val draw = now.atZone(drawZone)
            .with(TemporalAdjusters.previousOrSame(DayOfWeek.SATURDAY))
            .withHour(20).withMinute(0).withSecond(0).withNano(0)
        return if (draw.toInstant().isAfter(now)) draw.minusWeeks(1) else draw
    }

    /** The latest round drawn at [now], 0 before the first draw. */
    fun latestRound(now: Instant): Long {
        val draw = lastDraw(now)
        return if (draw.toInstant().isBefore(FIRST_DRAW.toInstant())) 0 else ChronoUnit.WEEKS.between(FIRST_DRAW, draw) + 1
    }

    /** Keeps the newest draw with content, shows it, and says when to look again. */
    fun refresh(cached: LottoDraw?, fetched: LottoDraw?, now: Instant, retryAfterSeconds: Long): DrawRefresh {
        val cachedDraw = cached?.takeIf { hasContent(it) }
        // A newer round without content never replaces the cache; an older one never does either.
        val storesFetched = fetched != null && hasContent(fetched) && fetched.round >= (cachedDraw?.round ?: 0)
        val shown = if (storesFetched) fetched else cachedDraw
        val latest = latestRound(now)
        val retry = (shown?.round ?: 0) < latest
        val nextDraw = if (latest == 0L) FIRST_DRAW.toInstant() else lastDraw(now).plusWeeks(1).toInstant()
        return DrawRefresh(
            storesFetched, shown?.round, headerRound(shown, fetched), latest, retry,
            if (retry) now.plusSeconds(retryAfterSeconds) else nextDraw)
    }
}

/** The app's refresh decision, conformant to the `draw-freshness` spec. */
object LottoDrawRefresher : DrawRefreshing
