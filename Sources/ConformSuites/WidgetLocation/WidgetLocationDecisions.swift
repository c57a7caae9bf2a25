import ConformFixtures
import ConformJSON

extension WidgetLocation {
  /// Ways a port breaks one decision of the `widget-location` spec, each the way that decision's
  /// **Drift** names: the model run with one of them answers as such a port would. The reference
  /// is none of them.
  struct Drifts: OptionSet, Sendable {
    let rawValue: UInt32

    /// The drift of decision `n` (`### Dn.` in the spec).
    init(decision n: Int) { rawValue = 1 << UInt32(n) }
    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// D1: the sheet says granted for status 3 or 4, whatever the widget flag (mutant `status-only-label`).
    static let statusOnlyLabel = Drifts(decision: 1)
    /// D2: the sheet says granted for Always, as if Always covered widgets.
    static let alwaysGranted = Drifts(decision: 2)
    /// D3: the widget's guard reads the status and the key, not the flag (mutant `waits-for-timeout`).
    static let statusGuard = Drifts(decision: 3)
    /// D4: the widget's guard reads the flag and the key, not the status (mutant `widget-flag-alone`).
    static let flagAlone = Drifts(decision: 4)
    /// D5: the Info.plist key is not read, by the sheet or the widget.
    static let noPlistKey = Drifts(decision: 5)
    /// D6: a cached fix is used whatever its age.
    static let anyAge = Drifts(decision: 6)
    /// D7: a negative (invalid) accuracy passes `accuracy <= desired` (mutant `invalid-accuracy-cache`).
    static let invalidAccuracy = Drifts(decision: 7)
    /// D8: a negative age (a fix from the future) passes `age <= maxAge`.
    static let futureFix = Drifts(decision: 8)
    /// D9: a status other than 0 to 4 is read as notDetermined.
    static let unknownStatusNotAsked = Drifts(decision: 9)
    /// D10: never asked (0) reads denied.
    static let notAskedDenied = Drifts(decision: 10)
    /// D11: restricted (1) reads not asked.
    static let restrictedNotAsked = Drifts(decision: 11)
    /// D12: a cached fix is used whatever its accuracy (the age alone is checked).
    static let anyAccuracy = Drifts(decision: 12)
    /// D13: both limits compared with `<`.
    static let strictLimits = Drifts(decision: 13)
    /// D14: without any cached fix the widget ends instead of asking.
    static let noFixEnds = Drifts(decision: 14)
    /// D15: the fix's age and accuracy read as 32-bit integers, wrapping.
    static let int32 = Drifts(decision: 15)
    /// D16: a limit of 0 read as no limit: any fix of a valid age (or accuracy) passes it.
    static let zeroIsNoLimit = Drifts(decision: 16)

    /// The decisions that have a drift, ascending: every decision of the spec but the domain's
    /// (D17), which the model answers before any rule.
    static let decisions = Array(1...16)
  }

  /// The decisions whose rule produced the reference's answer for `input`, by the branch of the
  /// model that returned: used when no single drift changes the answer.
  static func baseDecisions(_ input: WidgetLocationInput) -> [Int] {
    var decisions: Set<Int> = []
    switch label(input) {
    case .granted: decisions.insert(2)  // granted means rule 1 holds
    case .appOnly: decisions.insert(1)
    case .denied: decisions.insert((0...4).contains(input.authorizationStatus) ? 11 : 9)
    case .notAsked: decisions.insert(10)
    }
    switch action(input) {
    case .endNow:
      // The first condition of rule 1 that fails.
      if !isAuthorized(input.authorizationStatus) {
        decisions.insert(4)
      } else if !input.widgetUpdatesAuthorized {
        decisions.insert(3)
      } else {
        decisions.insert(5)
      }
    case .useCache: decisions.insert(6)
    case .requestLocation: decisions.insert(input.cachedLocation == nil ? 14 : 6)
    }
    return decisions.sorted()
  }
}

extension WidgetLocationSuite {
  /// The numbers of the spec's decisions (`### D3.` is 3) that decide `input`'s answer, ascending,
  /// never empty.
  ///
  /// Decision n is listed when a port that breaks decision n the way its **Drift** names would
  /// answer `input` differently from the reference: the model is run once per decision with that
  /// one drift switched on (`WidgetLocation.Drifts`), and its label and action compared with the
  /// reference's. When no drift changes the answer, the list holds the decisions of the rules
  /// that produced it, found from the branch the model took (a granted label is D2, a recent and
  /// accurate fix used is D6, a widget ending because of the status D4). Computed from the input
  /// alone, never from a case's id, name, tags or note.
  ///
  /// An input outside the domain is D17's alone.
  ///
  /// - Throws: `JSONShapeError` naming the field, as `expected(for:)` does, when `input` is not a
  ///   `widget-location` input at all.
  public func decisions(for input: JSONValue) throws -> [Int] {
    Self.decisions(for: try WidgetLocationInput(json: input))
  }

  /// D17: the inputs outside the domain and the reason each is refused with.
  static let domainDecision = 17

  /// `decisions(for:)` of an input already read.
  static func decisions(for input: WidgetLocationInput) -> [Int] {
    if input.refusal != nil { return [domainDecision] }
    let label = WidgetLocation.label(input)
    let action = WidgetLocation.action(input)
    let changed = WidgetLocation.Drifts.decisions.filter { n in
      let drift = WidgetLocation.Drifts(decision: n)
      return WidgetLocation.label(input, drifts: drift) != label || WidgetLocation.action(input, drifts: drift) != action
    }
    return changed.isEmpty ? WidgetLocation.baseDecisions(input) : changed
  }
}

extension WidgetLocationSuite {
  /// The drifts of `WidgetLocation.Drifts`, by name.
  static let driftBits = DriftBits([
    1: "statusOnlyLabel", 2: "alwaysGranted", 3: "statusGuard", 4: "flagAlone", 5: "noPlistKey", 6: "anyAge",
    7: "invalidAccuracy", 8: "futureFix", 9: "unknownStatusNotAsked", 10: "notAskedDenied", 11: "restrictedNotAsked",
    12: "anyAccuracy", 13: "strictLimits", 14: "noFixEnds", 15: "int32", 16: "zeroIsNoLimit",
  ])
  /// D17's drift: a port that narrows or never checks the ranges answers a label and a widget.
  static let noDomainCheck = DecisionDrift(decision: domainDecision, name: "noDomainCheck")

  public var drifts: [DecisionDrift] { Self.driftBits.drifts + [Self.noDomainCheck] }

  /// The output with `drifts` together; nil for an input that cannot be read.
  public func answer(for input: JSONValue, drifting drifts: [DecisionDrift]) -> DriftedAnswer? {
    guard let typed = try? WidgetLocationInput(json: input) else { return nil }
    let rules = drifts.filter { $0 != Self.noDomainCheck }
    guard let raw = Self.driftBits.rawValue(of: rules) else { return nil }
    if let refusal = typed.refusal { return rules.count < drifts.count ? .anythingBut(refusal.output) : .output(refusal.output) }
    let drift = WidgetLocation.Drifts(rawValue: raw)
    return .output([
      "label": .string(WidgetLocation.label(typed, drifts: drift).rawValue),
      "widget": .string(WidgetLocation.action(typed, drifts: drift).rawValue),
    ])
  }
}
