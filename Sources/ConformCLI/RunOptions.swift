import ConformBundle
import ConformFixtures
import ConformHarness
import ConformJSON
import ConformReport
import ConformResults
import ConformSuites
import Foundation

/// `conform run`'s options, read and checked before anything starts.
public struct RunOptions: StartsImplementations {
  /// `--impl`, `--impl-arg`, `--env`, `--timeout`, `--max-restarts`: as `conform fuzz` reads them.
  var implementation = ImplementationOptions()
  /// `--list`: print the chosen cases instead of running them.
  var list = false
  /// Which cases: shared with `--list`.
  var choice = CaseChoice()
  /// What the harness reads (`--jobs`, `--window`, `--stop-after`), each declared by its key path
  /// (`\.harness.jobs`) with the default `HarnessSettings` gives it.
  var harness = HarnessSettings()
  var repeatCount = 1
  var shuffleSeed: UInt64?
  /// `--generate SUITE`: the suite whose generated cases stream into the run.
  var generate: String?
  /// The suites' parameters (`--depth`) for a generated run, the published tables' unless given.
  var parameters = GeneratorOptions.published.parameters
  var results: String?
  var knownFailures: String?
  var writeKnownFailures: String?
  /// `--allow-empty`: a run in which every case was skipped or unsupported passes.
  var allowEmpty = false
  var report = ReportOptions()

  init() {}

  /// The implementation's program and arguments.
  var command: [String] { implementation.commands.first ?? [] }
  var environment: ImplementationEnvironment { implementation.environment }
  var timeout: Double { implementation.timeout }
  var maxRestarts: Int { implementation.maxRestarts }
  /// The harness's settings: those declared by key path, with the implementation's (its program,
  /// environment, timeout and restarts, read as `conform fuzz` reads them) and stderr for notes
  /// and progress.
  var settings: HarnessSettings {
    var settings = harness
    settings.command = command
    settings.environment = environment.resolve()
    settings.timeout = timeout
    settings.maxRestarts = maxRestarts
    settings.diagnostics = .standardError
    settings.progress = .standardError
    return settings
  }
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

  /// Reads every option (with `--list`, only those `--list` reads), checks the conflicts
  /// between them, then takes the implementation's arguments after `--`.
  static func parse(_ arguments: inout Arguments) throws(ConformError) -> RunOptions {
    var options = RunOptions()
    try listing.read(&arguments, &options)
    try (options.list ? declarations.filter(\.isReadByList) : declarations).read(&arguments, into: &options)
    try options.check(given: arguments.given)
    let rest = try arguments.positionals()
    if options.list {
      guard rest.isEmpty else {
        throw .usage("run: --list takes no implementation arguments, not \(rest.joined(separator: " "))")
      }
      return options
    }
    // Checked after the unknown options, so that `conform run --juint x` names the typo first.
    guard !options.implementation.commands.isEmpty else {
      throw .usage("run: --impl PROGRAM is required (see conform run --help)")
    }
    options.implementation.commands[0] += rest
    return options
  }

