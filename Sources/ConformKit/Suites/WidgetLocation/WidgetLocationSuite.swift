import ConformJSON

/// The `widget-location` truth table: the widget's location permission from the lotto widget
/// story (1.0.3 to 1.0.4).
public struct WidgetLocationSuite: Suite {
  public let name = "widget-location"
  public let specVersion = "1.0.0"
  public var spec: [UInt8] { PackageResources.widget_location_md }

  public init() {}

  public func expected(for input: JSONValue) throws -> JSONValue {
    Self.output(try WidgetLocationInput(json: input))
  }

  /// The reference model's output for `input`.
  static func output(_ input: WidgetLocationInput) -> JSONValue {
    ["label": .string(WidgetLocation.label(input).rawValue), "widget": .string(WidgetLocation.action(input).rawValue)]
  }

  public func drafts(options: GeneratorOptions) -> AnySequence<CaseDraft> {
    AnySequence(Self.seedCases + Self.boundaryCases + Self.pitfallCases + Self.exhaustiveCases)
  }
}

extension WidgetLocationSuite {
  static let maxAge: Int64 = 600
  static let accuracy: Int64 = 100
  typealias Cached = WidgetLocationInput.CachedLocation

  /// A recent, accurate fix.
  static let fresh = Cached(ageSeconds: 30, horizontalAccuracy: 65)

  /// "While using the app or widgets" with the Info.plist key and no cache, to be varied.
  static func base(
    status: Int64 = WidgetLocation.authorizedWhenInUse, widget: Bool = true, wants: Bool = true, cached: Cached? = nil,
    maxAge: Int64 = maxAge, accuracy: Int64 = accuracy
  ) -> JSONValue {
    WidgetLocationInput(
      maxCacheAgeSeconds: maxAge, desiredAccuracyMeters: accuracy, authorizationStatus: status,
      widgetUpdatesAuthorized: widget, widgetWantsLocation: wants, cachedLocation: cached
    ).json
  }

  static func draft(_ name: String, _ tags: [String], _ note: String, _ input: JSONValue) -> CaseDraft {
    CaseDraft(name, tags: [String(name.prefix { $0 != "/" })] + tags, note: note, input: input)
  }

  static let seedCases: [CaseDraft] = [
    draft("seed/app-or-widgets-requests-location", [],
          "\"while using the app or widgets\": the widget asks for its own fresh location",
          base()),
    draft("seed/app-only-ends-at-once", ["status-4"],
          "\"while using the app\" is authorizedWhenInUse (4) too, but without widget updates the widget ends at once instead of timing out after 8 s",
          base(widget: false)),
    draft("seed/app-only-label", ["status-4"],
          "the settings sheet must say \"only while using the app (not shown on the widget)\", not \"granted\", even with a cache",
          base(widget: false, cached: fresh)),
    draft("seed/granted-recent-cache-first", ["cache"], "accuracy 100 m and a recent cache first: the timeout is avoided",
          base(cached: fresh)),
    draft("seed/no-widget-wants-location-key", ["plist"],
          "without NSWidgetWantsLocation iOS gives the widget no location at all: end at once",
          base(widget: false, wants: false)),
    draft("seed/always", ["status-3"], "Always works, but is not needed", base(status: WidgetLocation.authorizedAlways)),
    draft("seed/app-saved-location-is-stale", ["cache"],
          "1.0.3's bug: the location the app saved long ago is not where the widget is now",
          base(cached: Cached(ageSeconds: 86_400 * 14, horizontalAccuracy: 10))),
    draft("seed/denied", ["status-2"], "denied: the sheet says so and the widget ends at once", base(status: 2, widget: false)),
    draft("seed/not-asked", ["status-0"], "never asked: widgets cannot ask, so the widget ends at once",
          base(status: 0, widget: false)),
  ]

  static var boundaryCases: [CaseDraft] {
    var drafts: [CaseDraft] = []
    for offset: Int64 in [-1, 0, 1] {
      let label = offset == 0 ? "" : offset < 0 ? "\(offset)" : "+\(offset)"
      drafts.append(
        draft("boundary/cache-age-max\(label)", ["cache", "age"], "a fix exactly as old as allowed is recent enough (<=)",
              base(cached: Cached(ageSeconds: maxAge + offset, horizontalAccuracy: 65))))
      drafts.append(
        draft("boundary/cache-accuracy-desired\(label)", ["cache", "accuracy"], "a fix exactly as accurate as asked is accurate enough (<=)",
              base(cached: Cached(ageSeconds: 30, horizontalAccuracy: accuracy + offset))))
    }
    drafts += [
      draft("boundary/cache-age-zero", ["cache", "age"], "a fix taken this second", base(cached: Cached(ageSeconds: 0, horizontalAccuracy: 65))),
      draft("boundary/cache-accuracy-zero", ["cache", "accuracy"], "an accuracy of 0 m is valid (only negative is invalid)",
            base(cached: Cached(ageSeconds: 30, horizontalAccuracy: 0))),
      draft("boundary/max-age-zero", ["cache", "age"], "a maximum age of 0 accepts only a fix of this second",
            base(cached: Cached(ageSeconds: 0, horizontalAccuracy: 65), maxAge: 0)),
      draft("boundary/desired-accuracy-zero", ["cache", "accuracy"], "a desired accuracy of 0 accepts only a perfect fix",
            base(cached: Cached(ageSeconds: 30, horizontalAccuracy: 0), accuracy: 0)),
      draft("boundary/cache-age-int64-max", ["cache", "age"], "the oldest fix", base(cached: Cached(ageSeconds: .max, horizontalAccuracy: 65))),
      draft("boundary/config-int32-max", ["cache"], "the largest limits both platforms hold",
            base(cached: Cached(ageSeconds: Int64(Int32.max), horizontalAccuracy: Int64(Int32.max)), maxAge: Int64(Int32.max),
                 accuracy: Int64(Int32.max))),
      draft("boundary/cache-past-int32", ["cache", "int32"], "an age past 2^31 s read as a 32-bit Int wraps negative",
            base(cached: Cached(ageSeconds: 4_294_967_296 + 30, horizontalAccuracy: 65))),
    ]
    return drafts
  }

