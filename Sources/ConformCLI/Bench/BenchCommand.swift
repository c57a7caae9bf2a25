import ConformFixtures
import ConformHarness
import ConformPlatform
import ConformReport
import ConformSuites
import Foundation

/// `conform bench`: measures, in one run on this machine, what the harness costs and what it
/// buys, and checks the performance targets.
public enum BenchCommand: Command {
  public static let name = "bench"
  public static let summary = "measure the harness on this machine: throughput, transparency, memory"
  public static let manual = Manual(
    title: "conform bench: measure the harness on this machine and check the performance targets",
    usage: """
      swift build -c release && .build/release/conform bench [--quick] [--runs N] [--out FILE]
                                                            [--shard-depth N]
      """,
    blocks: [
      .text(
        """
        Builds nothing but two small C programs (cc -O2, into a temporary folder): conform and
        swift-reference are read from the folder holding this conform, the Kotlin reference from
        harness/kotlin/build/ (harness/kotlin/build.sh). Run it from the package's folder.

        Measures, each figure the median of several rounds, every ratio within one round:
          - the raw limit: the request bytes through a pipe, a C program copying them
          - a null implementation (C, answers each case from a table, harness/bench/null-impl.c)
            through conform run: the harness's own cost per case, and conform's fixed start cost
          - the Swift reference alone (< requests > /dev/null) and through conform run
          - the Kotlin reference through conform run, JVM start-up included
          - one process per case (the Swift reference, sampled), per case
          - conform's own peak memory on N and 10×N generated cases, and on fixtures folders
            of N and 10×N cases (conform run --fixtures)
          - --jobs 1 and --jobs 2 with a CPU-heavy implementation, in alternating pairs
          - the generator's speed on a deep search (--depth), and a generated run
          - a generated run split into 4 shards (--shard K/4) run one after another, against the
            same run in one process: what sharding costs, and how even the shards are
          - the smoke tier's size beside the full tables' (its kill rate: conform mutants)
          - conform fuzz against the Swift reference, and the reference alone on the same cases
        """),
      .options("OPTIONS", Options.declarations),
      .text(
        """
        The table (figure, value, command) and the targets (met or missed) go to stdout and FILE;
        progress to stderr. Numbers vary with the machine's load: compare ratios, not figures.
        """),
    ],
    exitStatuses: [
      (0, "measured and written, whether the targets were met or missed (the table says which)"),
      (2, "could not run: bad usage, no C compiler, a program that cannot start or is missing, a\nfile that cannot be written"),
      (
        130,
        "killed by SIGINT (Ctrl-C); 143 by SIGTERM: not caught, so the command ends at\nonce and a shell reports 128 + the signal number. Its temporary folder is left\nbehind"
      ),
    ])

  public struct Options: CommandOptions {
    var quick = false
    var tiny = false
    var team = false
    /// nil: the scale's (`BenchScale.runs`).
    var runs: Int?
    var out = "reports/bench.md"
    /// nil: the scale's (`BenchScale.shardDepth`).
    var shardDepth: Int?

    init() {}

    /// The workload the options ask for.
    var scale: BenchScale {
      var scale = tiny ? BenchScale.tiny : quick ? .quick : .full
      if let runs { scale.runs = runs }
      if let shardDepth { scale.shardDepth = shardDepth }
      scale.teamOnly = team
      return scale
    }

    /// Every option of `conform bench`, in the order `--help` lists them and they are read.
    static var declarations: [OptionDeclaration<Options>] {
      let full = BenchScale.full
      return [
        .flag("--quick", \.quick, "about a minute (smaller workloads); the default takes a few minutes"),
        .integer("--runs", in: 1...25, \.runs, "rounds, each figure their median (default \(full.runs))").stating(full.runs),
        .string("--out", "FILE", \.out) { "where the Markdown table goes (default: \($0))" },
        .integer(
          "--shard-depth", in: Bench.searchParameter.range, \.shardDepth,
          """
          the depth of the sharded run (default \(full.shardDepth ?? full.generatedDepth);
          8 is the 3-million-case search: minutes)
          """
        ).stating(full.shardDepth ?? full.generatedDepth),
        .flag("--tiny", \.tiny, "for the test suite: every row on a tiny workload, in seconds").hidden(),
        .flag("--team", \.team, "the team-suite rows only (generate, fuzz and smoke of a team suite)").hidden(),
      ]
    }
  }

  public static func parse(_ arguments: inout Arguments) throws(ConformError) -> Options {
    var options = Options()
    try Options.declarations.read(&arguments, into: &options)
    let extra = try arguments.positionals()
    guard extra.isEmpty else { throw .usage("bench: unexpected argument \(extra[0])") }
    return options
  }

  public static func run(_ options: Options) throws(ConformError) -> ExitStatus {
    let scale = options.scale

    let setup = try BenchSetup.prepare(fixtures: Bench.options(depth: scale.fixturesDepth))
    defer { setup.cleanUp() }
    var bench = try Bench(setup: setup, scale: scale)
    let report = try bench.measure()
    let text = report.markdown
    print(text, terminator: "")
    fflush(nil)
    try FileIO.write(Array(text.utf8), to: options.out)
    Terminal.note("bench: written to \(options.out)")
    return .success
  }
}

