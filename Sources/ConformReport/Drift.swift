import ConformFixtures
import ConformJSON
import ConformResults

/// Two runs compared case by case: the gate that says whether two implementations (or two
/// versions of one) both conform and agree.
///
/// Every case lands in one kind:
/// - **both pass**;
/// - **both fail the same way**: the same status other than pass and, for `fail`, the same
///   output (the same answer; members the case lets vary may hold different allowed values). Not drift, but not conformance either: listed, and it fails the
///   gate. These cases are grouped by cause, not by output: a group is the pair of causes each
///   side's failure is filed under as `conform report` of that side files it (`Side.causes`: a
///   decision, "one of D, E", a pair, or unexplained), led by its first case;
/// - **disagree**: both ran it with different statuses, or both failed with different outputs
///   (both fail, but not the same way, even when the causes are the same);
/// - **ran by one side only**: the other skipped it, does not support its suite, never reached it
///   (its run is partial) or has no such case;
/// - **ran by neither**: both skipped it, or neither supports it.
///
/// A run is **partial** when its results file has no footer, its footer says it was interrupted,
/// or it holds cases recorded not-run or fewer cases than its header announces. One-sided cases
/// and partial runs fail the gate unless `allowPartial` is set. Each case is judged by its
/// representative attempt (the first that did not pass).
///
/// Two runs on different fixtures (`ResultHeader.Fixtures.comparedDigests`) fail the gate: two
/// teams pinned to different releases do not agree just because each passes its own. With
/// `allowDifferentFixtures`, only the cases in `sameFixtureCases` (those whose input and expected
/// output are the same in both fixture sets, `DriftFixtures`) are compared; the others are counted
/// in `leftOutForFixtures`.
public struct Drift: Sendable {
  /// One of the two runs.
  public struct Side: Sendable {
    /// `A` or `B`.
    public var name: String
    public var path: String
    public var header: ResultHeader
    /// How the diff legend and the report name this side: the implementation and its version.
    public var label: String
    /// Set when the run did not reach every case.
    public var partial: Partial?
    /// Each failing case's cause, as `conform report` of this side's results files it (its
    /// `RunSummary.profile`): a decision, "one of D, E", a pair, or unexplained.
    public var causes: [String: String] = [:]

    /// What the side's failure of `outcome` is put down to (`causes`); nil for a pass, or a case
    /// that lists no decision.
    public func cause(of outcome: CaseOutcome) -> String? {
      outcome.status == .pass ? nil : causes[outcome.id]
    }

    /// `B (kotlin-app 1.0.0, reports/b.jsonl) was interrupted by SIGINT: 43645 cases not run`, or
    /// nil when the run is complete.
    public var partialMessage: String? {
      guard let partial else { return nil }
      let cause =
        if let signal = partial.interrupted {
          "was interrupted by \(signal)"
        } else if !partial.hasFooter {
          "did not finish (its results file has no footer)"
        } else if let reason = partial.notRunReason {
          "did not run every case (\(reason))"
        } else {
          "did not run every case"
        }
      let reach =
        partial.notReached > 0
        ? "\(Plural.count(partial.notReached, "case")) not run" : "every case it announced was recorded"
      return "\(name) (\(label), \(path)) \(cause): \(reach)"
    }
  }

  /// Why a run did not reach every case, and how many it did not reach.
  public struct Partial: Sendable, Equatable {
    /// `SIGINT` or `SIGTERM` when the run was stopped by a signal.
    public var interrupted: String?
    /// Whether the results file ends with a footer.
    public var hasFooter: Bool
    /// Cases recorded not-run, plus cases the header announces that the file does not hold.
    public var notReached: Int
    /// Why cases were not run, from the first not-run record of a run that was not interrupted
    /// (the restart limit), without its `not run: ` prefix.
    public var notRunReason: String?
  }

