import ConformFixtures
import ConformResults
import ConformSuites

/// What an implementation's problems say about the spec decisions it breaks: its *profile*, the
/// first thing every report of a run shows.
///
/// Each problem is attributed by counterfactual (`Attribution`): it is put down to the decision
/// whose documented drift makes the suite's model answer exactly what the implementation
/// answered. A problem several decisions' drifts reproduce goes to the one the run bears out
/// best: the one on the largest share of whose cases (of the counts the results header recorded
/// from the manifest) the port answers as its drift does, else the one whose drift reproduces the
/// most problems, else the most alone; when nothing tells them apart it stays "one of" them. A problem no single drift reproduces but two together
/// do goes to the decision of the pair the run proves, where it meets the other, or to the pair.
/// The rest are unexplained: their block comes last and lists the decisions they exercise, never
/// as broken. A problem's cause depends on its own answer and on what the run proves, so adding
/// a case never moves others from one proven decision to another.
public struct DecisionProfile: Sendable {
  /// One decision the problems break, with the problems put down to it, best first; or, last,
  /// the problems of a suite that no documented drift explains.
  public struct Cause: Sendable {
    public var suite: String
    /// `version-compare/D7`; `version-compare/D8 or D9` for drifts the run does not tell apart;
    /// `version-compare/D2 + D8` for a pair; `version-compare/unexplained` for the last block
    /// (`price-discount/exercised` for a suite whose model names no drifts).
    public var decision: String
    /// The spec entry's title, when the suite is one this conform knows; for the unexplained
    /// block, what would explain it.
    public var title: String?
    public var problems: [CaseOutcome]
    /// `1 case where it meets version-compare/D2`: problems neither decision's drift reproduces
    /// alone but both together do, counted in `problems`; nil when there are none.
    public var meeting: String?
    /// How many of `problems`, at the end, are where it meets other decisions (`meeting`).
    public var together = 0
    /// False for the unexplained block.
    public var isExplained = true
    /// The decisions the unexplained block's cases exercise, the most cases first; empty for a
    /// decision.
    public var exercised: [String] = []

    /// The case that shows the cause best, one it explains: a named case first, then the one
    /// that exercises the fewest other decisions, the smallest input, the first id.
    public var lead: CaseOutcome { problems[0] }
  }

  /// In the order reports list them: the decisions by suite (code point order), the most
  /// problems first; then each suite's unexplained block.
  public var causes: [Cause]
  /// Each problem's cause (`Cause.decision`), by case id; problems whose case lists no decision
  /// have none.
  let causeOfCase: [String: String]
  /// The decisions each suite's run bears out poorly (`doubted`), by suite: what attribution of
  /// the run's answers weighs (`Attribution.of`).
  package let doubted: [String: Set<Int>]
  /// The suites attributed strictly (`init(strictly:)`).
  package let strict: Set<String>