  /// The conflicts between options, in one place: for a run and for `--list` alike (the options
  /// `--list` does not read keep their defaults, which conflict with nothing).
  func check(given: Set<String>) throws(ConformError) {
    try choice.check()
    if generate != nil {
      var conflicts: [String] = []
      if fixtures != nil { conflicts.append("--fixtures") }
      if expectDigest != nil { conflicts.append("--expect-digest") }
      if !filters.isEmpty { conflicts.append("--suite, --case and --tag") }
      if repeatCount != 1 { conflicts.append("--repeat") }
      if shuffleSeed != nil { conflicts.append("--shuffle") }
      if rerunFailed != nil { conflicts.append("--rerun-failed") }
      guard conflicts.isEmpty else {
        throw .usage(
          "run: --generate streams every generated case once, in order: not with \(conflicts.joined(separator: ", ")) "
            + "(use --limit N to send fewer)")
      }
      // A parameter its suite does not read would change nothing: say so instead of ignoring it.
      if let generate, let suite = SuiteRegistry.named(generate),
        let parameter = SuiteRegistry.parameters.first(where: { given.contains($0.option) && !suite.parameters.contains($0) })
      {
        let readers = SuiteRegistry.suites(declaring: parameter.name).map(\.name).joined(separator: ", ")
        throw .usage("run: \(generate) reads no \(parameter.option) (it is a parameter of \(readers))")
      }
    } else if let parameter = SuiteRegistry.parameters.map(\.option).first(where: given.contains) {
      throw .usage("run: \(parameter) is a parameter of a generated run's suite: give --generate SUITE too")
    }
    if generate != nil, knownFailures != nil {
      throw .usage(
        "run: --generate runs without a known-failures list: generated cases are checked against the model alone")
    }
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
        "run: --results \(results) is \(input.path == results ? "" : "the same file as \(input.path), ")"
          + "an input of the run (\(input.option)): it would be overwritten while it is read; "
          + "give another results file")
    }
  }

  /// The options as the results file's header records them, enough to run the same again.
  var json: JSONValue { Self.declarations.record(self) }
}

extension RunOptions {
  /// Every option of `conform run`, in the order `--help` lists them and they are read.
  static var declarations: [OptionDeclaration<RunOptions>] { tables.flatMap(\.declarations) + [.report(\.report)] }

  /// `--list`, read before the others: it decides which are read.
  static var listing: OptionDeclaration<RunOptions> {
    .flag(
      "--list", \.list,
      """
      print the selected cases (id, tags, note), one a line, and exit 0:
      nothing is started, and --impl is not needed
      """
    ).readByList()
  }

  /// `--suite`, `--case` or `--tag`: a repeatable filter on the cases, recorded in the header's
  /// `filters` under `field`.
  private static func filter<Value>(
    _ name: String, _ placeholder: String, _ path: WritableKeyPath<CaseFilters, [Value]>, field: String, _ help: String,
    parse: @escaping (String) -> Value, text: @escaping (Value) -> String
  ) -> OptionDeclaration<RunOptions> {
    OptionDeclaration(
      options: [Option(name, placeholder, recordedAs: "filters", help)],
      read: { arguments, options throws(ConformError) in
        options.choice.filters[keyPath: path] += try arguments.values(name).map(parse)
      },
      record: { options, header in
        var filters = header["filters"]?.objectValue ?? JSONObject()
        filters[field] = .array(options.filters[keyPath: path].map { .string(text($0)) })
        header["filters"] = .object(filters)
      }
    ).readByList()
  }

