import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformCLI
@testable import ConformFixtures
@testable import ConformFuzz
@testable import ConformResults
@testable import ConformSuites

/// Each command's options are declared once, in its manual: these tests hold the parser, the
/// `--help` text and the results header to that table.
@Suite struct OptionTableTests {
  /// Arguments that make a command's parse reach its options: any one of them must accept each
  /// declared option (a bundle's options belong to one action each).
  static let bases: [String: [[String]]] = [
    "run": [["--impl", "x"], ["--list"]],
    "generate": [[]],
    "report": [["results.jsonl"]],
    "diff": [["a.jsonl", "b.jsonl"]],
    "mutants": [[]],
    "bundle": [["create"], ["verify", "b.tar.gz"], ["diff", "a", "b"]],
    "bench": [[]],
    "fuzz": [["--impl", "x"]],
    "suite": [["init", "name"], ["check", "folder"]],
    "gate": [[]],
    "pin": [["https://example.org/conform-fixtures-1.0.0.tar.gz"]],
  ]

  /// A value of the right shape for a placeholder.
  static func sample(for option: Option) -> [String] {
    switch option.value {
    case nil: []
    case "N", "SECONDS", "SEED": ["1"]
    case "K/N": ["1/2"]
    case "D", "sha256:HEX": ["sha256:" + String(repeating: "0", count: 64)]
    case "X.Y.Z": ["1.0.0"]
    case "F": ["text"]
    case "SUITE", "NAME": ["timeline"]
    case "KEY=VALUE": ["A=B"]
    case "GLOB": ["*"]
    default: ["x"]
    }
  }

  @Test func everyCommandHasOptionTestArguments() {
    #expect(Set(Self.bases.keys) == Set(CLI.commands.map { $0.name }))
  }

  @Test(arguments: CLI.commands.map { $0.name })
  func everyDeclaredOptionIsReadByTheCommand(_ name: String) throws {
    let command = try #require(CLI.commands.first { $0.name == name })
    let bases = try #require(Self.bases[name])
    for option in command.manual.options {
      var refusals: [String] = []
      for base in bases {
        do {
          try command.check(base + [option.name] + Self.sample(for: option))
          refusals = []
          break
        } catch {
          // Other usage errors (a conflict, a value out of range) mean the option was read.
          let message = error.description
          if message.contains("unknown option") || message.contains("does not apply") {
            refusals.append(message)
          } else {
            refusals = []
            break
          }
        }
      }
      #expect(refusals.isEmpty, "conform \(name) declares \(option.name) but does not read it: \(refusals)")
    }
  }

