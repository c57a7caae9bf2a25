package conform.reference

import conform.adapter.Json
import conform.adapter.JsonArray
import conform.adapter.JsonFields
import conform.adapter.JsonInt
import conform.adapter.JsonNull
import conform.adapter.JsonObject
import conform.adapter.JsonReader
import conform.adapter.JsonString
import conform.adapter.JsonSyntaxError
import conform.adapter.jsonOf

/** The story's `AppStoreLookupResponse`: every field optional. */
data class AppStoreLookupResponse(val resultCount: Long?, val results: List<AppStoreLookupResult>?)

/** The story's `AppStoreLookupResult`: every field optional; `trackId` is Swift's 64-bit `Int`. */
data class AppStoreLookupResult(val version: String?, val trackId: Long?, val trackViewUrl: String?)

/** Why there is no update, as the `update-notice` output names it (`"not-json"`, `"decode-failed"`...). */
class NoUpdate(val reason: String) : Exception(reason, null, false, false)

/** Turns the iTunes Lookup body into the structs, or throws [NoUpdate] (`not-json`, `decode-failed`). */
interface AppStoreLookupDecoder {
    fun decode(body: String): AppStoreLookupResponse
}

/**
 * The conformant decoder (suite `update-notice`, spec 1.2.0): the body is read with the harness's
 * strict [JsonReader] (no byte order mark, no duplicate key, nothing after the value; `org.json`
 * and a lenient Gson take all three), then decoded as Swift's `JSONDecoder` decodes the story's
 * `Decodable` structs: a missing or null field is null, any other type fails the whole decode.
 */
object StrictLookupDecoder : AppStoreLookupDecoder {
    override fun decode(body: String): AppStoreLookupResponse {
        val json = try {
            JsonReader.parse(body)
        } catch (syntax: JsonSyntaxError) {
            throw NoUpdate("not-json")
        }
        val response = json as? JsonObject ?: throw NoUpdate("decode-failed")
        val results = optional(response["results"]) { value ->
            val items = (value as? JsonArray)?.items ?: throw NoUpdate("decode-failed")
            items.map { item ->
                val result = item as? JsonObject ?: throw NoUpdate("decode-failed")
                AppStoreLookupResult(
                    version = optional(result["version"], ::string),
                    trackId = optional(result["trackId"], ::long),
                    trackViewUrl = optional(result["trackViewUrl"], ::string))
            }
        }
        return AppStoreLookupResponse(optional(response["resultCount"], ::long), results)
    }

    /** `decodeIfPresent`: null when missing or JSON null, else [decode]'s value. */
    fun <T> optional(value: Json?, decode: (Json) -> T): T? =
        if (value == null || value === JsonNull) null else decode(value)

    /** A JSON integer literal within 64 bits: no fraction, no exponent (those are JsonNumber). */
    fun long(value: Json): Long = (value as? JsonInt)?.value ?: throw NoUpdate("decode-failed")

    fun string(value: Json): String = (value as? JsonString)?.value ?: throw NoUpdate("decode-failed")
}

/** Whether a launch looks the store up. */
sealed class CheckGate {
    object Snoozed : CheckGate()
    object CheckedToday : CheckGate()
    /** Look up, and store [today] as the last check day. */
    data class Check(val today: Long) : CheckGate()
}

/** The app's stored keys (SharedPreferences); null is a missing key. */
data class UpdateNoticePrefs(val nextDisplayAt: Long?, val lastCheckDay: Long?)

/** The snooze and the once-a-day rule. */
interface UpdateNoticeSchedule {
    fun gate(now: Long, utcOffsetSeconds: Long, prefs: UpdateNoticePrefs): CheckGate
    fun nextDisplayAfterLater(now: Long, snoozeSeconds: Long): Long
}

/**
 * The conformant schedule: a missing next-display key reads as 0 (as iOS's
 * `UserDefaults.double(forKey:)`, not `getLong(key, Long.MAX_VALUE)`); one lookup per local day,
 * rounded down with `Math.floorDiv` (`/` rounds toward zero).
 */
object LocalDaySchedule : UpdateNoticeSchedule {
    const val SECONDS_PER_DAY = 86_400L

    override fun gate(now: Long, utcOffsetSeconds: Long, prefs: UpdateNoticePrefs): CheckGate {
        if (now < (prefs.nextDisplayAt ?: 0L)) return CheckGate.Snoozed
        val today = Math.floorDiv(now + utcOffsetSeconds, SECONDS_PER_DAY)
        val last = prefs.lastCheckDay
        // A stored day after today means the clock went back: it counts as checked.
        if (last != null && last >= today) return CheckGate.CheckedToday
        return CheckGate.Check(today)
    }

    override fun nextDisplayAfterLater(now: Long, snoozeSeconds: Long): Long = now + snoozeSeconds
}

/** The store's raw answer; null where no response came back. */
class StoreReply(val status: Int, val body: String)

