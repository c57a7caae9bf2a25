import ConformJSON
import Foundation

/// What one implementation did with one case: its status and, when it answered, its output (for
/// a pass, the expected output).
public struct FuzzAnswer: Sendable, Equatable {
  public var status: CaseStatus
  public var output: JSONValue?
  /// An error message, the crash cause.
  public var message: String?
}

/// Runs one implementation over a batch of cases through the harness (one persistent process,
/// the window, crash and hang handling) and gives each case's answer.
package final class FuzzExecutor {
  let settings: HarnessSettings
  /// The implementation's name from its hello, once it has run.
  package private(set) var name: String?
  private let resultsPath: String
  /// The signal that interrupted the last batch, 0 if none.
  private(set) var stoppedBy: Int32 = 0

  /// - Parameter resultsPath: the results file each batch overwrites.
  package init(settings: HarnessSettings, resultsPath: String) {
    self.settings = settings
    self.resultsPath = resultsPath
  }

  /// The answers to `cases`, in their order, nil when a signal interrupted the batch (then
  /// `stoppedBy` names it); `label` names the batch in the results header.
  ///
  /// - Parameter maxRestarts: restarts allowed in this batch (a shrinking round may crash on
  ///   most of its candidates).
  func run(_ cases: [FixtureCase], label: String, maxRestarts: Int? = nil) throws(ConformError) -> [FuzzAnswer]? {
    guard !cases.isEmpty else { return [] }
    var settings = self.settings
    if let maxRestarts { settings.maxRestarts = maxRestarts }
    var suites: [String] = []
    for fixture in cases where !suites.contains(fixture.suite) { suites.append(fixture.suite) }
    let table = CaseTable(cases, suites: suites)
    let source = PlannedAttempts(table: table, attempts: SendOrder.attempts(caseCount: cases.count, repeat: 1, shuffleSeed: nil))
    let fixtures = ResultHeader.Fixtures(
      source: "fuzz:\(label)", manifestDigest: "sha256:" + SHA256.hex(Array(label.utf8)),
      generatorVersion: FixtureGenerator.version, cases: Int64(cases.count))
    let plan = HarnessPlan(
      fixtures: Deferred(fixtures), suites: suites, source: source, settings: settings, resultsPath: resultsPath,
      options: ["fuzz": .string(label)])
    switch try Harness.run(plan) {
    case .interruptedBeforeStart(let signal):
      stoppedBy = signal
      return nil
    case .finished(let summary, let path, _):
      name = summary.header.implementation.name
      if let interrupted = summary.footer?.interrupted {
        stoppedBy = Termination.stopSignal(named: interrupted) ?? SIGINT
        return nil
      }
      // The live summary lists problems only, up to a limit: read the file when it left out
      // anything but passes.
      var outcomes = summary.outcomes
      if summary.unlisted.values.contains(where: { $0.cases != $0.counts.passed }) {
        outcomes = RunSummary(file: try ResultsFile.read(path)).outcomes
      }
      var byID: [String: CaseResult] = [:]
      for outcome in outcomes { byID[outcome.id] = outcome.representative }
      return cases.map { fixture in
        guard let result = byID[fixture.id] else { return FuzzAnswer(status: .pass, output: fixture.expected) }
        return FuzzAnswer(
          status: result.status, output: result.status == .pass ? fixture.expected : result.actual, message: result.message)
      }
    }
  }
}
