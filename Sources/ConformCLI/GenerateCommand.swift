import ConformArchive
import ConformFixtures
import ConformSuites

/// `conform generate`: writes the truth tables from the specs and reference models.
public enum GenerateCommand: Command {
  public static let name = "generate"
  public static let summary = "write the truth tables (fixtures) from the specs and reference models"
  public static let manual = Manual(
    title: "conform generate: write the truth tables from the written specs and the reference models",
    usage: (["conform generate [--out DIR] [--suite DIR]... [--timeout SECONDS]"] + SuiteParameter.synopses.map { "[\($0)]" }
      + ["[--tier TIER] [--decisions]"])
      .joined(separator: " "),
    blocks: [
      .options("OPTIONS", Options.declarations),
      .text(
        """
        The same conform version and options always give byte-identical files. The published
        fixtures/ folder is `conform generate` with the defaults; a test fails when it drifts.

        Every case lists the spec decisions it exercises (computed from the reference model),
        and a line per suite says how many cases exercise each: a decision no case exercises,
        or a case that lists none, is named there and the status is 1.
        """),
    ],
    exitStatuses: [
      (0, "the files were written, every decision exercised and every case listing one"),
      (1, "the files were written, but a decision has no case or a case lists no decision"),
      (2, "bad usage, or a file that cannot be written"),
      (
        130,
        "killed by SIGINT (Ctrl-C); 143 by SIGTERM: not caught, so the command ends at\nonce and a shell reports 128 + the signal number. The files written so far stay\n(the manifest is written last): run it again"
      ),
    ])

  public struct Options: CommandOptions {
    var out = "fixtures"
    /// The suites' parameters (`--depth`), the published tables' unless given.
    var parameters = GeneratorOptions.published.parameters
    var tier = Tier.full
    var decisions = false
    /// Team suites' folders (`--suite`): when given, the tables written are theirs alone.
    var teamSuites: [String] = []
    /// Seconds a team suite's model has to answer all its cases.
    var timeout = 60.0

    init() {}

    /// Every option of `conform generate`, in the order `--help` lists them and they are read.
    static var declarations: [OptionDeclaration<Options>] {
      [
        .string("--out", "DIR", \.out) {
          """
          where to write (default: \($0)). Writes <suite>.jsonl, <suite>.md and
          manifest.json; other files in DIR are left alone.
          """
        },
        .strings(
          "--suite", "DIR", \.teamSuites,
          """
          a team's own suite: its folder (suite.json, the spec, cases.jsonl,
          the model; harness/TEAM-SUITES.md). Repeatable. The tables written are
          the team suites' alone; each case's expected output is the one it
          states or its model's answer, and the two must agree.
          """),
        .seconds("--timeout", atMost: Arguments.longestCaseTimeout, \.timeout) {
          "the most a team suite's model may take to answer all its cases (default \($0))"
        },
      ] + OptionDeclaration.suiteParameters(\.parameters) + [
        .tier(
          \.tier,
          """
          full (default): every case; smoke: a small subset chosen by coverage of
          the reference models, not by known bugs: the seed cases, then each case
          that covers something of its model no earlier case covered (for step
          sequences: a state, a transition or a pair of transitions; for decision
          tables: an outcome, a boundary of an input, a class of characters).
          The manifest records the tier; conform mutants measures its kill rate.
          """),
        .flag(
          "--decisions", \.decisions,
          """
          print every decision of every spec with how many cases exercise it (the
          manifest's decisions counts) and its title, after the line per suite
          that is always printed.
          """),
      ]
    }
  }

  public static func parse(_ arguments: inout Arguments) throws(ConformError) -> Options {
    var options = Options()
    try Options.declarations.read(&arguments, into: &options)
    let extra = try arguments.positionals()
    guard extra.isEmpty else { throw .usage("generate: unexpected argument \(extra[0])") }
    return options
  }

  public static func run(_ options: Options) throws(ConformError) -> ExitStatus {
    var suites = SuiteRegistry.all
    if !options.teamSuites.isEmpty {
      suites = []
      for folder in options.teamSuites {
        let suite = try TeamSuite(folder: try TeamSuiteFolder(folder: folder, readingCases: false), timeout: options.timeout)
        if let other = suites.first(where: { $0.name == suite.name }) {
          throw .usage("generate: two --suite folders hold suite \(other.name) (\(folder) is the second)")
        }
        suites.append(suite)
      }
    }
    let written = try FixtureGenerator.write(
      options: GeneratorOptions(parameters: options.parameters, tier: options.tier), suites: suites, to: options.out)
    let digest = SHA256.hex(written.manifest)
    print("wrote \(Plural.count(written.names.count, "file")) to \(options.out) (manifest sha256:\(digest))")
    let manifest = try FixtureSet.parseManifest(written.manifest, path: FileIO.join(options.out, "manifest.json"))
    let table = DecisionTable(manifest: manifest, suites: suites, undecided: written.undecided)
    for suite in suites { if let team = suite as? TeamSuite { print(team.sizeLine) } }
    for line in table.summaryLines + table.driftGapLines { print(line) }
    if options.decisions { for line in table.lines { print(line) } }
    return table.isComplete ? .success : .differences
  }
}
