import ConformFixtures
import ConformJSON
import ConformPlatform
import ConformProtocol
import ConformResults
import Foundation

/// What a run needs: where its attempts come from, how to run the implementation.
package struct HarnessPlan: Sendable {
  /// What the results header says of the fixtures (their source, digests and case count); may
  /// come during the run (the built-in tables' digest, while they are sent as they are made).
  var fixtures: Deferred<ResultHeader.Fixtures>
  /// The suites of the run, in the manifest's order: the hello lists them.
  var suites: [String]
  /// The attempts, in send order (`--repeat`, `--shuffle` applied), or a generated stream.
  var source: any CaseSource
  /// How many attempts the run plans to send (a generated run: the cases it will make).
  package var plannedCount: Int { source.plannedCount }
  /// Attempts per case (`--repeat`).
  var repeats: Int = 1
  var knownFailures: KnownFailures?
  var settings: HarnessSettings
  /// nil: `reports/results-<name>.jsonl`, named after the handshake.
  var resultsPath: String?
  /// The run's options for the header.
  var options: JSONValue
  /// Told of every record and restart as they happen (see `RunObserver`).
  package var observer: (any RunObserver)?
  /// The suites whose models give a case's decisions when its line lists none (a generated
  /// run's): the harness looks them up here, never in a registry.
  var catalogue: any SuiteCatalogue

  /// A fixture set's selected cases (indices into `set.cases`), each sent `repeats` times,
  /// shuffled with `shuffleSeed`.
  package init(
    fixtures set: FixtureSet, selected: [Int], repeats: Int = 1, shuffleSeed: UInt64? = nil,
    knownFailures: KnownFailures? = nil, catalogue: any SuiteCatalogue, settings: HarnessSettings, resultsPath: String?,
    options: JSONValue
  ) {
    var present = Set<String>()
    var last = ""
    for index in selected where set.cases[index].suite != last {
      last = set.cases[index].suite
      present.insert(last)
    }
    let suites = set.manifest.suites.map(\.name).filter(present.contains)
    fixtures = Deferred(
      ResultHeader.Fixtures(
        source: set.source, manifestDigest: "sha256:" + set.manifestDigest, bundleDigest: set.bundleDigest,
        bundleVersion: set.manifest.bundleVersion, generatorVersion: set.manifest.generatorVersion,
        cases: Int64(selected.count), decisions: set.manifest.decisionCounts(of: suites)))
    self.suites = suites
    source = PlannedAttempts(
      table: CaseTable(set, selected: selected, suites: suites),
      attempts: SendOrder.attempts(caseCount: selected.count, repeat: repeats, shuffleSeed: shuffleSeed))
    self.repeats = repeats
    self.knownFailures = knownFailures
    self.settings = settings
    self.resultsPath = resultsPath
    self.options = options
    self.catalogue = catalogue
  }

  /// An indexed set's selected cases, read as they are sent, each `repeats` times, shuffled
  /// with `shuffleSeed`.
  package init(
    fixtures set: IndexedFixtures, selection: IndexedSelection, repeats: Int = 1, shuffleSeed: UInt64? = nil,
    knownFailures: KnownFailures? = nil, catalogue: any SuiteCatalogue, settings: HarnessSettings, resultsPath: String?,
    options: JSONValue
  ) {
    let suites = set.manifest.suites.map(\.name).filter(selection.suites.contains)
    self.init(
      fixtures: Deferred(
        ResultHeader.Fixtures(
          source: set.source, manifestDigest: "sha256:" + set.manifestDigest, bundleDigest: set.bundleDigest,
          bundleVersion: set.manifest.bundleVersion, generatorVersion: set.manifest.generatorVersion,
          cases: Int64(selection.count), decisions: set.manifest.decisionCounts(of: suites),
          decisionTitles: set.decisionTitles.filter { title in suites.contains { title.key.hasPrefix($0 + "/") } })),
      suites: suites,
      source: IndexedCases(fixtures: set, selection: selection, suites: suites, repeats: repeats, shuffleSeed: shuffleSeed),
      repeats: repeats, catalogue: catalogue, settings: settings, resultsPath: resultsPath, options: options)
    self.knownFailures = knownFailures
  }

  package init(
    fixtures: Deferred<ResultHeader.Fixtures>, suites: [String], source: any CaseSource, repeats: Int = 1,
    catalogue: any SuiteCatalogue, settings: HarnessSettings, resultsPath: String?, options: JSONValue
  ) {
    self.repeats = repeats
    self.fixtures = fixtures
    self.suites = suites
    self.source = source
    self.settings = settings
    self.resultsPath = resultsPath
    self.options = options
    self.catalogue = catalogue
  }
}

/// How a run ended.
package enum HarnessOutcome: Sendable {
  /// The summary holds the header and the footer; `unsent` counts the cases of a generated
  /// stream never made (the run was interrupted or ran out of restarts).
  case finished(summary: RunSummary, resultsPath: String, unsent: Int)
  /// Stopped by a signal before the results file existed (during the handshakes).
  case interruptedBeforeStart(signal: Int32)
}

