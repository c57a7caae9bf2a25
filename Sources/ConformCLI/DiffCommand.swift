import ConformFixtures
import ConformJSON
import ConformReport
import ConformResults
import Foundation

/// `conform diff`: the drift gate between two runs (the Swift app against the Kotlin app): both
/// must conform and agree, case by case.
public enum DiffCommand: Command {
  public static let name = "diff"
  public static let summary = "compare two results files case by case: do both conform and agree?"
  public static let manual = Manual(
    title: "conform diff: the drift gate: do two runs both conform, and agree, case by case?",
    usage: """
      conform diff RESULTS_A RESULTS_B [--allow-partial] [--json FILE] [--markdown FILE]
                   [--max-shown N] [--allow-different-fixtures [--fixtures PATH]...]
      conform diff A_SHARD_1 ... A_SHARD_N B_SHARD_1 ... B_SHARD_M [options]
      """,
    blocks: [
      .text(
        """
        Every case lands in one kind, judged by its first attempt that did not pass:
          both pass                 both runs passed it
          both fail the same way    the same status other than pass (fail, error, crashed,
                                    timeout, protocol-error) and, for fail, the same output.
                                    Grouped by cause, not by output: by the pair of causes A's and
                                    B's failures are attributed to (a decision, one of D or E, a
                                    pair D + E, or unexplained), each group with its cause, its
                                    case ids and a leading example: its input and one diff of the
                                    expected output against the output both gave
          disagree                  different statuses (pass against fail, fail against crashed),
                                    or both failed with different outputs: which side matches the
                                    table, each failing side's cause, a field-by-field diff of A's
                                    output against B's, grouped by suite (cases both fail with
                                    other answers by the pair of causes)
          ran by one side only      the other run skipped it, does not support its suite, never
                                    reached it (it is partial) or has no such case
          ran by neither            both skipped it, or neither supports its suite

        A run is partial when its results file has no footer (it was killed), its footer says it
        was interrupted (SIGINT, SIGTERM), or it holds cases recorded not-run (the restart limit)
        or fewer cases than its header announces. The report names the partial side and how many
        cases it never reached.

        Two runs on different fixtures fail the gate (exit 1), whatever their cases say: their
        bundle archive digests differ when both ran on a bundle, else their manifest digests. The
        message names both sides' digests in full and which digest each is. Pin both sides to the
        same bundle, or pass --allow-different-fixtures: the gate then compares only the cases whose
        input and expected output are byte-identical (canonical JSON) in both fixture sets, and
        says how many it compared and how many it left out. It reads each run's fixtures from the
        source in its header (the built-in tables, a bundle or a folder) or from --fixtures.

        A side run split with conform run --shard K/N is given as its N results files: they are
        merged into one run as conform report merges them (grouped by implementation; the run with
        the first file given is A), and a shard missing, given twice, unfinished or of another run
        is named and exits 2.
        """),
      .options("OPTIONS", Options.declarations),
      .text(
        """
        The last line of stdout is the closing line:
        "N both pass, N both fail the same way, N disagree", then ", N ran by one side only",
        ", N ran by neither" and ", N left out (different fixtures)" when not zero.
        """),
    ],
    exitStatuses: [
      (
        0,
        "both runs conform and agree: every case both ran passed on both sides, at least one\ndid, and (without --allow-partial) both runs are complete and ran the same cases"
      ),
      (
        1,
        "the gate fails: runs on different fixtures (without --allow-different-fixtures), a case the runs disagree on, a case that fails on both sides (even\nthe same way), no case both ran, or (without --allow-partial) a case run by one side\nonly or a partial run"
      ),
      (2, "bad usage, a results file that cannot be read, or shard results that are not the\nwhole of one run"),
      (130, ExitStatus.notCaughtSignals),
    ])

  public struct Options: CommandOptions {
    var paths: [String] = []
    /// The drift reports asked for, by their format's option (`--json`): `ReportFormats.all`
    /// declares them.
    var files: [String: String] = [:]
    var maxShown = ReportOptions.defaultMaxShown
    var allowPartial = false
    var allowDifferentFixtures = false
    var fixturesPaths: [String] = []
    /// `--team-model` folders: team suites whose model answers drifts for each side's causes.
    var teamModels: [String] = []

    init() {}