  @Test(arguments: CLI.commands.map { $0.name })
  func anUndeclaredOptionIsRefusedWithTheNearestDeclaredOne(_ name: String) throws {
    let command = try #require(CLI.commands.first { $0.name == name })
    let first = try #require(command.manual.options.first { !$0.isHidden })
    let base = try #require(Self.bases[name]?.first)
    let typo = first.name + "x"
    #expect(
      throws: ConformError.usage("\(name): unknown option \(typo): did you mean \"\(first.name)\"? (see conform \(name) --help)")
    ) {
      try command.check(base + [typo])
    }
  }

  @Test(arguments: CLI.commands.map { $0.name })
  func helpListsEveryVisibleOptionOnceAndNoHiddenOne(_ name: String) throws {
    let command = try #require(CLI.commands.first { $0.name == name })
    let options = command.manual.options
    #expect(Set(options.map(\.name)).count == options.count, "an option is declared twice")
    let help = command.help
    for option in options {
      let listed = help.components(separatedBy: "\n  \(option.synopsis)").count - 1
      #expect(listed == (option.isHidden ? 0 : 1), "\(option.synopsis) is listed \(listed) times")
    }
  }

  @Test func anOptionThatDoesNotApplyIsRefused() {
    #expect(throws: ConformError.usage("run: --jobs does not apply here (see conform run --help)")) {
      try RunCommand.check(["--list", "--jobs", "2"])
    }
    #expect(throws: ConformError.usage("bundle: --limit does not apply here (see conform bundle --help)")) {
      try BundleCommand.check(["verify", "b.tar.gz", "--limit", "3"])
    }
  }

  /// Every default `conform run --help` states, "(default N", is what a run without the option
  /// records in its results header: the help text and the value cannot drift apart unseen.
  @Test func everyDefaultTheRunHelpStatesIsTheValueARunRecords() throws {
    var arguments = Arguments(["--impl", "x"], command: "run", options: RunCommand.manual.options)
    guard case .run(let options) = try RunCommand.parse(&arguments) else {
      Issue.record("conform run --impl x did not parse as a run")
      return
    }
    let header = try #require(options.json.objectValue)
    var checked: [String] = []
    for option in RunCommand.manual.options {
      guard let key = option.recordedAs, let range = option.help.range(of: "(default ") else { continue }
      let stated = option.help[range.upperBound...].prefix { $0.isNumber || $0 == "." }
      let value = try #require(Double(stated), "\(option.name): a default that is not a number")
      checked.append(option.name)
      // A suite parameter (--depth) applies to a generated run, whose header records the value used.
      if let parameter = SuiteRegistry.parameters.first(where: { $0.option == option.name }) {
        #expect(Int(value) == GeneratorOptions.published.parameters[parameter.name], "\(option.name) states default \(stated)")
        continue
      }
      // The timeout is stated in seconds and recorded in milliseconds.
      let recorded = key == "timeoutMs" ? value * 1000 : value
      #expect(
        header[key] == .int(Int64(recorded)),
        "\(option.name) states default \(stated), a run records \(String(describing: header[key]))")
    }
    #expect(checked.sorted() == ["--depth", "--jobs", "--max-restarts", "--timeout", "--window"])
  }

  /// Every default `conform fuzz --help` states, "(default N", is the value a search without
  /// the option uses.
  @Test func everyDefaultTheFuzzHelpStatesIsTheValueASearchUses() throws {
    var arguments = Arguments(["--impl", "x"], command: "fuzz", options: FuzzCommand.manual.options)
    let options = try FuzzCommand.parse(&arguments)
    let used: [String: Double?] = [
      "--timeout": options.timeout, "--max-restarts": Double(options.maxRestarts), "--time": options.limits.seconds,
      "--batch": Double(options.limits.batchSize), "--shrink-budget": Double(options.limits.shrinkBudget),
      "--max-shrink": Double(options.limits.maxShrunk), "--shrink-time": options.limits.shrinkSeconds,
    ]
    var checked: [String] = []
    for option in FuzzCommand.manual.options {
      guard let stated = Self.statedDefault(option.help) else { continue }
      checked.append(option.name)
      let value = try #require(used[option.name], "\(option.name) states default \(stated): which value is it?")
      #expect(value == Double(stated), "\(option.name) states default \(stated), a search uses \(value ?? .nan)")
    }
    let expected = [
      "--batch", "--max-restarts", "--max-shrink", "--shrink-budget", "--shrink-time", "--time", "--timeout",
    ]
    #expect(checked.sorted() == expected)
  }

  /// The default a help text states: a number, "(default N", or a word, "(default: WORD)" (not
  /// "(default: from the clock").
  static func statedDefault(_ help: String) -> Substring? {
    if let range = help.range(of: "(default ") {
      let stated = help[range.upperBound...].prefix { $0.isNumber || $0 == "." }
      return stated.isEmpty ? nil : stated
    }
    guard let range = help.range(of: "(default: ") else { return nil }
    let word = help[range.upperBound...].prefix { $0 != ")" && $0 != " " }
    return help[word.endIndex...].hasPrefix(")") ? word : nil
  }

  /// A declaration states its default as the options value holds it: the help is made from the
  /// value, so changing the value changes the help.
  @Test func aDeclarationStatesItsDefaultAsTheOptionsValueHoldsIt() {
    struct Sample: CommandOptions {
      var count = 3
      var wait = 2.5
      var whole = 60.0
    }
    let count = OptionDeclaration<Sample>.integer("--count", in: 1...9, \.count) { "how many (default \($0))" }
    #expect(count.options.map(\.help) == ["how many (default 3)"])
    #expect(count.statedDefault == "3")
    let wait = OptionDeclaration<Sample>.seconds("--wait", atMost: 10, \.wait) { "how long (default \($0))" }
    #expect(wait.options.map(\.help) == ["how long (default 2.5)"])
    let whole = OptionDeclaration<Sample>.seconds("--whole", atMost: 100, \.whole) { "(default \($0))" }
    #expect(whole.options.map(\.help) == ["(default 60)"])
  }

  /// In the `--help` of each command declared so, each "(default N" is the default of the
  /// option's declaration, and each declaration's default is stated in its help.
  @Test func everyStatedDefaultIsADeclaredOne() throws {
    func check<Options>(_ declarations: [OptionDeclaration<Options>]) {
      for declaration in declarations {
        let stated = declaration.options.compactMap { Self.statedDefault($0.help).map(String.init) }
        let names = declaration.options.map(\.name).joined(separator: ", ")
        #expect(stated == declaration.statedDefault.map { [$0] } ?? [], "\(names) state \(stated)")
      }
    }
    check(RunOptions.declarations)
    check(FuzzOptions.declarations)
    check(GenerateCommand.Options.declarations)
    check(MutantsCommand.Options.declarations + MutantsCommand.Options.fuzzDeclarations)
    check(ReportCommand.Options.declarations)
    check(DiffCommand.Options.declarations)
    check(BundleCommand.CreateOptions.declarations)
    check(BundleCommand.VerifyOptions.declarations)
    check(BundleCommand.DiffOptions.declarations)
    check(BenchCommand.Options.declarations)
    check(SuiteCommand.InitOptions.declarations)
    check(SuiteCommand.CheckOptions.declarations)
    #expect(BenchCommand.Options.declarations.compactMap(\.statedDefault) == ["3", "reports/bench.md", "7"])
    let depth = try #require(GeneratorOptions.published.parameters["depth"])
    #expect(GenerateCommand.Options.declarations.compactMap(\.statedDefault) == ["fixtures", "60", "\(depth)"])
    #expect(SuiteCommand.CheckOptions.declarations.compactMap(\.statedDefault) == ["60"])
    #expect(SuiteCommand.InitOptions.declarations.compactMap(\.statedDefault) == ["python"])
  }

  /// `--help` lists exactly the declarations, in the order they are read.
  @Test func theManualListsTheDeclaredOptionsInOrder() {
    #expect(RunCommand.manual.options.map(\.name) == RunOptions.declarations.flatMap(\.options).map(\.name))
    #expect(FuzzCommand.manual.options.map(\.name) == FuzzOptions.declarations.flatMap(\.options).map(\.name))
    #expect(
      GenerateCommand.manual.options.map(\.name) == GenerateCommand.Options.declarations.flatMap(\.options).map(\.name))
    let mutants =
      MutantsCommand.Options.declarations + MutantsCommand.Options.fuzzDeclarations + MutantsCommand.Options.generatedDeclarations
    #expect(MutantsCommand.manual.options.map(\.name) == mutants.flatMap(\.options).map(\.name))
    let report = ReportCommand.Options.declarations
    #expect(ReportCommand.manual.options.map(\.name) == report.flatMap(\.options).map(\.name))
    #expect(DiffCommand.manual.options.map(\.name) == DiffCommand.Options.declarations.flatMap(\.options).map(\.name))
    #expect(BenchCommand.manual.options.map(\.name) == BenchCommand.Options.declarations.flatMap(\.options).map(\.name))
    let bundle =
      BundleCommand.CreateOptions.declarations.flatMap(\.options)
      + BundleCommand.VerifyOptions.declarations
      .flatMap(\.options) + BundleCommand.DiffOptions.declarations.flatMap(\.options)
    #expect(BundleCommand.manual.options.map(\.name) == bundle.map(\.name))
  }

  /// `conform run --list` reads the declarations that choose the cases, and the implementation
  /// (given, it is ignored): the others do not apply.
  @Test func theListReadsTheOptionsThatChooseTheCases() {
    let read = RunOptions.declarations.filter(\.isReadByList).flatMap(\.options).map(\.name)
    #expect(
      read == [
        "--impl", "--impl-arg", "--fixtures", "--expect-digest", "--suite", "--case", "--tag", "--limit", "--shard",
        "--list", "--rerun-failed", "--tier",
      ])
  }

  /// A search's `--time` default applies unless `--cases` alone bounds it, in `conform fuzz` and
  /// `conform mutants --fuzz` alike.
  @Test func theSearchTimeDefaultsUnlessCasesAloneBoundTheSearch() throws {
    func fuzz(_ given: [String]) throws -> FuzzLimits {
      var arguments = Arguments(["--impl", "x"] + given, command: "fuzz", options: FuzzCommand.manual.options)
      return try FuzzCommand.parse(&arguments).limits
    }
    func mutants(_ given: [String]) throws -> FuzzLimits? {
      var arguments = Arguments(given, command: "mutants", options: MutantsCommand.manual.options)
      return try MutantsCommand.parse(&arguments).fuzz?.limits
    }
    #expect(try fuzz([]).seconds == 10)
    #expect(try fuzz(["--cases", "5"]).seconds == nil)
    #expect(try fuzz(["--cases", "5", "--time", "3"]).seconds == 3)
    #expect(try mutants([]) == nil)
    #expect(try mutants(["--fuzz"])?.seconds == 60)
    #expect(try mutants(["--fuzz", "--cases", "5"])?.seconds == nil)
    #expect(try mutants(["--fuzz", "--cases", "5", "--time", "3"])?.cases == 5)
    var arguments = Arguments(["--fuzz"], command: "mutants", options: MutantsCommand.manual.options)
    #expect(try MutantsCommand.parse(&arguments).fuzz?.seed == 1)
  }

  /// `--depth` at its default is still a generated run's option: refused without `--generate`.
  @Test func theDepthAtItsDefaultStillNeedsGenerate() {
    #expect(throws: ConformError.usage("run: --depth is a parameter of a generated run's suite: give --generate SUITE too")) {
      try RunCommand.check(["--impl", "x", "--depth", "\(SuiteParameter.depth.defaultValue)"])
    }
    #expect(throws: Never.self) { try RunCommand.check(["--impl", "x", "--generate", "timeline", "--depth", "5"]) }
    #expect(throws: Never.self) { try RunCommand.check(["--impl", "x", "--generate", "restart-prompt", "--depth", "2"]) }
  }

  /// A parameter the generated suite does not read is refused, naming the suites that read it.
  @Test func aParameterTheGeneratedSuiteDoesNotReadIsRefused() {
    #expect(
      throws: ConformError.usage("run: eligibility reads no --depth (it is a parameter of timeline, restart-prompt)")
    ) {
      try RunCommand.check(["--impl", "x", "--generate", "eligibility", "--depth", "7"])
    }
  }

  /// The results header records exactly the options declared `recordedAs`: a real run of each
  /// kind (fixtures, generated) with the real binary.
  @Test func theResultsHeaderRecordsTheDeclaredOptions() async throws {
    let folder = TestSupport.temporaryDirectory("conform-options")
    defer { try? FileManager.default.removeItem(at: folder) }
    var recorded = Set<String>()
    for (index, extra) in [["--limit", "2"], ["--generate", "version-compare", "--limit", "2"]].enumerated() {
      let results = folder.appendingPathComponent("run-\(index).jsonl").path
      let outcome = try await TestSupport.run(
        TestSupport.binary("conform"),
        ["run", "--impl", TestSupport.binary("swift-reference"), "--results", results] + extra)
      #expect(outcome.status == 0, "\(outcome.stderr)")
      recorded.formUnion(try ResultsFile.read(results).header.options.objectKeys)
    }
    #expect(recorded == Set(RunCommand.manual.options.compactMap(\.recordedAs)))
  }
}

extension JSONValue {
  fileprivate var objectKeys: [String] {
    if case .object(let object) = self { return Array(object.keys) }
    return []
  }
}