  /// The tables of `--help`, each option declared once.
  static var tables: [(heading: String, declarations: [OptionDeclaration<RunOptions>])] {
    [
      (
        "IMPLEMENTATION",
        [
          .implementations(
            program: "the program to start (a path, or a name looked up in PATH)",
            argument: "an argument for it (repeatable); arguments after -- are added too", recordedAs: "args"
          ) { count, options throws(ConformError) in
            // `--list` starts nothing: it ignores the implementation, however given.
            if count > 1, !options.list { throw .usage("run: --impl given \(count) times") }
          }.readByList(),
          .integer("--jobs", in: 1...256, \.harness.jobs, recordedAs: "jobs") {
            "processes run side by side, each streaming its share (default \($0))"
          },
          .timeout(recordedAs: "timeoutMs") {
            """
            per case (default \($0); fractions allowed), from writing its request
            or from the implementation's previous answer, whichever is later
            """
          },
          .maxRestarts(recordedAs: "maxRestarts") {
            """
            restarts in a row after crashes, hangs, protocol errors of a process
            that answered no case (default \($0)); one that answered cases is
            restarted freely; past it the cases left are recorded not-run
            """
          },
          .integer(
            "--stop-after", in: 1...Int(Int32.max), \.harness.stopAfter, recordedAs: "stopAfter",
            """
            stop the run once N attempts have failed (fail, error, crash,
            timeout, protocol error): the cases left are not run, and the run
            exits 1. How many problems are shown is --max-shown
            """),
          .integer("--window", in: 1...65536, \.harness.window, recordedAs: "window") {
            "requests in flight per process (default \($0); 1 is lock-step)"
          },
          .environment(
            set: "set a variable for it (repeatable)",
            inherit: """
              give it conform's whole environment. Without it, it gets TZ=UTC,
              LC_ALL=C.UTF-8, LANG=C.UTF-8 and only PATH, HOME, TMPDIR, USER from
              conform
              """,
            recordedAs: ("env", "inheritEnv")),
        ]
      ),
      (
        "FIXTURES AND CASES",
        [
          .string(
            "--fixtures", "PATH", \.choice.fixtures,
            """
            a fixtures folder or a bundle (.tar.gz from conform bundle create);
            default: the tables built into conform
            """
          ).readByList(),
          .custom(
            Option(
              "--expect-digest", "D", recordedAs: "expectDigest",
              """
              stop (exit 2, nothing started) unless the fixtures are the pinned
              ones: D is sha256:HEX of the bundle archive, or of manifest.json for
              a folder or the built-in tables (a results file's header shows both)
              """),
            read: { arguments, options throws(ConformError) in
              guard let digest = try arguments.value("--expect-digest") else { return }
              _ = try parseDigest(digest)
              options.choice.expectDigest = digest
            },
            record: { JSONValue($0.expectDigest) }
          ).readByList(),
          filter(
            "--suite", "GLOB", \.suites, field: "suite", "only suites matching GLOB (repeatable: any of them)",
            parse: Glob.init, text: \.pattern),
          filter(
            "--case", "GLOB", \.cases, field: "case", "only case ids matching GLOB (repeatable); * also matches /",
            parse: Glob.init, text: \.pattern),
          filter(
            "--tag", "TAG", \.tags, field: "tag", "only cases with TAG (repeatable: any of them)",
            parse: { $0 }, text: { $0 }),
          .integer(
            "--repeat", in: 1...1_000_000, \.repeatCount, recordedAs: "repeat",
            """
            send every case N times (attempts 0 to N-1); cases whose attempts
            disagree are reported flaky
            """),
          .seed(
            "--shuffle", "SEED", \.shuffleSeed, recordedAs: "shuffle",
            "send in a shuffled order, the same for the same SEED (0 to 2^63-1)"),
          .custom(
            Option("--limit", "N", recordedAs: "limit", "send only the first N selected cases"),
            read: { arguments, options throws(ConformError) in
              if let limit = try arguments.integer("--limit", in: 1...Int(Int32.max)) { options.choice.limit = limit }
            },
            // Recorded only when given: a header without it is a run of every selected case.
            record: { $0.limit.map { .int(Int64($0)) } }
          ).readByList(),
          .shard(
            \.choice.shard, recordedAs: "shard",
            """
            run only part K of N of the selected cases (after --limit), for a
            CI job matrix: each shard computes the same partition alone from
            the cases (by id, balanced by input size; --generate: every Nth
            case of the stream), and conform report given the N results
            files merges them into one report
            """
          ).readByList(),
          listing,
          .string(
            "--rerun-failed", "RESULTS", \.choice.rerunFailed, recordedAs: "rerunFailed",
            """
            run again only the cases that failed in RESULTS (a results file):
            their inputs and expected outputs are in it, so this also reruns a
            generated run's failures. With --case to pick one; not with
            --fixtures, --expect-digest or --generate
            """
          ).readByList(),
        ]
      ),
      (
        "GENERATED CASES (no fixture file)",
        [
          .string(
            "--generate", "SUITE", \.generate,
            """
            stream the suite's cases from the generator straight into the run,
            each expected output from the reference model as it is sent: a
            search of millions of cases needs no fixture file, and memory does
            not grow with it. The header and the report name the suite, the
            parameters it reads and the count (fixtures: generated:SUITE@NAME=N,
            each parameter it reads; generated:SUITE when it reads none). Not with
            --fixtures, --expect-digest, filters, --repeat, --shuffle or
            --known-failures
            """
          ).recordedByTheHarness(as: "generate")
        ] + OptionDeclaration.suiteParameters(\.parameters).map { $0.recordedByTheHarness(as: "generate") } + [
          .tier(
            \.choice.tier,
            """
            full (default) or smoke: the built-in or generated tables' smoke
            tier, a small subset chosen by coverage of the reference models
            (conform generate --help). Not with --fixtures or --rerun-failed
            """
          ).readByList()
        ]
      ),
      (
        "RESULTS",
        [
          .string(
            "--results", "FILE", \.results,
            """
            the JSON-lines results file (default reports/results-<name>.jsonl,
            <name> from the implementation's hello). Written as answers
            arrive: a header, one record per attempt, a footer with totals
            """),
          .string(
            "--known-failures", "FILE", \.knownFailures, recordedAs: "knownFailures",
            """
            cases expected to fail: they do not fail the run, but one that
            passes does (the list is stale). An id that is not a case of the
            fixtures is an error (exit 2)
            """),
          .string(
            "--write-known-failures", "FILE", \.writeKnownFailures, "write the cases failing now, in that format"),
          .flag(
            "--allow-empty", \.allowEmpty, recordedAs: "allowEmpty",
            """
            pass a run in which no case was checked (every case skipped, or
            unsupported: no suite declared). Without it such a run exits 1
            """),
        ]
      ),
    ]
  }
}