/// How much the bench does.
struct BenchScale: Sendable {
  var name: String
  /// Rounds: every figure is the median of this many.
  var runs = 3
  /// Each case of the built-in tables is sent this many times (`--repeat`).
  var repeats: Int
  /// Only the first cases of the built-in tables (nil: all of them).
  var limit: Int?
  /// Cases run one process each.
  var processSample: Int
  /// N, for peak memory on N and 10×N generated cases.
  var memoryCases: Int
  /// Thousands of multiply-adds the CPU-heavy implementation burns per case (about 1 µs each).
  var spinThousands: Int
  /// The `--jobs` rows: the first cases of the tables, and how many pairs of runs (`--jobs 1`
  /// then `--jobs 2`) each round makes, every pair one ratio.
  var jobsCases: Int
  var jobsPairs = 3
  /// The depth of the larger fixtures folder of the memory rows (the smaller is a tenth of it).
  var fixturesMemoryDepth: Int
  /// The raw echo copies the request bytes this many times (it is too quick to time once).
  var rawCopies: Int
  /// Pairs of runs (the raw echo, then the null implementation) each round makes, every pair
  /// one ratio.
  var nullPairs = 3
  /// The generator's row: the first cases of the search suite's table at this depth.
  var generatorDepth = 8
  var generatorCases: Int
  /// The generated run's depth (the whole search, with the Swift reference).
  var generatedDepth: Int
  /// The sharded run's depth (`--shard-depth`): the generated run's when nil. Deep enough that
  /// the shards' starts do not decide the ratio: each shard starts conform and the reference
  /// and walks past the others' cases, about 60 ms, a sixth of a shard at depth 6 (1.2 s a run)
  /// and a thirtieth at depth 7 (7 s).
  var shardDepth: Int?
  /// The shards the sharded run is split into.
  var shards = 4
  /// Pairs of runs (the whole run and its shards) each round makes, every pair one ratio.
  var shardPairs = 3
  /// Cases of the fuzz row (the suites take turns, as in `conform fuzz`).
  var fuzzCases: Int
  /// Named cases of the team suite the generation row makes.
  var teamCases = 100_000
  /// Cases of the team-suite fuzz row (a deep input). At full scale as many as the built-in fuzz
  /// row's, a few seconds' search (a search runs 10 s by default): at 20,000 cases, half a
  /// second, the two Python processes' start and the first batch, which the model answers alone,
  /// weighed a fifth of the search.
  var teamFuzzCases = 20_000
  /// Named cases of the team suite's smoke row.
  var teamSmokeCases = 22_000
  /// Only the team-suite rows are measured (`--team`): the others are left empty.
  var teamOnly = false
  /// The depth of the fixtures folder the null implementation answers from and the requests
  /// come from: the published tables' (its first cases are the built-in ones).
  var fixturesDepth = Bench.searchParameter.defaultValue

  static let full = BenchScale(
    name: "full", repeats: 5, processSample: 100, memoryCases: 10_000, spinThousands: 400, jobsCases: 6_000,
    fixturesMemoryDepth: 6, rawCopies: 4, generatorCases: 100_000, generatedDepth: 6, shardDepth: 7, shardPairs: 1,
    fuzzCases: 200_000, teamFuzzCases: 200_000)
  static let quick = BenchScale(
    name: "quick", repeats: 1, processSample: 30, memoryCases: 2_000, spinThousands: 400, jobsCases: 2_000,
    fixturesMemoryDepth: 5, rawCopies: 10, generatorCases: 30_000, generatedDepth: 5, shardDepth: 6, fuzzCases: 50_000,
    teamCases: 30_000)
  static let tiny = BenchScale(
    name: "tiny", runs: 1, repeats: 1, limit: 300, processSample: 3, memoryCases: 100, spinThousands: 10, jobsCases: 300,
    jobsPairs: 1, fixturesMemoryDepth: 1, rawCopies: 1, nullPairs: 1, generatorDepth: 4, generatorCases: 500, generatedDepth: 2,
    shardPairs: 1, fuzzCases: 300, teamCases: 300, teamFuzzCases: 300, teamSmokeCases: 300, fixturesDepth: 1)
}

/// The rows of the table, in order.
enum BenchRow: Int, CaseIterable {
  case raw, null, harnessCost, fixedCost, swiftAlone, swiftPiped, swiftThrough, swiftEndToEnd, kotlin, processPerCase
  case memoryN, memory10N, fixturesMemoryN, fixturesMemory10N, jobs1, jobs2, generator, generatedRun, unshardedRun
  case shardedRun, smokeTier, fuzz, fuzzAlone, teamGenerate, teamModelPiped, teamModelAlone, teamFuzz,
    teamFuzzModelPiped, teamFuzzModelAlone
  case teamSmoke