/** One launch's update check: the decoder, the version comparison and the schedule as wired. */
class UpdateNoticeChecker(
    private val decoder: AppStoreLookupDecoder,
    private val versions: VersionComparator,
    private val schedule: UpdateNoticeSchedule
) {
    /** What a launch did: whether it looked up, the URL the dialog opens (null: no dialog), why not, the prefs after. */
    class Outcome(val checked: Boolean, val storeUrl: String?, val reason: String?, val prefs: UpdateNoticePrefs)

    fun launch(
        now: Long, utcOffsetSeconds: Long, prefs: UpdateNoticePrefs, installedVersion: String, snoozeSeconds: Long,
        reply: StoreReply?, answer: String
    ): Outcome {
        val gate = schedule.gate(now, utcOffsetSeconds, prefs)
        val today = when (gate) {
            is CheckGate.Snoozed -> return Outcome(false, null, "snoozed", prefs)
            is CheckGate.CheckedToday -> return Outcome(false, null, "checked-today", prefs)
            is CheckGate.Check -> gate.today
        }
        val checked = prefs.copy(lastCheckDay = today)
        val info = try {
            latestVersionInfo(reply)
        } catch (noUpdate: NoUpdate) {
            return Outcome(true, null, noUpdate.reason, checked)
        }
        val version = info.version ?: return Outcome(true, null, "no-version", checked)
        if (!versions.isNewerVersion(version, installedVersion)) return Outcome(true, null, "not-newer", checked)
        val url = info.trackViewUrl
        if (url.isNullOrEmpty()) return Outcome(true, null, "no-store-url", checked)
        val after = if (answer == "later") checked.copy(nextDisplayAt = schedule.nextDisplayAfterLater(now, snoozeSeconds)) else checked
        return Outcome(true, url, null, after)
    }

    /** The first result, or [NoUpdate]: every failure is "no update". */
    private fun latestVersionInfo(reply: StoreReply?): AppStoreLookupResult {
        if (reply == null) throw NoUpdate("offline")
        if (reply.status !in 200..299) throw NoUpdate("http-status")
        val decoded = decoder.decode(reply.body)
        if ((decoded.resultCount ?: 0L) <= 0L) throw NoUpdate("no-results")
        return decoded.results?.firstOrNull() ?: throw NoUpdate("no-results")
    }
}

/** The inputs the spec accepts (D22); outside them a case answers `{"error": reason}`. */
object UpdateNoticeDomain {
    private val snoozeSeconds = 0L..Int.MAX_VALUE.toLong()
    private val epochSeconds = 0L..253_402_300_799L
    private val utcOffsetSeconds = -64_800L..64_800L
    private val httpStatuses = 100L..599L
    private val answers = setOf("update", "later")

    /** The reason of the first field outside the domain, in the spec's input order; null inside it. */
    fun violation(snooze: Long, now: Long, offset: Long, status: Long?, answer: String): String? = when {
        snooze !in snoozeSeconds -> "snooze-out-of-range"
        now !in epochSeconds -> "now-out-of-range"
        offset !in utcOffsetSeconds -> "offset-out-of-range"
        status != null && status !in httpStatuses -> "status-out-of-range"
        answer !in answers -> "answer-unknown"
        else -> null
    }
}

/** Runs one `update-notice` case (spec 1.2.0). */
fun runUpdateNotice(input: JsonFields, checker: UpdateNoticeChecker): Json {
    input.rejectUnknown("answer", "config", "installedVersion", "lookup", "now", "stored", "utcOffsetSeconds")
    val stored = input.fields("stored")
    val lookup = if (input.value("lookup") === JsonNull) null else input.fields("lookup")
    val status = lookup?.long("status")
    val now = input.long("now")
    val utcOffsetSeconds = input.long("utcOffsetSeconds")
    val snoozeSeconds = input.fields("config").long("snoozeSeconds")
    val answer = input.string("answer")
    UpdateNoticeDomain.violation(snoozeSeconds, now, utcOffsetSeconds, status, answer)?.let { return jsonOf("error" to it) }
    val reply = if (lookup == null || status == null) null else StoreReply(status.toInt(), lookup.string("body"))
    val outcome = checker.launch(
        now = now,
        utcOffsetSeconds = utcOffsetSeconds,
        prefs = UpdateNoticePrefs(stored.optionalLong("nextDisplayAt"), stored.optionalLong("lastCheckDay")),
        installedVersion = input.string("installedVersion"),
        snoozeSeconds = snoozeSeconds,
        reply = reply,
        answer = answer)
    return jsonOf(
        "checked" to outcome.checked,
        "reason" to outcome.reason,
        "show" to (outcome.storeUrl != null),
        "stored" to jsonOf("lastCheckDay" to outcome.prefs.lastCheckDay, "nextDisplayAt" to outcome.prefs.nextDisplayAt),
        "url" to outcome.storeUrl)
}
