import ConformFixtures
import ConformJSON

/// The families of the `widget-location` table added by spec 1.1.0: limits of 0 (D16), the
/// domain's edges (D17), an all-pairs table of every field's boundary values, and each boundary
/// alone among ordinary values.
extension WidgetLocationSuite {
  static let int32Max = Int64(Int32.max)
  static let int32Min = Int64(Int32.min)
  static let two31: Int64 = 1 << 31
  static let two32: Int64 = 1 << 32

  /// D16 on both sides: a limit of 0 accepts a fix of this second (or a perfect one) and nothing
  /// else; "no cache allowed" and "no limit" both answer otherwise.
  static let zeroLimitCases: [CaseDraft] = [
    draft(
      "zero-limit/max-age-fix-of-this-second", ["cache", "age"],
      "a maximum age of 0 is a limit, not \"no cache\": a fix of this second must be used",
      base(cached: Cached(ageSeconds: 0, horizontalAccuracy: 65), maxAge: 0)),
    draft(
      "zero-limit/max-age-fix-one-second-old", ["cache", "age"],
      "a maximum age of 0 is a limit, not \"no limit\": a fix one second old must not be used",
      base(cached: Cached(ageSeconds: 1, horizontalAccuracy: 65), maxAge: 0)),
    draft(
      "zero-limit/max-age-fix-a-day-old", ["cache", "age"],
      "a maximum age of 0 must not take a fix a day old (\"no limit\" would)",
      base(cached: Cached(ageSeconds: 86_400, horizontalAccuracy: 65), maxAge: 0)),
    draft(
      "zero-limit/max-age-fix-int32-max-old", ["cache", "age"],
      "a maximum age of 0 must not take a fix 2^31 - 1 s old (\"no limit\" would)",
      base(cached: Cached(ageSeconds: int32Max, horizontalAccuracy: 65), maxAge: 0)),
    draft(
      "zero-limit/accuracy-perfect-fix", ["cache", "accuracy"],
      "a desired accuracy of 0 is a limit, not \"no cache\": a perfect fix (0 m) must be used",
      base(cached: Cached(ageSeconds: 30, horizontalAccuracy: 0), accuracy: 0)),
    draft(
      "zero-limit/accuracy-fix-1m", ["cache", "accuracy"],
      "a desired accuracy of 0 is a limit, not \"no limit\": a 1 m fix must not be used",
      base(cached: Cached(ageSeconds: 30, horizontalAccuracy: 1), accuracy: 0)),
    draft(
      "zero-limit/accuracy-fix-100m", ["cache", "accuracy"], "a desired accuracy of 0 must not take the story's 100 m fix",
      base(cached: Cached(ageSeconds: 30, horizontalAccuracy: 100), accuracy: 0)),
    draft(
      "zero-limit/both-exact-fix", ["cache"], "both limits 0: a perfect fix of this second must be used",
      base(cached: Cached(ageSeconds: 0, horizontalAccuracy: 0), maxAge: 0, accuracy: 0)),
    draft(
      "zero-limit/both-fix-one-second-old", ["cache"], "both limits 0: a perfect fix one second old must not be used",
      base(cached: Cached(ageSeconds: 1, horizontalAccuracy: 0), maxAge: 0, accuracy: 0)),
    draft(
      "zero-limit/both-fix-1m", ["cache"], "both limits 0: a 1 m fix of this second must not be used",
      base(cached: Cached(ageSeconds: 0, horizontalAccuracy: 1), maxAge: 0, accuracy: 0)),
  ]