  /// Where two runs disagree on one case.
  public struct Disagreement: Sendable {
    public var id: String
    public var suite: String
    public var a: CaseOutcome
    public var b: CaseOutcome
    /// A's output against B's, when both answered (a pass answered the expected output).
    public var diff: String?
    /// The commands that run the case again on each side (`RunSummary.rerunCommand`).
    public var rerunA = ""
    public var rerunB = ""

    /// The side's outcome that did not pass (A's when neither did): whose decisions and input
    /// the disagreement is about.
    public var subject: CaseOutcome { a.status != .pass ? a : b }

    /// Both answered, both wrongly, with different outputs.
    public var bothWrongDifferently: Bool { a.status == .fail && b.status == .fail }

    /// What each side's failure is put down to (`Side.cause(of:)`), nil for a pass or a case
    /// that lists no decision. Set for both sides when neither passed.
    public var causeA: String?
    public var causeB: String?
  }

  /// Cases of one suite both sides fail in the same way (the same status and, for `fail`, the
  /// same answer on each case) by the same causes: A's failure is put down to `causeA` and B's
  /// to `causeB` (`Side.cause(of:)`). Cases without a cause (they list no decision) are grouped
  /// by their diff against the expected output instead. Its outcomes, expected output and note
  /// are its leading example's, the first case.
  public struct SharedFailure: Sendable {
    public var suite: String
    public var status: CaseStatus
    /// The cases, sorted.
    public var ids: [String]
    /// The leading example's (the first case's) outcome on each side.
    public var a: CaseOutcome
    public var b: CaseOutcome
    /// The leading example's expected output against the output both gave, for `fail`.
    public var diff: String?
    /// What A's and B's failures are put down to, nil when the cases list no decision.
    public var causeA: String?
    public var causeB: String?

    /// The leading example: the first case.
    public var example: String { ids[0] }
  }

  /// A case only one side ran.
  public struct OneSided: Sendable {
    /// Why the other side did not run it.
    public enum Reason: String, Sendable {
      case skipped
      case unsupported
      /// Recorded not-run, or missing from a partial run.
      case notReached = "not-reached"
      /// Missing from a complete run: its fixtures or filters differ.
      case noSuchCase = "no-such-case"
    }

    public var id: String
    public var suite: String
    /// The other side's status (skipped, unsupported, not-run), nil when it has no record of the case.
    public var otherStatus: CaseStatus?
    public var reason: Reason
  }

  public var a: Side
  public var b: Side
  /// Whether one-sided cases and partial runs are accepted (`--allow-partial`).
  public var allowPartial: Bool
  /// Whether runs on different fixtures are compared on the cases they share (`--allow-different-fixtures`).
  public var allowDifferentFixtures: Bool
  /// The cases compared when the fixtures differ, nil when every case is.
  public var sameFixtureCases: Set<String>?
  /// Cases of either run left out because their input or expected output differ between the fixtures.
  public var leftOutForFixtures = 0
  /// Cases of either run compared when the fixtures differ (in `sameFixtureCases`).
  public var comparedForFixtures = 0
  /// Sorted by suite, then case id.
  public var disagreements: [Disagreement]
  /// Groups of identical failures, sorted by suite, then largest first, then by first case id.
  public var sharedFailures: [SharedFailure]
  /// Cases only A ran, sorted by suite, then case id.
  public var onlyA: [OneSided]
  /// Cases only B ran, sorted by suite, then case id.
  public var onlyB: [OneSided]
  /// Cases both sides passed, by suite.
  public var bothPassBySuite: [String: Int]
  /// Cases both sides have but neither ran (both skipped, unsupported or not-run).
  public var neitherRan: Int
  /// What a person should know before trusting the comparison: different fixtures, lines cut short.
  public var warnings: [String]

  /// Cases both sides passed.
  public var bothPass: Int { bothPassBySuite.values.reduce(0, +) }

  /// Cases both sides failed the same way.
  public var bothFail: Int { sharedFailures.reduce(0) { $0 + $1.ids.count } }

  /// Cases only one side ran.
  public var oneSided: Int { onlyA.count + onlyB.count }

  /// The sides that did not reach every case.
  public var partialSides: [Side] { [a, b].filter { $0.partial != nil } }