  var name: String {
    switch self {
    case .raw: "raw pipe echo (C read/write)"
    case .null: "null implementation through conform run"
    case .harnessCost: "harness cost per case (null implementation)"
    case .fixedCost: "conform run on one built-in case (start, tables, report)"
    case .swiftAlone: "Swift reference alone"
    case .swiftPiped: "Swift reference alone, between two pipes"
    case .swiftThrough: "Swift reference through conform run"
    case .swiftEndToEnd: "Swift reference through conform run, end to end"
    case .kotlin: "Kotlin reference through conform run (JVM start included)"
    case .processPerCase: "one process per case (Swift reference, sampled)"
    case .memoryN: "peak memory of conform run, N generated cases"
    case .memory10N: "peak memory of conform run, 10×N generated cases"
    case .fixturesMemoryN: "peak memory of conform run --fixtures, folder of N cases"
    case .fixturesMemory10N: "peak memory of conform run --fixtures, folder of 10×N cases"
    case .jobs1: "--jobs 1, CPU-heavy implementation"
    case .jobs2: "--jobs 2, CPU-heavy implementation"
    case .generator: "generator: deep \(Bench.searchSuite.name) search, streamed"
    case .generatedRun: "generated run: \(Bench.searchSuite.name) search with the Swift reference"
    case .unshardedRun: "generated run in one process (the sharding baseline)"
    case .shardedRun: "the same run as 4 shards, one after another (sum)"
    case .smokeTier: "smoke tier: share of the full tables' cases"
    case .fuzz: "Swift reference through conform fuzz, every suite"
    case .fuzzAlone: "Swift reference alone, the same fuzzed cases"
    case .teamGenerate: "a team suite (Python model) through conform generate --suite"
    case .teamModelPiped: "the team suite's model alone between two pipes, the same cases"
    case .teamModelAlone: "the team suite's model alone, the same cases"
    case .teamFuzz: "a deep team suite (Python model) through conform fuzz --suite"
    case .teamFuzzModelPiped: "the deep team suite's model alone between two pipes, the same fuzzed cases"
    case .teamFuzzModelAlone: "the deep team suite's model alone, the same fuzzed cases"
    case .teamSmoke: "the deep team suite's smoke tier through conform generate --suite"
    }
  }

  var unit: BenchFigure.Unit {
    switch self {
    case .raw: .rate("lines/s")
    case .harnessCost: .microseconds
    case .fixedCost, .jobs1, .jobs2, .unshardedRun, .shardedRun, .teamSmoke: .seconds
    case .processPerCase: .milliseconds
    case .memoryN, .memory10N, .fixturesMemoryN, .fixturesMemory10N: .kilobytes
    case .smokeTier: .percent
    default: .rate("cases/s")
    }
  }
}

/// The targets, in order.
enum BenchGoal: Int, CaseIterable {
  case transparency, transparencyEndToEnd, harnessCost, nullOverRaw, processRatio, memoryRatio, fixturesMemoryRatio
  case fixturesMemoryPeak, jobsRatio, shardCost, shardBalance, generatorRate, smokeShare, fuzzOverAlone, teamGeneration
  case teamFuzzOverAlone, teamSmokeSeconds

  var target: BenchTarget {
    switch self {
    case .transparency:
      BenchTarget(name: "Swift reference through conform run / alone (harness time)", goal: .atLeast(0.8))
    case .transparencyEndToEnd:
      BenchTarget(name: "Swift reference through conform run / alone (end to end, conform's start included)", goal: .atLeast(0.8))
    case .harnessCost:
      BenchTarget(name: "harness cost per case, null implementation", goal: .atMost(2.5), unit: "µs")
    case .nullOverRaw:
      BenchTarget(name: "null implementation through conform run / raw pipe echo", goal: .atLeast(0.1))
    case .processRatio:
      BenchTarget(name: "one process per case / conform run, time per case (Swift reference)", goal: .atLeast(300))
    case .memoryRatio:
      BenchTarget(name: "peak memory on 10×N cases / on N", goal: .atMost(1.25))
    case .fixturesMemoryRatio:
      BenchTarget(name: "peak memory of conform run --fixtures on a folder of 10×N cases / of N", goal: .atMost(1.25))
    case .fixturesMemoryPeak:
      BenchTarget(
        name: "peak memory of conform run --fixtures on the 10×N folder (depth 6 at full scale)", goal: .atMost(64), unit: "MiB")
    case .jobsRatio:
      BenchTarget(name: "--jobs 1 / --jobs 2 harness time, CPU-heavy implementation", goal: .above(1))
    case .shardCost:
      BenchTarget(name: "4 shards one after another / one run, wall time (generated run)", goal: .atMost(1.1))
    case .shardBalance:
      BenchTarget(name: "the largest shard's cases / the shards' mean", goal: .atMost(1.05))
    case .generatorRate:
      BenchTarget(
        name: "generator: \(Bench.searchSuite.name) cases made per second on one thread", goal: .atLeast(500_000),
        unit: "cases/s")
    case .smokeShare:
      BenchTarget(name: "smoke tier / full tables, cases", goal: .atMost(2), unit: "%")
    case .fuzzOverAlone:
      BenchTarget(
        name: "Swift reference through conform fuzz (search time) / alone on the same cases (wall time)",
        goal: .atLeast(0.9))
    case .teamGeneration:
      BenchTarget(
        name: "a team suite through conform generate --suite / its model alone between two pipes (wall time)",
        goal: .atLeast(0.8))
    case .teamFuzzOverAlone:
      BenchTarget(
        name:
          "a deep team suite through conform fuzz --suite (search time) / its model alone between two pipes on the same "
          + "cases (wall time)",
        goal: .atLeast(0.8))
    case .teamSmokeSeconds:
      BenchTarget(
        name: "the smoke tier of a team suite of 22,000 named cases (full scale), wall time", goal: .atMost(10), unit: "s")
    }
  }
}