  /// D17 on both sides of each edge, and ages and accuracies just past 2^31 - 1, which are inside.
  static var domainCases: [CaseDraft] {
    var drafts: [CaseDraft] = []
    let limits: [(label: String, value: Int64, inside: Bool)] = [
      ("minus-1", -1, false), ("zero", 0, true), ("int32-max", int32Max, true), ("pow2-31", two31, false),
      ("pow2-32", two32, false), ("pow2-32+600", two32 + 600, false), ("int64-max", .max, false), ("int64-min", .min, false),
    ]
    for (label, value, inside) in limits {
      let outcome = inside ? "inside the domain: the rules answer" : "outside 0 to 2^31 - 1: limit-out-of-range"
      drafts.append(
        draft(
          "domain/max-age-\(label)", ["cache", "age"], "a maximum age of \(value) is \(outcome)",
          base(cached: Cached(ageSeconds: 0, horizontalAccuracy: 65), maxAge: value)))
      drafts.append(
        draft(
          "domain/accuracy-\(label)", ["cache", "accuracy"], "a desired accuracy of \(value) is \(outcome)",
          base(cached: Cached(ageSeconds: 30, horizontalAccuracy: 0), accuracy: value)))
    }
    let statuses: [(label: String, value: Int64, inside: Bool)] = [
      ("int32-min", int32Min, true), ("int32-min-1", int32Min - 1, false), ("int32-max", int32Max, true),
      ("pow2-31", two31, false), ("pow2-32+4", two32 + 4, false), ("int64-max", .max, false), ("int64-min", .min, false),
    ]
    for (label, value, inside) in statuses {
      let outcome = inside ? "a 32-bit status this spec does not know: denied" : "past 32 bits: status-out-of-range"
      drafts.append(
        draft("domain/status-\(label)", ["status"], "status \(value) is \(outcome)", base(status: value, cached: fresh)))
    }
    drafts += [
      draft(
        "domain/limit-before-status", ["status"],
        "a limit and the status both outside: the limits are read first, limit-out-of-range",
        base(status: two32 + 4, maxAge: -1)),
      draft(
        "domain/limit-refused-when-denied", [],
        "a limit outside the domain is refused whatever the status: limit-out-of-range",
        base(status: 2, widget: false, maxAge: two31)),
      draft(
        "domain/age-int32-max-at-limit", ["cache", "age"], "an age of 2^31 - 1 s at a limit of 2^31 - 1: used",
        base(cached: Cached(ageSeconds: int32Max, horizontalAccuracy: 65), maxAge: int32Max)),
      draft(
        "domain/age-pow2-31-past-limit", ["cache", "age"],
        "an age of 2^31 s is inside the domain and past the largest limit: not used (a 32-bit read makes it negative)",
        base(cached: Cached(ageSeconds: two31, horizontalAccuracy: 65), maxAge: int32Max)),
      draft(
        "domain/age-pow2-32-stale", ["cache", "age", "int32"],
        "an age of 2^32 s must be stale, not wrap to 0 (e.g. Kotlin `toInt()`)",
        base(cached: Cached(ageSeconds: two32, horizontalAccuracy: 65))),
      draft(
        "domain/accuracy-int32-max-at-limit", ["cache", "accuracy"], "an accuracy of 2^31 - 1 m at a limit of 2^31 - 1: used",
        base(cached: Cached(ageSeconds: 30, horizontalAccuracy: int32Max), accuracy: int32Max)),
      draft(
        "domain/accuracy-pow2-31-past-limit", ["cache", "accuracy"],
        "an accuracy of 2^31 m is inside the domain and past the largest limit: not used",
        base(cached: Cached(ageSeconds: 30, horizontalAccuracy: two31), accuracy: int32Max)),
      draft(
        "domain/accuracy-pow2-32-coarse", ["cache", "accuracy", "int32"],
        "an accuracy of 2^32 m must be coarse, not wrap to 0 m",
        base(cached: Cached(ageSeconds: 30, horizontalAccuracy: two32))),
    ]
    return drafts
  }

  /// One field's values for the pairwise table (`Pairwise.Field`): its ordinary value first
  /// (level 0), then its boundaries inside the domain (those outside are `domainCases`', where no
  /// other field is masked by the refusal).
  typealias Levels = Pairwise.Field<WidgetLocationInput>

  /// An integer field's levels, each labelled `<field>_<value>`.
  static func integers(
    _ field: String, ordinary: Int64, _ boundaries: [Int64], _ set: @escaping (inout WidgetLocationInput, Int64) -> Void
  ) -> Levels {
    Levels(field, ([ordinary] + boundaries).map { ("\(field)_\($0)", $0) }, set)
  }

