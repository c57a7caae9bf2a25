import ConformFixtures
import ConformJSON
import ConformReport

extension ReportOptions: CommandOptions {
  /// No file, `--max-shown`'s default: what `--help` states.
  init() { self.init(junitPath: nil) }
}

extension ReportOptions {
  /// The REPORT OPTIONS of every command that reports, each declared once by its key path: each
  /// format's own (its `ReportFormat`), then those of the terminal and the run.
  static var declarations: [OptionDeclaration<ReportOptions>] {
    ReportFormats.all.map(OptionDeclaration.file) + [
      .integer("--max-shown", in: maxShownRange, \.maxShown) {
        """
        problems shown in full on the terminal, in Markdown and as GitHub
        annotations (default \($0); 0 shows only the counts);
        the JUnit and JSON files always hold every one. It never stops a
        run: that is conform run --stop-after N
        """
      },
      .flag(
        "--show-unsupported", \.showUnsupported,
        """
        with --html: list the cases of suites the implementation does not
        support in the matrix (by default they are counted in their suite's
        row, not listed)
        """),
      .strings(
        "--require-suite", "GLOB", \.requiredSuites, recordedAs: "requireSuites",
        """
        a suite the implementation promised (repeatable): the run fails
        (exit 1), naming it, when no suite of the run matches GLOB or the
        implementation does not support one that does
        """),
      .strings(
        "--team-model", "DIR",
        \.teamModels,
        """
        a team suite's folder (holding suite.json) whose model answers
        drifts (repeatable): its failures are filed under the decision whose
        drift gives the implementation's answer, as the built-in suites'.
        Without it a team suite's failures are shown as the decisions they
        exercise, never as broken
        """),
      // pytest's --maxfail stops a run; ours never did, so the old name is refused with the new one.
      .custom(
        Option("--max-failures", "N", isHidden: true, "the old name of --max-shown, refused with a message"),
        read: { arguments, _ throws(ConformError) in
          guard try arguments.value("--max-failures") != nil else { return }
          throw .usage(
            "\(arguments.command): --max-failures is now --max-shown N (how many problems are shown in full); "
              + "to stop a run after N failures: conform run --stop-after N")
        }),
    ]
  }

  /// The options `--help` lists, in order.
  static var options: [Option] { declarations.flatMap(\.options) }

  /// The report options' section of `--help`, then where the report goes and its environment.
  static let manualBlocks: [Manual.Block] = [
    .options("REPORT OPTIONS", declarations),
    .text(
      """
      The report goes to stdout and its last line is the closing line, for example
      "120 passed, 2 failed, 1 errored". Progress goes to stderr, on a terminal only.

      ENVIRONMENT
        NO_COLOR             set and not empty: no colour, whatever the terminal (colour is only
                             ever used on one)
        GITHUB_ACTIONS=true  also print an ::error annotation per problem
        GITHUB_STEP_SUMMARY  append the Markdown summary to this file (kept under 1 MiB)
      """),
  ]

  /// What `--max-shown` takes, in every command that shows problems.
  static let maxShownRange = 0...1_000_000

  /// Takes the report options (`declarations`) out of `arguments`, leaving the rest, and checks
  /// the conflicts between them.
  static func parse(from arguments: inout Arguments) throws(ConformError) -> ReportOptions {
    var options = ReportOptions()
    try declarations.read(&arguments, into: &options)
    try options.check(command: arguments.command)
    return options
  }

  /// The conflicts between the report options, named for `command`.
  func check(command: String) throws(ConformError) {
    if showUnsupported, htmlPath == nil {
      throw .usage("\(command): --show-unsupported is about the HTML page's matrix: give --html FILE too")
    }
    for path in files.values where path.isEmpty {
      throw .usage("\(command): an output file name cannot be empty")
    }
  }
}

extension OptionDeclaration where Options == ReportOptions {
  /// A format's option (`--junit FILE`), as its `ReportFormat` declares it: the file it writes.
  static func file(_ format: any ReportFormat) -> Self {
    .custom(
      Option(format.option, "FILE", format.help),
      read: { arguments, options throws(ConformError) in
        if let path = try arguments.value(format.option) { options.files[format.option] = path }
      })
  }
}

extension OptionDeclaration {
  /// The report options, read in one step (`ReportOptions.parse`, with their conflicts) into the
  /// value at `path`; `--help` lists them with `ReportOptions.manualBlocks`. The one default they
  /// state is `--max-shown`'s.
  static func report(_ path: WritableKeyPath<Options, ReportOptions>) -> Self {
    Self(
      options: ReportOptions.options, statedDefault: String(initial(path).maxShown),
      read: { arguments, options throws(ConformError) in
        options[keyPath: path] = try ReportOptions.parse(from: &arguments)
      },
      record: { options, header in
        for declaration in ReportOptions.declarations { declaration.record(options[keyPath: path], &header) }
      })
  }

  /// `--max-shown N` alone, for a command that shows problems without the other report options
  /// (`conform diff`): the same range.
  static func maxShown(_ path: WritableKeyPath<Options, Int>, help: (String) -> String) -> Self {
    .integer("--max-shown", in: ReportOptions.maxShownRange, path, help: help)
  }
}