/// One bench: the setup, the workload, and what every round measured.
struct Bench {
  let setup: BenchSetup
  let scale: BenchScale
  let requests: BenchRequests
  var figures: [BenchFigure]
  private(set) var targets: [BenchTarget]
  private var notes: [String] = []
  /// Per round: the Swift reference through conform run, end to end, / between two pipes.
  private var overPiped: [Double] = []
  /// Per round: the team suite through conform generate --suite / its model alone (to /dev/null).
  var teamOverAlone: [Double] = []
  /// Team-suite fuzz over its model alone writing to /dev/null, each round (a note).
  var teamFuzzOverFile: [Double] = []
  private var samples: [String] = []

  init(setup: BenchSetup, scale: BenchScale) throws(ConformError) {
    self.setup = setup
    self.scale = scale
    requests = BenchRequests(
      options: Bench.options(depth: scale.fixturesDepth), limit: scale.limit, repeats: scale.repeats)
    figures = BenchRow.allCases.map { BenchFigure(name: $0.name, unit: $0.unit, command: "") }
    targets = BenchGoal.allCases.map(\.target)
  }

  // MARK: - Commands

  private var requestsPath: String { setup.path("requests.jsonl") }
  private var repeatArguments: [String] {
    ["--repeat", "\(scale.repeats)"] + (scale.limit.map { ["--limit", "\($0)"] } ?? [])
  }

  private func conform(_ implementation: String?, _ arguments: [String], results: String) -> [String] {
    [setup.conform, "run", "--impl", implementation ?? "(missing)"] + arguments + ["--results", setup.path(results)]
  }

  private var rawCommand: [String] {
    let files = Array(repeating: ShellWord.quote(requestsPath), count: scale.rawCopies).joined(separator: " ")
    return ["/bin/sh", "-c", "cat \(files) | \(ShellWord.quote(setup.rawEcho ?? "raw-echo")) | cat > /dev/null"]
  }
  /// Fixtures loaded before the run, so that the harness time is the harness's alone.
  private var nullCommand: [String] {
    conform(
      setup.nullImplementation, ["--impl-arg", setup.fixtures, "--fixtures", setup.fixtures] + repeatArguments,
      results: "null.jsonl")
  }
  private var fixedCommand: [String] {
    conform(setup.nullImplementation, ["--impl-arg", setup.fixtures, "--limit", "1"], results: "fixed.jsonl")
  }
  /// Its answers are counted (`wc -l`, to a file): a pipeline's status is its last command's, so
  /// a reference that failed would otherwise be timed as a very fast one (as it was, unnoticed,
  /// when the package's path had a space and the paths were not quoted for the shell).
  private var swiftPipedCommand: [String] {
    let reference = ShellWord.quote(setup.swiftReference ?? "swift-reference")
    return ["/bin/sh", "-c", "cat \(ShellWord.quote(requestsPath)) | \(reference) | wc -l"]
  }
  private var swiftCommand: [String] { conform(setup.swiftReference, repeatArguments, results: "swift.jsonl") }
  private var kotlinCommand: [String] { conform(setup.kotlinReference, repeatArguments, results: "kotlin.jsonl") }
  private func memoryCommand(_ count: Int) -> [String] {
    conform(
      setup.swiftReference, ["--generate", Self.searchSuite.name, Bench.searchParameter.option, "8", "--limit", "\(count)"],
      results: "memory-\(count).jsonl")
  }
  private func jobsCommand(_ jobs: Int) -> [String] {
    conform(
      setup.nullImplementation,
      ["--impl-arg", setup.fixtures, "--impl-arg", "\(scale.spinThousands)", "--fixtures", setup.fixtures, "--jobs", "\(jobs)"]
        + ["--limit", "\(scale.jobsCases)"],
      results: "jobs-\(jobs).jsonl")
  }
  private var generatedCommand: [String] {
    conform(
      setup.swiftReference, ["--generate", Self.searchSuite.name, Bench.searchParameter.option, "\(scale.generatedDepth)"],
      results: "generated.jsonl")
  }
  private var shardDepth: Int { scale.shardDepth ?? scale.generatedDepth }
  /// The sharded run's command: the whole run for shard nil.
  private func shardCommand(_ shard: Int?) -> [String] {
    conform(
      setup.swiftReference,
      ["--generate", Self.searchSuite.name, Bench.searchParameter.option, "\(shardDepth)"]
        + (shard.map { ["--shard", "\($0)/\(scale.shards)"] } ?? []),
      results: shard.map { "shard-\($0).jsonl" } ?? "unsharded.jsonl")
  }