/// Runs an implementation over a plan with `--jobs` workers and writes the results file.
package enum Harness {
  package static func run(_ plan: HarnessPlan) throws(ConformError) -> HarnessOutcome {
    let started = MonotonicClock.now()
    let startedAt = WallClock.iso8601()
    let context = try RunContext(
      suites: plan.suites, settings: plan.settings, hello: HarnessHello(suites: plan.suites), source: plan.source,
      catalogue: plan.catalogue, observer: plan.observer)
    let stop = plan.settings.stop
    stop.begin(context)
    defer { stop.end(context) }

    // Start every worker's process and handshake at once; any failure stops the run (exit 2).
    let workers = (0..<plan.settings.jobs).map { Worker(index: $0, context: context) }
    let starts = Locked<[Int: Result<ImplementationHello, Session.StartFailure>]>([:])
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
        // One that could not be started is named by its program in the message; one that
        // started and failed the handshake is named by its whole command line.
        guard failure.started else { throw .implementation(failure.message) }
        throw .implementation("\(plan.settings.command.joined(separator: " ")): \(failure.description)")
      }
    }
    guard let hello else { preconditionFailure("a run has at least one worker") }

    let implementation = ResultHeader.Implementation(
      command: plan.settings.command, name: hello.name, language: hello.language, version: hello.version)
    let options = plan.options
    @Sendable func header(_ fixtures: ResultHeader.Fixtures) -> ResultHeader {
      ResultHeader(
        startedAt: startedAt, implementation: implementation, fixtures: fixtures, options: options,
        knownFailures: plan.knownFailures)
    }
    // The results file begins once the header is known; records wait in memory until then.
    let finalHeader: Deferred<ResultHeader>
    if let fixtures = plan.fixtures.resolved {
      finalHeader = Deferred(header(fixtures))
    } else {
      finalHeader = Deferred()
      let pending = plan.fixtures
      let thread = Thread { finalHeader.resolve(header(pending.value)) }
      thread.name = "conform header"
      thread.start()
    }
    let path = plan.resultsPath ?? defaultResultsPath(name: hello.name)
    let results: ResultsWriter
    do {
      let tally = RunTally(suites: plan.suites, repeats: plan.repeats, knownFailures: plan.knownFailures)
      results = try ResultsWriter(
        path: path, header: finalHeader, expected: plan.source.plannedCount, tally: tally, progress: plan.settings.progress,
        stopAfter: plan.settings.stopAfter.map { limit in (limit, { context.stop(signal: RunContext.failureLimit) }) })
    } catch {
      workers.forEach { $0.abandon() }
      throw error
    }
    context.attach(results)
    workers.forEach { $0.launch() }
    workers.forEach { $0.wait() }

    // Whatever no worker took: the run was interrupted, or every worker ran out of restarts.
    let left = context.source.drain()
    if !left.isEmpty {
      let message =
        context.isStopping
        ? "not run: \(interruptedText(context.stoppedBy))"
        : capText(plan.settings.maxRestarts, lastFailure: nil)
      context.results.append(contentsOf: left.map { context.unanswered($0, .notRun, message: message) })
    }
    if context.restarts > 0 {
      // How many restarts the run used and why, and how close it came to the cap:
      // "restarts: 4 (3 crashes, 1 hang), at most 1 in a row without an answer (--max-restarts 10)".
      plan.settings.diagnostics.note(
        "restarts: \(context.restarts) (\(context.restartTally.reasons)), at most \(context.longestStreak) in a row "
          + "without an answer (--max-restarts \(plan.settings.maxRestarts))")
    }
    if context.restartLimitReached {
      plan.settings.diagnostics.note(
        "the implementation was restarted \(Plural.count(plan.settings.maxRestarts, "time")) in a row without answering a case, "
          + "the limit (--max-restarts \(plan.settings.maxRestarts)): the cases left were not run")
    }
    let interrupted = context.stoppedBy > 0 ? Termination.signalName(context.stoppedBy) : nil
    let elapsed = Int64((MonotonicClock.now() - started) / 1_000_000)
    let (footer, kept, unlisted) = try results.finish(
      interrupted: interrupted, restarts: context.restartTally, milliseconds: elapsed)
    // The results so far are kept; the run could not go on.
    if let failure = plan.source.failure { throw failure }
    let summary = RunSummary(header: finalHeader.value, footer: footer, outcomes: kept, unlisted: unlisted)
    let recorded = footer.totals.values.reduce(0, +)
    return .finished(summary: summary, resultsPath: path, unsent: max(0, plan.source.plannedCount - Int(recorded)))
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
    signal == RunContext.failureLimit
      ? "the run stopped at its --stop-after limit" : "the run was interrupted by \(Termination.signalName(signal))"
  }

  static func capText(_ maxRestarts: Int, lastFailure: String?) -> String {
    var text =
      "not run: the implementation was restarted \(Plural.count(maxRestarts, "time")) in a row without answering a case, "
      + "the limit (--max-restarts \(maxRestarts))"
    if let lastFailure, !lastFailure.isEmpty { text += "; the last failure: \(lastFailure)" }
    return text
  }
}
