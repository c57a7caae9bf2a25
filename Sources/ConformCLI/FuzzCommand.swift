import ConformFixtures
import ConformFuzz
import ConformHarness
import ConformJSON
import ConformPlatform
import ConformReport
import ConformSuites
import Foundation

/// `conform fuzz`: differential fuzzing over each suite's whole input domain, against the
/// reference model or between two implementations, with every failure shrunk to a minimal case.
public enum FuzzCommand: Command {
  public static let name = "fuzz"
  public static let summary = "search each suite's whole input domain for a failing case and shrink it"
  public static let manual = Manual(
    title: "conform fuzz: search each suite's whole input domain for a failing case and shrink it",
    usage: """
      conform fuzz --impl PROGRAM [--impl-arg ARG]... [options]
      conform fuzz --impl A [--impl-arg ARG]... --impl B [--impl-arg ARG]... [options]
      """,
    blocks: [
      .text(
        """
        Generates random inputs over each suite's whole domain, biased toward where ports break
        (stray dots, signs, non-ASCII digits, combining marks, 32- and 64-bit boundaries; day numbers
        across the 64-bit range, thresholds and cooldowns at their edges, equivalent versions; step
        sequences of every kind), each with its expected output from the suite's reference model.
        The cases go through the harness of conform run (one long-lived process, the window, crash
        and hang handling) in batches, until a batch has a failing case or the limits are reached.
        Every failing case of that batch (up to --max-shrink) is then shrunk to a minimal case that
        fails the same way: steps dropped, strings shortened and simplified, numbers moved toward
        zero and toward the nearest boundary, each round of candidates sent as one batch, the
        smallest that still fails kept ("smaller": fewer bytes of canonical JSON). Failing cases
        that shrink to the same case, or to cases that fail the same way with a difference of the
        same shape (the same fields changed, values of the same kinds: another version string,
        another day), are reported once, the smallest shown, with a count.

        With one --impl the implementation is checked against the model. With two, a finding is a
        case where they answer differently, and the report says whom the model sides with.

        Each minimal case is printed with its difference, the command that replays the search
        (--seed, --suite, --cases), the fixture line to add to a table, canonical JSON with the
        id <suite>/fuzz/<hash of the input>, and the line that promotes it into the published
        fixtures: added to the suite folder's <suite>.promoted.jsonl, the case is part of every
        table conform generate makes from then on (the expected output is the reference model's,
        computed when the table is made), so a bug found once is caught forever.
        """)
    ] + FuzzOptions.tables.map { .options($0.heading, $0.declarations) },
    exitStatuses: [
      (0, "nothing found: every case conforms (or the two implementations agree)"),
      (1, "found: a failing case (or a disagreement), printed as a minimal case"),
      (2, "could not run: bad usage, an implementation that cannot start"),
      (130, "interrupted by SIGINT; 143 by SIGTERM"),
    ])

  public typealias Options = FuzzOptions

  public static func parse(_ arguments: inout Arguments) throws(ConformError) -> FuzzOptions {
    try FuzzOptions.parse(&arguments)
  }

