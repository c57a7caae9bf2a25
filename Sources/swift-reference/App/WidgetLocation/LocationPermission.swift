/// `CLAuthorizationStatus`, with its raw values; `unknown` stands for a case a newer iOS adds
/// (`@unknown default`).
enum LocationAuthorization: Sendable, Equatable {
  case notDetermined, restricted, denied, authorizedAlways, authorizedWhenInUse
  case unknown(Int)

  init(rawValue: Int) {
    switch rawValue {
    case 0: self = .notDetermined
    case 1: self = .restricted
    case 2: self = .denied
    case 3: self = .authorizedAlways
    case 4: self = .authorizedWhenInUse
    default: self = .unknown(rawValue)
    }
  }
}

/// What the app and its widget know about location: the status, the widget sub-permission
/// (`CLLocationManager.isAuthorizedForWidgetUpdates`), the widget's Info.plist key and the widget
/// location manager's last fix.
struct LocationPermissionState: Sendable {
  var authorization: LocationAuthorization
  var isAuthorizedForWidgetUpdates: Bool
  var widgetWantsLocation: Bool
  var cachedFix: CachedFix?
}

/// A `CLLocation` the widget's manager already holds.
struct CachedFix: Sendable {
  /// Seconds since its timestamp.
  var ageSeconds: Int64
  /// `horizontalAccuracy` in meters; negative when the coordinate is invalid.
  var horizontalAccuracy: Int64
}

/// The widget's location settings: a recent cache first, and the accuracy asked for.
struct WidgetLocationSettings: Sendable {
  var maxCacheAgeSeconds: Int64
  /// `desiredAccuracy`: 100 m in the app.
  var desiredAccuracyMeters: Int64
}

/// The settings sheet's permission row.
enum PermissionLabel: String, Sendable {
  case granted
  /// "Only while using the app (not shown on the widget)", with how to change it.
  case appOnly = "app-only"
  case denied
  case notAsked = "not-asked"
}

/// What the widget's `getTimeline` does for its distance.
enum WidgetLocationPlan: String, Sendable {
  case requestLocation = "request-location"
  case useCache = "use-cache"
  /// End at once instead of waiting 8 s for a location that will not come.
  case endNow = "end-now"
}

/// The permission check of the settings sheet and the widget's guard. The reference is
/// `WidgetLocationGate`; a port brings its own.
protocol WidgetLocationDeciding: Sendable {
  static func label(for state: LocationPermissionState) -> PermissionLabel
  static func plan(for state: LocationPermissionState, settings: WidgetLocationSettings) -> WidgetLocationPlan
}

/// 1.0.4's structure: `isAuthorizedForWidgetUpdates` tells "while using the app" from "while using
/// the app or widgets" (both `authorizedWhenInUse`), with the status and the Info.plist key as well.
enum WidgetLocationGate: WidgetLocationDeciding {
  static func label(for state: LocationPermissionState) -> PermissionLabel {
    switch state.authorization {
    case .notDetermined: .notAsked
    case .authorizedAlways, .authorizedWhenInUse: widgetGetsLocation(state) ? .granted : .appOnly
    case .restricted, .denied, .unknown: .denied
    }
  }

  static func plan(for state: LocationPermissionState, settings: WidgetLocationSettings) -> WidgetLocationPlan {
    guard widgetGetsLocation(state) else { return .endNow }
    if let fix = state.cachedFix, isUsable(fix, settings) { return .useCache }
    return .requestLocation
  }

  /// The sub-permission alone can be a stale saved value: the status must still be authorized.
  static func widgetGetsLocation(_ state: LocationPermissionState) -> Bool {
    switch state.authorization {
    case .authorizedAlways, .authorizedWhenInUse: state.isAuthorizedForWidgetUpdates && state.widgetWantsLocation
    default: false
    }
  }

  /// Recent and accurate enough; a negative accuracy is an invalid fix, a negative age one from the future.
  static func isUsable(_ fix: CachedFix, _ settings: WidgetLocationSettings) -> Bool {
    (0...settings.maxCacheAgeSeconds).contains(fix.ageSeconds)
      && (0...settings.desiredAccuracyMeters).contains(fix.horizontalAccuracy)
  }
}
