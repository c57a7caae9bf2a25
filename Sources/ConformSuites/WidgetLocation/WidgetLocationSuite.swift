import ConformFixtures
import ConformJSON

/// The `widget-location` truth table: the widget's location permission from the lotto widget
/// story (1.0.3 to 1.0.4).
public struct WidgetLocationSuite: BuiltInSuite {
  public let name = "widget-location"
  public var specVersion: String { Self.written.suiteDescription.version }
  public var spec: [UInt8] { Self.written.published }
  package static let written = BuiltInSpec(
    json: PackageResources.widget_location_suite_json, prose: PackageResources.widget_location_md,
    file: "widget-location.suite.json")

  public init() {}

  public func expected(for input: JSONValue) throws -> JSONValue {
    Self.output(try WidgetLocationInput(json: input))
  }

  /// The reference model's output for `input`: `{"error": reason}` outside the domain (D17).
  static func output(_ input: WidgetLocationInput) -> JSONValue {
    if let refusal = input.refusal { return refusal.output }
    return ["label": .string(WidgetLocation.label(input).rawValue), "widget": .string(WidgetLocation.action(input).rawValue)]
  }

  public func drafts(options: GeneratorOptions) -> AnySequence<CaseDraft> {
    AnySequence(
      Self.seedCases + Self.boundaryCases + Self.pitfallCases + Self.exhaustiveCases + Self.zeroLimitCases + Self.domainCases
        + Self.pairwiseCases + Self.oneBoundaryCases)
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
    draft(
      "seed/app-or-widgets-requests-location", [],
      "\"while using the app or widgets\" without a cached fix: granted, and the widget asks for a fresh location",
      base()),
    draft(
      "seed/app-only-ends-at-once", ["status-4"],
      "\"while using the app\" (4) without widget updates: the widget must end at once, not ask and time out after 8 s",
      base(widget: false)),
    draft(
      "seed/app-only-label", ["status-4"],
      "status 4 without widget updates must read app-only, not granted, even with a recent cache",
      base(widget: false, cached: fresh)),
    draft(
      "seed/granted-recent-cache-first", ["cache"],
      "granted with a recent 65 m fix: the widget must use the cache instead of asking",
      base(cached: fresh)),
    draft(
      "seed/no-widget-wants-location-key", ["plist"],
      "without NSWidgetWantsLocation iOS gives the widget no location: app-only, and it must end at once",
      base(widget: false, wants: false)),
    draft(
      "seed/always", ["status-3"],
      "Always with widget updates: granted, and the widget asks, as with \"while using the app or widgets\"",
      base(status: WidgetLocation.authorizedAlways)),
    draft(
      "seed/app-saved-location-is-stale", ["cache"],
      "a fix two weeks old must not be used: ask for a fresh one (1.0.3 used the location the app saved)",
      base(cached: Cached(ageSeconds: 86_400 * 14, horizontalAccuracy: 10))),
    draft(
      "seed/denied", ["status-2"], "denied (2): the sheet must say denied, and the widget end at once",
      base(status: 2, widget: false)),
    draft(
      "seed/not-asked", ["status-0"],
      "never asked (0): the sheet must say not asked, and the widget end at once (widgets cannot ask)",
      base(status: 0, widget: false)),
  ]

