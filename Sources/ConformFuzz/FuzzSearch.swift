import ConformFixtures
import ConformJSON
import ConformPlatform
import ConformReport
import ConformResults
import ConformSuites

/// How far a fuzz search goes.
package struct FuzzLimits: Sendable {
  /// The most cases to generate, nil: no limit.
  package var cases: Int?
  /// The most seconds to search (new batches start only before it), nil: no limit.
  package var seconds: Double?
  /// Cases in the first batch sent through the harness: a port with a bug is most often found in
  /// it, and a small batch finds it soonest.
  package var batchSize = 10_000
  /// Each batch that finds nothing makes the next half as large again, up to this size: the pause
  /// at the end of each batch, while its last answers come back, counts less the larger the
  /// batches. Not twice as large: the next batch is drafted on one thread while this one runs,
  /// and drafting twice this batch took longer than running it (waits of 250 ms in a 2.4 s
  /// search of 200,000 cases with the Swift reference, on 2 cores; 35-105 ms growing by half).
  /// Equal to `batchSize`: every batch the same size.
  package var largestBatch = 160_000
  /// Every batch's size when a searched suite's model answers a batch at a time
  /// (`BatchFuzzing`) and no `--batch` is given: the model, not the harness, sets the pace.
  package static let modelPacedBatch = 2_000
  /// Every batch of `size` cases (`--batch`); reads the first batch's size.
  package var fixedBatch: Int {
    get { batchSize }
    set { (batchSize, largestBatch) = (newValue, newValue) }
  }
  /// Implementation calls per failing case while shrinking (per implementation).
  package var shrinkBudget = 2_000
  /// Failing cases shrunk; the rest are counted only.
  package var maxShrunk = 10
  /// The most seconds to shrink (new rounds start only before it): a crash costs a restart per
  /// candidate, so a crashing port's rounds are slow.
  package var shrinkSeconds = 60.0

  package init() {}
}

/// A minimal failing case, and how many failing cases shrank to it.
package struct FuzzFinding: Sendable {
  package var suite: String
  package var input: JSONValue
  package var expected: JSONValue
  /// Each implementation's answer to `input`.
  package var answers: [FuzzAnswer]
  package var signature: String
  /// The first failing case of the search that shrank to it: its id and number within its suite.
  package var firstID: String
  package var firstNumber: Int
  /// That case's input size, in bytes of canonical JSON.
  package var originalBytes: Int
  /// Failing cases that shrank to it, or to an equivalent case (see `merged`).
  package var count: Int
  /// Distinct minimal cases merged into it, itself included.
  package var variants = 1
  /// The spec decision (or pair, or "one of") the failing cases are put down to by attribution
  /// (`DecisionProfile`), with its title; nil when the suite lists no decisions.
  package var cause: String?
  package var causeTitle: String?
  /// Whether its suite's failures give two answers at most (true/false), which unrelated drifts
  /// give by coincidence: its label is checked on its neighbours (`FuzzSearch.borneOut`).
  var twoAnswers = false
}

/// What a search found.
package struct FuzzReport: Sendable {
  /// Cases generated and sent.
  package var cases = 0
  /// Batches sent.
  package var batches = 0
  /// Seconds spent searching, then shrinking.
  package var searchSeconds = 0.0
  package var shrinkSeconds = 0.0
  /// Failing cases in the batch that had some.
  package var failing = 0
  /// The first failing case's position in the search (0-based), nil when none failed.
  package var firstFailure: Int?
  /// That case's id (`version-compare/fuzz/1-4`).
  package var firstFailureID: String?
  /// Failing cases shrunk (at most `FuzzLimits.maxShrunk`), and the calls spent on them.
  package var shrunk = 0
  package var shrinkCalls = 0
  /// Whether shrinking stopped at its time limit, before every case was minimal.
  package var shrinkTimedOut = false
  /// The minimal cases, in the order their first failing case was found.
  package var findings: [FuzzFinding] = []
  /// The causes found past `FuzzLimits.maxShrunk`, each as its first failing case, not shrunk:
  /// the cap bounds the time spent shrinking, not the causes reported.
  package var unshrunk: [FuzzFinding] = []
  /// The signal that stopped the search, 0 if none.
  package var stoppedBy: Int32 = 0
  /// Cases an implementation does not support (its hello does not list their suite), by suite:
  /// nothing was checked of them.
  package var unsupported: [String: Int] = [:]

  /// No search yet: nothing sent, nothing found.
  package init() {}
}

