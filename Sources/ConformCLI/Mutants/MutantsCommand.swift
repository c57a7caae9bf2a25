import ConformFixtures
import ConformJSON
import ConformPlatform
import ConformResults
import Foundation

/// `conform mutants`: runs the catalogue of references and drifting ports through `conform run`
/// and measures how well the fixtures catch real bugs.
public enum MutantsCommand: Command {
  public static let name = "mutants"
  public static let summary = "measure fixture adequacy: run every drifting port and report which cases catch it"
  public static let manual = Manual(
    title: "conform mutants: run the references and every drifting port (mutant) through `conform run`",
    usage: """
      conform mutants [--catalogue FILE] [--fixtures DIR] [--markdown FILE] [--only NAME]...
      conform mutants --fuzz [--seed N] [--time SECONDS | --cases N] [options]
      conform mutants --generated [--source DIR] [--equivalents FILE] [--suite NAME]... [--json FILE] [--markdown FILE]
      """,
    blocks: [
      .options("OPTIONS", Options.declarations),
      .options("FUZZ", Options.fuzzDeclarations),
      .options("GENERATED", Options.generatedDeclarations),
      .text(
        """
        For each mutant: whether it was caught (conform run exited 1 with failing cases), how many
        cases caught it, the smallest such case (by input size), and the spec decisions its
        failures are put down to (the run's profile, each with its count). Then the kill rate of
        the full fixtures, of the seed cases alone and of each family of cases, so the value of
        generated coverage is a number. A reference must pass every case.

        With the built-in fixtures, each tier's size and kill rate side by side: every port runs
        once, on the full tables, and a smaller tier (smoke: see conform generate --tier) catches
        a port when one of its cases is among those that failed.

        With --fuzz, the table is the fuzzer's: each port must be found within the budget and
        shrunk to a case no larger (in bytes of canonical JSON) than the smallest published case
        that catches it; a reference must have no finding.

        With --generated, the mutants are made by machine from the Swift reference app's code
        (App/, the files the ports copy): relational boundaries and negations, && and || swapped,
        arithmetic replaced, wrapping or truncated to Int32, operands and arguments swapped,
        integer constants +1, -1 and 0, booleans flipped, conditions negated, assignments and
        calls deleted, early returns, strings trimmed or lower-cased, an optional's default
        always taken. All of them are compiled into one schemata binary (swiftc, against the
        modules swift build left beside conform; a site that does not type-check is dropped and
        counted), each chosen with CONFORM_MUTANT and run through the published tables of the
        suites its file serves (conform run --stop-after 3). The table gives, per suite, mutants,
        killed, equivalent and survivors; every survivor is listed with file, line, operator, the
        line before and after, and its key. A survivor must be killed by a new case or listed by
        key, with a one-line reason, in the equivalents file; the command fails otherwise, and
        when an entry there no longer names a survivor.
        """),
    ],
    exitStatuses: [
      (0, "every reference passes and every mutant is caught"),
      (1, "a reference failed or a mutant escaped"),
      (2, "could not run: bad usage, an unreadable catalogue or fixtures"),
      (
        130,
        "killed by SIGINT (Ctrl-C); 143 by SIGTERM: not caught, so the command ends at\nonce and a shell reports 128 + the signal number. The conform run in progress has\nits own process group: it is not stopped, and runs on to the end of its results file"
      ),
    ])

  public struct Options: CommandOptions {
    var cataloguePath = "harness/mutants.jsonl"
    var fixturesPath: String?
    var markdownPath: String?
    var only: Set<String> = []
    var resultsDirectory = "reports/mutants"
    /// `--fuzz`: fuzz each entry too.
    var fuzzing = false
    /// `--seed`, `--time`, `--cases`: the search's bounds, read with `--fuzz` only.
    var search = MutantsFuzz.Options()
    /// `--generated`: mutation analysis of the reference app's code instead of the catalogue.
    var generating = false
    var generated = GeneratedMutants.Options()

    init() {}

    /// `--fuzz`: the search's bounds; nil for the fixtures' table alone.
    var fuzz: MutantsFuzz.Options? { fuzzing ? search : nil }