  public static func run(_ options: FuzzOptions) throws(ConformError) -> ExitStatus {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("conform-fuzz-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let executors = options.commands.enumerated().map { index, command in
      FuzzExecutor(
        settings: HarnessSettings(
          command: command, environment: options.environment.resolve(), jobs: 1, window: 1024, timeout: options.timeout,
          maxRestarts: options.maxRestarts, diagnostics: .standardError, progress: .standardError
        ).stopping(with: CLI.stop),
        resultsPath: directory.appendingPathComponent("batch-\(index).jsonl").path)
    }
    var teamSuites: [TeamSuite] = []
    for folder in options.teamFolders {
      guard FileManager.default.fileExists(atPath: FileIO.join(folder, "suite.json")) else {
        let names = SuiteRegistry.all.filter(\.isFuzzable).map(\.name).joined(separator: ", ")
        throw .usage(
          "fuzz: --suite takes a suite with a fuzzer (\(names)) or a team suite's folder (holding suite.json), not \"\(folder)\"")
      }
      let suite = try TeamSuite.searching(folder: try TeamSuiteFolder(folder: folder), timeout: options.timeout) { error in
        Terminal.error("fuzz: \(error)")
        // The process ends here, past the `defer` above.
        try? FileManager.default.removeItem(at: directory)
        exit(ExitStatus.couldNotRun.rawValue)
      }
      teamSuites.append(suite)
    }
    let suites = options.suites + teamSuites
    let cases = FuzzCases(seed: options.seed, suites: suites, shard: options.shard)
    Terminal.note(
      "fuzzing \(suites.map(\.name).joined(separator: ", ")) with seed \(options.seed)"
        + (options.shard.map { ", shard \($0.label)" } ?? "")
        + (options.commands.count == 2 ? ", two implementations against each other" : ", against the model")
        + " (\(options.limitText))")
    let search = FuzzSearch(cases: cases, executors: executors, limits: options.limits)
    let report = try search.run()
    let names = executors.enumerated().map { index, executor in
      executor.name ?? options.commands[index].joined(separator: " ")
    }
    if report.stoppedBy != 0 {
      Terminal.note("interrupted by \(Termination.signalName(report.stoppedBy)) after \(report.cases.grouped) cases")
      return .stopped(by: report.stoppedBy)
    }
    let searched = "\(report.cases.grouped) cases in \(seconds(report.searchSeconds))"
    // Suites the implementation does not support are searched for nothing: said, and a search
    // that checked no case at all fails, as a run that checked nothing does.
    let unsupported = report.unsupported.keys.sorted().joined(separator: " ")
    if report.findings.isEmpty, report.cases > 0, report.unsupported.values.reduce(0, +) == report.cases {
      print("nothing checked: the implementation supports none of the suites searched (\(unsupported)); \(searched)")
      return .differences
    }
    guard !report.findings.isEmpty else {
      let checked = suites.map(\.name).filter { report.unsupported[$0] == nil }.joined(separator: ", ")
      print(
        "nothing found: \(searched) (seed \(options.seed); \(checked))"
          + (unsupported.isEmpty ? "" : "; not supported by the implementation, so not checked: \(unsupported)"))
      if let out = options.out { try FileIO.write([], to: out) }
      return .success
    }
    var text = ""
    var lines: [UInt8] = []
    for finding in report.findings {
      let team = teamSuites.firstIndex { $0.name == finding.suite }
      let replay = options.replay(suite: team.map { options.teamFolders[$0] } ?? finding.suite, cases: finding.firstNumber + 1)
      let fixture = finding.fixture(seed: options.seed, names: names)
      var promotion = team.map { index in
        let folder = teamSuites[index].folder
        return (
          FileIO.join(folder.folder, folder.casesFile),
          TeamSuiteFolder.promotedLine(
            name: String(fixture.id.dropFirst(finding.suite.count + 1)), input: finding.input, note: fixture.note)
        )
      }
      // A built-in suite's table is conform's: outside conform's checkout (an app's repository),
      // the line says where it goes, as a case to propose upstream.
      let builtIn = PromotedCases.file(of: finding.suite)
      if team == nil, !FileManager.default.fileExists(atPath: builtIn) {
        promotion = (
          "\(builtIn) in conform's repository (a case its tables lack: propose it upstream)",
          finding.promotedLine(seed: options.seed, names: names)
        )
      }
      text +=
        finding.lines(seed: options.seed, names: names, replay: replay, promotion: promotion).joined(separator: "\n") + "\n\n"
      JSONWriter.write(finding.fixture(seed: options.seed, names: names).json, into: &lines)
      lines.append(UInt8(ascii: "\n"))
    }
    let failing = options.commands.count == 2 ? "disagreements" : "failing cases"
    // Causes past --max-shrink: listed with their first failing case, unshrunk.
    for finding in report.unshrunk {
      text += "NOT SHRUNK (--max-shrink) \(finding.cause ?? finding.suite): \(Plural.count(finding.count, "failing case")); "
      text += "the first, \(finding.firstID): \(JSONWriter.string(finding.input))\n\n"
    }
    let minimal = report.findings.count == 1 ? "1 minimal case" : "\(report.findings.count) minimal cases"
    var closing = "found \(minimal) from \(report.failing.grouped) \(failing) in \(searched) (seed \(options.seed); "
    closing += "the first was \(report.firstFailureID ?? "none")); shrinking \(report.shrunk) (one failing case a cause) took "
    closing += "\(report.shrinkCalls.grouped) calls, \(seconds(report.shrinkSeconds))"
    if report.shrinkTimedOut { closing += " (stopped at --shrink-time: some cases may shrink further)" }
    if !report.unshrunk.isEmpty {
      closing += "; \(Plural.count(report.unshrunk.count, "more cause")) listed unshrunk (--max-shrink \(report.shrunk))"
    }
    print(text + closing)
    if let out = options.out {
      try FileIO.write(lines, to: out)
      Terminal.note("fixture lines in \(out)")
    }
    return .differences
  }

