import ConformJSON
import ConformKit
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
        """),
      .options(
        "IMPLEMENTATION",
        [
          Option("--impl", "PROGRAM", "the program to start (a path, or a name looked up in PATH)"),
          Option("--impl-arg", "ARG", recordedAs: "args", "an argument for it (repeatable); arguments after -- are added too"),
          Option("--jobs", "N", recordedAs: "jobs", "processes run side by side, each streaming its share (default 1)"),
          Option(
            "--timeout", "SECONDS", recordedAs: "timeoutMs",
            """
            per case (default 10; fractions allowed), from writing its request
            or from the implementation's previous answer, whichever is later
            """),
          Option(
            "--max-restarts", "N", recordedAs: "maxRestarts",
            """
            restarts after crashes, hangs, protocol errors, for the whole run
            (default 10); past it the cases left are recorded not-run
            """),
          Option(
            "--stop-after", "N", recordedAs: "stopAfter",
            """
            stop the run once N attempts have failed (fail, error, crash,
            timeout, protocol error): the cases left are not run, and the run
            exits 1. How many problems are shown is --max-shown
            """),
          Option("--window", "N", recordedAs: "window", "requests in flight per process (default 1024; 1 is lock-step)"),
          Option("--env", "KEY=VALUE", recordedAs: "env", "set a variable for it (repeatable)"),
          Option(
            "--inherit-env", recordedAs: "inheritEnv",
            """
            give it conform's whole environment. Without it, it gets TZ=UTC,
            LC_ALL=C.UTF-8, LANG=C.UTF-8 and only PATH, HOME, TMPDIR, USER from
            conform
            """),
        ]),
      .options(
        "FIXTURES AND CASES",
        [
          Option(
            "--fixtures", "PATH",
            """
            a fixtures folder or a bundle (.tar.gz from conform bundle create);
            default: the tables built into conform
            """),
          Option(
            "--expect-digest", "D", recordedAs: "expectDigest",
            """
            stop (exit 2, nothing started) unless the fixtures are the pinned
            ones: D is sha256:HEX of the bundle archive, or of manifest.json for
            a folder or the built-in tables (a results file's header shows both)
            """),
          Option("--suite", "GLOB", recordedAs: "filters", "only suites matching GLOB (repeatable: any of them)"),
          Option("--case", "GLOB", recordedAs: "filters", "only case ids matching GLOB (repeatable); * also matches /"),
          Option("--tag", "TAG", recordedAs: "filters", "only cases with TAG (repeatable: any of them)"),
          Option(
            "--repeat", "N", recordedAs: "repeat",
            """
            send every case N times (attempts 0 to N-1); cases whose attempts
            disagree are reported flaky
            """),
          Option(
            "--shuffle", "SEED", recordedAs: "shuffle",
            "send in a shuffled order, the same for the same SEED (0 to 2^63-1)"),
          Option("--limit", "N", recordedAs: "limit", "send only the first N selected cases"),
          Option(
            "--shard", "K/N", recordedAs: "shard",
            """
            run only part K of N of the selected cases (after --limit), for a
            CI job matrix: each shard computes the same partition alone from
            the cases (by id, balanced by input size; --generate: every Nth
            case of the stream), and conform report given the N results
            files merges them into one report
            """),
          Option(
            "--list",
            """
            print the selected cases (id, tags, note), one a line, and exit 0:
            nothing is started, and --impl is not needed
            """),
          Option(
            "--rerun-failed", "RESULTS", recordedAs: "rerunFailed",
            """
            run again only the cases that failed in RESULTS (a results file):
            their inputs and expected outputs are in it, so this also reruns a
            generated run's failures. With --case to pick one; not with
            --fixtures, --expect-digest or --generate
            """),
        ]),
      .options(
        "GENERATED CASES (no fixture file)",
        [
          Option(
            "--generate", "SUITE", recordedAs: "generate",
            """
            stream the suite's cases from the generator straight into the run,
            each expected output from the reference model as it is sent: a
            search of millions of cases needs no fixture file, and memory does
            not grow with it. The header and the report name the suite, the
            depth and the count (fixtures: generated:SUITE@depth=D). Not with
            --fixtures, --expect-digest, filters, --repeat, --shuffle or
            --known-failures
            """),
          Option(
            "--depth", "N", recordedAs: "generate",
            """
            the timeline's exhaustive depth (default 5, the published tables;
            1 to 12): 7 is about 473 thousand cases, 8 about 3 million
            """),
          Option(
            "--tier", "TIER",
            """
            full (default) or smoke: the built-in or generated tables' smoke
            tier, a small subset chosen by coverage of the reference models
            (conform generate --help). Not with --fixtures or --rerun-failed
            """),
        ]),
      .options(
        "RESULTS",
        [
          Option(
            "--results", "FILE",
            """
            the JSON-lines results file (default reports/results-<name>.jsonl,
            <name> from the implementation's hello). Written as answers
            arrive: a header, one record per attempt, a footer with totals
            """),
          Option(
            "--known-failures", "FILE", recordedAs: "knownFailures",
            """
            cases expected to fail: they do not fail the run, but one that
            passes does (the list is stale). An id that is not a case of the
            fixtures is an error (exit 2)
            """),
          Option("--write-known-failures", "FILE", "write the cases failing now, in that format"),
          Option(
            "--allow-empty", recordedAs: "allowEmpty",
            """
            pass a run in which no case was checked (every case skipped, or
            unsupported: no suite declared). Without it such a run exits 1
            """),
        ]),
    ] + ReportOptions.manualBlocks + [
      .text(
        """
        SIGINT, SIGTERM or SIGHUP stops the implementation, keeps the results so far (marked
        interrupted) and exits 130, 143 or 129. A results file that reaches the file-size limit
        (ulimit -f) ends the run with exit 2, the results so far kept.
        """)
    ],
    exitStatuses: [
      (0, "every case conforms (known failures aside)"),
      (1, "a case does not conform (fails, errors, crashes, hangs, is flaky or was not run), a\nlisted known failure now passes, or nothing was checked (without --allow-empty)"),
      (2, "could not run: bad usage, unreadable fixtures or known failures, fixtures that are not the\npinned digest, an implementation that cannot start or fails the handshake"),
      (130, "interrupted by SIGINT (Ctrl-C); 143 by SIGTERM, 129 by SIGHUP: the implementation is\nstopped and the results so far are kept, marked interrupted"),
    ])

  /// A run, or `--list`.
  public enum Options {
    case run(RunOptions)
    case list(ListOptions)
  }

  public static func parse(_ arguments: inout Arguments) throws(ConformError) -> Options {
    if arguments.flag("--list") { return .list(try ListOptions.parse(&arguments)) }
    return .run(try RunOptions.parse(&arguments))
  }

  public static func run(_ options: Options) throws(ConformError) -> ExitStatus {
    switch options {
    case .run(let options): try run(options)
    case .list(let options): try list(options)
    }
  }

  static func run(_ options: RunOptions) throws(ConformError) -> ExitStatus {
    try options.checkResultsPathIsNotAnInput()
    let settings = HarnessSettings(
      command: options.command, environment: options.environment.resolve(), jobs: options.jobs,
      window: options.window, timeout: options.timeout, maxRestarts: options.maxRestarts, stopAfter: options.stopAfter,
      diagnostics: .standardError, progress: .standardError)
    let plan: HarnessPlan
    var knownFailures: KnownFailures?
    if let generate = options.generate {
      guard let suite = SuiteRegistry.named(generate) else {
        throw .usage("run: --generate takes a suite (\(SuiteRegistry.names.joined(separator: ", "))), not \"\(generate)\"")
      }
      plan = HarnessPlan.generated(
        suite: suite,
        options: GeneratorOptions(
          timelineDepth: options.depth ?? GeneratorOptions.published.timelineDepth, tier: options.tier),
        limit: options.limit, shard: options.shard, settings: settings, resultsPath: options.results,
        header: options.json)
    } else if options.fixtures == nil, options.expectDigest == nil, options.knownFailures == nil, options.filters.isEmpty,
      options.shuffleSeed == nil, options.rerunFailed == nil, options.shard == nil
    {
      plan = HarnessPlan.streamedBuiltIn(
        tier: options.tier, repeats: options.repeatCount, limit: options.limit, settings: settings, resultsPath: options.results,
        header: options.json)
    } else if let path = options.fixtures {
      // A folder's tables (a bundle's, unpacked) stay on disk: each case is read again when it is sent.
      knownFailures = try options.knownFailures.map { path throws(ConformError) in try KnownFailures.read(path) }
      var selection = IndexedSelection(
        filters: options.filters, limit: options.limit, shard: options.shard,
        wanted: Set(knownFailures?.entries.keys ?? [:].keys))
      let fixtures = try FixtureSource.index(path, expectDigest: options.expectDigest) { selection.visit($0, $1) }
      try knownFailures?.check(against: selection.found)
      try selection.checkNotEmpty(fixtures)
      selection.keepShard()
      plan = HarnessPlan(
        fixtures: fixtures, selection: selection, repeats: options.repeatCount, shuffleSeed: options.shuffleSeed,
        knownFailures: knownFailures, settings: settings, resultsPath: options.results, options: options.json)
    } else {
      let fixtures: FixtureSet
      if let rerun = options.rerunFailed {
        fixtures = try FixtureSet.rerun(of: try ResultsFile.read(rerun))
      } else {
        fixtures = try loadFixtures(path: options.fixtures, expectDigest: options.expectDigest, tier: options.tier)
      }
      knownFailures = try options.knownFailures.map { path throws(ConformError) in
        let list = try KnownFailures.read(path)
        try list.check(against: Set(fixtures.cases.map(\.id)))
        return list
      }
      var selected = try options.filters.selectIndices(from: fixtures)
      if let limit = options.limit, limit < selected.count { selected.removeSubrange(limit...) }
      if let shard = options.shard { selected = shard.part(of: selected, in: fixtures.cases) }
      plan = HarnessPlan(
        fixtures: fixtures, selected: selected, repeats: options.repeatCount, shuffleSeed: options.shuffleSeed,
        knownFailures: knownFailures, settings: settings, resultsPath: options.results, options: options.json)
    }

    switch try Harness.run(plan) {
    case .interruptedBeforeStart(let signal):
      Terminal.note("interrupted by \(Termination.signalName(signal)) before the run started: no results written")
      return .stopped(by: signal)
    case .finished(var summary, let path, let unsent):
      // The live summary keeps only the cases reports list; JUnit and the HTML matrix list every
      // case, and the JSON report and the known-failures file every problem: those read the results back.
      let report = options.report
      if report.junitPath != nil || report.htmlPath != nil
        || summary.unlistedProblems > 0 && (report.jsonPath != nil || options.writeKnownFailures != nil)
      {
        summary = RunSummary(file: try ResultsFile.read(path), knownFailures: knownFailures)
      }
      // The known-failures file is attempted first, but its failure waits until the report is out.
      var knownFailuresError: ConformError?
      if let output = options.writeKnownFailures {
        do { try FileIO.write(Array(KnownFailures.render(summary.outcomes).utf8), to: output) } catch { knownFailuresError = error }
      }
      do {
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
      var selection = IndexedSelection(filters: choice.filters, limit: choice.limit, shard: choice.shard)
      let fixtures = try FixtureSource.index(path, expectDigest: choice.expectDigest) { selection.visit($0, $1) }
      try selection.checkNotEmpty(fixtures)
      selection.keepShard()
      let all = selection.all
      for start in stride(from: 0, to: all.count, by: 4096) {
        printList(try fixtures.cases(Array(all[start..<min(start + 4096, all.count)])))
      }
      noteListed(selection.count, source: fixtures.source, digest: fixtures.manifestDigest)
      return .success
    }
    let fixtures: FixtureSet
    if let rerun = choice.rerunFailed {
      fixtures = try FixtureSet.rerun(of: try ResultsFile.read(rerun))
    } else {
      fixtures = try loadFixtures(path: choice.fixtures, expectDigest: choice.expectDigest, tier: choice.tier)
    }
    var selected = try choice.filters.selectIndices(from: fixtures)
    if let limit = choice.limit, limit < selected.count { selected.removeSubrange(limit...) }
    if let shard = choice.shard { selected = shard.part(of: selected, in: fixtures.cases) }
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

/// The options that choose a run's cases, read once for `run` and for `run --list`: the
/// fixtures and their pin, an earlier run's failures, the filters, the limit, the shard and the
/// tier, with the conflicts between them.
public struct CaseChoice {
  var fixtures: String?
  var expectDigest: String?
  var rerunFailed: String?
  var filters = CaseFilters()
  var limit: Int?
  var shard: Shard?
  var tier = Tier.full

  static func parse(_ arguments: inout Arguments) throws(ConformError) -> CaseChoice {
    var choice = CaseChoice()
    choice.fixtures = try arguments.value("--fixtures")
    choice.expectDigest = try arguments.value("--expect-digest")
    if let digest = choice.expectDigest { _ = try parseDigest(digest) }
    choice.rerunFailed = try arguments.value("--rerun-failed")
    if choice.rerunFailed != nil, choice.fixtures != nil || choice.expectDigest != nil {
      throw .usage("run: --rerun-failed takes its cases from the results file: not with --fixtures or --expect-digest")
    }
    choice.tier = try Tier.parse(&arguments, fixtures: choice.fixtures, rerunFailed: choice.rerunFailed)
    choice.filters.suites = try arguments.values("--suite").map(Glob.init)
    choice.filters.cases = try arguments.values("--case").map(Glob.init)
    choice.filters.tags = try arguments.values("--tag")
    choice.limit = try arguments.integer("--limit", in: 1...Int(Int32.max))
    choice.shard = try Shard.parse(&arguments, command: "run")
    return choice
  }
}

/// `conform run --list`'s options: the cases a run with the same choice would send.
public struct ListOptions {
  var choice: CaseChoice

  static func parse(_ arguments: inout Arguments) throws(ConformError) -> ListOptions {
    let options = ListOptions(choice: try CaseChoice.parse(&arguments))
    _ = try arguments.values("--impl")
    _ = try arguments.values("--impl-arg")
    let extra = try arguments.positionals()
    guard extra.isEmpty else { throw .usage("run: --list takes no implementation arguments, not \(extra.joined(separator: " "))") }
    return options
  }
}

/// `conform run`'s options, read and checked before anything starts.
public struct RunOptions {
  var command: [String]
  /// Which cases: shared with `--list`.
  var choice = CaseChoice()
  var fixtures: String? { choice.fixtures }
  var expectDigest: String? { choice.expectDigest }
  var filters: CaseFilters { choice.filters }
  var limit: Int? { choice.limit }
  /// `--shard K/N`: the part of the selected cases this run sends.
  var shard: Shard? { choice.shard }
  /// `--tier`: the built-in or generated tables' tier.
  var tier: Tier { choice.tier }
  /// `--rerun-failed RESULTS`: the results file whose failing cases make the run.
  var rerunFailed: String? { choice.rerunFailed }
  var jobs = 1
  var timeout = 10.0
  var maxRestarts = 10
  var stopAfter: Int?
  var window = 1024
  var repeatCount = 1
  var shuffleSeed: UInt64?
  /// `--generate SUITE`: the suite whose generated cases stream into the run.
  var generate: String?
  var depth: Int?
  var environment: ImplementationEnvironment
  var results: String?
  var knownFailures: String?
  var writeKnownFailures: String?
  /// `--allow-empty`: a run in which every case was skipped or unsupported passes.
  var allowEmpty = false
  var report = ReportOptions()

  static func parse(_ arguments: inout Arguments) throws(ConformError) -> RunOptions {
    // Implementation arguments first: their values may look like conform's own options.
    let implArgs = try arguments.values("--impl-arg")
    let impl = try arguments.value("--impl")
    var options = RunOptions(
      command: [impl ?? ""] + implArgs,
      environment: try ImplementationEnvironment(inherit: arguments.flag("--inherit-env"), assignments: arguments.values("--env")))
    options.choice = try CaseChoice.parse(&arguments)
    options.jobs = try arguments.integer("--jobs", in: 1...256) ?? 1
    options.maxRestarts = try arguments.integer("--max-restarts", in: 0...1_000_000) ?? 10
    options.stopAfter = try arguments.integer("--stop-after", in: 1...Int(Int32.max))
    options.window = try arguments.integer("--window", in: 1...65536) ?? 1024
    options.repeatCount = try arguments.integer("--repeat", in: 1...1_000_000) ?? 1
    options.timeout = try arguments.seconds("--timeout", atMost: Arguments.longestCaseTimeout) ?? options.timeout
    if let text = try arguments.value("--shuffle") {
      guard let seed = UInt64(text), seed <= UInt64(Int64.max) else {
        throw .usage("run: --shuffle takes a whole number from 0 to \(Int64.max), not \"\(text)\"")
      }
      options.shuffleSeed = seed
    }
    options.generate = try arguments.value("--generate")
    options.depth = try arguments.integer("--depth", in: 1...12)
    if options.generate != nil {
      var conflicts: [String] = []
      if options.fixtures != nil { conflicts.append("--fixtures") }
      if options.expectDigest != nil { conflicts.append("--expect-digest") }
      if !options.filters.isEmpty { conflicts.append("--suite, --case and --tag") }
      if options.repeatCount != 1 { conflicts.append("--repeat") }
      if options.shuffleSeed != nil { conflicts.append("--shuffle") }
      if options.rerunFailed != nil { conflicts.append("--rerun-failed") }
      guard conflicts.isEmpty else {
        throw .usage(
          "run: --generate streams every generated case once, in order: not with \(conflicts.joined(separator: ", ")) "
            + "(use --limit N to send fewer)")
      }
    } else if options.depth != nil {
      throw .usage("run: --depth is the depth of a generated run: give --generate SUITE too")
    }
    options.results = try arguments.value("--results")
    options.knownFailures = try arguments.value("--known-failures")
    if options.generate != nil, options.knownFailures != nil {
      throw .usage("run: --generate runs without a known-failures list: generated cases are checked against the model alone")
    }
    options.writeKnownFailures = try arguments.value("--write-known-failures")
    options.allowEmpty = arguments.flag("--allow-empty")
    options.report = try ReportOptions.parse(from: &arguments)
    let rest = try arguments.positionals()
    // Checked after the unknown options, so that `conform run --juint x` names the typo first.
    guard impl != nil else { throw .usage("run: --impl PROGRAM is required (see conform run --help)") }
    options.command += rest
    return options
  }

  /// Refuses a `--results` file that is one of the run's inputs (a fixture table, the bundle, the
  /// results being rerun, the known failures, the implementation): the run would overwrite what
  /// it reads.
  func checkResultsPathIsNotAnInput() throws(ConformError) {
    guard let results, FileManager.default.fileExists(atPath: results) else { return }
    var inputs: [(option: String, path: String)] = []
    if let rerunFailed { inputs.append(("--rerun-failed", rerunFailed)) }
    if let knownFailures { inputs.append(("--known-failures", knownFailures)) }
    if command[0].contains("/") { inputs.append(("--impl", command[0])) }
    if let fixtures {
      inputs.append(("--fixtures", fixtures))
      if FileIO.isDirectory(fixtures) {
        for folder in [fixtures, FileIO.join(fixtures, "schema")] {
          for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            inputs.append(("--fixtures", FileIO.join(folder, name)))
          }
        }
      }
    }
    if let input = inputs.first(where: { FileIO.isSameFile(results, $0.path) }) {
      throw .usage(
        "run: --results \(results) is \(input.path == results ? "" : "the same file as \(input.path), ")an input of the run "
          + "(\(input.option)): it would be overwritten while it is read; give another results file")
    }
  }

  /// The options as the results file's header records them, enough to run the same again.
  var json: JSONValue {
    var json = baseJSON
    if let limit, case .object(var object) = json {
      object["limit"] = .int(Int64(limit))
      json = .object(object)
    }
    return json
  }

  private var baseJSON: JSONValue {
    [
      "args": .array(command.dropFirst().map(JSONValue.string)),
      "env": .array(environment.overrides.map { .string("\($0.key)=\($0.value)") }),
      "expectDigest": JSONValue(expectDigest),
      "filters": [
        "case": .array(filters.cases.map { .string($0.pattern) }),
        "suite": .array(filters.suites.map { .string($0.pattern) }),
        "tag": .array(filters.tags.map(JSONValue.string)),
      ],
      "inheritEnv": .bool(environment.inherit),
      "jobs": .int(Int64(jobs)),
      "knownFailures": JSONValue(knownFailures),
      "maxRestarts": .int(Int64(maxRestarts)),
      "repeat": .int(Int64(repeatCount)),
      "requireSuites": .array(report.requiredSuites.map(JSONValue.string)),
      "rerunFailed": JSONValue(rerunFailed),
      "shuffle": shuffleSeed.map { .int(Int64($0)) } ?? .null,
      "shard": shard?.json ?? .null,
      "allowEmpty": .bool(allowEmpty),
      "stopAfter": stopAfter.map { .int(Int64($0)) } ?? .null,
      "timeoutMs": .int(Int64((timeout * 1000).rounded())),
      "window": .int(Int64(window)),
    ]
  }
}
