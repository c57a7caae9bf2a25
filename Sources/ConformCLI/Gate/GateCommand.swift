import ConformBundle
import ConformFixtures
import ConformPlatform
import ConformSuites
import Foundation

/// `conform gate`: the app repository's whole conformance gate, from its `conform.json`, run
/// locally exactly as conform's reusable workflow runs it in CI (the workflow calls one step at
/// a time: `conform gate fetch`, `conform gate run`, …).
public enum GateCommand: Command {
  public static let name = "gate"
  public static let summary = "run the repository's gate from its conform.json, as CI does"
  public static let manual = Manual(
    title: "conform gate: run the repository's gate from its conform.json, as CI does",
    usage: "conform gate [STEP...] [--config FILE] [--allow-other-conform]",
    blocks: [
      .text(
        """
        Reads conform.json (keys: harness/ci/README.md, "conform.json") and runs its steps in this
        order, each printed as the command it runs (shell commands run by bash, sh where there is
        none, in the config's folder):
          fetch   download the pinned bundle (an https:// or file:// URL, or a path relative to
                  the config) into REPORTS/bundle/ unless it is there, and check it against
                  bundle.digest; with $GITHUB_OUTPUT set, write digest, artifact and bundle there
          setup   the config's setup command, when it has one (installs what the build needs)
          build   the config's adapter.build command
          run     conform run of adapter.run against the bundle, pinned by its digest, with
                  --require-suite for each of the config's suites (a suite the adapter stops
                  answering fails the gate), knownFailures when given, and the results,
                  JUnit XML and Markdown under REPORTS
          fuzz    conform fuzz of the adapter, with fuzz.seed and fuzz.cases, over the promised
                  built-in suites that have a fuzzer and the team suites' folders in fuzz.suites;
                  a promised team suite whose folder is not listed is named, with why it is not
                  fuzzed here
          test    the config's tests command, with CONFORM_FIXTURES and CONFORM_FIXTURES_DIGEST set
        Given STEPs, only those run (a later step reads what fetch left in REPORTS). Every step
        runs even when an earlier one fails, except that nothing runs after a failed fetch, setup
        or build; the summary table names each step's time and exit status.
        conform must be the release conform.json pins (conform.version); another one is refused
        (exit 2) unless --allow-other-conform is given.
        """),
      .options("OPTIONS", Options.declarations),
    ],
    exitStatuses: [
      (0, "every step passed"),
      (1, "a step found a difference: a case that does not conform, a fuzz finding, a failing test"),
      (
        2,
        "could not run: bad conform.json or usage, another conform than the pinned one, a bundle\nthat cannot be fetched or is not the pinned one, a failed setup or build"
      ),
    ])

  /// The steps, in the order they run.
  enum Step: String, CaseIterable {
    case fetch, setup, build, run, fuzz, test
  }

  public struct Options: CommandOptions {
    var configPath = GateConfig.defaultName
    var allowOtherConform = false
    var steps: [Step] = Step.allCases

    init() {}

    static var declarations: [OptionDeclaration<Options>] {
      [
        .string("--config", "FILE", \.configPath) { _ in "the config (default conform.json in this folder)" },
        .flag(
          "--allow-other-conform", \.allowOtherConform,
          "run with this conform though conform.json pins another release (a warning, not a refusal)"),
      ]
    }
  }

  public static func parse(_ arguments: inout Arguments) throws(ConformError) -> Options {
    var options = Options()
    try Options.declarations.read(&arguments, into: &options)
    let names = try arguments.positionals()
    if !names.isEmpty {
      var steps: [Step] = []
      for name in names {
        guard let step = Step(rawValue: name) else {
          let all = Step.allCases.map(\.rawValue)
          throw .usage(
            "gate: unknown step \"\(name)\"\(Suggestion.phrase(for: name, among: all)); the steps are \(all.joined(separator: ", "))"
          )
        }
        if !steps.contains(step) { steps.append(step) }
      }
      options.steps = Step.allCases.filter { steps.contains($0) }
    }
    return options
  }

  public static func run(_ options: Options) throws(ConformError) -> ExitStatus {
    let gate = try Gate(configPath: options.configPath)
    if gate.config.conformVersion != ConformVersion.current {
      let message =
        "this is conform \(ConformVersion.current), and \(gate.configPath) pins conform \(gate.config.conformVersion): "
        + "install that release (harness/ci/README.md), or re-pin with a new bundle and conform.version"
      guard options.allowOtherConform else { throw .usage("gate: " + message) }
      Terminal.note("warning: " + message)
    }
    return gate.run(options.steps)
  }
}