  /// Whether the two runs used different fixtures: their bundle archive digests differ when both
  /// came from a bundle, else their manifest digests.
  public var fixturesDiffer: Bool {
    let digests = ResultHeader.Fixtures.comparedDigests(a.header.fixtures, b.header.fixtures)
    return digests.a != digests.b
  }

  /// Why the fixtures stop the gate, or what `--allow-different-fixtures` compared; nil when both
  /// runs used the same fixtures. Each side's digests are named in full, with which digest each is.
  public var fixturesMessage: String? {
    guard fixturesDiffer else { return nil }
    let kind = ResultHeader.Fixtures.comparedDigests(a.header.fixtures, b.header.fixtures).kind
    let sides = [a, b].map { "\($0.name) (\($0.label)) ran on \($0.header.fixtures.digestsText)" }.joined(separator: "; ")
    let what = "the runs used different fixtures (their \(kind)s differ): \(sides)"
    guard allowDifferentFixtures, sameFixtureCases != nil else {
      return what
        + ". Pin both sides to the same bundle (conform run --fixtures BUNDLE --expect-digest sha256:…), or pass "
        + "--allow-different-fixtures to compare only the cases whose input and expected output are the same in both"
    }
    return what
      + ". --allow-different-fixtures: compared the \(Plural.count(comparedForFixtures, "case")) whose input and expected output are "
      + "byte-identical in both fixture sets, left out \(leftOutForFixtures) (different in one, or in one only)"
  }