  /// Every field's levels: the integers' 0, 1, -1, 2^31 - 1, 2^31, 2^32 and 64-bit extremes
  /// where the domain holds them, every status that decides something, both booleans, and no
  /// cached fix as an age's level.
  static var pairwiseLevels: [Levels] {
    let extremes: [Int64] = [0, 1, -1, int32Max, two31, two32, .max, .min]
    func cachedAge(_ input: inout WidgetLocationInput, _ age: Int64) {
      input.cachedLocation = Cached(ageSeconds: age, horizontalAccuracy: input.cachedLocation?.horizontalAccuracy ?? 65)
    }
    var age = integers("age", ordinary: 30, extremes) { cachedAge(&$0, $1) }
    age.levels.insert(("age_no-fix", { $0.cachedLocation = nil }), at: 1)
    return [
      integers("status", ordinary: WidgetLocation.authorizedWhenInUse, [3, 0, 1, 2, 5, -1, int32Max, int32Min]) {
        $0.authorizationStatus = $1
      },
      Levels("widget", [("widget", true), ("no-widget", false)]) { $0.widgetUpdatesAuthorized = $1 },
      Levels("key", [("key", true), ("no-key", false)]) { $0.widgetWantsLocation = $1 },
      integers("max-age", ordinary: maxAge, [0, 1, int32Max]) { $0.maxCacheAgeSeconds = $1 },
      integers("accuracy", ordinary: accuracy, [0, 1, int32Max]) { $0.desiredAccuracyMeters = $1 },
      age,
      integers("h", ordinary: 65, extremes) { input, value in
        input.cachedLocation?.horizontalAccuracy = value
      },
    ]
  }

  /// The input of one row of levels: "while using the app or widgets" with a recent fix, each
  /// field set to its level in order (the age before the accuracy, so that no fix stays none).
  static func input(_ row: [Int], _ levels: [Levels]) -> (name: String, input: JSONValue) {
    var input = WidgetLocationInput(
      maxCacheAgeSeconds: maxAge, desiredAccuracyMeters: accuracy, authorizationStatus: WidgetLocation.authorizedWhenInUse,
      widgetUpdatesAuthorized: true, widgetWantsLocation: true, cachedLocation: fresh)
    var labels: [String] = []
    for (field, level) in zip(levels, row) {
      let value = field.levels[level]
      value.set(&input)
      // The accuracy of no fix is no level at all.
      if input.cachedLocation == nil, field.name == "h" { continue }
      labels.append(value.label)
    }
    return (labels.joined(separator: "/"), input.json)
  }

  /// All pairs of every field's levels (`Pairwise.rows(levels:)`), the model deciding each answer.
  static var pairwiseCases: [CaseDraft] {
    let levels = pairwiseLevels
    var names: Set<String> = []
    return Pairwise.rows(levels: levels.map(\.levels.count)).compactMap { row in
      let (name, input) = input(row, levels)
      guard names.insert(name).inserted else { return nil }
      return CaseDraft(
        "pairwise/\(name)", tags: ["pairwise"], note: "all pairs of every field's ordinary and boundary values", input: input)
    }
  }

  /// Each field's each boundary with every other field ordinary: granted, with a recent, accurate
  /// fix, so that nothing masks it.
  static var oneBoundaryCases: [CaseDraft] {
    let levels = pairwiseLevels
    var drafts: [CaseDraft] = []
    for (index, field) in levels.enumerated() {
      for level in field.levels.indices.dropFirst() {
        var row = [Int](repeating: 0, count: levels.count)
        row[index] = level
        let (_, input) = input(row, levels)
        drafts.append(
          CaseDraft(
            "one-boundary/\(field.levels[level].label)", tags: ["one-boundary"],
            note: "one boundary value among ordinary ones: \(field.name) \(field.levels[level].label)", input: input))
      }
    }
    return drafts
  }
}