/// One run of the gate: the config, its folder, and what each step left.
struct Gate {
  var configPath: String
  var config: GateConfig
  /// The config's folder, absolute: every relative path and every command starts there.
  var folder: String
  /// Where the bundle, results and reports go, absolute.
  var reports: String

  init(configPath: String) throws(ConformError) {
    self.configPath = configPath
    config = try GateConfig.read(configPath)
    folder = Gate.absolute(URL(fileURLWithPath: configPath).deletingLastPathComponent().path)
    reports = Gate.absolute(config.reports, from: folder)
  }

  /// The bundle's file under REPORTS/bundle: its URL's last path component.
  var bundlePath: String {
    let name = config.bundleURL.split(separator: "/").last.map(String.init) ?? "bundle.tar.gz"
    return FileIO.join(FileIO.join(reports, "bundle"), name)
  }

  /// Runs `steps` in order, printing each and then the summary; the exit status is the worst.
  func run(_ steps: [GateCommand.Step]) -> ExitStatus {
    var rows: [(step: GateCommand.Step, seconds: Double, status: Int32)] = []
    var worst: Int32 = 0
    for step in steps {
      let started = Date()
      let status = perform(step)
      rows.append((step, Date().timeIntervalSince(started), status))
      worst = status > 1 ? max(worst, 2) : max(worst, status)
      if status != 0, [.fetch, .setup, .build].contains(step) {
        Terminal.note("gate: \(step.rawValue) failed (exit \(status)): the steps after it cannot run")
        worst = 2
        break
      }
    }
    var lines = ["gate: \(configPath), bundle \(config.bundleDigest)"]
    for row in rows {
      let seconds = String(format: "%6.1f s", row.seconds)
      lines.append("  \(row.step.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)) \(seconds)  exit \(row.status)")
    }
    let verdict = ["passed", "found differences", "could not run"][Int(worst)]
    lines.append("gate: \(verdict) (exit \(worst)); reports in \(reports)")
    Terminal.writeStandardError(lines.joined(separator: "\n") + "\n")
    return ExitStatus(rawValue: worst) ?? .couldNotRun
  }

  /// One step's exit status (2 when it could not run at all, saying why).
  func perform(_ step: GateCommand.Step) -> Int32 {
    do throws(ConformError) {
      switch step {
      case .fetch: return try fetch()
      case .setup:
        guard let setup = config.setup else { return skipped(step, "conform.json has no setup") }
        return try shell("setup", setup)
      case .build: return try shell("build", config.build)
      case .run: return try conform(runArguments())
      case .fuzz: return try fuzz()
      case .test:
        guard let tests = config.tests else { return skipped(step, "conform.json has no tests") }
        return try shell("test", tests)
      }
    } catch {
      Terminal.error(error.description)
      return ExitStatus.couldNotRun.rawValue
    }
  }

  private func skipped(_ step: GateCommand.Step, _ why: String) -> Int32 {
    Terminal.note("== gate \(step.rawValue): skipped: \(why)")
    return 0
  }

  // MARK: - fetch

  /// Puts the pinned bundle under REPORTS/bundle (kept when it is already there and pinned),
  /// checks it, and tells a GitHub job the names it needs.
  func fetch() throws(ConformError) -> Int32 {
    let path = bundlePath
    Terminal.note("== gate fetch: \(config.bundleURL) → \(path)")
    if FileIO.size(path) != nil, (try? BundleDigest.sha256(FileIO.read(path))) == config.bundleDigest {
      Terminal.note("gate: the pinned bundle is already there")
    } else {
      try BundleFetch.fetch(config.bundleURL, from: folder, to: path)
    }
    let loaded = try FixtureSource.load(path, expectDigest: config.bundleDigest)
    let missing = config.suites.filter { name in !loaded.fixtures.manifest.suites.contains { $0.name == name } }
    let version = loaded.bundleVersion ?? "?"
    Terminal.note(
      "gate: bundle \(version) (\(config.bundleDigest)), suites \(loaded.fixtures.manifest.suites.map(\.name).joined(separator: ", "))"
    )
    if !missing.isEmpty {
      throw .file(
        path: configPath,
        message: "key \"suites\": the pinned bundle \(version) has no suite \(missing.joined(separator: ", ")): "
          + "pin a bundle that holds it, or take it out of suites")
    }
    if let output = ProcessInfo.processInfo.environment["GITHUB_OUTPUT"], !output.isEmpty {
      let hex = config.bundleDigest.dropFirst("sha256:".count)
      let lines = "digest=sha256-\(hex)\nartifact=\(config.results)-sha256-\(hex)\nbundle=\(path)\nreports=\(reports)\n"
      try GateShell.append(lines, to: output)
    }
    return 0
  }

  // MARK: - run and fuzz