    /// The options of the fixtures' table, in the order `--help` lists them and they are read.
    static var declarations: [OptionDeclaration<Options>] {
      [
        .string("--catalogue", "FILE", \.cataloguePath) {
          """
          the catalogue (default: \($0)): one JSON object per line with
          name, kind (reference or mutant), language, bug, impl and args,
          or kind ports: impl prints one such line per port with --catalogue
          """
        },
        .string("--fixtures", "DIR", \.fixturesPath, "the fixtures to run (default: the built-in ones)"),
        .string("--markdown", "FILE", \.markdownPath, "also write the table as Markdown"),
        .custom(
          Option("--only", "NAME", "run only this entry (repeatable)"),
          read: { arguments, options throws(ConformError) in options.only.formUnion(try arguments.values("--only")) }),
        .string("--results-dir", "DIR", \.resultsDirectory) { "where each run's results go (default: \($0))" },
      ]
    }

    /// The options of `--generated`.
    static var generatedDeclarations: [OptionDeclaration<Options>] {
      [
        .flag(
          "--generated", \.generating,
          """
          mutate the Swift reference app's code by machine (one schemata
          build) instead of running the catalogue
          """),
        .string("--source", "DIR", \.generated.source) { "the Swift reference's sources (default: \($0))" },
        .string("--equivalents", "FILE", \.generated.equivalents) {
          "the equivalent mutants, one {\"key\", \"reason\"} per line (default: \($0))"
        },
        .custom(
          Option("--suite", "NAME", "only the app files of this suite (repeatable)"),
          read: { arguments, options throws(ConformError) in
            options.generated.suites.formUnion(try arguments.values("--suite"))
          }),
        .string("--json", "FILE", \.generated.jsonPath, "also write every mutant's outcome, one JSON object per line"),
        .string(
          "--runner", "CONFORM", \.generated.runner,
          "the conform that runs each mutant's tables (default: this one; a\nrelease build loads the tables several times faster)"
        ),
      ]
    }

    /// The options of `--fuzz`.
    static var fuzzDeclarations: [OptionDeclaration<Options>] {
      [
        .flag(
          "--fuzz", \.fuzzing,
          """
          also fuzz each entry (conform fuzz, every suite): whether the search
          finds it, after how many cases and seconds, and its minimal case's size
          """),
        .seed("--seed", "N", \.search.seed) { "the search's seed (default \($0))" },
        .searchTime(\.search.limits.seconds) {
          "search each entry at most SECONDS (default \($0) when --cases is not given)"
        },
        .searchCases(\.search.limits.cases, "search each entry at most N cases"),
      ]
    }
  }

  public static func parse(_ arguments: inout Arguments) throws(ConformError) -> Options {
    var options = Options()
    try (Options.declarations + Options.fuzzDeclarations + Options.generatedDeclarations).read(&arguments, into: &options)
    let generatedOnly: Set = ["--source", "--equivalents", "--suite", "--json", "--runner"]
    if !options.generating, !generatedOnly.isDisjoint(with: arguments.given) {
      throw .usage("mutants: --source, --equivalents, --suite, --json and --runner apply to --generated only: add --generated")
    }
    if options.generating, options.fuzzing || !options.only.isEmpty || arguments.given.contains("--catalogue") {
      throw .usage("mutants: --generated makes its own mutants: --fuzz, --only and --catalogue do not apply")
    }
    let bounds: Set = ["--seed", "--time", "--cases"]
    if !options.fuzzing, !bounds.isDisjoint(with: arguments.given) {
      throw .usage("mutants: --seed, --time and --cases apply to --fuzz only: add --fuzz")
    }
    if options.search.limits.cases != nil, !arguments.given.contains("--time") { options.search.limits.seconds = nil }
    let extra = try arguments.positionals()
    guard extra.isEmpty else { throw .usage("mutants: unexpected argument \(extra[0])") }
    return options
  }

