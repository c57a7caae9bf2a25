import ConformAdapter
import ConformJSON

extension Adapter {
  /// Suite `widget-location`: the settings sheet's label and the widget's plan.
  mutating func registerWidgetLocation(_ gate: any WidgetLocationDeciding.Type) {
    register("widget-location") { input in
      let config = try input.fields("config")
      var fix: CachedFix?
      if try !input.fields().value("cachedLocation").isNull {
        let cached = try input.fields("cachedLocation")
        fix = CachedFix(ageSeconds: try cached.int("ageSeconds"), horizontalAccuracy: try cached.int("horizontalAccuracy"))
      }
      let state = LocationPermissionState(
        authorization: LocationAuthorization(rawValue: Int(try input.int("authorizationStatus"))),
        isAuthorizedForWidgetUpdates: try input.bool("widgetUpdatesAuthorized"),
        widgetWantsLocation: try input.bool("widgetWantsLocation"), cachedFix: fix)
      let settings = WidgetLocationSettings(
        maxCacheAgeSeconds: try config.int("maxCacheAgeSeconds"), desiredAccuracyMeters: try config.int("desiredAccuracyMeters"))
      return ["label": .string(gate.label(for: state).rawValue), "widget": .string(gate.plan(for: state, settings: settings).rawValue)]
    }
  }
}
