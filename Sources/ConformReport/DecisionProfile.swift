import ConformFixtures
import ConformResults
import ConformSuites

/// What an implementation's problems say about the spec decisions it breaks: its *profile*, the
/// first thing every report of a run shows.
///
/// Each failing case lists the decisions whose documented drift changes its answer
/// (`FixtureCase.decisions`). A case may list several, so each is put down to one cause. A port
/// that breaks a decision fails nearly every case that lists it, while a decision its failures
/// merely touch is listed by many cases it passes; so the decisions are taken greedily, first the
/// one with the largest share of its cases failing (of the counts the results header recorded
/// from the manifest), then the one explaining the most problems not yet explained, then the
/// spec's order, and a problem goes to the first chosen decision it lists. A port with two
/// independent bugs is two causes, whichever cases happen to exercise both.
public struct DecisionProfile: Sendable {
  /// One decision the problems break, with the problems put down to it, best first.
  public struct Cause: Sendable {
    public var suite: String
    /// `version-compare/D7`.
    public var decision: String
    /// The spec entry's title, when the suite is one this conform knows.
    public var title: String?
    public var problems: [CaseOutcome]
    /// `1 case where it meets version-compare/D2`: problems neither decision's drift explains
    /// alone but both together do, counted in `problems`; nil when there are none.
    public var meeting: String?

    /// The case that shows the cause best: a named case first, then the one that exercises the
    /// fewest other decisions, the smallest input, the first id.
    public var lead: CaseOutcome { problems[0] }
  }

  /// In the order reports list them: by suite (code point order), then the most problems first.
  public var causes: [Cause]
  /// Each problem's cause, by case id; problems whose case lists no decision have none.
  let causeOfCase: [String: String]