  public init(
    _ first: ResultsFile, _ second: ResultsFile, allowPartial: Bool = false, allowDifferentFixtures: Bool = false,
    sameFixtureCases: Set<String>? = nil, teamModels: [any Suite] = []
  ) {
    var labelA = Self.label(first.header)
    var labelB = Self.label(second.header)
    if labelA == labelB {
      labelA += " (A)"
      labelB += " (B)"
    }
    var summaryA = RunSummary(file: first)
    var summaryB = RunSummary(file: second)
    summaryA.teamModels = teamModels
    summaryB.teamModels = teamModels
    a = Side(
      name: "A", path: first.path, header: first.header, label: labelA, partial: Self.partial(first, summaryA),
      causes: summaryA.profile.causeOfCase)
    b = Side(
      name: "B", path: second.path, header: second.header, label: labelB, partial: Self.partial(second, summaryB),
      causes: summaryB.profile.causeOfCase)
    self.allowPartial = allowPartial
    self.allowDifferentFixtures = allowDifferentFixtures
    self.sameFixtureCases = sameFixtureCases
    var outcomesB: [String: CaseOutcome] = [:]
    for outcome in summaryB.outcomes { outcomesB[outcome.id] = outcome }
    var seenInA = Set<String>()
    var shared: [String: SharedFailure] = [:]
    disagreements = []
    onlyA = []
    onlyB = []
    bothPassBySuite = [:]
    neitherRan = 0
    for outcomeA in summaryA.outcomes {
      seenInA.insert(outcomeA.id)
      if let same = sameFixtureCases {
        guard same.contains(outcomeA.id) else {
          leftOutForFixtures += 1
          continue
        }
        comparedForFixtures += 1
      }
      let outcomeB = outcomesB[outcomeA.id]
      let ranA = Self.ran(outcomeA)
      let ranB = outcomeB.map(Self.ran) ?? false
      switch (ranA, ranB) {
      case (true, true):
        let outcomeB = outcomeB!
        if var disagreement = Self.compare(outcomeA, outcomeB, legend: (labelA, labelB)) {
          disagreement.rerunA = summaryA.rerunCommand(outcomeA, resultsPath: first.path)
          disagreement.rerunB = summaryB.rerunCommand(outcomeB, resultsPath: second.path)
          if outcomeA.status != .pass, outcomeB.status != .pass {
            disagreement.causeA = a.cause(of: outcomeA)
            disagreement.causeB = b.cause(of: outcomeB)
          }
          disagreements.append(disagreement)
        } else if outcomeA.status == .pass {
          bothPassBySuite[outcomeA.suite, default: 0] += 1
        } else {
          let diff = outcomeA.outputDiff
          let causeA = a.cause(of: outcomeA)
          let causeB = b.cause(of: outcomeB)
          let byOutput = causeA == nil && causeB == nil ? diff ?? "" : ""
          let key = [outcomeA.suite, outcomeA.status.rawValue, causeA ?? "", causeB ?? "", byOutput].joined(separator: "\u{0}")
          if let group = shared[key] {
            shared[key]!.ids.append(outcomeA.id)
            if outcomeA.id.utf8.lexicographicallyPrecedes(group.a.id.utf8) {
              (shared[key]!.a, shared[key]!.b, shared[key]!.diff) = (outcomeA, outcomeB, diff)
            }
          } else {
            shared[key] = SharedFailure(
              suite: outcomeA.suite, status: outcomeA.status, ids: [outcomeA.id], a: outcomeA, b: outcomeB, diff: diff,
              causeA: causeA, causeB: causeB)
          }
        }
      case (true, false):
        onlyA.append(Self.oneSided(outcomeA, other: outcomeB, otherIsPartial: b.partial != nil))
      case (false, true):
        onlyB.append(Self.oneSided(outcomeB!, other: outcomeA, otherIsPartial: a.partial != nil))
      case (false, false): if outcomeB != nil { neitherRan += 1 }
      }
    }
    for outcomeB in summaryB.outcomes where !seenInA.contains(outcomeB.id) {
      if let same = sameFixtureCases {
        guard same.contains(outcomeB.id) else {
          leftOutForFixtures += 1
          continue
        }
        comparedForFixtures += 1
      }
      guard Self.ran(outcomeB) else { continue }
      onlyB.append(Self.oneSided(outcomeB, other: nil, otherIsPartial: a.partial != nil))
    }
    let precedes = { (x: (suite: String, id: String), y: (suite: String, id: String)) -> Bool in
      x.suite == y.suite ? x.id.utf8.lexicographicallyPrecedes(y.id.utf8) : x.suite.utf8.lexicographicallyPrecedes(y.suite.utf8)
    }
    disagreements.sort { precedes(($0.suite, $0.id), ($1.suite, $1.id)) }
    onlyA.sort { precedes(($0.suite, $0.id), ($1.suite, $1.id)) }
    onlyB.sort { precedes(($0.suite, $0.id), ($1.suite, $1.id)) }
    sharedFailures = shared.values.map { group in
      var group = group
      group.ids.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      return group
    }
    sharedFailures.sort { x, y in
      x.suite != y.suite || x.ids.count == y.ids.count
        ? precedes((x.suite, x.ids[0]), (y.suite, y.ids[0])) : x.ids.count > y.ids.count
    }

    warnings = []
    for file in [first, second] {
      for warning in file.warnings { warnings.append("\(file.path): \(warning)") }
    }
    if let fixturesMessage { warnings.insert(fixturesMessage, at: 0) }
  }

  /// 1 when the gate fails: different fixtures (without `allowDifferentFixtures`), any
  /// disagreement, any case both sides fail, no case both sides ran,
  /// or (without `allowPartial`) any case only one side ran or a partial run. 0 otherwise.
  public var exitStatus: ExitStatus { gateFailure == nil ? .success : .differences }

  /// Why the gate fails, in a word or two for the Markdown title, or nil when it passes.
  public var gateFailure: String? {
    if fixturesDiffer, !allowDifferentFixtures || sameFixtureCases == nil { return "different fixtures" }
    if !disagreements.isEmpty { return "disagree" }
    if !sharedFailures.isEmpty { return "both fail" }
    if !allowPartial, a.partial != nil || b.partial != nil { return "partial" }
    if !allowPartial, oneSided > 0 { return "one-sided" }
    if bothPass == 0 { return "nothing compared" }
    return nil
  }