  /// `conform run`'s arguments for the run step.
  func runArguments() throws(ConformError) -> [String] {
    try requireBundle()
    var arguments = ["run"] + implementationArguments()
    arguments += ["--fixtures", bundlePath, "--expect-digest", config.bundleDigest]
    for suite in config.suites { arguments += ["--require-suite", suite] }
    if let knownFailures = config.knownFailures { arguments += ["--known-failures", knownFailures] }
    arguments += [
      "--results", FileIO.join(reports, "results.jsonl"), "--junit", FileIO.join(reports, "results.junit.xml"),
      "--markdown", FileIO.join(reports, "results.md"),
    ]
    return arguments
  }

  /// `--impl PROGRAM --impl-arg ARG...` of the config's adapter.
  func implementationArguments() -> [String] {
    ["--impl", config.run[0]] + config.run.dropFirst().flatMap { ["--impl-arg", $0] }
  }

  /// The fuzz step: the promised built-in suites with a fuzzer, and the listed team folders.
  func fuzz() throws(ConformError) -> Int32 {
    guard config.fuzzCases > 0 else { return skipped(.fuzz, "fuzz.cases is 0") }
    let fuzzable = Set(SuiteRegistry.all.filter(\.isFuzzable).map(\.name))
    var suites = config.suites.filter { fuzzable.contains($0) }
    var teamNames: [String] = []
    for folder in config.fuzzSuites {
      let path = Gate.absolute(folder, from: self.folder)
      let team: TeamSuiteFolder
      do { team = try TeamSuiteFolder(folder: path, readingCases: false) } catch {
        throw .file(
          path: configPath, message: "key \"fuzz.suites\": \(folder) is not a team suite's folder (\(error.description))")
      }
      teamNames.append(team.name)
      suites.append(path)
    }
    for name in config.suites where !fuzzable.contains(name) && !teamNames.contains(name) {
      let why =
        SuiteRegistry.named(name) != nil
        ? "conform has no fuzzer for it"
        : "it is a team suite and its folder (its model answers the search) is not listed in fuzz.suites: fuzz it in the repository that holds it, or list its folder"
      Terminal.note("gate fuzz: not fuzzing \(name): \(why)")
    }
    guard !suites.isEmpty else { return skipped(.fuzz, "none of the promised suites can be fuzzed here") }
    var arguments = ["fuzz"] + implementationArguments()
    for suite in suites { arguments += ["--suite", suite] }
    let out = FileIO.join(reports, "fuzz.jsonl")
    arguments += ["--seed", String(config.fuzzSeed), "--cases", String(config.fuzzCases), "--out", out]
    let status = try conform(arguments)
    if status == 1, let summary = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
      let found = (try? FileIO.read(out)) ?? []
      let text =
        found.isEmpty
        ? "### conform fuzz checked nothing: the adapter answers none of the suites searched\n"
        : "### conform fuzz found cases the tables do not hold (seed \(config.fuzzSeed), \(config.fuzzCases) cases)\n```\n"
          + String(decoding: found, as: UTF8.self) + "```\n"
      try GateShell.append(text, to: summary)
    }
    return status
  }

  private func requireBundle() throws(ConformError) {
    guard FileIO.size(bundlePath) != nil else {
      throw .usage("gate: no bundle at \(bundlePath): run conform gate fetch first")
    }
  }

  // MARK: - processes

  /// Runs this conform with `arguments` in the config's folder; its exit status.
  func conform(_ arguments: [String]) throws(ConformError) -> Int32 {
    guard let executable = Host.executablePath else {
      throw .implementation("gate: cannot find this conform's own path to run its steps")
    }
    Terminal.note("== gate \(arguments[0]): conform \(GateShell.quoted(arguments))")
    return try GateShell.run([executable] + arguments, in: folder, environment: [:])
  }

  /// Runs a shell command of the config in its folder; the test step gets the bundle's pin.
  func shell(_ step: String, _ command: String) throws(ConformError) -> Int32 {
    Terminal.note("== gate \(step): \(command)")
    var environment = ["CONFORM_REPORTS": reports]
    if step == "test" {
      try requireBundle()
      environment["CONFORM_FIXTURES"] = bundlePath
      environment["CONFORM_FIXTURES_DIGEST"] = config.bundleDigest
    }
    return try GateShell.run([GateShell.shell, "-c", command], in: folder, environment: environment)
  }

  /// `path` made absolute against `base` (the current folder when nil), with no trailing slash.
  static func absolute(_ path: String, from base: String? = nil) -> String {
    let start = base ?? FileManager.default.currentDirectoryPath
    let url =
      path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: start + "/"))
    return url.standardizedFileURL.path
  }
}