  private static func seconds(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return "\(rounded) s"
  }
}

/// `conform fuzz`'s options, read and checked before anything starts.
public struct FuzzOptions: StartsImplementations {
  /// `--impl`, `--impl-arg`, `--env`, `--timeout`, `--max-restarts`: as `conform run` reads them.
  var implementation = ImplementationOptions()
  /// `--seed`: from the clock when not given.
  var seed: UInt64 = 0
  /// `--suite`: the suites searched, in the registry's order.
  var suites: [any Suite] = SuiteRegistry.all.filter(\.isFuzzable)
  var suiteNames: [String] = []
  /// `--suite DIR`: team suites' folders, searched after the built-in suites given.
  var teamFolders: [String] = []
  /// `--cases`, `--time`, `--batch` and the shrinking limits.
  var limits = FuzzLimits()
  var out: String?
  /// `--shard K/N`: the part of the seed's cases this search takes.
  var shard: Shard?

  init() {
    // Without --time, the search stops after 10 s, unless --cases alone bounds it.
    limits.seconds = 10
  }

  /// One implementation (against the model) or two (against each other), each a program and its arguments.
  var commands: [[String]] { implementation.commands }
  var environment: ImplementationEnvironment { implementation.environment }
  var timeout: Double { implementation.timeout }
  var maxRestarts: Int { implementation.maxRestarts }

  static func parse(_ arguments: inout Arguments) throws(ConformError) -> FuzzOptions {
    var options = FuzzOptions()
    try declarations.read(&arguments, into: &options)
    if options.limits.cases != nil, !arguments.given.contains("--time") { options.limits.seconds = nil }
    let extra = try arguments.positionals()
    guard extra.isEmpty else {
      let extra = extra.joined(separator: " ")
      throw .usage("fuzz: unexpected arguments \(extra): give an implementation's arguments with --impl-arg")
    }
    return options
  }

  /// Every option of `conform fuzz`, in the order `--help` lists them and they are read.
  static var declarations: [OptionDeclaration<FuzzOptions>] { tables.flatMap(\.declarations) }

  /// The tables of `--help`, each option declared once.
  static var tables: [(heading: String, declarations: [OptionDeclaration<FuzzOptions>])] {
    [
      (
        "IMPLEMENTATIONS",
        [
          .implementations(
            program: "the program to start (once, or twice for a differential search)",
            argument: "an argument for the --impl before it (repeatable)"
          ) { count, _ throws(ConformError) in
            guard (1...2).contains(count) else {
              throw .usage(
                "fuzz: give --impl PROGRAM once (against the model) or twice (against each other), not \(count) times")
            }
          },
          .timeout { "per case (default \($0); fractions allowed)" },
          .maxRestarts { "restarts in a row without an answer, per search batch (default \($0))" },
          .environment(
            set: "set a variable for the implementations (repeatable)",
            inherit: """
              give them conform's whole environment (else TZ=UTC, LC_ALL=C.UTF-8,
              LANG=C.UTF-8 and only PATH, HOME, TMPDIR, USER)
              """),
        ]
      ),
      (
        "SEARCH",
        [
          .custom(
            Option(
              "--seed", "N",
              """
              the seed, 0 to 2^63-1 (default: from the clock, printed): the
              same seed and options make the same cases, in the same order
              """),
            read: { arguments, options throws(ConformError) in
              let seed = try arguments.integer("--seed", in: 0...Int(Int64.max))
              options.seed = seed.map { UInt64($0) } ?? MonotonicClock.now() % 1_000_000
            }),
          .custom(
            Option(
              "--suite", "NAME",
              """
              only this suite (repeatable; default every suite with a fuzzer:
              \(SuiteRegistry.all.filter(\.isFuzzable).map(\.name).joined(separator: ", ")));
              or a team suite's folder: its domain searched, its model answering
              beside the implementation (harness/TEAM-SUITES.md)
              """),
            read: { arguments, options throws(ConformError) in try options.readSuites(&arguments) }),
          .searchCases(
            \.limits.cases,
            """
            generate at most N cases (the suites take turns; case n of a suite
            is the same whichever suites run)
            """),
          .searchTime(\.limits.seconds) {
            """
            start no new batch after SECONDS (default \($0) when --cases is not
            given; without --time, --cases alone bounds the search)
            """
          },
          .integer("--batch", in: 1...1_000_000, \.limits.fixedBatch) {
            """
            cases per batch (default \($0) first, each batch that finds nothing
            making the next half as large again, up to \(FuzzLimits().largestBatch))
            """
          },
          .shard(
            \.shard,
            """
            search part K of N, for a CI job matrix: of each suite, the cases
            numbered K-1, K-1+N, K-1+2N... of the seed's stream, so the N
            shards of one seed never search the same case
            """),
        ]
      ),
      (
        "SHRINKING AND OUTPUT",
        [
          .integer("--shrink-budget", in: 0...10_000_000, \.limits.shrinkBudget) {
            "implementation calls per failing case while shrinking (default \($0))"
          },
          .integer("--max-shrink", in: 1...100_000, \.limits.maxShrunk) {
            "failing cases shrunk (default \($0)); the rest are only counted"
          },
          .seconds("--shrink-time", atMost: longestSearch, \.limits.shrinkSeconds) {
            """
            start no new shrinking round after SECONDS (default \($0)): a crash
            costs a restart per candidate; the cases so far are still failing
            """
          },
          .string(
            "--out", "FILE", \.out,
            """
            write each minimal case's fixture line to FILE (JSON lines;
            empty when nothing is found)
            """),
        ]
      ),
    ]
  }

