import ConformJSON

/// The inputs of the widget's location decision, as the `widget-location` spec names them.
public struct WidgetLocationInput: Sendable, Equatable {
  /// The last location the widget's `CLLocationManager` holds.
  public struct CachedLocation: Sendable, Equatable {
    /// Seconds since the fix was taken; negative when its timestamp is in the future.
    public var ageSeconds: Int64
    /// Meters; negative means the coordinate is invalid (`CLLocation.horizontalAccuracy`).
    public var horizontalAccuracy: Int64

    public init(ageSeconds: Int64, horizontalAccuracy: Int64) {
      self.ageSeconds = ageSeconds
      self.horizontalAccuracy = horizontalAccuracy
    }
  }

  /// The newest cached fix the widget may use instead of asking for a fresh one.
  public var maxCacheAgeSeconds: Int64
  /// The accuracy the widget asks for (100 m in the story), and the worst cached fix it accepts.
  public var desiredAccuracyMeters: Int64
  /// `CLAuthorizationStatus.rawValue`: 0 notDetermined, 1 restricted, 2 denied,
  /// 3 authorizedAlways, 4 authorizedWhenInUse; any other value is a status this spec does not know.
  public var authorizationStatus: Int64
  /// `CLLocationManager.isAuthorizedForWidgetUpdates`.
  public var widgetUpdatesAuthorized: Bool
  /// Whether the widget's Info.plist declares `NSWidgetWantsLocation`.
  public var widgetWantsLocation: Bool
  public var cachedLocation: CachedLocation?

  public init(
    maxCacheAgeSeconds: Int64, desiredAccuracyMeters: Int64, authorizationStatus: Int64, widgetUpdatesAuthorized: Bool,
    widgetWantsLocation: Bool, cachedLocation: CachedLocation?
  ) {
    self.maxCacheAgeSeconds = maxCacheAgeSeconds
    self.desiredAccuracyMeters = desiredAccuracyMeters
    self.authorizationStatus = authorizationStatus
    self.widgetUpdatesAuthorized = widgetUpdatesAuthorized
    self.widgetWantsLocation = widgetWantsLocation
    self.cachedLocation = cachedLocation
  }
}

/// What the settings sheet says about the location permission.
public enum WidgetLocationLabel: String, Sendable, CaseIterable {
  /// The widget gets locations: "while using the app or widgets", or always.
  case granted
  /// "Only while using the app (not shown on the widget)".
  case appOnly = "app-only"
  case denied
  case notAsked = "not-asked"
}

/// What the widget's timeline provider does for its distance.
public enum WidgetLocationAction: String, Sendable, CaseIterable {
  /// Ask for a fresh location (and wait for it, up to the timeout).
  case requestLocation = "request-location"
  /// Use the cached location: recent and accurate enough.
  case useCache = "use-cache"
  /// End at once, without a location: asking would only wait for the timeout.
  case endNow = "end-now"
}

/// The reference model of the `widget-location` suite.
public enum WidgetLocation {
  public static let notDetermined: Int64 = 0
  public static let authorizedAlways: Int64 = 3
  public static let authorizedWhenInUse: Int64 = 4

  /// Whether iOS gives the widget a location (rule 1): authorized, the widget sub-permission, and
  /// the Info.plist key.
  public static func widgetGetsLocation(_ input: WidgetLocationInput) -> Bool {
    isAuthorized(input.authorizationStatus) && input.widgetUpdatesAuthorized && input.widgetWantsLocation
  }

  static func isAuthorized(_ status: Int64) -> Bool { status == authorizedAlways || status == authorizedWhenInUse }

  /// The settings sheet's label (rule 2).
  public static func label(_ input: WidgetLocationInput) -> WidgetLocationLabel { label(input, drifts: []) }

  /// The widget's action (rule 3).
  public static func action(_ input: WidgetLocationInput) -> WidgetLocationAction { action(input, drifts: []) }

  /// Rule 1 as a port with `drifts` reads it (`widgetGetsLocation(_:)` for none).
  static func widgetGetsLocation(_ input: WidgetLocationInput, drifts: Drifts) -> Bool {
    (isAuthorized(input.authorizationStatus) || drifts.contains(.flagAlone))
      && (input.widgetUpdatesAuthorized || drifts.contains(.statusGuard))
      && (input.widgetWantsLocation || drifts.contains(.noPlistKey))
  }

  /// The label of a port with `drifts`; the reference's for none.
  static func label(_ input: WidgetLocationInput, drifts: Drifts) -> WidgetLocationLabel {
    var status = input.authorizationStatus
    if drifts.contains(.unknownStatusNotAsked), !(0...4).contains(status) { status = notDetermined }
    if status == notDetermined { return drifts.contains(.notAskedDenied) ? .denied : .notAsked }
    if status == 1, drifts.contains(.restrictedNotAsked) { return .notAsked }
    guard isAuthorized(status) else { return .denied }
    if drifts.contains(.statusOnlyLabel) || (status == authorizedAlways && drifts.contains(.alwaysGranted)) { return .granted }
    // The widget-only drifts (D3, D4) change the widget's guard, not the sheet's.
    return widgetGetsLocation(input, drifts: drifts.intersection(.noPlistKey)) ? .granted : .appOnly
  }

