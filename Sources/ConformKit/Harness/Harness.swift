import ConformJSON
import Foundation
import Synchronization

/// What a run needs: the cases, the order to send them in, how to run the implementation.
struct HarnessPlan: Sendable {
  var fixtures: FixtureSet
  /// The selected cases, in fixture order.
  var cases: [FixtureCase]
  /// Every attempt, in send order (`--repeat`, `--shuffle` applied).
  var attempts: [Attempt]
  var settings: HarnessSettings
  /// nil: `reports/results-<name>.jsonl`, named after the handshake.
  var resultsPath: String?
  /// The run's options for the header.
  var options: JSONValue
}

/// How a run ended.
enum HarnessOutcome: Sendable {
  case finished(header: ResultHeader, results: [CaseResult], footer: ResultFooter, resultsPath: String)
  /// Stopped by a signal before the results file existed (during the handshakes).
  case interruptedBeforeStart(signal: Int32)
}

/// Runs an implementation over a plan with `--jobs` workers and writes the results file.
enum Harness {
  /// The run a signal stops; nil outside a run.
  private static let active = Mutex<RunContext?>(nil)

  static func run(_ plan: HarnessPlan) throws(ConformError) -> HarnessOutcome {
    let started = MonotonicClock.now()
    let startedAt = WallClock.iso8601()
    let suites = plan.fixtures.manifest.suites.map(\.name).filter { name in plan.cases.contains { $0.suite == name } }
    let context = RunContext(
      cases: plan.cases, settings: plan.settings, hello: HarnessHello(suites: suites),
      attempts: plan.attempts)
    active.withLock { $0 = context }
    defer { active.withLock { $0 = nil } }
    SignalWatcher.install { signal in
      guard let context = Harness.active.withLock({ $0 }) else { _exit(128 + signal) }
      Terminal.note("\(Termination.signalName(signal)): stopping the implementation and writing the results so far")
      context.stop(signal: signal)
    }

    // Start every worker's process and handshake at once; any failure stops the run (exit 2).
    let workers = (0..<plan.settings.jobs).map { Worker(index: $0, context: context) }
    let starts = Mutex<[Int: Result<ImplementationHello, Session.StartFailure>]>([:])
    DispatchQueue.concurrentPerform(iterations: workers.count) { index in
      let outcome = workers[index].startFirst()
      starts.withLock { $0[index] = outcome }
    }
    let outcomes = starts.withLock { results in (0..<workers.count).map { results[$0]! } }
    if context.isStopping {
      workers.forEach { $0.abandon() }
      return .interruptedBeforeStart(signal: context.stoppedBy)
    }
    var hello: ImplementationHello?
    for outcome in outcomes {
      switch outcome {
      case .success(let answer): hello = hello ?? answer
      case .failure(let failure):
        workers.forEach { $0.abandon() }
        throw .implementation("\(plan.settings.command.joined(separator: " ")): \(failure.description)")
      }
    }
    guard let hello else { preconditionFailure("a run has at least one worker") }

    let header = ResultHeader(
      startedAt: startedAt,
      implementation: .init(command: plan.settings.command, name: hello.name, language: hello.language, version: hello.version),
      fixtures: .init(
        source: plan.fixtures.source, manifestDigest: "sha256:" + plan.fixtures.manifestDigest,
        bundleDigest: plan.fixtures.bundleDigest, bundleVersion: plan.fixtures.manifest.bundleVersion, generatorVersion: plan.fixtures.manifest.generatorVersion,
        cases: Int64(plan.cases.count)),
      options: plan.options)
    let path = plan.resultsPath ?? defaultResultsPath(name: hello.name)
    let results: ResultsWriter
    do {
      results = try ResultsWriter(path: path, header: header, expected: plan.attempts.count)
    } catch {
      workers.forEach { $0.abandon() }
      throw error
    }
    context.attach(results)
    workers.forEach { $0.launch() }
    workers.forEach { $0.wait() }

    // Whatever no worker took: the run was interrupted, or every worker ran out of restarts.
    let left = context.queue.drain()
    if !left.isEmpty {
      let message =
        context.isStopping
        ? "not run: \(interruptedText(context.stoppedBy))"
        : capText(plan.settings.maxRestarts, lastFailure: nil)
      results.append(contentsOf: left.map { context.unanswered($0, .notRun, message: message) })
    }
    if context.restartLimitReached {
      Terminal.note(
        "the implementation was restarted \(context.restarts) times, the limit (--max-restarts \(plan.settings.maxRestarts)): "
          + "the cases left were not run")
    }
    let interrupted = context.isStopping ? Termination.signalName(context.stoppedBy) : nil
    let elapsed = Int64((MonotonicClock.now() - started) / 1_000_000)
    let (all, footer) = try results.finish(interrupted: interrupted, restarts: context.restarts, milliseconds: elapsed)
    return .finished(header: header, results: all, footer: footer, resultsPath: path)
  }

  /// `reports/results-<name>.jsonl`, the name made safe for a file name.
  static func defaultResultsPath(name: String) -> String {
    let safe = String(
      name.unicodeScalars.map { scalar in
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": Character(scalar)
        default: "-"
        }
      })
    return "reports/results-\(safe.isEmpty || safe.hasPrefix(".") ? "implementation" : safe).jsonl"
  }

  static func interruptedText(_ signal: Int32) -> String {
    "the run was interrupted by \(Termination.signalName(signal))"
  }

  static func capText(_ maxRestarts: Int, lastFailure: String?) -> String {
    var text = "not run: the implementation was restarted \(maxRestarts) times, the limit (--max-restarts \(maxRestarts))"
    if let lastFailure, !lastFailure.isEmpty { text += "; the last failure: \(lastFailure)" }
    return text
  }
}