  /// The profile of `problems`, `totals` the cases per decision of the fixtures run (empty:
  /// unknown); titles from `suites`' specs, else (a suite this conform does not build in) from
  /// `titles`, as the results header carries them.
  ///
  /// - Parameters:
  ///   - unlisted: problems per decision that a live run counted without keeping them.
  ///   - strictly: in a suite whose failures give two answers at most (true/false), weigh each
  ///     decision by the problems its drift reproduces, not by those that fail (`unborne`), and
  ///     never explain an answer by a doubted decision's drift (`Attribution.of(strictly:)`): for
  ///     a search's random cases, where a true/false answer an undocumented bug flips is also
  ///     what unrelated drifts answer.
  ///   - pairAnswers: what each suite's pair searches may cost in model answers
  ///     (`PairSearchBudget`); nil: no bound, for a fuzz search, whose every cause must be found.
  package init(
    problems: [CaseOutcome], totals: [String: Int64] = [:], unlisted: [String: Int] = [:],
    suites: [any Suite] = SuiteRegistry.all, titles carried: [String: String] = [:], strictly: Bool = false,
    pairAnswers: Int? = PairSearchBudget.answersPerSuite
  ) {
    var explained: [Cause] = []
    var unexplainedBlocks: [Cause] = []
    var causeOfCase: [String: String] = [:]
    var doubtedBySuite: [String: Set<Int>] = [:]
    var strict: Set<String> = []
    var bySuite: [String: [CaseOutcome]] = [:]
    for problem in problems where !problem.decisions.isEmpty { bySuite[problem.suite, default: []].append(problem) }
    for suite in bySuite.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      let model = suites.first { $0.name == suite }
      let titles = Dictionary(
        (model?.specDecisions ?? []).map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a }
      ).merging(carried) { own, _ in own }
      let problems = bySuite[suite]!
      // Only a true/false answer (two outputs at most among the failures) is given by
      // coincidence: a richer answer a drift reproduces exactly is its evidence. Errors and
      // crashes are not outputs: a port that throws on some inputs still answers true or false on
      // the rest. Built-in suites only: a team model lists the decisions of each answer itself,
      // broadly or narrowly, so the share of the cases listing a decision that its drift
      // reproduces says nothing there.
      let builtIn = SuiteRegistry.all.contains { $0.name == suite }
      let outputs = Set(problems.map(\.representative).filter { $0.status == .fail }.map(\.actual))
      let strictly = strictly && builtIn && outputs.count <= 2
      if strictly { strict.insert(suite) }
      let singles = problems.map { problem in
        strictly ? model.map { Attribution.reproducingDrifts(problem.representative, model: $0) } ?? [] : nil
      }
      let doubted =
        strictly
        ? Self.unborne(suite: suite, singles: singles.map { $0 ?? [] }, totals: totals)
        : Self.doubted(suite: suite, problems: problems, totals: totals, unlisted: unlisted)
      doubtedBySuite[suite] = doubted
      let budget = pairAnswers.map { PairSearchBudget(answers: $0) }
      let attributions = zip(problems, singles).map { problem, singles in
        model.map {
          Attribution.of(
            problem.representative, model: $0, doubted: doubted, singles: singles, strictly: strictly, budget: budget)
        } ?? Attribution(kind: .unexplained, drifts: [])
      }
      let sorting = Sorting(suite: suite, problems: problems, attributions: attributions, totals: totals, unlisted: unlisted)
      var found: [Cause] = []
      for decision in Set(sorting.filed.keys).union(sorting.met.keys) {
        let together = sorting.met[decision] ?? []
        var cause = Cause(
          suite: suite, decision: decision, title: titles[decision],
          problems: CaseOutcome.bestFirst(sorting.filed[decision] ?? []) { $0 } + CaseOutcome.bestFirst(together) { $0 })
        cause.together = together.count
        if !together.isEmpty {
          cause.meeting =
            "\(Plural.count(together.count, "case")) where it meets "
            + sorting.meets[decision]!.sorted(by: Self.precedes).joined(separator: ", ")
        }
        found.append(cause)
      }
      found.sort { a, b in
        a.problems.count != b.problems.count ? a.problems.count > b.problems.count : Self.precedes(a.decision, b.decision)
      }
      for cause in found { for problem in cause.problems { causeOfCase[problem.id] = cause.decision } }
      explained += found
      guard !sorting.unexplained.isEmpty else { continue }
      // A suite whose model names no drifts (a team's) can prove no cause: its failures are
      // labelled for what they are, exercised.
      let drifts = !(model?.drifts.isEmpty ?? true)
      var block = Self.unexplainedBlock(
        suite: suite, decision: "\(suite)/\(drifts ? "unexplained" : "exercised")", problems: sorting.unexplained)
      if model == nil { block.title = Self.noModelTitle }
      if let skipped = budget?.skipped, skipped > 0, let title = block.title {
        block.title =
          title + " (\(Plural.grouped(skipped, "failure")) not tried with pairs of drifts: the pair search stops at "
          + "\(PairSearchBudget.answersPerSuite.grouped) model answers a suite)"
      }
      for problem in sorting.unexplained { causeOfCase[problem.id] = block.decision }
      unexplainedBlocks.append(block)
    }
    self.causes = explained + unexplainedBlocks
    self.causeOfCase = causeOfCase
    self.doubted = doubtedBySuite
    self.strict = strict
  }

  /// The profile of `problems`, each filed under the cause `filed` gives its case id (a
  /// `Cause.decision` another profile gave it: in `conform diff`, the report of the side that
  /// failed it), so the two name the same cause; a problem `filed` does not name is left out.
  /// Titles from `suites`' specs, else from `titles`.
  package init(
    problems: [CaseOutcome], filed: [String: String], suites: [any Suite] = SuiteRegistry.all,
    titles carried: [String: String] = [:]
  ) {
    var byCause: [String: [CaseOutcome]] = [:]
    for problem in problems {
      if let cause = filed[problem.id] { byCause[cause, default: []].append(problem) }
    }
    var explained: [Cause] = []
    var unexplainedBlocks: [Cause] = []
    for (decision, problems) in byCause {
      let suite = problems[0].suite
      if decision.hasSuffix("/unexplained") || decision.hasSuffix("/exercised") {
        unexplainedBlocks.append(Self.unexplainedBlock(suite: suite, decision: decision, problems: problems))
      } else {
        let title = suites.first { $0.name == suite }?.specDecisions.first { $0.id == decision }?.title ?? carried[decision]
        explained.append(
          Cause(suite: suite, decision: decision, title: title, problems: CaseOutcome.bestFirst(problems) { $0 }))
      }
    }
    let order = { (a: Cause, b: Cause) -> Bool in
      if a.suite != b.suite { return a.suite.utf8.lexicographicallyPrecedes(b.suite.utf8) }
      return a.problems.count != b.problems.count ? a.problems.count > b.problems.count : Self.precedes(a.decision, b.decision)
    }
    causes = explained.sorted(by: order) + unexplainedBlocks.sorted(by: order)
    causeOfCase = Dictionary(byCause.flatMap { cause, problems in problems.map { ($0.id, cause) } }) { first, _ in first }
    doubted = [:]
    strict = []
  }

  /// The exercised block's title for a suite whose model this conform does not run.
  static let noModelTitle =
    "no model of this suite was asked for drifts (--team-model DIR asks it), so no decision is proven broken"

  /// The last block of a suite: `problems` no documented drift explains (`…/unexplained`), or
  /// that a suite whose model names no drifts cannot explain (`…/exercised`), with the decisions
  /// they exercise, the most cases first, never as broken.
  static func unexplainedBlock(suite: String, decision: String, problems: [CaseOutcome]) -> Cause {
    var exercisedCount: [String: Int] = [:]
    for problem in problems { for decision in problem.decisions { exercisedCount[decision, default: 0] += 1 } }
    let exercised = exercisedCount.keys.sorted { a, b in
      exercisedCount[a]! != exercisedCount[b]! ? exercisedCount[a]! > exercisedCount[b]! : Self.precedes(a, b)
    }
    return Cause(
      suite: suite, decision: decision,
      title: decision.hasSuffix("/unexplained")
        ? "no documented drift reproduces these answers: a drift the spec does not list would explain them"
        : "the suite's model names no drifts, so no decision is proven broken",
      problems: CaseOutcome.bestFirst(problems) { $0 }, isExplained: false, exercised: exercised)
  }

  /// The decisions of `suite` that fewer than half of whose cases fail, of the counts `totals`
  /// knows: a port that had their drift would fail nearly all of them, so a single drift of one
  /// comes after a pair of drifts of decisions the run bears out (`Attribution.of`).
  static func doubted(suite: String, problems: [CaseOutcome], totals: [String: Int64], unlisted: [String: Int]) -> Set<Int> {
    var failing = unlisted
    for problem in problems { for decision in problem.decisions { failing[decision, default: 0] += 1 } }
    var doubted: Set<Int> = []
    for (decision, total) in totals where total > 0 && decision.hasPrefix(suite + "/") {
      if let number = number(of: decision), 2 * (failing[decision] ?? 0) < total { doubted.insert(number) }
    }
    return doubted
  }

  /// The decisions of `suite` on fewer than half of whose cases, of the counts `totals` knows,
  /// the port answers as their drift alone does (`singles`, each problem's reproducing drifts): a
  /// port with a decision's drift answers as it does on nearly all the cases the decision
  /// decides, so a drift that gives a few answers of a port that passes, or fails otherwise,
  /// most of them gives those by coincidence.
  static func unborne(suite: String, singles: [[DecisionDrift]], totals: [String: Int64]) -> Set<Int> {
    var reproduced: [Int: Int] = [:]
    for drifts in singles { for decision in Set(drifts.map(\.decision)) { reproduced[decision, default: 0] += 1 } }
    var unborne: Set<Int> = []
    for (decision, total) in totals where total > 0 && decision.hasPrefix(suite + "/") {
      if let number = number(of: decision), 2 * (reproduced[number] ?? 0) < total { unborne.insert(number) }
    }
    return unborne
  }

  /// The causes that are decisions the problems break: the unexplained blocks left out.
  public var broken: [Cause] { causes.filter(\.isExplained) }

  /// One suite's problems filed by their attributions: under a decision, "one of" decisions, a
  /// pair, a decision where it meets another, or unexplained.
  struct Sorting {
    /// Problems by the cause they are filed under (`version-compare/D8`, `… or D9`, `… + D8`).
    var filed: [String: [CaseOutcome]] = [:]
    /// Problems a pair reproduces, filed under the pair's decision the run proves.
    var met: [String: [CaseOutcome]] = [:]
    /// The other decisions of those pairs, by the decision they are filed under.
    var meets: [String: Set<String>] = [:]
    var unexplained: [CaseOutcome] = []

    init(
      suite: String, problems: [CaseOutcome], attributions: [Attribution], totals: [String: Int64], unlisted: [String: Int]
    ) {
      let id = { (number: Int) in Decision.id(suite: suite, number: number) }
      // Problems each decision's drift reproduces, with others or not, and alone.
      var reproduced: [Int: Int] = [:]
      var alone: [Int: Int] = [:]
      for attribution in attributions {
        switch attribution.kind {
        case .decision(let decision):
          reproduced[decision, default: 0] += 1
          alone[decision, default: 0] += 1
        case .oneOf(let decisions): for decision in decisions { reproduced[decision, default: 0] += 1 }
        default: break
        }
      }
      // The share of a decision's cases on which the port answers as its drift does; -1 when
      // its count of cases is unknown.
      let precision = { (decision: Int) -> Double in
        guard let total = totals[id(decision)], total > 0 else { return -1 }
        return Double(reproduced[decision] ?? 0) / Double(total)
      }
      // Of decisions whose drifts all reproduce an answer, the one the run bears out best: the
      // one on a clearly larger share (at least twice any other's) of whose cases the port
      // answers as its drift does, when the counts are known (one added case barely moves it);
      // else the one whose drift reproduces clearly the most problems, or is alone in giving
      // clearly the most answers; nil when nothing tells them apart.
      let best = { (decisions: [Int]) -> Int? in
        for measure in [precision, { Double(reproduced[$0] ?? 0) }, { Double(alone[$0] ?? 0) }] {
          let values = decisions.map(measure)
          guard values.allSatisfy({ $0 >= 0 }), let top = values.max(), top > 0 else { continue }
          if values.filter({ $0 != top }).allSatisfy({ 2 * $0 <= top }), values.filter({ $0 == top }).count == 1 {
            return decisions[values.firstIndex(of: top)!]
          }
        }
        return nil
      }
      var pairProblems: [(CaseOutcome, [[Int]])] = []
      for (problem, attribution) in zip(problems, attributions) {
        switch attribution.kind {
        case .decision(let decision):
          filed[id(decision), default: []].append(problem)
        case .oneOf(let decisions):
          let name = best(decisions).map(id) ?? id(decisions[0]) + decisions.dropFirst().map { " or D\($0)" }.joined()
          filed[name, default: []].append(problem)
        case .pairs(let pairs):
          pairProblems.append((problem, pairs))
        case .unexplained:
          unexplained.append(problem)
        }
      }
      // A pair goes to the decision of it with the most problems filed, where it meets the other;
      // to the pair itself when neither has any.
      let single = filed
      let filedCount = { (decision: Int) -> Int in single[id(decision)]?.count ?? 0 }
      for (problem, pairs) in pairProblems {
        let pair = pairs.max { a, b in
          let (x, y) = (a.map(filedCount).reduce(0, +), b.map(filedCount).reduce(0, +))
          return x != y ? x < y : (a[0], a[1]) > (b[0], b[1])
        }!
        let counts = pair.map(filedCount)
        if counts.max()! > 0 {
          let home = counts[0] >= counts[1] ? pair[0] : pair[1]
          met[id(home), default: []].append(problem)
          meets[id(home), default: []].formUnion(pair.filter { $0 != home }.map(id))
        } else {
          filed["\(id(pair[0])) + D\(pair[1])", default: []].append(problem)
        }
      }
    }
  }

  /// 7 for `version-compare/D7`.
  package static func number(of decision: String) -> Int? {
    guard let range = decision.range(of: "/D", options: .backwards) else { return nil }
    return Int(decision[range.upperBound...])
  }

  /// The decisions a cause names: [8] for `version-compare/D8`, [8, 9] for `… /D8 or D9`, [2, 8]
  /// for `… /D2 + D8`, none for `… /unexplained`.
  package static func numbers(of cause: String) -> [Int] {
    guard let slash = cause.lastIndex(of: "/") else { return [] }
    return cause[cause.index(after: slash)...].split(separator: " ").compactMap { word in
      word.hasPrefix("D") ? Int(word.dropFirst()) : nil
    }
  }

  /// Spec order: `D2` before `D10`.
  static func precedes(_ a: String, _ b: String) -> Bool {
    let (x, y) = (number(of: a) ?? Int.max, number(of: b) ?? Int.max)
    return x != y ? x < y : a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  /// `version-compare/D7  36 cases  Missing parts count as 0.`, aligned: the profile's lines,
  /// the unexplained blocks last, each naming the decisions its cases exercise.
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
      if !cause.exercised.isEmpty { line += " (exercised: " + cause.exercised.joined(separator: ", ") + ")" }
      return line
    }
  }

  /// `breaks 2 spec decisions:`, the profile's heading: the decisions attributed failures prove
  /// broken, the unexplained blocks not counted.
  public var heading: String {
    let count = broken.count
    if count == 0 { return "fails cases no spec decision's drift explains:" }
    return count == 1 ? "breaks 1 spec decision:" : "breaks \(count) spec decisions:"
  }
}