/// The options that choose a run's cases, read from `conform run`'s declarations for `run` and
/// for `run --list` alike: the fixtures and their pin, an earlier run's failures, the filters,
/// the limit, the shard and the tier.
public struct CaseChoice {
  var fixtures: String?
  var expectDigest: String?
  var rerunFailed: String?
  var filters = CaseFilters()
  var limit: Int?
  var shard: Shard?
  var tier = Tier.full

  /// The conflicts between them.
  func check() throws(ConformError) {
    if rerunFailed != nil, fixtures != nil || expectDigest != nil {
      throw .usage("run: --rerun-failed takes its cases from the results file: not with --fixtures or --expect-digest")
    }
    try tier.check(fixtures: fixtures, rerunFailed: rerunFailed)
  }

  /// The fixtures read whole: an earlier run's failures, or the tables (built in, a folder, a
  /// bundle).
  func readFixtures() throws(ConformError) -> FixtureSet {
    if let rerunFailed { return try FixtureSet.rerun(of: try ResultsFile.read(rerunFailed)) }
    return try loadFixtures(path: fixtures, expectDigest: expectDigest, tier: tier)
  }

  /// The chosen cases of `fixtures`, by index: those the filters select, the first `limit` of
  /// them, then the shard's part.
  func select(from fixtures: FixtureSet) throws(ConformError) -> [Int] {
    var selected = try filters.selectIndices(from: fixtures)
    if let limit, limit < selected.count { selected.removeSubrange(limit...) }
    if let shard { selected = shard.part(of: selected, in: fixtures.cases) }
    return selected
  }

  /// The fixtures folder or bundle at `path`, indexed case by case without keeping the cases,
  /// with the chosen ones (the same as `select`); the known failures, when given, must each be a
  /// case of it.
  func index(_ path: String, knownFailures: KnownFailures? = nil) throws(ConformError) -> (
    fixtures: IndexedFixtures, selection: IndexedSelection
  ) {
    var selection = IndexedSelection(
      filters: filters, limit: limit, shard: shard, wanted: Set(knownFailures?.entries.keys ?? [:].keys))
    let fixtures = try FixtureSource.index(path, expectDigest: expectDigest) { selection.visit($0, $1) }
    try knownFailures?.check(against: selection.found)
    try selection.checkNotEmpty(fixtures)
    selection.keepShard()
    return (fixtures, selection)
  }
}

/// `conform run --list`'s options: the cases a run with the same choice would send.
public struct ListOptions {
  var choice: CaseChoice
}
