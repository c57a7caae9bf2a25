package conform.reference

import conform.adapter.Json
import conform.adapter.JsonFields
import conform.adapter.JsonNull
import conform.adapter.jsonOf

/** `CLAuthorizationStatus` raw values, as the iOS side reports them. */
object AuthorizationStatus {
    const val NOT_DETERMINED = 0L
    const val RESTRICTED = 1L
    const val DENIED = 2L
    const val AUTHORIZED_ALWAYS = 3L
    const val AUTHORIZED_WHEN_IN_USE = 4L
}

/** The widget's last fix: age in seconds, accuracy in meters (negative: invalid). */
data class CachedFix(val ageSeconds: Long, val horizontalAccuracy: Long)

/** What the app and widget know about location. */
data class LocationPermissionState(
    val authorizationStatus: Long,
    val widgetUpdatesAuthorized: Boolean,
    val widgetWantsLocation: Boolean,
    val cachedFix: CachedFix?
)

data class WidgetLocationSettings(val maxCacheAgeSeconds: Long, val desiredAccuracyMeters: Long)

/** The settings sheet's label and the widget's plan. */
interface WidgetLocationPolicy {
    /** `"granted"`, `"app-only"`, `"denied"` or `"not-asked"`. */
    fun label(state: LocationPermissionState): String
    /** `"request-location"`, `"use-cache"` or `"end-now"`. */
    fun plan(state: LocationPermissionState, settings: WidgetLocationSettings): String
}

/**
 * The conformant policy (suite `widget-location`, spec 1.1.0): the widget gets a location only with
 * an authorized status (3 or 4), the widget sub-permission and `NSWidgetWantsLocation`; otherwise it
 * ends at once. Any unknown status is denied; ages and accuracies are 64-bit.
 */
object WidgetLocationGate : WidgetLocationPolicy {
    override fun label(state: LocationPermissionState): String = when (state.authorizationStatus) {
        AuthorizationStatus.NOT_DETERMINED -> "not-asked"
        AuthorizationStatus.AUTHORIZED_ALWAYS, AuthorizationStatus.AUTHORIZED_WHEN_IN_USE ->
            if (widgetGetsLocation(state)) "granted" else "app-only"
        else -> "denied"
    }

    override fun plan(state: LocationPermissionState, settings: WidgetLocationSettings): String {
        if (!widgetGetsLocation(state)) return "end-now"
        val fix = state.cachedFix
        if (fix != null && isUsable(fix, settings)) return "use-cache"
        return "request-location"
    }

    fun isAuthorized(status: Long): Boolean =
        status == AuthorizationStatus.AUTHORIZED_ALWAYS || status == AuthorizationStatus.AUTHORIZED_WHEN_IN_USE

    fun widgetGetsLocation(state: LocationPermissionState): Boolean =
        isAuthorized(state.authorizationStatus) && state.widgetUpdatesAuthorized && state.widgetWantsLocation

    /** Recent and accurate enough: a negative age is a fix from the future, a negative accuracy an invalid one. */
    fun isUsable(fix: CachedFix, settings: WidgetLocationSettings): Boolean =
        fix.ageSeconds in 0..settings.maxCacheAgeSeconds && fix.horizontalAccuracy in 0..settings.desiredAccuracyMeters
}

/** The 32-bit range of the limits (from 0) and of the status; outside it a case is refused (spec D17). */
private val LIMIT_RANGE = 0L..Int.MAX_VALUE.toLong()
private val STATUS_RANGE = Int.MIN_VALUE.toLong()..Int.MAX_VALUE.toLong()

/** Runs one `widget-location` case (spec 1.1.0). */
fun runWidgetLocation(input: JsonFields, policy: WidgetLocationPolicy): Json {
    input.rejectUnknown("authorizationStatus", "cachedLocation", "config", "widgetUpdatesAuthorized", "widgetWantsLocation")
    val config = input.fields("config")
    val settings = WidgetLocationSettings(config.long("maxCacheAgeSeconds"), config.long("desiredAccuracyMeters"))
    if (settings.maxCacheAgeSeconds !in LIMIT_RANGE || settings.desiredAccuracyMeters !in LIMIT_RANGE) {
        return jsonOf("error" to "limit-out-of-range")
    }
    val status = input.long("authorizationStatus")
    if (status !in STATUS_RANGE) return jsonOf("error" to "status-out-of-range")
    val fix = if (input.value("cachedLocation") === JsonNull) null else {
        val cached = input.fields("cachedLocation")
        CachedFix(cached.long("ageSeconds"), cached.long("horizontalAccuracy"))
    }
    val state = LocationPermissionState(status, input.bool("widgetUpdatesAuthorized"), input.bool("widgetWantsLocation"), fix)
    return jsonOf("label" to policy.label(state), "widget" to policy.plan(state, settings))
}