  static let pitfallCases: [CaseDraft] = [
    draft("pitfall/status-only-when-in-use", ["status-4"],
          "authorizationStatus alone (4) cannot tell \"while using the app\" from \"... or widgets\": the sheet said granted",
          base(widget: false, cached: Cached(ageSeconds: 86_400, horizontalAccuracy: 65))),
    draft("pitfall/stale-widget-flag-denied", ["flag"],
          "a widget flag saved before the user denied access: the flag alone would still ask",
          base(status: 2, widget: true)),
    draft("pitfall/stale-widget-flag-not-determined", ["flag"], "a widget flag without any authorization",
          base(status: 0, widget: true, cached: fresh)),
    draft("pitfall/stale-widget-flag-restricted", ["flag"], "restricted (parental controls) with a stale widget flag",
          base(status: 1, widget: true)),
    draft("pitfall/flag-without-plist-key", ["plist", "flag"],
          "the flag without NSWidgetWantsLocation: iOS gives the widget nothing, so the sheet must not say granted",
          base(wants: false, cached: fresh)),
    draft("pitfall/always-without-widget-flag", ["status-3"], "Always but no widget updates: the flag decides",
          base(status: WidgetLocation.authorizedAlways, widget: false)),
    draft("pitfall/invalid-accuracy", ["cache", "accuracy"],
          "horizontalAccuracy -1 marks an invalid coordinate: 'accuracy <= 100' takes it",
          base(cached: Cached(ageSeconds: 30, horizontalAccuracy: -1))),
    draft("pitfall/invalid-accuracy-int64-min", ["cache", "accuracy"], "the most negative accuracy is invalid too",
          base(cached: Cached(ageSeconds: 30, horizontalAccuracy: .min))),
    draft("pitfall/fix-from-the-future", ["cache", "age"],
          "a timestamp after now (the clock went back) gives a negative age: not a recent fix",
          base(cached: Cached(ageSeconds: -5, horizontalAccuracy: 65))),
    draft("pitfall/unknown-status-5", ["status-unknown"], "a status this spec does not know (@unknown default) is treated as denied",
          base(status: 5)),
    draft("pitfall/unknown-status-negative", ["status-unknown"], "a negative raw value is no status either",
          base(status: -1)),
    draft("pitfall/restricted", ["status-1"], "restricted reads as denied on the sheet", base(status: 1, widget: false)),
  ]

  /// Every status with every flag, key and kind of cache.
  static var exhaustiveCases: [CaseDraft] {
    let statuses: [Int64] = [-1, 0, 1, 2, 3, 4, 5]
    let caches: [(String, Cached?)] = [
      ("none", nil), ("fresh", fresh), ("age-max", Cached(ageSeconds: maxAge, horizontalAccuracy: 65)),
      ("age-max+1", Cached(ageSeconds: maxAge + 1, horizontalAccuracy: 65)), ("age-1", Cached(ageSeconds: -1, horizontalAccuracy: 65)),
      ("acc-max", Cached(ageSeconds: 30, horizontalAccuracy: accuracy)),
      ("acc-max+1", Cached(ageSeconds: 30, horizontalAccuracy: accuracy + 1)),
      ("acc-1", Cached(ageSeconds: 30, horizontalAccuracy: -1)), ("exact", Cached(ageSeconds: 0, horizontalAccuracy: 0)),
    ]
    var drafts: [CaseDraft] = []
    for status in statuses {
      for widget in [false, true] {
        for wants in [false, true] {
          for (cacheLabel, cached) in caches {
            drafts.append(
              CaseDraft(
                "exhaustive/status\(status)/\(widget ? "widget" : "no-widget")/\(wants ? "key" : "no-key")/\(cacheLabel)",
                tags: ["exhaustive"],
                note: "exhaustive product: status, widget flag, NSWidgetWantsLocation and cache",
                input: base(status: status, widget: widget, wants: wants, cached: cached)))
          }
        }
      }
    }
    return drafts
  }
}