    /// A format's option that `diff` takes (its drift report, `--json FILE`), nil for the others.
    static func driftFile(_ format: any ReportFormat) -> OptionDeclaration<Options>? {
      guard let report = format.driftReport else { return nil }
      return .custom(
        Option(format.option, "FILE", report.help),
        read: { arguments, options throws(ConformError) in
          if let path = try arguments.value(format.option) { options.files[format.option] = path }
        })
    }

    /// Every option of `conform diff`, in the order `--help` lists them and they are read.
    static var declarations: [OptionDeclaration<Options>] {
      [
        .flag(
          "--allow-partial", \.allowPartial,
          """
          accept cases run by one side only and partial runs: the gate then
          judges only the cases both ran
          """),
        .flag(
          "--allow-different-fixtures", \.allowDifferentFixtures,
          """
          compare runs on different fixtures on the cases whose input and
          expected output are the same in both (counted: compared, left out)
          instead of failing the gate
          """),
        .strings(
          "--fixtures", "PATH", \.fixturesPaths,
          """
          with --allow-different-fixtures: a bundle or fixtures folder one of
          the runs used, when it is no longer at the source its header names
          (repeatable; matched to a run by its manifest digest)
          """),
        .strings(
          "--team-model", "DIR", \.teamModels,
          """
          a team suite's folder (holding suite.json) whose model answers
          drifts (repeatable): each side's failures of it are filed under the
          decision whose drift gives that side's answer, not only shown as
          exercised
          """),
      ] + ReportFormats.all.compactMap(driftFile) + [
        .maxShown(\.maxShown) {
          """
          disagreements, and groups of cases both fail the same way, shown in
          full on the terminal and in Markdown (default \($0);
          the JSON file holds every one)
          """
        }
      ]
    }
  }

  public static func parse(_ arguments: inout Arguments) throws(ConformError) -> Options {
    var options = Options()
    try Options.declarations.read(&arguments, into: &options)
    if !options.fixturesPaths.isEmpty, !options.allowDifferentFixtures {
      throw .usage(
        "diff: --fixtures is read only with --allow-different-fixtures (to compare the cases both fixture sets share)")
    }
    options.paths = try arguments.positionals()
    guard options.paths.count >= 2 else {
      throw .usage("diff: two results files to compare (conform diff RESULTS_A RESULTS_B), not \(options.paths.count)")
    }
    return options
  }

  public static func run(_ options: Options) throws(ConformError) -> ExitStatus {
    let maxShown = options.maxShown
    var files: [ResultsFile] = []
    for path in options.paths { files.append(try ResultsFile.read(path)) }
    let runs = try ShardMerge.runs(files)
    guard runs.count == 2 else {
      throw .usage(
        "diff: two runs to compare, not \(runs.count): \(options.paths.count) results files make \(runs.count) "
          + "(the shards of a run, --shard K/N, count as one run; conform diff RESULTS_A RESULTS_B)")
    }
    var sameCases: Set<String>?
    let digests = ResultHeader.Fixtures.comparedDigests(runs[0].header.fixtures, runs[1].header.fixtures)
    if options.allowDifferentFixtures, digests.a != digests.b {
      sameCases = try DriftFixtures.sameCases(runs[0].header, runs[1].header, paths: options.fixturesPaths)
    }
    let drift = Drift(
      runs[0], runs[1], allowPartial: options.allowPartial, allowDifferentFixtures: options.allowDifferentFixtures,
      sameFixtureCases: sameCases,
      teamModels: try ReportOptions.startedTeamModels(options.teamModels, command: "diff", timeout: 60))
    for warning in drift.warnings {
      let refused = warning == drift.fixturesMessage && drift.gateFailure == "different fixtures"
      Terminal.note("\(refused ? "error" : "warning"): \(warning)")
    }
    for format in ReportFormats.all {
      if let report = format.driftReport, let path = options.files[format.option] {
        try FileIO.write(report.render(drift, maxShown), to: path)
      }
    }
    if let summaryPath = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !summaryPath.isEmpty {
      try StepSummary.append(to: summaryPath, note: Terminal.note) { limit in
        drift.markdownReport(maxShown: maxShown, limit: limit)
      }
    }
    print(
      drift.terminalText(maxShown: maxShown, style: TextStyle(isEnabled: Terminal.wantsColor(fileDescriptor: STDOUT_FILENO))),
      terminator: "")
    return drift.exitStatus
  }
}