/// The search: generated cases in batches through every implementation until one batch has a
/// finding (or the limits are reached), then every finding of that batch shrunk, a round of
/// candidates at a time, and the minimal cases grouped.
package struct FuzzSearch {
  let cases: FuzzCases
  let executors: [FuzzExecutor]
  let limits: FuzzLimits

  package init(cases: FuzzCases, executors: [FuzzExecutor], limits: FuzzLimits) {
    self.cases = cases
    self.executors = executors
    self.limits = limits
  }

  /// The search and the shrinking; every implementation is stopped at the end.
  package func run() throws(ConformError) -> FuzzReport {
    for executor in executors { executor.plannedCases = limits.cases ?? 0 }
    let report: FuzzReport
    do throws(ConformError) {
      report = try search()
    } catch {
      for executor in executors { try? executor.finish() }
      throw error
    }
    for executor in executors { try executor.finish() }
    return report
  }

  private func search() throws(ConformError) -> FuzzReport {
    var report = FuzzReport()
    let started = MonotonicClock.now()
    func elapsed(since start: UInt64) -> Double { Double(MonotonicClock.now() - start) / 1e9 }
    var failures: [Failure] = []
    // The batch of `size` cases starting at `start`, nil past the limit on cases.
    func prefetch(from start: Int, size: Int) -> FuzzPrefetch? {
      let left = (limits.cases ?? Int.max) - start
      return left <= 0 ? nil : FuzzPrefetch(cases, range: start..<start + min(left, size), onEveryCore: start == 0)
    }
    // A suite whose model answers a batch at a time (a team suite's) sets the pace: batches of
    // one small size keep the model answering the next batch while the implementations answer
    // this one, so only the first batch's answers and the last batch's run are not overlapped
    // (doubling batches would leave about half of the search unoverlapped). A size given with
    // --batch is kept.
    let modelPaced = limits.largestBatch > limits.batchSize && cases.answeredInBatches
    var size = modelPaced ? min(limits.batchSize, FuzzLimits.modelPacedBatch) : limits.batchSize
    var next = prefetch(from: 0, size: size)
    if next != nil { for executor in executors { executor.prepare(suites: cases.suites.map(\.name)) } }
    var failingBatch: [FixtureCase] = []
    var failingAnswers: [FuzzAnswers] = []
    while failures.isEmpty, let current = next {
      if let seconds = limits.seconds, elapsed(since: started) >= seconds { break }
      let (batch, table) = current.batch()
      // The next batch is drafted while this one runs (it is thrown away if this one finds something).
      if !modelPaced { size = max(size, min(size * 3 / 2, limits.largestBatch)) }
      next = prefetch(from: current.range.upperBound, size: size)
      guard let answers = try answers(batch, table: table) else {
        report.stoppedBy = executors.map(\.stoppedBy).max() ?? 0
        return report
      }
      // A case every implementation passed is no finding: only the others are judged.
      for index in Set(answers.flatMap(\.problems.keys)).sorted() {
        let fixture = batch[index]
        let each = answers.map { $0[index] }
        if each.contains(where: { $0.status == .unsupported }) { report.unsupported[fixture.suite, default: 0] += 1 }
        if let signature = FuzzJudge.signature(expected: fixture.expected, answers: each, varies: fixture.varies) {
          if failures.isEmpty { (report.firstFailure, report.firstFailureID) = (report.cases + index, fixture.id) }
          failures.append(
            Failure(
              fixture: fixture, number: cases.position(of: report.cases + index).number, answers: each, signature: signature))
        }
      }
      report.cases += batch.count
      report.batches += 1
      if !failures.isEmpty { (failingBatch, failingAnswers) = (batch, answers) }
    }
    report.searchSeconds = elapsed(since: started)
    report.failing = failures.count
    guard !failures.isEmpty else { return report }

    let shrinkStarted = MonotonicClock.now()
    let causes = Self.byCause(failures, batch: failingBatch, suites: cases.suites)
    let chosen = Array(causes.prefix(limits.maxShrunk))
    report.unshrunk = causes.dropFirst(limits.maxShrunk).filter { $0.cause != nil }.map { item in
      FuzzFinding(
        suite: item.fixture.suite, input: item.fixture.input, expected: item.fixture.expected, answers: item.answers,
        signature: item.signature, firstID: item.fixture.id, firstNumber: item.number,
        originalBytes: JSONWriter.bytes(item.fixture.input).count, count: item.count, cause: item.cause,
        causeTitle: item.causeTitle, twoAnswers: item.strictly)
    }
    report.shrunk = chosen.count
    // A crash or a hang restarts the implementation for each failing candidate: smaller rounds.
    let costly = ["crashed", "timeout", "protocol-error"]
    var progress = chosen.map { failure in
      ShrinkProgress(
        failure.fixture.input, budget: limits.shrinkBudget,
        roundLimit: costly.contains { failure.signature.contains($0) } ? 16 : 100)
    }
    var latest = chosen.map(\.answers)
    var round = 0
    while elapsed(since: shrinkStarted) < limits.shrinkSeconds {
      var batch: [FixtureCase] = []
      var owners: [(failure: Int, range: Range<Int>, inputs: [JSONValue])] = []
      for (failure, item) in chosen.enumerated() where !progress[failure].isDone {
        let suite = cases.suite(named: item.fixture.suite)
        let inside = suite.shrinkCandidates(of: progress[failure].current).filter { (try? suite.expected(for: $0)) != nil }
        let inputs = progress[failure].round(from: inside)
        let start = batch.count
        for (position, input) in inputs.enumerated() {
          batch.append(
            FixtureCase(
              id: "\(suite.name)/fuzz/shrink-\(failure)-\(round)-\(position)", suite: suite.name, tags: ["fuzz"],
              note: "a shrinking candidate", input: input, expected: FuzzCases.expected(suite, input),
              varies: suite.varies(for: input)))
        }
        owners.append((failure, start..<batch.count, inputs))
      }
      if batch.isEmpty { break }
      guard let answers = try answers(batch, maxRestarts: batch.count + 10) else {
        report.stoppedBy = executors.map(\.stoppedBy).max() ?? 0
        break
      }
      report.shrinkCalls += batch.count
      for owner in owners {
        var failing: [Bool] = []
        for index in owner.range {
          let each = answers.map { $0[index] }
          let same = chosen[owner.failure].isSame(batch[index], answers: each, suite: cases.suite(named: batch[index].suite))
          if same, !failing.contains(true) { latest[owner.failure] = each }
          failing.append(same)
        }
        progress[owner.failure].record(owner.inputs, failing: failing)
      }
      round += 1
    }
    report.shrinkSeconds = elapsed(since: shrinkStarted)
    report.shrinkTimedOut = progress.contains { !$0.isDone } && report.stoppedBy == 0

    let minimal = chosen.enumerated().map { failure, item in
      let input = progress[failure].current
      return FuzzFinding(
        suite: item.fixture.suite, input: input, expected: FuzzCases.expected(cases.suite(named: item.fixture.suite), input),
        answers: latest[failure], signature: item.signature + (item.cause.map { " " + $0 } ?? ""), firstID: item.fixture.id,
        firstNumber: item.number, originalBytes: JSONWriter.bytes(item.fixture.input).count, count: item.count,
        cause: item.cause, causeTitle: item.causeTitle, twoAnswers: item.strictly)
    }
    // The causes past the cap are checked too: a label is never shown unless borne out.
    let checked = try borneOut(minimal + report.unshrunk, batch: failingBatch, answers: failingAnswers)
    report.findings = FuzzFinding.merged(Array(checked.prefix(minimal.count)))
    report.unshrunk = Array(checked.dropFirst(minimal.count))
    return report
  }

  /// `findings` with each label kept only where the implementation bears it out next to the
  /// minimal case. On a true/false answer (`FuzzFinding.twoAnswers`) any drift that flips it
  /// reproduces it, so a drift that gives the minimal case's answer may do so by coincidence (a
  /// richer answer a drift reproduces exactly is its evidence): the case's neighbours (its
  /// shrinking candidates) on which the labelled drift changes the model's answer are run, and
  /// the label stands when the implementation answers at least half of them as the drift does.
  /// When no neighbour tells (a minimal case's neighbours are small, and a drift of large parts
  /// changes none of them), the cases of the search's failing batch (`batch`, its `answers`)
  /// on which the drift changes the model's answer are weighed the same way, at most
  /// `batchEvidence` of them; the label stands when none of those tells either. Of "one of"
  /// several decisions only those borne out stay; a label none of whose drifts is borne out
  /// becomes unexplained, saying which drift gave the answer.
  private func borneOut(_ findings: [FuzzFinding], batch searched: [FixtureCase], answers searchedAnswers: [FuzzAnswers])
    throws(ConformError) -> [FuzzFinding]
  {
    struct Check {
      var finding: Int
      /// The drifts, alone or paired, that the label names.
      var options: [[DecisionDrift]]
      /// The implementation whose answer the label explains.
      var side: Int
      /// Each neighbour's place in the batch, and what each option answers for it.
      var neighbours: [(index: Int, answers: [DriftedAnswer?])] = []
    }
    var batch: [FixtureCase] = []
    var checks: [Check] = []
    for (index, finding) in findings.enumerated() {
      guard let cause = finding.cause, finding.twoAnswers else { continue }
      let suite = cases.suite(named: finding.suite)
      let numbers = DecisionProfile.numbers(of: cause)
      guard !numbers.isEmpty, let side = finding.answers.firstIndex(where: { $0.status != .pass }) else { continue }
      let options: [[DecisionDrift]] =
        cause.contains(" + ")
        ? suite.drifts.filter { $0.decision == numbers[0] }.flatMap { first in
          suite.drifts.filter { $0.decision == numbers[1] }.map { [first, $0] }
        }
        : suite.drifts.filter { numbers.contains($0.decision) }.map { [$0] }
      var check = Check(finding: index, options: options, side: side)
      for input in suite.shrinkCandidates(of: finding.input).prefix(200) {
        guard (try? suite.expected(for: input)) != nil else { continue }
        let expected = FuzzCases.expected(suite, input)
        let answers = options.map { suite.answer(for: input, drifting: $0) }
        guard answers.contains(where: { $0?.changes(expected) == true }) else { continue }
        check.neighbours.append((batch.count, answers))
        batch.append(
          FixtureCase(
            id: "\(suite.name)/fuzz/neighbour-\(index)-\(check.neighbours.count - 1)", suite: suite.name, tags: ["fuzz"],
            note: "a neighbour of a minimal case", input: input, expected: expected))
      }
      checks.append(check)
    }
    guard !checks.isEmpty else { return findings }
    var answers: [FuzzAnswers] = []
    if !batch.isEmpty {
      guard let answered = try self.answers(batch, maxRestarts: batch.count + 10) else { return findings }
      answers = answered
    }
    var checked = findings
    for check in checks {
      var finding = findings[check.finding]
      guard let cause = finding.cause else { continue }
      let suite = cases.suite(named: finding.suite)
      var kept: [[DecisionDrift]] = []
      for (position, option) in check.options.enumerated() {
        var tally = Tally()
        for neighbour in check.neighbours {
          guard let drifted = neighbour.answers[position] else { continue }
          tally.weigh(drifted, batch[neighbour.index], answers[check.side][neighbour.index])
        }
        if tally.changed == 0, check.side < searchedAnswers.count {
          for index in searched.indices where searched[index].suite == finding.suite {
            guard tally.changed < Self.batchEvidence else { break }
            guard let drifted = suite.answer(for: searched[index].input, drifting: option) else { continue }
            tally.weigh(drifted, searched[index], searchedAnswers[check.side][index])
          }
        }
        if 2 * tally.reproduced >= tally.changed { kept.append(option) }
      }
      let decisions = Array(Set(kept.joined().map(\.decision))).sorted()
      let id = { (number: Int) in Decision.id(suite: finding.suite, number: number) }
      let relabelled: String
      if decisions.isEmpty {
        relabelled = "\(finding.suite)/unexplained"
        finding.causeTitle =
          "\(cause.split(separator: "/").last!)'s drift gives this answer, but not the implementation's answers to the "
          + "cases next to it: no documented drift explains it"
      } else if cause.contains(" + ") || decisions == DecisionProfile.numbers(of: cause) {
        continue
      } else {
        relabelled = id(decisions[0]) + decisions.dropFirst().map { " or D\($0)" }.joined()
        finding.causeTitle = decisions.count == 1 ? suite.specDecisions.first { $0.number == decisions[0] }?.title : nil
      }
      if finding.signature.hasSuffix(" " + cause) { finding.signature.removeLast(cause.count + 1) }
      finding.signature += " " + relabelled
      finding.cause = relabelled
      checked[check.finding] = finding
    }
    return checked
  }

  /// The most cases of the failing batch weighed for a label no neighbour tells about.
  static let batchEvidence = 200

  /// Cases on which a drift changes the model's answer, and of those, the ones the
  /// implementation answers as the drift does.
  private struct Tally {
    var changed = 0
    var reproduced = 0

    mutating func weigh(_ drifted: DriftedAnswer, _ fixture: FixtureCase, _ answer: FuzzAnswer) {
      guard drifted.changes(fixture.expected) else { return }
      let attempt = CaseResult(
        id: fixture.id, suite: fixture.suite, status: answer.status, actual: answer.output, expected: fixture.expected,
        input: fixture.input, tags: fixture.tags, message: answer.message)
      changed += 1
      if drifted.reproduces(attempt) { reproduced += 1 }
    }
  }

  /// A failing case found by the search, and the spec decision it is put down to.
  struct Failure {
    var fixture: FixtureCase
    var number: Int
    var answers: [FuzzAnswer]
    /// How it fails (`FuzzJudge.signature`).
    var signature: String
    /// The decision its failures are put down to (`DecisionProfile`), nil when its input lists none.
    var cause: String?
    /// That decision's title, or what would explain an unexplained cause.
    var causeTitle: String?
    /// The search's failures put down to the same cause (1 without one).
    var count = 1
    /// The decisions of its suite the search's failures do not bear out, whose drifts never
    /// explain a candidate (`DecisionProfile.doubted`).
    var doubted: Set<Int> = []
    /// Whether its suite's failures give two answers at most, so that no doubted drift explains
    /// a candidate either (`DecisionProfile.init(strictly:)`).
    var strictly = false

    /// Whether a shrinking candidate is the same finding: it fails the same way and, with a
    /// cause, exercises that decision. One that fails for other decisions is another finding,
    /// not a smaller one.
    func isSame(_ candidate: FixtureCase, answers: [FuzzAnswer], suite: any Suite) -> Bool {
      guard FuzzJudge.signature(expected: candidate.expected, answers: answers, varies: candidate.varies) == signature else {
        return false
      }
      guard let cause else { return true }
      guard !suite.drifts.isEmpty else { return true }
      // The candidate must still be put down to the same cause: a decision's drift (alone) still
      // gives its answer, a pair's drifts together, or none for an unexplained cause.
      let answer = answers.first { $0.status != .pass } ?? answers[0]
      let attempt = CaseResult(
        id: candidate.id, suite: candidate.suite, status: answer.status, actual: answer.output, expected: candidate.expected,
        input: candidate.input, tags: candidate.tags, message: answer.message)
      let numbers = DecisionProfile.numbers(of: cause)
      switch Attribution.of(attempt, model: suite, doubted: doubted, strictly: strictly).kind {
      case .decision(let decision): return !cause.contains(" + ") && numbers.contains(decision)
      case .oneOf(let decisions): return !cause.contains(" + ") && decisions.contains(where: numbers.contains)
      case .pairs(let pairs): return cause.contains(" + ") && pairs.contains(numbers)
      case .unexplained: return numbers.isEmpty
      }
    }
  }

  /// The failures to shrink, one per cause: the search's failures are attributed by
  /// counterfactual and profiled (`DecisionProfile`, weighing drifts the run does not tell apart
  /// by the share of `batch`'s cases listing each that fail), and each cause is shrunk from its
  /// first failure it explains alone, counting every failure put down to it; failures of suites
  /// that name no drifts or list no decision follow, each on its own (merged by shape afterwards).
  static func byCause(_ failures: [Failure], batch: [FixtureCase], suites: [any Suite]) -> [Failure] {
    func suite(named name: String) -> (any Suite)? { suites.first { $0.name == name } }
    var outcomes: [CaseOutcome] = []
    var withoutDecisions: [Failure] = []
    var byID: [String: Failure] = [:]
    for failure in failures {
      // A suite whose model names no drifts proves no cause: its failures go each on its own.
      let suite = suite(named: failure.fixture.suite)
      let decisions = suite?.decisionIDs(for: failure.fixture.input) ?? []
      guard !decisions.isEmpty, !(suite?.drifts.isEmpty ?? true) else {
        withoutDecisions.append(failure)
        continue
      }
      let answer = failure.answers.first { $0.status != .pass } ?? failure.answers[0]
      var result = CaseResult(
        id: failure.fixture.id, suite: failure.fixture.suite, status: answer.status, actual: answer.output,
        expected: failure.fixture.expected, input: failure.fixture.input, tags: failure.fixture.tags, message: answer.message)
      result.decisions = decisions
      outcomes.append(CaseOutcome(id: failure.fixture.id, suite: failure.fixture.suite, attempts: [result]))
      byID[failure.fixture.id] = failure
    }
    let order = Dictionary(failures.enumerated().map { ($1.fixture.id, $0) }, uniquingKeysWith: { a, _ in a })
    // Cases per decision over the batch (a sample gave shares too rough to tell causes apart).
    // A built-in suite's decision counts a case only where its drift changes the answer: a
    // port with that drift fails those, not the cases that list the decision as the rule that
    // gave the answer (version-compare's D9, D10, D12), which it passes.
    let builtIn = Set(SuiteRegistry.all.map(\.name))
    var builtInDrifts: [String: [Int: [DecisionDrift]]] = [:]
    for suite in suites where builtIn.contains(suite.name) {
      builtInDrifts[suite.name] = Dictionary(grouping: suite.drifts, by: \.decision)
    }
    var totals: [String: Int64] = [:]
    for fixture in batch {
      guard let suite = suite(named: fixture.suite) else { continue }
      for decision in suite.decisionIDs(for: fixture.input) {
        if let drifts = builtInDrifts[suite.name], let number = DecisionProfile.number(of: decision) {
          let changes = (drifts[number] ?? []).contains {
            suite.answer(for: fixture.input, drifting: [$0])?.changes(fixture.expected) == true
          }
          guard changes else { continue }
        }
        totals[decision, default: 0] += 1
      }
    }
    var chosen: [Failure] = []
    let profile = DecisionProfile(problems: outcomes, totals: totals, suites: suites, strictly: true, pairAnswers: nil)
    for cause in profile.causes {
      // Shrunk from a failure the cause explains alone, not one where it meets another.
      let alone = cause.problems.dropLast(cause.together)
      guard let first = alone.min(by: { order[$0.id]! < order[$1.id]! }), var failure = byID[first.id] else { continue }
      failure.cause = cause.decision
      failure.causeTitle = cause.title
      failure.count = cause.problems.count
      failure.doubted = profile.doubted[cause.suite] ?? []
      failure.strictly = profile.strict.contains(cause.suite)
      chosen.append(failure)
    }
    return chosen + withoutDecisions
  }

  /// Every implementation's answers to `batch` (sent to all of them at once), nil when a signal
  /// stopped one.
  private func answers(_ batch: [FixtureCase], table: CaseTable? = nil, maxRestarts: Int? = nil) throws(ConformError)
    -> [FuzzAnswers]?
  {
    for executor in executors { try executor.send(batch, table: table, maxRestarts: maxRestarts) }
    var all: [FuzzAnswers] = []
    for executor in executors {
      guard let answers = try executor.collect() else { return nil }
      all.append(answers)
    }
    return all
  }
}