  private mutating func describe() {
    let attempts = "\(BenchFormat.number(Double(requests.attempts))) cases"
    func set(_ row: BenchRow, _ command: String, _ note: String = "") {
      figures[row.rawValue].command = command
      figures[row.rawValue].note = note
    }
    let rawLines = Double((requests.attempts + 1) * scale.rawCopies)
    set(
      .raw,
      "cat \(setup.display([requestsPath]))\(scale.rawCopies > 1 ? " (×\(scale.rawCopies))" : "") | "
        + "\(setup.display([setup.rawEcho ?? "raw-echo"])) | cat > /dev/null",
      "\(BenchFormat.number(rawLines)) lines, \(Plural.count(scale.nullPairs, "pair")) a round with the next row")
    set(.null, setup.display(nullCommand), attempts + ", harness time")
    set(.harnessCost, setup.display(nullCommand), "harness time / cases")
    set(.fixedCost, setup.display(fixedCommand), "wall time")
    let swiftAlone = setup.swiftReference.map { setup.display([$0]) } ?? "swift-reference"
    set(.swiftAlone, "\(swiftAlone) < \(setup.display([requestsPath])) > /dev/null", attempts)
    set(
      .swiftPiped, "cat \(setup.display([requestsPath])) | \(swiftAlone) | wc -l",
      attempts + ", its answers counted (the hello and one a case)")
    set(.swiftThrough, setup.display(swiftCommand), attempts + ", harness time")
    set(.swiftEndToEnd, setup.display(swiftCommand), attempts + ", wall time")
    set(.kotlin, setup.display(kotlinCommand), attempts + ", wall time")
    set(
      .processPerCase, "for each sampled case: \(swiftAlone) < $TMP/case-K.jsonl > /dev/null",
      "\(Plural.count(samples.count, "case")), per case")
    set(.memoryN, setup.display(memoryCommand(scale.memoryCases)), "N = \(BenchFormat.number(Double(scale.memoryCases)))")
    set(
      .memory10N, setup.display(memoryCommand(scale.memoryCases * 10)),
      "10×N = \(BenchFormat.number(Double(scale.memoryCases * 10)))")
    let spin =
      "\(scale.spinThousands) thousand multiply-adds per case, \(BenchFormat.number(Double(scale.jobsCases))) cases, "
      + "\(Plural.count(scale.jobsPairs, "pair")) a round"
    set(.jobs1, setup.display(jobsCommand(1)), spin + ", harness time")
    set(.jobs2, setup.display(jobsCommand(2)), spin + ", harness time")
    set(
      .generator,
      "in-process, one thread: the cases conform run --generate \(Self.searchSuite.name) --depth \(scale.generatorDepth) streams "
        + "(drafts, reference model, encoded requests)",
      "first \(BenchFormat.number(Double(scale.generatorCases))) cases")
    set(
      .smokeTier, "conform generate \(Bench.searchParameter.option) \(scale.fixturesDepth) --tier smoke, beside the full tier",
      "computed once; the kill rate needs every port: conform mutants")
    let generatedCount = Self.searchSuite.caseCount(options: Bench.options(depth: scale.generatedDepth))
    set(
      .generatedRun, setup.display(generatedCommand),
      "depth \(scale.generatedDepth), \(BenchFormat.number(Double(generatedCount))) cases, wall time")
    let shardCount = Self.searchSuite.caseCount(options: Bench.options(depth: shardDepth))
    set(
      .unshardedRun, setup.display(shardCommand(nil)),
      "depth \(shardDepth), \(BenchFormat.number(Double(shardCount))) cases, wall time")
    set(
      .shardedRun,
      setup.display(shardCommand(1)).replacingOccurrences(of: "1/\(scale.shards)", with: "K/\(scale.shards)")
        .replacingOccurrences(of: "shard-1.jsonl", with: "shard-K.jsonl"),
      "K = 1 to \(scale.shards), one after another, the sum of their wall times; "
        + "\(Plural.count(scale.shardPairs, "pair")) a round")
    for (row, needs) in [
      (BenchRow.raw, "raw-echo"), (.null, "null-impl"), (.harnessCost, "null-impl"), (.fixedCost, "null-impl"),
      (.swiftAlone, "swift-reference"), (.swiftPiped, "swift-reference"),
      (.swiftThrough, "swift-reference"), (.swiftEndToEnd, "swift-reference"), (.kotlin, "kotlin-reference"),
      (.processPerCase, "swift-reference"), (.memoryN, "swift-reference"), (.memory10N, "swift-reference"),
      (.jobs1, "null-impl"), (.jobs2, "null-impl"), (.generatedRun, "swift-reference"),
      (.unshardedRun, "swift-reference"), (.shardedRun, "swift-reference"),
    ] {
      if let reason = setup.missing[needs] { figures[row.rawValue].note = "not measured: \(reason)" }
    }
  }

