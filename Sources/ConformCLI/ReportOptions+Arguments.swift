import ConformFixtures
import ConformJSON
import ConformReport

extension ReportOptions {
  /// The REPORT OPTIONS of every command that reports, declared once: each format's own (its
  /// `ReportFormat`), then those of the terminal and the run.
  static let options: [Option] =
    ReportFormats.all.map { Option($0.option, "FILE", $0.help) } + [
      Option(
        "--max-shown", "N",
        """
        problems shown in full on the terminal, in Markdown and as GitHub
        annotations (default \(defaultMaxShown); 0 shows only the counts);
        the JUnit and JSON files always hold every one. It never stops a
        run: that is conform run --stop-after N
        """),
      Option(
        "--show-unsupported",
        """
        with --html: list the cases of suites the implementation does not
        support in the matrix (by default they are counted in their suite's
        row, not listed)
        """),
      Option(
        "--require-suite", "GLOB", recordedAs: "requireSuites",
        """
        a suite the implementation promised (repeatable): the run fails
        (exit 1), naming it, when no suite of the run matches GLOB or the
        implementation does not support one that does
        """),
      // pytest's --maxfail stops a run; ours never did, so the old name is refused with the new one.
      Option("--max-failures", "N", isHidden: true, "the old name of --max-shown, refused with a message"),
    ]

  /// The report options' section of `--help`, then where the report goes and its environment.
  static let manualBlocks: [Manual.Block] = [
    .options("REPORT OPTIONS", options),
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

  /// Takes each format's option (`ReportFormats.all`), `--max-shown`, `--show-unsupported` and
  /// `--require-suite` out of `arguments`, leaving the rest.
  static func parse(from arguments: inout Arguments) throws(ConformError) -> ReportOptions {
    var options = ReportOptions()
    for format in ReportFormats.all {
      if let path = try arguments.value(format.option) { options.files[format.option] = path }
    }
    options.maxShown = try arguments.integer("--max-shown", in: maxShownRange) ?? defaultMaxShown
    options.showUnsupported = arguments.flag("--show-unsupported")
    options.requiredSuites = try arguments.values("--require-suite")
    if options.showUnsupported, options.htmlPath == nil {
      throw .usage("\(arguments.command): --show-unsupported is about the HTML page's matrix: give --html FILE too")
    }
    if try arguments.value("--max-failures") != nil {
      throw .usage(
        "\(arguments.command): --max-failures is now --max-shown N (how many problems are shown in full); "
          + "to stop a run after N failures: conform run --stop-after N")
    }
    for path in options.files.values where path.isEmpty {
      throw .usage("\(arguments.command): an output file name cannot be empty")
    }
    return options
  }
}

extension OptionDeclaration {
  /// The report options, read in one step (`ReportOptions.parse`, with their conflicts); `--help`
  /// lists them with `ReportOptions.manualBlocks`. The one default they state is `--max-shown`'s.
  static func report(_ path: WritableKeyPath<Options, ReportOptions>) -> Self {
    let requireSuite = ReportOptions.options.first { $0.name == "--require-suite" }
    return Self(
      options: ReportOptions.options, statedDefault: String(initial(path).maxShown),
      read: { arguments, options throws(ConformError) in
        options[keyPath: path] = try ReportOptions.parse(from: &arguments)
      },
      record: recorder(requireSuite?.recordedAs) { .array($0[keyPath: path].requiredSuites.map(JSONValue.string)) })
  }

  /// `--max-shown N` alone, for a command that shows problems without the other report options
  /// (`conform diff`): the same range.
  static func maxShown(_ path: WritableKeyPath<Options, Int>, help: (String) -> String) -> Self {
    .integer("--max-shown", in: ReportOptions.maxShownRange, path, help: help)
  }
}
