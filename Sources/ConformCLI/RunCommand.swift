import ConformFixtures
import ConformHarness
import ConformJSON
import ConformPlatform
import ConformReport
import ConformResults
import ConformSuites
import Foundation

/// `conform run`: runs an implementation over the fixtures and records every answer.
public enum RunCommand: Command {
  public static let name = "run"
  public static let summary = "run an implementation over the fixtures and record every answer"
  public static let manual = Manual(
    title: "conform run: run an implementation over the fixtures and record every answer",
    usage: "conform run --impl PROGRAM [--impl-arg ARG]... [options] [-- ARG...]",
    blocks: [
      .text(
        """
        The implementation is a long-lived process speaking the conform protocol (harness/PROTOCOL.md):
        JSON lines on its stdin and stdout. Requests are streamed with a bounded window and answers
        matched by seq, so answers may come in any order. A crash, a hang or a line that is not a
        valid answer is recorded against the case that caused it (several in flight: they are
        replayed one at a time to find it), the process group is killed, a fresh process is started,
        and the run goes on.
        """)
    ] + RunOptions.tables.map { .options($0.heading, $0.declarations) } + ReportOptions.manualBlocks + [
      .text(
        """
        SIGINT, SIGTERM or SIGHUP stops the implementation, keeps the results so far (marked
        interrupted) and exits 130, 143 or 129. A results file that reaches the file-size limit
        (ulimit -f) ends the run with exit 2, the results so far kept.
        """)
    ],
    exitStatuses: [
      (0, "every case conforms (known failures aside)"),
      (
        1,
        "a case does not conform (fails, errors, crashes, hangs, is flaky or was not run), a\nlisted known failure now passes, or nothing was checked (without --allow-empty)"
      ),
      (
        2,
        "could not run: bad usage, unreadable fixtures or known failures, fixtures that are not the\npinned digest, an implementation that cannot start or fails the handshake"
      ),
      (
        130,
        "interrupted by SIGINT (Ctrl-C); 143 by SIGTERM, 129 by SIGHUP: the implementation is\nstopped and the results so far are kept, marked interrupted"
      ),
    ])

  /// A run, or `--list`.
  public enum Options {
    case run(RunOptions)
    case list(ListOptions)
  }

  public static func parse(_ arguments: inout Arguments) throws(ConformError) -> Options {
    let options = try RunOptions.parse(&arguments)
    return options.list ? .list(ListOptions(choice: options.choice)) : .run(options)
  }

  public static func run(_ options: Options) throws(ConformError) -> ExitStatus {
    switch options {
    case .run(let options): try run(options)
    case .list(let options): try list(options)
    }
  }

