package conform.port

import conform.reference.LocationPermissionState
import conform.reference.WidgetLocationGate
import conform.reference.WidgetLocationPolicy
import conform.reference.WidgetLocationSettings

/**
 * `widget-flag-alone`: the widget's guard reads only the saved `isAuthorizedForWidgetUpdates` (the
 * story's final guard, literally), so a flag saved before the user denied location in Settings
 * still makes the widget ask, and wait for the timeout.
 */
object WidgetFlagAlone : WidgetLocationPolicy {
    override fun label(state: LocationPermissionState): String = WidgetLocationGate.label(state)

    override fun plan(state: LocationPermissionState, settings: WidgetLocationSettings): String {
        if (!state.widgetUpdatesAuthorized || !state.widgetWantsLocation) return "end-now"
        val fix = state.cachedFix
        if (fix != null && WidgetLocationGate.isUsable(fix, settings)) return "use-cache"
        return "request-location"
    }
}
