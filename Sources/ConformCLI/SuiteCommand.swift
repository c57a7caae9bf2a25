import ConformFixtures
import ConformJSON
import ConformReport
import ConformSuites
import Foundation

/// `conform suite init|check`: a team's own suite, scaffolded and checked.
public enum SuiteCommand: Command {
  public static let name = "suite"
  public static let summary = "scaffold and check a team's own suite (spec, decisions, cases, model)"
  public static let manual = Manual(
    title: "conform suite: a team's own cross-platform decision, as a suite conform generates, runs and gates",
    usage: """
      conform suite init NAME [--out DIR] [--model python|kotlin|swift]
      conform suite check DIR [--timeout SECONDS]
      """,
    blocks: [
      .text(
        """
        INIT
          Writes a suite folder that works at once: suite.json (the decisions, the JSON Schemas
          of the input and the output, a domain), NAME.md (the spec), cases.jsonl (two named
          cases), the reference model (model.py, a Python program speaking the conform protocol;
          or, with --model kotlin, src/Model.kt over conform's Kotlin adapter, or with --model
          swift, Sources/Model/main.swift over its Swift adapter in a package depending on
          conform, each with build.sh and a launcher) and README.md. Refuses a folder that exists.
        """),
      .options("INIT OPTIONS", Action.initialize.options),
      .text(
        """
        CHECK
          Reads the folder as conform generate --suite does: suite.json's fields and schemas
          (JSON Schema 2020-12), unique case names, every case's input and stated output against
          the schemas, every decision named by a case and declared, then runs the model over every
          case: its answers must match the output schema and every output a case states. Each
          error names the file and line, or the case. Writes nothing.
        """),
      .options("CHECK OPTIONS", Action.check.options),
      .text("The format: harness/TEAM-SUITES.md."),
    ],
    exitStatuses: [
      (0, "init: the folder was written; check: the suite is sound"),
      (
        2,
        "bad usage, a folder that exists (init), or a suite that is not sound (check: the message\nnames the file and line or the case)"
      ),
      (130, ExitStatus.notCaughtSignals),
    ])

  enum Action: String, CaseIterable {
    case initialize = "init"
    case check

    var options: [Option] {
      switch self {
      case .initialize: InitOptions.declarations.flatMap(\.options)
      case .check: CheckOptions.declarations.flatMap(\.options)
      }
    }
  }

  /// `suite init`'s options.
  public struct InitOptions: CommandOptions {
    var name = ""
    /// nil: a folder named after the suite, in the current one.
    var out: String?
    /// `--model`: the model's language, as given (checked by `parse`).
    var model = SuiteScaffold.Model.python.rawValue

    init() {}

    static var declarations: [OptionDeclaration<Self>] {
      [
        .string("--out", "DIR", \.out, "the folder to write (default: NAME, in the current folder)"),
        .string("--model", "LANGUAGE", \.model) {
          """
          the model's language: python (model.py, nothing to build), kotlin
          (src/Model.kt over conform's Kotlin adapter, built by build.sh) or swift
          (a package over conform's Swift adapter, built by build.sh) (default: \($0))
          """
        },
      ]
    }
  }

  /// `suite check`'s options.
  public struct CheckOptions: CommandOptions {
    var folder = ""
    var timeout = 60.0

    init() {}

    static var declarations: [OptionDeclaration<Self>] {
      [
        .seconds("--timeout", atMost: Arguments.longestCaseTimeout, \.timeout) {
          "the most the model may take to answer all the cases (default \($0))"
        }
      ]
    }
  }

  public enum Options {
    case initialize(InitOptions)
    case check(CheckOptions)
  }

  public static func parse(_ arguments: inout Arguments) throws(ConformError) -> Options {
    guard let name = arguments.subcommand() else { throw .usage("suite: give init or check (see conform suite --help)") }
    guard let action = Action(rawValue: name) else {
      let suggestion = Suggestion.phrase(for: name, among: Action.allCases.map(\.rawValue))
      throw .usage("suite: unknown action \"\(name)\"\(suggestion.isEmpty ? ": give init or check" : suggestion)")
    }
    switch action {
    case .initialize:
      var options = InitOptions()
      try InitOptions.declarations.read(&arguments, into: &options)
      let names = try arguments.positionals()
      guard names.count == 1 else { throw .usage("suite init: give one suite name (conform suite init NAME)") }
      options.name = names[0]
      guard SuiteScaffold.Model(rawValue: options.model) != nil else {
        let names = SuiteScaffold.Model.allCases.map(\.rawValue)
        let languages = names.dropLast().joined(separator: ", ") + " or " + names.last!
        throw .usage("suite init: --model takes \(languages), not \"\(options.model)\"")
      }
      return .initialize(options)
    case .check:
      var options = CheckOptions()
      try CheckOptions.declarations.read(&arguments, into: &options)
      let folders = try arguments.positionals()
      guard folders.count == 1 else { throw .usage("suite check: give one suite folder (conform suite check DIR)") }
      options.folder = folders[0]
      return .check(options)
    }
  }

  public static func run(_ options: Options) throws(ConformError) -> ExitStatus {
    switch options {
    case .initialize(let options):
      let folder = options.out ?? options.name
      let model = SuiteScaffold.Model(rawValue: options.model) ?? .python
      try SuiteScaffold.write(name: options.name, model: model, to: folder)
      let source = SuiteScaffold.modelSource(model)
      print("wrote suite \(options.name) to \(folder): edit \(options.name).md, suite.json, cases.jsonl and \(source), then")
      switch model {
      case .python: break
      case .kotlin:
        print("  \(ShellWord.quote(folder + "/build.sh"))   (CONFORM_KOTLIN_ADAPTER=conform-kotlin-adapter-VERSION.jar)")
      case .swift:
        print(
          "  \(ShellWord.quote(folder + "/build.sh"))   (conform's git URL in Package.swift, or CONFORM_PACKAGE_PATH=a conform checkout)"
        )
      }
      print("  conform suite check \(ShellWord.quote(folder))")
      print("  conform generate --suite \(ShellWord.quote(folder)) --out \(ShellWord.quote(folder + "/fixtures"))")
      return .success
    case .check(let options):
      let suite = try TeamSuite(
        folder: try TeamSuiteFolder(folder: options.folder, readingCases: false), timeout: options.timeout)
      let folder = suite.folder
      let stated = suite.statedCount
      let generated = suite.generatedCount
      print(
        "suite \(suite.name) \(suite.specVersion): \(Plural.count(suite.namedCount, "named case"))"
          + (folder.domain == nil ? "" : " and \(generated) from the domain") + ", "
          + "\(Plural.count(folder.decisions.count, "decision")); "
          + (folder.model == nil
            ? "every case states its output"
            : "the model answered every case, agreeing with the \(Plural.count(stated, "stated output"))"))
      return .success
    }
  }
}
