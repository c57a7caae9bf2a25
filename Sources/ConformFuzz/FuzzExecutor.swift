import ConformArchive
import ConformFixtures
import ConformHarness
import ConformJSON
import ConformPlatform
import ConformResults
import ConformSuites
import Foundation

/// What one implementation did with one case: its status and, when it answered, its output (for
/// a pass, the expected output).
public struct FuzzAnswer: Sendable, Equatable {
  public var status: CaseStatus
  public var output: JSONValue?
  /// An error message, the crash cause.
  public var message: String?
}

/// One implementation's answers to a batch: those of the cases that did not pass, by index in
/// the batch; every other case passed, so its answer is its expected output. A search judges the
/// cases with an answer here, not all the batch's.
struct FuzzAnswers {
  let cases: [FixtureCase]
  let problems: [Int: CaseResult]

  subscript(index: Int) -> FuzzAnswer {
    guard let result = problems[index] else { return FuzzAnswer(status: .pass, output: cases[index].expected) }
    return FuzzAnswer(
      status: result.status, output: result.status == .pass ? cases[index].expected : result.actual, message: result.message)
  }
}

/// Runs one implementation over batches of cases through the harness (the window, crash and
/// hang handling) and gives each case's answer. One run, so one process, serves batch after
/// batch (`FuzzRun`); a batch that cost a restart ends it, and the next batch starts another.
package final class FuzzExecutor {
  let settings: HarnessSettings
  /// The implementation's name from its hello, once a run has ended.
  package private(set) var name: String?
  private let resultsPath: String
  /// The signal that interrupted the last batch, 0 if none.
  private(set) var stoppedBy: Int32 = 0
  /// The cases the search plans to send (the progress bar's total), 0 when unknown.
  var plannedCases = 0
  private var live: FuzzRun?
  /// The batch sent and not yet collected.
  private var sent: [FixtureCase] = []

  /// - Parameter resultsPath: the results file each run overwrites.
  package init(settings: HarnessSettings, resultsPath: String) {
    self.settings = settings
    self.resultsPath = resultsPath
  }

  /// Starts the implementation on a run of `suites` before the first batch is made, so that its
  /// start and hello overlap the making (a search's first batch waits for a team suite's model).
  func prepare(suites: [String]) {
    if live == nil { live = start(suites: suites) }
  }

  /// Hands `cases` to the implementation, in the live run if it can take them, else in a new
  /// one; `collect` gives their answers. Two executors' batches run at the same time this way.
  ///
  /// - Parameters:
  ///   - table: the cases already encoded (drafted ahead), used when its suites are the run's.
  ///   - maxRestarts: restarts allowed in this batch, nil: `--max-restarts` (a shrinking round
  ///     may crash on most of its candidates).
  func send(_ cases: [FixtureCase], table: CaseTable? = nil, maxRestarts: Int? = nil) throws(ConformError) {
    sent = cases
    guard !cases.isEmpty else { return }
    let allowance = maxRestarts ?? settings.maxRestarts
    var suites: [String] = []
    for fixture in cases where !suites.contains(fixture.suite) { suites.append(fixture.suite) }
    if let live, !live.accepts(suites: Set(suites)) { try finish() }
    let run = live ?? start(suites: table?.suites ?? suites)
    live = run
    run.send(table.flatMap { $0.suites == run.suites ? $0 : nil } ?? CaseTable(cases, suites: run.suites), maxRestarts: allowance)
  }

  /// The answers to the cases of the last `send`, in their order, nil when a signal interrupted
  /// the batch.
  func collect() throws(ConformError) -> FuzzAnswers? {
    let cases = sent
    guard !cases.isEmpty, let run = live else { return FuzzAnswers(cases: cases, problems: [:]) }
    let (problems, ended) = run.results()
    if let ended {
      live = nil
      guard try settle(ended) else { return nil }
    }
    return FuzzAnswers(cases: cases, problems: problems)
  }

  /// Ends the live run: closes the implementation's input and waits for it to exit.
  func finish() throws(ConformError) {
    guard let run = live else { return }
    live = nil
    _ = try settle(run.close())
  }

  private func start(suites: [String]) -> FuzzRun {
    let settings = self.settings
    let fixtures = ResultHeader.Fixtures(
      source: "fuzz", manifestDigest: "sha256:" + SHA256.hex(Array("fuzz".utf8)), generatorVersion: FixtureGenerator.version,
      cases: Int64(plannedCases))
    let resultsPath = resultsPath
    return FuzzRun(suites: suites, plannedCount: plannedCases) { run in
      var plan = HarnessPlan(
        fixtures: Deferred(fixtures), suites: suites, source: run, catalogue: SuiteRegistry.catalogue, settings: settings,
        resultsPath: resultsPath, options: ["fuzz": true])
      plan.observer = run
      return plan
    }
  }

  /// Takes a run's outcome: its name; false when a signal stopped it (`stoppedBy` names it).
  private func settle(_ outcome: Result<HarnessOutcome, ConformError>) throws(ConformError) -> Bool {
    switch outcome {
    case .failure(let error): throw error
    case .success(.interruptedBeforeStart(let signal)):
      stoppedBy = signal
      return false
    case .success(.finished(let summary, _, _)):
      name = summary.header.implementation.name
      if let interrupted = summary.footer?.interrupted {
        stoppedBy = Termination.stopSignal(named: interrupted) ?? SIGINT
        return false
      }
      return true
    }
  }
}