  // MARK: - Measuring

  /// Runs every round and returns the report.
  mutating func measure() throws(ConformError) -> BenchReport {
    if !scale.teamOnly {
      try requests.write(to: requestsPath)
      samples = try requests.writeSamples(count: scale.processSample, into: setup.temp)
      if setup.swiftReference != nil { try writeFuzzRequests() }
      describe()
      describeFixtureMemory(counts: try writeMemoryFixtures())
      describeFuzz()
    }
    let teamCases = try writeTeamSuite()
    describeTeamSuite(cases: teamCases)
    try writeDeepTeamSuite()
    describeTeamFuzz()
    for round in 1...scale.runs {
      if !scale.teamOnly { measureRound(round) }
      measureTeamSuite(round, cases: teamCases)
      measureTeamFuzz(round)
    }
    return report()
  }

  func progress(_ round: Int, _ what: String) {
    Terminal.note("bench: round \(round) of \(scale.runs): \(what)")
  }

  mutating func record(_ row: BenchRow, _ value: Double?) {
    if let value, value.isFinite { figures[row.rawValue].values.append(value) }
  }

  mutating func ratio(_ goal: BenchGoal, _ value: Double?) {
    if let value, value.isFinite { targets[goal.rawValue].values.append(value) }
  }

  /// Runs a command; nil (and a note on the figure) when it could not run or did not exit 0.
  mutating func run(
    _ row: BenchRow, _ command: [String], stdin: String = "/dev/null", stdout: String = "/dev/null", sampleMemory: Bool = false
  ) -> BenchRun? {
    if command.contains("(missing)") { return nil }
    do {
      let run = try BenchProcess.run(
        command, stdin: stdin, stdout: stdout, stderr: setup.path("stderr.txt"), sampleMemory: sampleMemory)
      guard run.succeeded else {
        let tail = run.stderr.split(separator: "\n").suffix(3).joined(separator: " / ")
        figures[row.rawValue].note = "failed: it \(run.termination): \(tail)"
        return nil
      }
      return run
    } catch {
      figures[row.rawValue].note = "failed: \(error)"
      return nil
    }
  }