  public static func run(_ options: Options) throws(ConformError) -> ExitStatus {
    if options.generating {
      var generated = options.generated
      generated.markdownPath = options.markdownPath
      generated.resultsDirectory = options.resultsDirectory
      generated.fixturesPath = options.fixturesPath
      return try GeneratedMutants.run(generated)
    }
    let conform = Host.executablePath ?? CommandLine.arguments[0]
    let binaryDirectory = URL(fileURLWithPath: conform).deletingLastPathComponent().path
    let catalogue = try MutantCatalogue.read(options.cataloguePath, binaryDirectory: binaryDirectory)
    let entries = catalogue.entries.filter { options.only.isEmpty || options.only.contains($0.name) }
    guard !entries.isEmpty else {
      throw .usage("mutants: no catalogue entry named \(options.only.sorted().joined(separator: ", "))")
    }
    if let fuzz = options.fuzz { return try MutantsFuzz.run(options, fuzz: fuzz, entries: entries, conform: conform) }
    let fixtures =
      try options.fixturesPath.map { path throws(ConformError) in try FixtureSet.load(directory: path) } ?? FixtureSet.builtIn()
    let byID = Dictionary(fixtures.cases.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    var verdicts: [MutantVerdict] = []
    for entry in entries {
      Terminal.note("mutants: running \(entry.name)")
      verdicts.append(try verdict(entry, options: options, conform: conform, fixtures: byID))
    }
    var table = MutantVerdict.table(verdicts, families: MutantVerdict.families(of: fixtures.cases))
    if options.fixturesPath == nil { table += TierKillRates.builtIn(fullCount: fixtures.cases.count).table(verdicts) }
    print(table, terminator: "")
    if let markdownPath = options.markdownPath { try FileIO.write(Array(table.utf8), to: markdownPath) }
    let allGood = verdicts.allSatisfy { $0.isExpected }
    return allGood ? .success : .differences
  }

  /// Runs `entry` over the fixtures with `conform run` and reads what it showed.
  static func verdict(
    _ entry: MutantCatalogue.Entry, options: Options, conform: String, fixtures: [String: FixtureCase]
  ) throws(ConformError) -> MutantVerdict {
    if let reason = entry.unavailable {
      Terminal.note("mutants: \(entry.name) not run: \(reason)")
      return MutantVerdict(entry: entry, status: 2, summary: nil, fixtures: fixtures)
    }
    let results = FileIO.join(options.resultsDirectory, "\(entry.name).jsonl")
    var command = ["run", "--impl", entry.impl, "--results", results]
    for argument in entry.args { command += ["--impl-arg", argument] }
    if let fixturesPath = options.fixturesPath { command += ["--fixtures", fixturesPath] }
    let status = try runQuietly(conform, command)
    let summary = (try? ResultsFile.read(results)).map { RunSummary(file: $0) }
    return MutantVerdict(entry: entry, status: status, summary: summary, fixtures: fixtures)
  }

  /// Runs `conform` with its stdout discarded and its stderr passed through (the kit's `Spawn`,
  /// as the harness starts implementations); returns the exit status, 128 + the signal's number
  /// when a signal ended it.
  static func runQuietly(_ executable: String, _ arguments: [String]) throws(ConformError) -> Int32 {
    let pid: pid_t
    do throws(Spawn.Failure) {
      pid = try Spawn.start(
        [executable] + arguments, environment: ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" },
        files: [
          .open("/dev/null", onto: 0, flags: O_RDONLY, mode: 0), .open("/dev/null", onto: 1, flags: O_WRONLY, mode: 0),
        ])
    } catch {
      throw .implementation("cannot start \(executable): \(String(cString: strerror(error.code)))")
    }
    guard case .ended(let status) = Spawn.wait(pid) else {
      throw .implementation("\(executable) could not be waited for")
    }
    switch Termination(waitStatus: status) {
    case .exited(let code): return code
    case .signaled(let signal): return 128 + signal
    }
  }
}

/// What one catalogue entry's run showed.
struct MutantVerdict {
  var entry: MutantCatalogue.Entry
  var status: Int32
  var summary: RunSummary?
  /// The failing cases, smallest input first.
  var failing: [FixtureCase]

