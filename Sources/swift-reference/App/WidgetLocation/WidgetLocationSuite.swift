import ConformAdapter
import ConformJSON

extension Adapter {
  /// Suite `widget-location`: the settings sheet's label and the widget's plan.
  mutating func registerWidgetLocation(_ gate: any WidgetLocationDeciding.Type) {
    register("widget-location") { input in
      let config = try input.fields("config")
      // The limits and the status are 32-bit on the device: a value past 32 bits, or a negative
      // limit, is refused rather than wrapped (spec D17), the limits first.
      guard let maxAge = Int32(exactly: try config.int("maxCacheAgeSeconds")), maxAge >= 0,
        let accuracy = Int32(exactly: try config.int("desiredAccuracyMeters")), accuracy >= 0
      else { return ["error": "limit-out-of-range"] }
      guard let status = Int32(exactly: try input.int("authorizationStatus")) else { return ["error": "status-out-of-range"] }
      var fix: CachedFix?
      if try !input.fields().value("cachedLocation").isNull {
        let cached = try input.fields("cachedLocation")
        fix = CachedFix(ageSeconds: try cached.int("ageSeconds"), horizontalAccuracy: try cached.int("horizontalAccuracy"))
      }
      let state = LocationPermissionState(
        authorization: LocationAuthorization(rawValue: Int(status)),
        isAuthorizedForWidgetUpdates: try input.bool("widgetUpdatesAuthorized"),
        widgetWantsLocation: try input.bool("widgetWantsLocation"), cachedFix: fix)
      let settings = WidgetLocationSettings(maxCacheAgeSeconds: Int64(maxAge), desiredAccuracyMeters: Int64(accuracy))
      return [
        "label": .string(gate.label(for: state).rawValue), "widget": .string(gate.plan(for: state, settings: settings).rawValue),
      ]
    }
  }
}
