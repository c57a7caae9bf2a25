/// Port `invalid-accuracy-cache`: a cached fix is used when `horizontalAccuracy <= desiredAccuracy`,
/// which also takes the negative accuracy of an invalid coordinate.
enum InvalidAccuracyCacheGate: WidgetLocationDeciding {
  static func label(for state: LocationPermissionState) -> PermissionLabel { WidgetLocationGate.label(for: state) }

  static func plan(for state: LocationPermissionState, settings: WidgetLocationSettings) -> WidgetLocationPlan {
    guard WidgetLocationGate.widgetGetsLocation(state) else { return .endNow }
    if let fix = state.cachedFix, (0...settings.maxCacheAgeSeconds).contains(fix.ageSeconds),
      fix.horizontalAccuracy <= settings.desiredAccuracyMeters
    {
      return .useCache
    }
    return .requestLocation
  }
}