  init(entry: MutantCatalogue.Entry, status: Int32, summary: RunSummary?, fixtures: [String: FixtureCase]) {
    self.entry = entry
    self.status = status
    self.summary = summary
    // A case never sent (the restart cap was reached) says nothing about which case catches the bug.
    failing = (summary?.problems ?? []).filter { $0.status != .notRun }.compactMap { fixtures[$0.id] }.sorted {
      let (a, b) = (JSONWriter.bytes($0.input).count, JSONWriter.bytes($1.input).count)
      return a != b ? a < b : $0.id < $1.id
    }
  }

  var isCaught: Bool { status == 1 && !failing.isEmpty }

  /// A reference passes everything; a mutant is caught.
  var isExpected: Bool { entry.kind == .reference ? status == 0 : isCaught }

  func isCaught(byTag tag: String) -> Bool { failing.contains { $0.tags.contains(tag) } }

  func isCaught(byFamily family: Substring) -> Bool { failing.contains { Self.family(of: $0.id) == family } }

  /// A case's family is the second part of its id: `seed` in `eligibility/seed/cooldown-over`.
  static func family(of id: String) -> Substring {
    id.split(separator: "/", maxSplits: 2).dropFirst().first ?? ""
  }

  /// The families of the tables, in the order they first appear.
  static func families(of cases: [FixtureCase]) -> [Substring] {
    var seen: Set<Substring> = []
    return cases.map { family(of: $0.id) }.filter { seen.insert($0).inserted }
  }

  /// `caught/total (percent)`, rounded to the nearest percent, halves up: 11/16 is 69%, not 68%.
  static func rate(_ caught: Int, of total: Int) -> String {
    total == 0 ? "0/0" : "\(caught)/\(total) (\((caught * 200 + total) / (total * 2))%)"
  }

  static func table(_ verdicts: [MutantVerdict], families: [Substring]) -> String {
    var text =
      "| implementation | language | verdict | failing cases | smallest failing case | spec decisions it breaks | bug |\n"
    text += "| --- | --- | --- | ---: | --- | --- | --- |\n"
    for verdict in verdicts {
      let outcome: String
      switch (verdict.entry.kind, verdict.isExpected) {
      case (.reference, true): outcome = "passes"
      case (.reference, false): outcome = "**FAILS** (exit \(verdict.status))"
      case (.mutant, true): outcome = "caught"
      case (.mutant, false): outcome = verdict.status == 2 ? "**could not run**" : "**escaped**"
      }
      let smallest = verdict.failing.first.map { "`\($0.id)`" } ?? "–"
      let causes = (verdict.summary?.profile.causes ?? []).map { "`\($0.decision)` (\($0.problems.count))" }
      let decisions = causes.isEmpty ? "–" : causes.joined(separator: ", ")
      text +=
        "| \(verdict.entry.name) | \(verdict.entry.language) | \(outcome) | \(verdict.failing.count) | \(smallest) | \(decisions) | \(verdict.entry.bug) |\n"
    }
    let mutants = verdicts.filter { $0.entry.kind == .mutant }
    let references = verdicts.filter { $0.entry.kind == .reference }
    func rate(_ caught: Int) -> String { Self.rate(caught, of: mutants.count) }
    text += "\n"
    text += "- kill rate, full fixtures: \(rate(mutants.filter(\.isCaught).count))\n"
    text += "- kill rate, seed cases alone: \(rate(mutants.filter { $0.isCaught(byTag: "seed") }.count))\n"
    let byFamily = families.map { family in "\(family) \(rate(mutants.filter { $0.isCaught(byFamily: family) }.count))" }
    text += "- kill rate by family of cases: \(byFamily.joined(separator: ", "))\n"
    if let fewest = mutants.filter(\.isCaught).map(\.failing.count).min() {
      let names = mutants.filter { $0.isCaught && $0.failing.count == fewest }.map(\.entry.name)
      text += "- fewest cases catching one port: \(fewest) (\(names.joined(separator: ", ")))\n"
    }
    text += "- references passing every case: \(references.filter(\.isExpected).count)/\(references.count)\n"
    return text
  }
}
