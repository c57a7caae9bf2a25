package conform.port

import conform.reference.DrawRefreshing
import conform.reference.KOREA
import java.time.DayOfWeek
import java.time.Instant
import java.time.ZonedDateTime
import java.util.Calendar
import java.util.TimeZone

/**
 * `calendar-weekday`: the last draw found with `java.util.Calendar`, whose DAY_OF_WEEK counts
 * from Sunday = 1 (Saturday is 7), against `java.time`'s ISO `DayOfWeek.SATURDAY.value` (6): the
 * draw lands on Friday 20:00, and the round is one behind from Saturday's draw to Friday's.
 */
object CalendarWeekday : DrawRefreshing {
    override fun lastDraw(now: Instant): ZonedDateTime {
        val calendar = Calendar.getInstance(TimeZone.getTimeZone("GMT+09:00"))
        calendar.timeInMillis = now.toEpochMilli()
        while (calendar.get(Calendar.DAY_OF_WEEK) != DayOfWeek.SATURDAY.value) calendar.add(Calendar.DAY_OF_MONTH, -1)
        calendar.set(Calendar.HOUR_OF_DAY, 20)
        calendar.set(Calendar.MINUTE, 0)
        calendar.set(Calendar.SECOND, 0)
        calendar.set(Calendar.MILLISECOND, 0)
        if (calendar.timeInMillis > now.toEpochMilli()) calendar.add(Calendar.DAY_OF_MONTH, -7)
        return Instant.ofEpochMilli(calendar.timeInMillis).atZone(KOREA)
    }
}