  /// The profile of `problems`, `totals` the cases per decision of the fixtures run (empty:
  /// unknown, so the most problems explained first); titles from `suites`' specs, else (a suite
  /// this conform does not build in) from `titles`, as the results header carries them.
  ///
  /// - Parameter unlisted: problems per decision that a live run counted without keeping them.
  package init(
    problems: [CaseOutcome], totals: [String: Int64] = [:], unlisted: [String: Int] = [:],
    suites: [any Suite] = SuiteRegistry.all, titles carried: [String: String] = [:]
  ) {
    var causes: [Cause] = []
    var causeOfCase: [String: String] = [:]
    var bySuite: [String: [CaseOutcome]] = [:]
    for problem in problems where !problem.decisions.isEmpty { bySuite[problem.suite, default: []].append(problem) }
    for suite in bySuite.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      let titles = Dictionary(
        (suites.first { $0.name == suite }?.specDecisions ?? []).map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a }
      ).merging(carried) { own, _ in own }
      var unexplained = bySuite[suite]!
      var failing = unlisted
      for problem in unexplained { for decision in problem.decisions { failing[decision, default: 0] += 1 } }
      // The share of a decision's cases that fail; -1 when its count is unknown.
      let share = { (decision: String) -> Double in
        guard let total = totals[decision], total > 0 else { return -1 }
        return Double(failing[decision] ?? 0) / Double(total)
      }
      let model = suites.first { $0.name == suite }
      var found: [Cause] = []
      var met: [String: [CaseOutcome]] = [:]
      while !unexplained.isEmpty {
        var counts: [String: Int] = [:]
        for problem in unexplained { for decision in problem.decisions { counts[decision, default: 0] += 1 } }
        let chosen = counts.max { a, b in
          let (x, y) = (share(a.key), share(b.key))
          if x != y { return x < y }
          return a.value != b.value ? a.value < b.value : Self.precedes(b.key, a.key)
        }!.key
        // A decision few of whose cases fail is likelier where the bugs found so far meet: the
        // problems the model with those drifts together answers as the implementation did go to
        // the first of them.
        if let first = found.first, share(chosen) < 0.5, let model {
          let drifts = found.compactMap { Self.number(of: $0.decision) }
          let (together, rest) = (
            unexplained.filter { Self.answers($0, model: model, drifting: drifts) },
            unexplained.filter { !Self.answers($0, model: model, drifting: drifts) }
          )
          if !together.isEmpty {
            for problem in together { causeOfCase[problem.id] = first.decision }
            met[first.decision, default: []] += together
            unexplained = rest
            continue
          }
        }
        let (mine, rest) = (unexplained.filter { $0.decisions.contains(chosen) }, unexplained.filter { !$0.decisions.contains(chosen) })
        for problem in mine { causeOfCase[problem.id] = chosen }
        found.append(
          Cause(suite: suite, decision: chosen, title: titles[chosen], problems: CaseOutcome.bestFirst(mine) { $0 }, meeting: nil))
        unexplained = rest
      }
      found = Self.pruned(found)
      for cause in found { for problem in cause.problems { causeOfCase[problem.id] = cause.decision } }
      // Problems where the bugs meet stay with the cause they went to, or the largest if it was pruned.
      for (decision, together) in met where !found.contains(where: { $0.decision == decision }) && !found.isEmpty {
        met[found[0].decision, default: []] += together
        for problem in together { causeOfCase[problem.id] = found[0].decision }
      }
      for index in found.indices {
        guard let together = met[found[index].decision] else { continue }
        found[index].problems += CaseOutcome.bestFirst(together) { $0 }
        found[index].meeting = "\(Plural.count(together.count, "case")) where it meets "
          + found.filter { $0.decision != found[index].decision }.map(\.decision).joined(separator: ", ")
      }
      causes += found
    }
    self.causes = causes
    self.causeOfCase = causeOfCase
  }

  /// `causes` without those made redundant by the others: from the fewest problems up, a cause
  /// whose every problem also lists another cause left is dropped, its problems going to the
  /// largest such cause. A decision a few failing cases happen to share with a broken one (a
  /// threshold case that also compares versions) is not a bug of its own.
  static func pruned(_ causes: [Cause]) -> [Cause] {
    var causes = causes
    for decision in causes.sorted(by: { $0.problems.count < $1.problems.count }).map(\.decision) {
      guard let index = causes.firstIndex(where: { $0.decision == decision }) else { continue }
      let others = causes.indices.filter { $0 != index }
      let homes = causes[index].problems.map { problem in
        others.filter { problem.decisions.contains(causes[$0].decision) }.max { causes[$0].problems.count < causes[$1].problems.count }
      }
      guard !others.isEmpty, homes.allSatisfy({ $0 != nil }) else { continue }
      for (problem, home) in zip(causes[index].problems, homes) { causes[home!].problems.append(problem) }
      causes.remove(at: index)
    }
    return causes.enumerated().sorted { a, b in
      a.element.problems.count != b.element.problems.count ? a.element.problems.count > b.element.problems.count : a.offset < b.offset
    }.map { _, cause in
      var cause = cause
      cause.problems = CaseOutcome.bestFirst(cause.problems) { $0 }
      return cause
    }
  }

  /// Whether `suite`'s model with `drifts` together answers as `problem`'s implementation did.
  static func answers(_ problem: CaseOutcome, model: any Suite, drifting drifts: [Int]) -> Bool {
    let attempt = problem.representative
    guard attempt.status == .fail, attempt.cut == nil, let input = attempt.input, let actual = attempt.actual,
      let output = try? model.output(for: input, drifting: drifts)
    else { return false }
    return output == actual
  }

  /// 7 for `version-compare/D7`.
  static func number(of decision: String) -> Int? {
    guard let range = decision.range(of: "/D", options: .backwards) else { return nil }
    return Int(decision[range.upperBound...])
  }

  /// Spec order: `D2` before `D10`.
  static func precedes(_ a: String, _ b: String) -> Bool {
    let (x, y) = (number(of: a) ?? Int.max, number(of: b) ?? Int.max)
    return x != y ? x < y : a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  /// `version-compare/D7  36 cases  Missing parts count as 0.`, aligned: the profile's lines.
  public var lines: [String] {
    let idWidth = causes.map(\.decision.count).max() ?? 0
    let counts = causes.map { Plural.count($0.problems.count, "case") }
    let countWidth = counts.map(\.count).max() ?? 0
    return causes.indices.map { index in
      let cause = causes[index]
      var line = "  " + cause.decision + String(repeating: " ", count: idWidth - cause.decision.count)
      line += "  " + String(repeating: " ", count: countWidth - counts[index].count) + counts[index]
      if let title = cause.title { line += "  " + title }
      if let meets = cause.meeting { line += " (\(meets))" }
      return line
    }
  }

  /// `breaks 2 decisions:` or `breaks decision version-compare/D7:`, the profile's heading.
  public var heading: String {
    causes.count == 1 ? "breaks 1 spec decision:" : "breaks \(causes.count) spec decisions:"
  }
}