  /// `19398 both pass, 203 both fail the same way, 0 disagree`, then `, 40 ran by one side only`,
  /// `, 2 ran by neither` and (`--allow-different-fixtures`) `, 12 left out (different fixtures)` when not zero.
  public var closingLine: String {
    var parts = ["\(bothPass) both pass", "\(bothFail) both fail the same way", "\(disagreements.count) disagree"]
    if oneSided > 0 { parts.append("\(oneSided) ran by one side only") }
    if neitherRan > 0 { parts.append("\(neitherRan) ran by neither") }
    if sameFixtureCases != nil, leftOutForFixtures > 0 {
      parts.append("\(leftOutForFixtures) left out (different fixtures)")
    }
    return parts.joined(separator: ", ")
  }

  /// Whether a side ran the case: it answered, or it broke trying.
  static func ran(_ outcome: CaseOutcome) -> Bool {
    switch outcome.status {
    case .pass, .fail, .errored, .crashed, .timeout, .protocolError: true
    case .skipped, .unsupported, .notRun: false
    }
  }

  static func label(_ header: ResultHeader) -> String {
    let implementation = header.implementation
    return implementation.displayName + (implementation.version.map { " \($0)" } ?? "")
  }

  /// How far a run got, or nil when it reached every case it announced and ended cleanly.
  static func partial(_ file: ResultsFile, _ summary: RunSummary) -> Partial? {
    let notRun = summary.outcomes.filter { $0.status == .notRun }
    let missing = max(0, Int(clamping: file.header.fixtures.cases) - summary.outcomes.count)
    let interrupted = file.footer?.interrupted
    guard file.footer == nil || interrupted != nil || !notRun.isEmpty || missing > 0 else { return nil }
    var reason: String?
    if interrupted == nil, let message = notRun.first?.representative.message {
      let firstLine = message.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? message
      let text = firstLine.hasPrefix("not run: ") ? String(firstLine.dropFirst("not run: ".count)) : firstLine
      reason = VisibleText.escapingControls(String(text.prefix(200)))
    }
    return Partial(
      interrupted: interrupted, hasFooter: file.footer != nil, notReached: notRun.count + missing, notRunReason: reason)
  }

  /// A case `outcome`'s side ran and the other did not, with the reason.
  static func oneSided(_ outcome: CaseOutcome, other: CaseOutcome?, otherIsPartial: Bool) -> OneSided {
    let reason: OneSided.Reason =
      switch other?.status {
      case .skipped?: .skipped
      case .unsupported?: .unsupported
      case nil: otherIsPartial ? .notReached : .noSuchCase
      default: .notReached
      }
    return OneSided(id: outcome.id, suite: outcome.suite, otherStatus: other?.status, reason: reason)
  }

  /// The disagreement between two outcomes of one case both sides ran, or nil when they agree
  /// (both pass, or both fail the same way).
  static func compare(_ a: CaseOutcome, _ b: CaseOutcome, legend: (String, String)) -> Disagreement? {
    let attemptA = a.representative
    let attemptB = b.representative
    // Two wrong answers that differ only in a varying member, each within its allowed values,
    // are the same answer.
    let sameAnswer = { (x: JSONValue?, y: JSONValue?) in
      x == y || x.flatMap { x in y.map { attemptA.varies.sameAnswer(x, $0) } } == true
    }
    guard attemptA.status != attemptB.status || attemptA.status == .fail && !sameAnswer(attemptA.actual, attemptB.actual)
    else {
      return nil
    }
    let expected = attemptA.expected ?? attemptB.expected
    var diff: String?
    if let outputA = output(attemptA, expected: expected), let outputB = output(attemptB, expected: expected) {
      diff = JSONDiff.diff(outputA, outputB, legend: legend)
    }
    return Disagreement(id: a.id, suite: a.suite, a: a, b: b, diff: diff)
  }

  /// What an attempt answered: its output when it failed, the expected output when it passed.
  static func output(_ attempt: CaseResult, expected: JSONValue?) -> JSONValue? {
    switch attempt.status {
    case .pass: expected
    case .fail: attempt.actual
    default: nil
    }
  }
}