  /// `--suite NAME`s: suites with a fuzzer, each once, in the registry's order (so that case n
  /// of the search does not depend on the order of `--suite`); every one when none is given.
  /// A `--suite` that names no built-in suite is a team suite's folder, read when the search starts.
  private mutating func readSuites(_ arguments: inout Arguments) throws(ConformError) {
    suiteNames = try arguments.values("--suite")
    guard !suiteNames.isEmpty else { return }
    let fuzzable = SuiteRegistry.all.filter(\.isFuzzable)
    suites = []
    for name in suiteNames {
      guard let suite = fuzzable.first(where: { $0.name == name }) else {
        if SuiteRegistry.named(name) != nil {
          let names = fuzzable.map(\.name).joined(separator: ", ")
          throw .usage("fuzz: --suite takes a suite with a fuzzer (\(names)) or a team suite's folder, not \"\(name)\"")
        }
        if !teamFolders.contains(name) { teamFolders.append(name) }
        continue
      }
      if !suites.contains(where: { $0.name == name }) { suites.append(suite) }
    }
    suites.sort { a, b in
      fuzzable.firstIndex { $0.name == a.name }! < fuzzable.firstIndex { $0.name == b.name }!
    }
  }

  /// The longest search `--time` and `--shrink-time` allow, in seconds (a year).
  static let longestSearch: Double = 86_400 * 365

  /// What bounds the search, for the opening note: `20,000 cases`, `10 s`.
  var limitText: String {
    var parts: [String] = []
    if let cases = limits.cases { parts.append("at most \(cases.grouped) cases") }
    if let seconds = limits.seconds {
      parts.append("at most \(seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)") s")
    }
    return parts.joined(separator: ", ")
  }

  /// The command that repeats the search of `suite` up to its case `cases - 1` (of the whole
  /// stream: a shard's command searches its part of the stream up to that case).
  func replay(suite: String, cases: Int) -> String {
    var words = ["conform", "fuzz"]
    for command in commands {
      words += ["--impl", command[0]]
      for argument in command.dropFirst() { words += ["--impl-arg", argument] }
    }
    words += ["--seed", "\(seed)", "--suite", suite]
    if let shard {
      words += ["--shard", shard.label, "--cases", "\((cases - 1) / shard.count + 1)"]
    } else {
      words += ["--cases", "\(cases)"]
    }
    return words.map(ShellWord.quote).joined(separator: " ")
  }
}

extension OptionDeclaration {
  /// `--cases N`: how many cases a search may generate, nil when not given; as `conform fuzz`
  /// and `conform mutants --fuzz` read it.
  static func searchCases(_ path: WritableKeyPath<Options, Int?>, _ help: String) -> Self {
    .integer("--cases", in: 1...Int(Int32.max), path, help)
  }

  /// `--time SECONDS`: how long a search may start new batches, with the default the options
  /// value starts with (none when `--cases` alone bounds the search: the command drops it).
  static func searchTime(_ path: WritableKeyPath<Options, Double?>, help: (String) -> String) -> Self {
    .seconds("--time", atMost: FuzzOptions.longestSearch, path, help: help)
  }
}
