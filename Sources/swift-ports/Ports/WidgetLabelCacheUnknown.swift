/// Port `widget-label-cache-unknown`, three bugs seen in real widget location code: the settings
/// sheet judges by `authorizationStatus` alone, so "while using the app" reads granted (D1, as
/// `status-only-label`); a cached fix with a negative (invalid) accuracy passes `<= 100 m` (D7, as
/// `invalid-accuracy-cache`); and `@unknown default` is mapped to `.authorizedWhenInUse`, so a
/// status a newer iOS adds is treated as permission, a reading the spec lists no drift for.
enum WidgetLabelCacheUnknownGate: WidgetLocationDeciding {
  static func label(for state: LocationPermissionState) -> PermissionLabel {
    StatusOnlyLabelGate.label(for: known(state))
  }

  static func plan(for state: LocationPermissionState, settings: WidgetLocationSettings) -> WidgetLocationPlan {
    InvalidAccuracyCacheGate.plan(for: known(state), settings: settings)
  }

  /// The state with an unknown status read as "while using the app".
  static func known(_ state: LocationPermissionState) -> LocationPermissionState {
    guard case .unknown = state.authorization else { return state }
    var known = state
    known.authorization = .authorizedWhenInUse
    return known
  }
}
