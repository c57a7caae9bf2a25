/// Port `status-only-label`: the settings sheet before 1.0.4 judged the permission by
/// `authorizationStatus` alone, so "while using the app" (value 4, no widget updates) read "granted".
enum StatusOnlyLabelGate: WidgetLocationDeciding {
  static func label(for state: LocationPermissionState) -> PermissionLabel {
    switch state.authorization {
    case .notDetermined: .notAsked
    case .authorizedAlways, .authorizedWhenInUse: .granted
    case .restricted, .denied, .unknown: .denied
    }
  }

  static func plan(for state: LocationPermissionState, settings: WidgetLocationSettings) -> WidgetLocationPlan {
    WidgetLocationGate.plan(for: state, settings: settings)
  }
}