  /// A program between two pipes, its command ending in `| wc -l`; nil (and a note) unless it
  /// wrote `lines` lines (the hello and an answer to every request).
  mutating func runCounted(_ row: BenchRow, _ command: [String], lines: Int) -> BenchRun? {
    let counted = setup.path("counted-answers.txt")
    guard let piped = run(row, command, stdout: counted) else { return nil }
    let text = (try? FileIO.read(counted)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    let answers = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    guard answers == lines else {
      figures[row.rawValue].note =
        "failed: \(answers.map { Plural.count($0, "line") } ?? "no count") out for \(lines) requests; "
        + "stderr: \(piped.stderr.split(separator: "\n").suffix(3).joined(separator: " / "))"
      return nil
    }
    return piped
  }

  private mutating func measureRound(_ round: Int) {
    let attempts = Double(requests.attempts)

    // Pairs one after the other, each a ratio: both runs take a fraction of a second, so a
    // burst of load from elsewhere spoils one pair, not the median.
    progress(round, "raw pipe echo and the null implementation through conform run")
    for _ in 0..<scale.nullPairs {
      let raw = setup.rawEcho == nil ? nil : run(.raw, rawCommand)
      let rawRate = raw.map { Double((requests.attempts + 1) * scale.rawCopies) / $0.seconds }
      record(.raw, rawRate)
      guard run(.null, nullCommand) != nil, let harness = benchHarnessSeconds(resultsFile: setup.path("null.jsonl")) else {
        continue
      }
      let nullRate = attempts / harness
      record(.null, nullRate)
      record(.harnessCost, harness / attempts * 1e6)
      ratio(.harnessCost, harness / attempts * 1e6)
      if let rawRate { ratio(.nullOverRaw, nullRate / rawRate) }
    }

    progress(round, "conform run on one built-in case")
    record(.fixedCost, run(.fixedCost, fixedCommand)?.seconds)

    progress(round, "Swift reference alone")
    let alone = setup.swiftReference.flatMap { run(.swiftAlone, [$0], stdin: requestsPath) }
    let aloneRate = alone.map { attempts / $0.seconds }
    record(.swiftAlone, aloneRate)

    progress(round, "Swift reference between two pipes")
    let piped = setup.swiftReference == nil ? nil : runCounted(.swiftPiped, swiftPipedCommand, lines: requests.attempts + 1)
    record(.swiftPiped, piped.map { attempts / $0.seconds })

    progress(round, "Swift reference through conform run")
    var throughWall: Double?
    if let through = run(.swiftThrough, swiftCommand),
      let harness = benchHarnessSeconds(resultsFile: setup.path("swift.jsonl"))
    {
      throughWall = through.seconds
      if let piped { overPiped.append(piped.seconds / through.seconds) }
      record(.swiftThrough, attempts / harness)
      record(.swiftEndToEnd, attempts / through.seconds)
      if let aloneRate {
        ratio(.transparency, attempts / harness / aloneRate)
        ratio(.transparencyEndToEnd, attempts / through.seconds / aloneRate)
      }
    }

    progress(round, "Kotlin reference through conform run")
    if let kotlin = run(.kotlin, kotlinCommand) { record(.kotlin, attempts / kotlin.seconds) }

    progress(round, "one process per case")
    if let reference = setup.swiftReference, !samples.isEmpty {
      var total = 0.0
      var failed = false
      for sample in samples {
        guard let one = run(.processPerCase, [reference], stdin: sample) else {
          failed = true
          break
        }
        total += one.seconds
      }
      if !failed {
        let perCase = total / Double(samples.count)
        record(.processPerCase, perCase * 1000)
        if let throughWall { ratio(.processRatio, perCase / (throughWall / attempts)) }
      }
    }

    progress(round, "peak memory on N and 10×N generated cases")
    let small = run(.memoryN, memoryCommand(scale.memoryCases), sampleMemory: true)
    let large = run(.memory10N, memoryCommand(scale.memoryCases * 10), sampleMemory: true)
    record(.memoryN, small.map { Double($0.peakKilobytes) })
    record(.memory10N, large.map { Double($0.peakKilobytes) })
    if let small, let large, small.peakKilobytes > 0 {
      ratio(.memoryRatio, Double(large.peakKilobytes) / Double(small.peakKilobytes))
    }

    measureFixtureMemory(round)

    // Pairs one after the other, each a ratio: a burst of load from elsewhere on the machine
    // spoils one pair, not the median.
    progress(round, "--jobs 1 and --jobs 2 with a CPU-heavy implementation")
    for _ in 0..<scale.jobsPairs {
      let one = run(.jobs1, jobsCommand(1)).flatMap { _ in benchHarnessSeconds(resultsFile: setup.path("jobs-1.jsonl")) }
      let two = run(.jobs2, jobsCommand(2)).flatMap { _ in benchHarnessSeconds(resultsFile: setup.path("jobs-2.jsonl")) }
      record(.jobs1, one)
      record(.jobs2, two)
      if let one, let two { ratio(.jobsRatio, one / two) }
    }

    progress(round, "generator")
    let generator = Self.generatorRate(depth: scale.generatorDepth, cases: scale.generatorCases)
    record(.generator, generator)
    ratio(.generatorRate, generator)

    if round == 1 {
      progress(round, "smoke tier")
      let share = Self.smokeShare(depth: scale.fixturesDepth)
      record(.smokeTier, share)
      ratio(.smokeShare, share)
    }

    progress(round, "generated run with the Swift reference")
    if let generated = run(.generatedRun, generatedCommand) {
      let count = Self.searchSuite.caseCount(options: Bench.options(depth: scale.generatedDepth))
      record(.generatedRun, Double(count) / generated.seconds)
    }

    progress(round, "a generated run, whole and in \(scale.shards) shards")
    measureShards()
    measureFuzz(round)
  }

  /// The sharded run's rows and targets: the whole run and its shards in turn, as pairs (a burst
  /// of load from elsewhere spoils one pair, not the median), the whole run first in every other
  /// pair so that a drift in the machine's speed favours neither.
  private mutating func measureShards() {
    for pair in 0..<scale.shardPairs {
      let wholeFirst = pair.isMultiple(of: 2)
      let first = wholeFirst ? run(.unshardedRun, shardCommand(nil)) : nil
      if wholeFirst && first == nil { return }
      guard let shards = runShards(), let whole = first ?? run(.unshardedRun, shardCommand(nil)) else { return }
      record(.unshardedRun, whole.seconds)
      record(.shardedRun, shards.seconds)
      ratio(.shardCost, shards.seconds / whole.seconds)
      let mean = Double(shards.cases.reduce(0, +)) / Double(shards.cases.count)
      if mean > 0 { ratio(.shardBalance, Double(shards.cases.max()!) / mean) }
    }
  }

  /// Runs each shard in turn: the sum of their wall times, and their case counts from their
  /// results headers.
  private mutating func runShards() -> (seconds: Double, cases: [Int64])? {
    var seconds = 0.0
    var cases: [Int64] = []
    for shard in 1...scale.shards {
      guard let part = run(.shardedRun, shardCommand(shard)),
        let count = benchHeaderCases(resultsFile: setup.path("shard-\(shard).jsonl"))
      else { return nil }
      seconds += part.seconds
      cases.append(count)
    }
    return (seconds, cases)
  }

  /// The parameter the deep generated searches grow (`depth`), as the suites that read it
  /// declare it: the bench asks the registry, and names no suite.
  static let searchParameter: SuiteParameter = {
    guard let parameter = SuiteRegistry.parameters.first(where: { $0.name == "depth" }) else {
      preconditionFailure("conform bench: no suite declares the parameter depth")
    }
    return parameter
  }()

  /// The generator's options with the search parameter at `depth`, the others the published tables'.
  static func options(depth: Int, tier: Tier = .full) -> GeneratorOptions {
    var options = GeneratorOptions.published
    options.parameters[searchParameter.name] = depth
    options.tier = tier
    return options
  }

  /// The suite of the deep generated searches (the generator, generated-run, shard and memory
  /// rows): of the suites that read the search parameter, the one whose table it grows most.
  static let searchSuite: any Suite = SuiteRegistry.suites(declaring: searchParameter.name).max {
    $0.caseCount(options: options(depth: 8)) < $1.caseCount(options: options(depth: 8))
  }!

  /// Cases per second the search suite's generator makes as `conform run --generate` streams them.
  static func generatorRate(depth: Int, cases: Int) -> Double {
    let started = MonotonicClock.now()
    let made = GeneratedCases.makeAll(suite: Self.searchSuite, options: Bench.options(depth: depth), limit: cases)
    return Double(made) / (Double(MonotonicClock.now() - started) / 1e9)
  }

  /// The smoke tier's cases, in percent of the full tables' (the same in every round: measured once).
  static func smokeShare(depth: Int) -> Double {
    let full = SuiteRegistry.all.reduce(0) { $0 + $1.caseCount(options: Bench.options(depth: depth)) }
    let smoke = SuiteRegistry.all.reduce(0) { $0 + $1.tierCaseCount(options: Bench.options(depth: depth, tier: .smoke)) }
    return Double(smoke) * 100 / Double(full)
  }

  // MARK: - The report

  private func report() -> BenchReport {
    var notes: [String] = []
    if let rate = figures[BenchRow.generatedRun.rawValue].median {
      let suite = Self.searchSuite
      var depth = 0
      for candidate in Self.searchParameter.range
      where Double(suite.caseCount(options: Bench.options(depth: candidate))) / rate <= 60 {
        depth = candidate
      }
      let next = suite.caseCount(options: Bench.options(depth: depth + 1))
      let reached = suite.caseCount(options: Bench.options(depth: depth))
      notes.append(
        "At the generated run's rate (\(BenchFormat.number(rate)) cases/s), 60 s reaches \(suite.name) depth \(depth) "
          + "(\(BenchFormat.number(Double(reached))) cases, about \(BenchFormat.number(Double(reached) / rate)) s); "
          + "depth \(depth + 1) has \(BenchFormat.number(Double(next))) cases "
          + "(about \(BenchFormat.number(Double(next) / rate)) s).")
    }
    if let ratio = benchMedian(overPiped) {
      notes.append(
        "The Swift reference through conform run, end to end, / the same reference between two pipes "
          + "(`cat` feeding it, `wc -l` counting its answers): \(BenchFormat.number(ratio)), in the same round "
          + "(the Swift targets' baseline is the \"alone\" row: reading a file, writing to /dev/null).")
    }
    if let ratio = benchMedian(teamOverAlone) {
      notes.append(
        "A team suite through conform generate --suite / its model alone writing to /dev/null: "
          + "\(BenchFormat.number(ratio)), in the same round. The team target's baseline is the model between two "
          + "pipes, as conform runs it: the scaffold's Python model flushes every answer, a system call that wakes "
          + "the reader of a pipe and does nothing on /dev/null.")
    }
    if let ratio = benchMedian(teamFuzzOverFile) {
      notes.append(
        "A deep team suite through conform fuzz --suite / its model alone writing to /dev/null: "
          + "\(BenchFormat.number(ratio)), in the same round; its baseline too is the model between two pipes. The "
          + "search runs the model twice (as the model and as the implementation), two Python processes beside conform "
          + "on this machine's cores.")
    }
    notes.append(
      "Harness time is the results footer's `ms`: from starting the implementation to its last answer. "
        + "End to end adds conform's own start and report; on the built-in tables (the Swift and Kotlin rows) "
        + "cases are sent as they are made, so their generation overlaps the run. The null implementation and "
        + "--jobs rows read their cases from a fixtures folder as they send them (copied from its canonical lines), "
        + "so their harness time includes that reading.")
    notes.append(
      "Peak memory is conform's own (`VmHWM` of its process, sampled every 2 ms), not the implementation's.")
    return BenchReport(
      title: "conform bench",
      facts: [
        "\(WallClock.iso8601()) · \(Self.machine) · conform \(ConformVersion.current) · scale \(scale.name), "
          + "each figure the median of \(Plural.count(scale.runs, "round"))",
        "`$BIN` = \(setup.binaries), `$TMP` = a temporary folder (removed after)",
      ],
      figures: figures, targets: targets, notes: notes)
  }

  /// `Debian GNU/Linux 12 (bookworm), 2 cores (Intel Xeon ...)`.
  static var machine: String {
    let os = Host.systemName ?? "unknown system"
    let model = Host.cpuModel ?? "unknown CPU"
    return "\(os), \(ProcessInfo.processInfo.activeProcessorCount) cores (\(model))"
  }
}