  static var boundaryCases: [CaseDraft] {
    var drafts: [CaseDraft] = []
    let ages = [
      "a fix one second younger than maxCacheAgeSeconds must be used",
      "a fix exactly maxCacheAgeSeconds old must be used: the limit is inclusive (<=, not <)",
      "a fix one second older than maxCacheAgeSeconds must not be used: ask for a fresh one",
    ]
    let accuracies = [
      "a fix 1 m better than desiredAccuracyMeters must be used",
      "a fix exactly as accurate as asked must be used: the limit is inclusive (<=, not <)",
      "a fix 1 m worse than desiredAccuracyMeters must not be used: ask for a fresh one",
    ]
    for offset: Int64 in [-1, 0, 1] {
      let label = offset == 0 ? "" : offset < 0 ? "\(offset)" : "+\(offset)"
      drafts.append(
        draft(
          "boundary/cache-age-max\(label)", ["cache", "age"], ages[Int(offset + 1)],
          base(cached: Cached(ageSeconds: maxAge + offset, horizontalAccuracy: 65))))
      drafts.append(
        draft(
          "boundary/cache-accuracy-desired\(label)", ["cache", "accuracy"], accuracies[Int(offset + 1)],
          base(cached: Cached(ageSeconds: 30, horizontalAccuracy: accuracy + offset))))
    }
    drafts += [
      draft(
        "boundary/cache-age-zero", ["cache", "age"], "a fix taken this second (age 0) is recent and must be used",
        base(cached: Cached(ageSeconds: 0, horizontalAccuracy: 65))),
      draft(
        "boundary/cache-accuracy-zero", ["cache", "accuracy"],
        "an accuracy of 0 m is valid and must be used: only a negative accuracy is invalid",
        base(cached: Cached(ageSeconds: 30, horizontalAccuracy: 0))),
      draft(
        "boundary/max-age-zero", ["cache", "age"],
        "a maximum age of 0 must still accept a fix of this second (the limit is inclusive)",
        base(cached: Cached(ageSeconds: 0, horizontalAccuracy: 65), maxAge: 0)),
      draft(
        "boundary/desired-accuracy-zero", ["cache", "accuracy"],
        "a desired accuracy of 0 must still accept a perfect fix (the limit is inclusive)",
        base(cached: Cached(ageSeconds: 30, horizontalAccuracy: 0), accuracy: 0)),
      draft(
        "boundary/cache-age-int64-max", ["cache", "age"],
        "the oldest 64-bit age must be stale, not wrap to a small or negative number",
        base(cached: Cached(ageSeconds: .max, horizontalAccuracy: 65))),
      draft(
        "boundary/config-int32-max", ["cache"],
        "limits of 2147483647 and a fix at both must be used: no overflow at the largest limits",
        base(
          cached: Cached(ageSeconds: Int64(Int32.max), horizontalAccuracy: Int64(Int32.max)), maxAge: Int64(Int32.max),
          accuracy: Int64(Int32.max))),
      draft(
        "boundary/cache-past-int32", ["cache", "int32"],
        "an age of 2^32 + 30 s must stay stale, not wrap to 30 s (e.g. Kotlin `toInt()`)",
        base(cached: Cached(ageSeconds: 4_294_967_296 + 30, horizontalAccuracy: 65))),
    ]
    return drafts
  }

  static let pitfallCases: [CaseDraft] = [
    draft(
      "pitfall/status-only-when-in-use", ["status-4"],
      "status 4 alone cannot tell \"while using the app\" from \"... or widgets\": without widget updates, app-only",
      base(widget: false, cached: Cached(ageSeconds: 86_400, horizontalAccuracy: 65))),
    draft(
      "pitfall/stale-widget-flag-denied", ["flag"],
      "a widget flag with status denied: the widget must end at once, not trust the saved flag",
      base(status: 2, widget: true)),
    draft(
      "pitfall/stale-widget-flag-not-determined", ["flag"],
      "a widget flag with status 0 and a fresh fix: not asked, and the widget must end at once",
      base(status: 0, widget: true, cached: fresh)),
    draft(
      "pitfall/stale-widget-flag-restricted", ["flag"],
      "a widget flag with status restricted (1): denied, and the widget must end at once",
      base(status: 1, widget: true)),
    draft(
      "pitfall/flag-without-plist-key", ["plist", "flag"],
      "the widget flag without NSWidgetWantsLocation: app-only and end now, never granted",
      base(wants: false, cached: fresh)),
    draft(
      "pitfall/always-without-widget-flag", ["status-3"],
      "Always without widget updates: app-only, and the widget must end at once",
      base(status: WidgetLocation.authorizedAlways, widget: false)),
    draft(
      "pitfall/invalid-accuracy", ["cache", "accuracy"],
      "an accuracy of -1 marks an invalid fix: it must not be used, though -1 <= 100",
      base(cached: Cached(ageSeconds: 30, horizontalAccuracy: -1))),
    draft(
      "pitfall/invalid-accuracy-int64-min", ["cache", "accuracy"],
      "the most negative accuracy is invalid too: it must not be used, nor wrap to 0",
      base(cached: Cached(ageSeconds: 30, horizontalAccuracy: .min))),
    draft(
      "pitfall/fix-from-the-future", ["cache", "age"],
      "a negative age (the clock went back) is not recent: the fix must not be used, though -5 <= 600",
      base(cached: Cached(ageSeconds: -5, horizontalAccuracy: 65))),
    draft(
      "pitfall/unknown-status-5", ["status-unknown"],
      "a status this spec does not know (5) must read denied, not granted or not asked",
      base(status: 5)),
    draft(
      "pitfall/unknown-status-negative", ["status-unknown"], "a negative raw status (-1) is no known status: it must read denied",
      base(status: -1)),
    draft(
      "pitfall/restricted", ["status-1"], "restricted (1) must read denied, and the widget end at once",
      base(status: 1, widget: false)),
  ]

  /// Every status with every flag, key and kind of cache.
  static var exhaustiveCases: [CaseDraft] {
    let statuses: [Int64] = [-1, 0, 1, 2, 3, 4, 5]
    let caches: [(String, Cached?)] = [
      ("none", nil), ("fresh", fresh), ("age-max", Cached(ageSeconds: maxAge, horizontalAccuracy: 65)),
      ("age-max+1", Cached(ageSeconds: maxAge + 1, horizontalAccuracy: 65)),
      ("age-1", Cached(ageSeconds: -1, horizontalAccuracy: 65)),
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