  /// The widget's action of a port with `drifts`; the reference's for none.
  static func action(_ input: WidgetLocationInput, drifts: Drifts) -> WidgetLocationAction {
    guard widgetGetsLocation(input, drifts: drifts) else { return .endNow }
    guard var cached = input.cachedLocation else { return drifts.contains(.noFixEnds) ? .endNow : .requestLocation }
    if drifts.contains(.int32) {
      cached.ageSeconds = Int64(Int32(truncatingIfNeeded: cached.ageSeconds))
      cached.horizontalAccuracy = Int64(Int32(truncatingIfNeeded: cached.horizontalAccuracy))
    }
    let strict = drifts.contains(.strictLimits)
    // D16's drift: a limit of 0 read as no limit.
    let noAgeLimit = drifts.contains(.zeroIsNoLimit) && input.maxCacheAgeSeconds == 0
    let noAccuracyLimit = drifts.contains(.zeroIsNoLimit) && input.desiredAccuracyMeters == 0
    let recent =
      drifts.contains(.anyAge) || (noAgeLimit && cached.ageSeconds >= 0)
      || ((cached.ageSeconds >= 0 || drifts.contains(.futureFix))
        && (strict ? cached.ageSeconds < input.maxCacheAgeSeconds : cached.ageSeconds <= input.maxCacheAgeSeconds))
    let accurate =
      drifts.contains(.anyAccuracy) || (noAccuracyLimit && cached.horizontalAccuracy >= 0)
      || ((cached.horizontalAccuracy >= 0 || drifts.contains(.invalidAccuracy))
        && (strict
          ? cached.horizontalAccuracy < input.desiredAccuracyMeters : cached.horizontalAccuracy <= input.desiredAccuracyMeters))
    return recent && accurate ? .useCache : .requestLocation
  }
}

/// Why a well-formed `widget-location` input is outside the spec's domain (D17): the reason codes
/// the spec lists.
public enum WidgetLocationRefusal: String, Sendable, CaseIterable {
  /// `maxCacheAgeSeconds` or `desiredAccuracyMeters` below 0 or past 2^31 - 1.
  case limitOutOfRange = "limit-out-of-range"
  /// `authorizationStatus` outside the 32-bit range of `CLAuthorizationStatus.rawValue`.
  case statusOutOfRange = "status-out-of-range"

  /// The output the spec requires: `{"error": reason}`.
  public var output: JSONValue { ["error": .string(rawValue)] }
}

extension WidgetLocationInput {
  /// The limits' domain: 0 to 2^31 - 1.
  static let configRange: ClosedRange<Int64> = 0...Int64(Int32.max)
  /// The status's domain: a 32-bit `CLAuthorizationStatus.rawValue`.
  static let statusRange: ClosedRange<Int64> = Int64(Int32.min)...Int64(Int32.max)

  /// Why the spec refuses this input (D17), the limits read before the status; nil inside the domain.
  public var refusal: WidgetLocationRefusal? {
    guard Self.configRange.contains(maxCacheAgeSeconds), Self.configRange.contains(desiredAccuracyMeters) else {
      return .limitOutOfRange
    }
    guard Self.statusRange.contains(authorizationStatus) else { return .statusOutOfRange }
    return nil
  }

  /// The input `json` is, inside the spec's domain or not (`refusal`).
  ///
  /// - Throws: `JSONShapeError` naming the field when `json` is not a `widget-location` input at
  ///   all (a member missing, unknown, or of another JSON type, or an integer past 64 bits).
  public init(json: JSONValue, path: String = "") throws(JSONShapeError) {
    let fields = try JSONFields(json, path: path)
    try fields.rejectUnknown([
      "authorizationStatus", "cachedLocation", "config", "widgetUpdatesAuthorized", "widgetWantsLocation",
    ])
    let config = try fields.fields("config")
    try config.rejectUnknown(["desiredAccuracyMeters", "maxCacheAgeSeconds"])
    maxCacheAgeSeconds = try config.int("maxCacheAgeSeconds")
    desiredAccuracyMeters = try config.int("desiredAccuracyMeters")
    authorizationStatus = try fields.int("authorizationStatus")
    widgetUpdatesAuthorized = try fields.bool("widgetUpdatesAuthorized")
    widgetWantsLocation = try fields.bool("widgetWantsLocation")
    if try fields.value("cachedLocation").isNull {
      cachedLocation = nil
    } else {
      let cached = try fields.fields("cachedLocation")
      try cached.rejectUnknown(["ageSeconds", "horizontalAccuracy"])
      cachedLocation = CachedLocation(
        ageSeconds: try cached.int("ageSeconds"), horizontalAccuracy: try cached.int("horizontalAccuracy"))
    }
  }

  public var json: JSONValue {
    [
      "authorizationStatus": .int(authorizationStatus),
      "cachedLocation": cachedLocation.map {
        ["ageSeconds": .int($0.ageSeconds), "horizontalAccuracy": .int($0.horizontalAccuracy)]
      }
        ?? .null,
      "config": ["desiredAccuracyMeters": .int(desiredAccuracyMeters), "maxCacheAgeSeconds": .int(maxCacheAgeSeconds)],
      "widgetUpdatesAuthorized": .bool(widgetUpdatesAuthorized), "widgetWantsLocation": .bool(widgetWantsLocation),
    ]
  }
}
