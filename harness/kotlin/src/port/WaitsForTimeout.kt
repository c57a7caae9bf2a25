package conform.port

import conform.reference.LocationPermissionState
import conform.reference.WidgetLocationGate
import conform.reference.WidgetLocationPolicy
import conform.reference.WidgetLocationSettings

/**
 * `waits-for-timeout`: 1.0.3's widget guard checks the authorization status (and the Info.plist
 * key) but not the widget sub-permission, so with "while using the app" only it asks for a location
 * that never comes and waits for the 8-second timeout instead of ending at once.
 */
object WaitsForTimeout : WidgetLocationPolicy {
    override fun label(state: LocationPermissionState): String = WidgetLocationGate.label(state)

    override fun plan(state: LocationPermissionState, settings: WidgetLocationSettings): String {
        if (!WidgetLocationGate.isAuthorized(state.authorizationStatus) || !state.widgetWantsLocation) return "end-now"
        val fix = state.cachedFix
        if (fix != null && WidgetLocationGate.isUsable(fix, settings)) return "use-cache"
        return "request-location"
    }
}
