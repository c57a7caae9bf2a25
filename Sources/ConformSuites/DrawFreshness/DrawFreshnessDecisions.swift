import ConformFixtures
import ConformJSON

extension DrawFreshness {
  /// Ways a port breaks one decision of the `draw-freshness` spec, each the way that decision's
  /// **Drift** names: the model run with one of them answers as such a port would. The reference
  /// is none of them.
  struct Drifts: OptionSet, Sendable {
    let rawValue: UInt32

    /// The drift of decision `n` (`### Dn.` in the spec).
    init(decision n: Int) { rawValue = 1 << UInt32(n) }
    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// D1: every draw has content, the round alone is checked (mutant `round-only`).
    static let roundOnly = Drifts(decision: 1)
    /// D2: the content check leaves out the first-prize stores.
    static let noStoresCheck = Drifts(decision: 2)
    /// D3: six numbers and a bonus are counted, never read (mutant `zero-numbers`).
    static let countsNumbers = Drifts(decision: 3)
    /// D4: the header shows the fetched round when there is one (mutant `header-from-fetch`).
    static let headerFromFetch = Drifts(decision: 4)
    /// D5: Saturday 20:00 read in the harness's zone, UTC: every draw 9 hours late (mutant `device-time-zone`).
    static let deviceTimeZone = Drifts(decision: 5)
    /// D6: never retries: the next check is always the next draw.
    static let neverRetries = Drifts(decision: 6)
    /// D7: any fetched draw with content replaces the cache, even an older round.
    static let goesBack = Drifts(decision: 7)
    /// D8: the content check leaves out the bonus.
    static let bonusUnchecked = Drifts(decision: 8)
    /// D9: the cached draw's content is not checked: it is shown and compared as it is.
    static let cacheUnchecked = Drifts(decision: 9)
    /// D10: only a newer round replaces the cache (`>`), not the same one.
    static let onlyNewer = Drifts(decision: 10)
    /// D11: the fetched draw is written only when no draw with content is cached.
    static let writeOnce = Drifts(decision: 11)
    /// D12: Saturday taken as Calendar's day 6, Friday: every draw 6 days late (mutant `calendar-weekday`).
    static let calendarWeekday = Drifts(decision: 12)
    /// D13: a round counts only after its 20:00:00 (`>`), not from it.
    static let drawSecondPending = Drifts(decision: 13)
    /// D14: the round counted by a division that truncates toward zero, also before the first draw.
    static let truncatingCount = Drifts(decision: 14)
    /// D15: behind means different from `latestRound` (`!=`), so a round ahead of the clock retries.
    static let aheadIsBehind = Drifts(decision: 15)
    /// D16: a fixed 900-second retry, whatever `retryAfterSeconds` says.
    static let fixedRetry = Drifts(decision: 16)

    /// The decisions that have a drift, ascending: every decision of the spec.
    static let decisions = Array(1...16)

    /// Seconds the schedule's draws are late by under these drifts; 0 for the reference.
    var drawShift: Int64 {
      (contains(.deviceTimeZone) ? DrawFreshness.koreaOffsetSeconds : 0) + (contains(.calendarWeekday) ? 6 * 86_400 : 0)
    }
  }
}

extension DrawFreshnessSuite {
  /// The numbers of the spec's decisions (`### D3.` is 3) that decide `input`'s answer, ascending,
  /// never empty.
  ///
  /// Decision n is listed when a port that breaks decision n the way its **Drift** names would
  /// answer `input` differently from the reference: the model is run once per decision with that
  /// one drift switched on (`DrawFreshness.Drifts`) and its whole output compared with the
  /// reference's. When no drift changes the answer, the list is `[6]`: the schedule's rule
  /// produced it (the app is current and waits for the next draw; a retrying answer always
  /// changes under D6's drift). Computed from the input alone, never from a case's id, name,
  /// tags or note.
  ///
  /// An input outside the domain (D17) lists D17 alone.
  ///
  /// - Throws: `JSONShapeError` naming the field, as `expected(for:)` does, when `input` cannot
  ///   be read (a field missing or of the wrong type).
  public func decisions(for input: JSONValue) throws -> [Int] {
    // D17: a port without the domain check answers an input outside it with a decision, never
    // the error, and no other decision is reached first.
    if try DrawFreshnessInput.domainError(input) != nil { return [17] }
    return Self.decisions(for: try DrawFreshnessInput(json: input))
  }

  /// `decisions(for:)` of an input already read.
  static func decisions(for input: DrawFreshnessInput) -> [Int] {
    let reference = DrawFreshness.decide(input)
    let changed = DrawFreshness.Drifts.decisions.filter {
      DrawFreshness.decide(input, drifts: DrawFreshness.Drifts(decision: $0)) != reference
    }
    return changed.isEmpty ? [6] : changed
  }
}

extension DrawFreshnessSuite {
  /// The drifts of `DrawFreshness.Drifts`, by name.
  static let driftBits = DriftBits([
    1: "roundOnly", 2: "noStoresCheck", 3: "countsNumbers", 4: "headerFromFetch", 5: "deviceTimeZone", 6: "neverRetries",
    7: "goesBack", 8: "bonusUnchecked", 9: "cacheUnchecked", 10: "onlyNewer", 11: "writeOnce", 12: "calendarWeekday",
    13: "drawSecondPending", 14: "truncatingCount", 15: "aheadIsBehind", 16: "fixedRetry",
  ])
  /// D17's drift: a port without the domain checks answers with a decision (or checks the fields
  /// in another order and gives another reason).
  static let noDomainCheck = DecisionDrift(decision: 17, name: "noDomainCheck")

  public var drifts: [DecisionDrift] { Self.driftBits.drifts + [Self.noDomainCheck] }

  /// The output with `drifts` together; nil for an input that cannot be read.
  public func answer(for input: JSONValue, drifting drifts: [DecisionDrift]) -> DriftedAnswer? {
    guard let expected = try? expected(for: input) else { return nil }
    let rules = drifts.filter { $0 != Self.noDomainCheck }
    guard let raw = Self.driftBits.rawValue(of: rules) else { return nil }
    if (try? DrawFreshnessInput.domainError(input)) != nil {
      return rules.count < drifts.count ? .anythingBut(expected) : .output(expected)
    }
    guard let typed = try? DrawFreshnessInput(json: input) else { return nil }
    return .output(DrawFreshness.decide(typed, drifts: DrawFreshness.Drifts(rawValue: raw)))
  }
}