  static func run(_ options: RunOptions) throws(ConformError) -> ExitStatus {
    try options.checkResultsPathIsNotAnInput()
    let settings = options.settings.stopping(with: CLI.stop)
    let plan: HarnessPlan
    var knownFailures: KnownFailures?
    if let generate = options.generate {
      guard let suite = SuiteRegistry.named(generate) else {
        throw .usage("run: --generate takes a suite (\(SuiteRegistry.names.joined(separator: ", "))), not \"\(generate)\"")
      }
      plan = HarnessPlan.generated(
        suite: suite,
        options: GeneratorOptions(parameters: options.parameters, tier: options.tier),
        limit: options.limit, shard: options.shard, settings: settings, resultsPath: options.results,
        header: options.json)
    } else if options.fixtures == nil, options.expectDigest == nil, options.knownFailures == nil, options.filters.isEmpty,
      options.shuffleSeed == nil, options.rerunFailed == nil, options.shard == nil
    {
      plan = HarnessPlan.streamed(
        builtIn: SuiteRegistry.catalogue, tier: options.tier, repeats: options.repeatCount, limit: options.limit,
        settings: settings, resultsPath: options.results,
        header: options.json)
    } else if let path = options.fixtures {
      // A folder's tables (a bundle's, unpacked) stay on disk: each case is read again when it is sent.
      knownFailures = try options.knownFailures.map { path throws(ConformError) in try KnownFailures.read(path) }
      let (fixtures, selection) = try options.choice.index(path, knownFailures: knownFailures)
      plan = HarnessPlan(
        fixtures: fixtures, selection: selection, repeats: options.repeatCount, shuffleSeed: options.shuffleSeed,
        knownFailures: knownFailures, catalogue: SuiteRegistry.catalogue, settings: settings, resultsPath: options.results,
        options: options.json)
    } else {
      let fixtures = try options.choice.readFixtures()
      knownFailures = try options.knownFailures.map { path throws(ConformError) in
        let list = try KnownFailures.read(path)
        try list.check(against: Set(fixtures.cases.map(\.id)))
        return list
      }
      plan = HarnessPlan(
        fixtures: fixtures, selected: try options.choice.select(from: fixtures), repeats: options.repeatCount,
        shuffleSeed: options.shuffleSeed, knownFailures: knownFailures, catalogue: SuiteRegistry.catalogue, settings: settings,
        resultsPath: options.results, options: options.json)
    }

    switch try Harness.run(plan) {
    case .interruptedBeforeStart(let signal):
      Terminal.note("interrupted by \(Termination.signalName(signal)) before the run started: no results written")
      return .stopped(by: signal)
    case .finished(var summary, let path, let unsent):
      // The live summary keeps only the cases reports list; a format that needs every case (JUnit,
      // the HTML matrix), or every problem (the JSON report, the known-failures file), reads the results back.
      let report = options.report
      let needs = report.requested.map(\.format.needs)
      if needs.contains(.everyCase)
        || summary.unlistedProblems > 0 && (needs.contains(.everyProblem) || options.writeKnownFailures != nil)
      {
        summary = RunSummary(file: try ResultsFile.read(path), knownFailures: knownFailures)
      }
      // The known-failures file is attempted first, but its failure waits until the report is out.
      var knownFailuresError: ConformError?
      if let output = options.writeKnownFailures {
        do { try FileIO.write(Array(KnownFailures.render(summary.outcomes).utf8), to: output) } catch {
          knownFailuresError = error
        }
      }
      do {
        summary.teamModels = try report.startedTeamModels(command: "run", timeout: options.timeout)
        try printRunReport(summary, options: report, resultsPath: path, output: .terminal)
      } catch {
        if let knownFailuresError { Terminal.error(knownFailuresError.description) }
        throw error
      }
      if let knownFailuresError { throw knownFailuresError }
      if unsent > 0, options.generate != nil {
        let planned = plan.plannedCount
        Terminal.note(
          "\(unsent) of the \(Plural.count(planned, "generated case")) \(Plural.noun(unsent, "was", "were")) never sent")
      }
      if let footer = summary.footer, let interrupted = footer.interrupted {
        let answered = footer.totals.filter { $0.key != .notRun }.values.reduce(0, +)
        Terminal.note(
          "\(interrupted): \(answered) of \(Plural.count(plan.plannedCount, "attempt")) done; results so far in \(path)")
        return .stopped(byName: interrupted)
      }
      Terminal.note("results in \(path)")
      return summary.exitStatus
    }
  }

  /// `--list`: the cases a run with the same fixtures and filters would send, without starting
  /// anything: `id  [tag, tag]  note`, one a line.
  static func list(_ options: ListOptions) throws(ConformError) -> ExitStatus {
    let choice = options.choice
    if let path = choice.fixtures {
      let (fixtures, selection) = try choice.index(path)
      let all = selection.all
      for start in stride(from: 0, to: all.count, by: 4096) {
        printList(try fixtures.cases(Array(all[start..<min(start + 4096, all.count)])))
      }
      noteListed(selection.count, source: fixtures.source, digest: fixtures.manifestDigest)
      return .success
    }
    let fixtures = try choice.readFixtures()
    let selected = try choice.select(from: fixtures)
    printList(selected.map { fixtures.cases[$0] })
    noteListed(selected.count, source: fixtures.source, digest: fixtures.manifestDigest)
    return .success
  }

  /// `id  [tag, tag]  note`, one a line.
  private static func printList(_ fixtures: [FixtureCase]) {
    var text = ""
    for fixture in fixtures {
      text += "\(fixture.id)  [\(fixture.tags.joined(separator: ", "))]  \(fixture.note)\n"
    }
    print(text, terminator: "")
  }

  private static func noteListed(_ count: Int, source: String, digest: String) {
    Terminal.note("\(count) \(count == 1 ? "case" : "cases") of \(source) (manifest sha256:\(digest.prefix(12)))")
  }
}
