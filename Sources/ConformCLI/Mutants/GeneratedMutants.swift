import ConformFixtures
import ConformJSON
import ConformPlatform
import ConformResults
import Foundation

/// `conform mutants --generated`: mutation analysis of the Swift reference app's code by machine.
///
/// Every mutation site of the app's files (`MutationSites`) goes into one schemata build of the
/// reference, compiled once with `swiftc` against the modules `swift build` left beside the
/// running `conform`; each mutant is then chosen with `CONFORM_MUTANT` and run through the
/// published tables of the suites its file serves, with `conform run`. A mutant no case kills
/// must be listed, with a reason, in the equivalents file, or the command fails.
enum GeneratedMutants {
  /// The suites whose tables run a folder's mutants: its own suite, and the suites that call its
  /// code (`timeline` asks `eligibility`'s rules; `update-notice` compares versions).
  static let suitesOfFolder: [String: [String]] = [
    "DrawFreshness": ["draw-freshness"], "Eligibility": ["eligibility", "timeline"], "RestartPrompt": ["restart-prompt"],
    "Timeline": ["timeline"], "UpdateNotice": ["update-notice"], "VersionCompare": ["version-compare", "update-notice"],
    "WidgetLocation": ["widget-location"],
  ]
  /// The timeline's test scaffolding (a manual clock, a simulated device, the driver): not app
  /// code, and a mutant there hangs rather than answers.
  static let scaffolding: Set<String> = [
    "AppActor.swift", "ManualClock.swift", "SimulatedDevice.swift", "SleepClock.swift", "TimelineDriver.swift",
  ]

  struct Options {
    var source = "Sources/swift-reference"
    var equivalents = "harness/mutants/equivalent.jsonl"
    var suites: Set<String> = []
    var jsonPath: String?
    var markdownPath: String?
    var resultsDirectory = "reports/mutants"
    /// The `conform` that runs each mutant's tables; nil for this one.
    var runner: String?
    /// `--fixtures`: the tables to run; nil for the runner's built-in ones.
    var fixturesPath: String?
  }

  /// A mutant and what its run showed.
  struct Outcome {
    var mutant: GeneratedMutant
    var suite: String
    /// Cases that failed (at most 3 are waited for: the run stops after three).
    var failing: Int
    var status: Int32
    var equivalence: String?

    var isKilled: Bool { status != 0 }
  }

  /// One equivalent mutant: its key and why no case can tell it from the reference.
  struct Equivalent {
    var key: String
    var reason: String
    var line: Int
  }

  static func run(_ options: Options) throws(ConformError) -> ExitStatus {
    let this = Host.executablePath ?? CommandLine.arguments[0]
    let binaryDirectory = URL(fileURLWithPath: this).deletingLastPathComponent().path
    let conform = options.runner ?? this
    let equivalents = try readEquivalents(options.equivalents)
    let work = FileIO.join(NSTemporaryDirectory(), "conform-mutants-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(atPath: work) }
    try FileIO.createDirectory(work)

    var (sites, copies) = try findSites(in: options.source)
    let known = Set(sites.map { $0.suites[0] })
    if let unknown = options.suites.subtracting(known).sorted().first {
      throw .usage("mutants: no app file serves suite \(unknown): the suites are \(known.sorted().joined(separator: ", "))")
    }
    let found = sites.reduce(0) { $0 + $1.sites.mutants.count }
    let buildStart = Date()
    let (binary, notCompiled) = try build(&sites, copies: copies, source: options.source, work: work, modules: binaryDirectory)
    let buildSeconds = Date().timeIntervalSince(buildStart)
    Terminal.note(
      "mutants: \(found) mutants at \(sites.count) files; \(notCompiled) did not type-check and were dropped; built in \(format(buildSeconds)) s"
    )

    let chosen = sites.filter { options.suites.isEmpty || options.suites.contains($0.suites[0]) }
    try FileIO.createDirectory(options.resultsDirectory)
    let runStart = Date()
    // The unmutated schemata must pass every table it is run through.
    let allSuites = Array(Set(chosen.flatMap(\.suites))).sorted()
    let baseline = try runTables(
      conform, binary: binary, mutant: nil, suites: allSuites, results: options.resultsDirectory, fixtures: options.fixturesPath)
    guard baseline.status == 0 else {
      throw .implementation(
        "the schemata build, with no mutant chosen, fails the tables (exit \(baseline.status), \(baseline.failing) failing): see \(baseline.path)"
      )
    }
    var outcomes: [Outcome] = []
    let total = chosen.reduce(0) { $0 + $1.sites.mutants.count }
    for file in chosen {
      for mutant in file.sites.mutants {
        let run = try runTables(
          conform, binary: binary, mutant: mutant.id, suites: file.suites, results: options.resultsDirectory,
          fixtures: options.fixturesPath)
        outcomes.append(
          Outcome(
            mutant: mutant, suite: file.suites[0], failing: run.failing, status: run.status,
            equivalence: equivalents[mutant.key]?.reason))
        if outcomes.count % 25 == 0 { Terminal.note("mutants: \(outcomes.count)/\(total) run") }
      }
    }
    let runSeconds = Date().timeIntervalSince(runStart)
    var text = table(outcomes)
    text += "\n- mutants: \(found) found, \(notCompiled) dropped (did not type-check), \(outcomes.count) run\n"
    text += "- schemata build: \(format(buildSeconds)) s; runs: \(format(runSeconds)) s\n"
    let stale = equivalents.values.filter { entry in !outcomes.contains { $0.mutant.key == entry.key && !$0.isKilled } }
    if options.suites.isEmpty, !stale.isEmpty {
      for entry in stale.sorted(by: { $0.line < $1.line }) {
        text += "- \(options.equivalents) line \(entry.line): no surviving mutant has this key (killed now, or gone): remove it\n"
      }
    }
    print(text, terminator: "")
    if let markdownPath = options.markdownPath { try FileIO.write(Array(text.utf8), to: markdownPath) }
    if let jsonPath = options.jsonPath { try FileIO.write(json(outcomes), to: jsonPath) }
    let unanswered = outcomes.filter { !$0.isKilled && $0.equivalence == nil }
    let staleFails = options.suites.isEmpty && !stale.isEmpty
    return unanswered.isEmpty && !staleFails ? .success : .differences
  }

  static func format(_ seconds: Double) -> String { String(Int(seconds.rounded())) }

  /// A file of the reference and its sites; `suites` empty for a file copied unchanged.
  struct FileSites {
    var path: String
    var suites: [String]
    var sites: MutationSites
  }

  /// The sites of every app file, and the reference's other files (copied as they are).
  static func findSites(in source: String) throws(ConformError) -> ([FileSites], [String]) {
    let app = FileIO.join(source, "App")
    guard let enumerator = FileManager.default.enumerator(atPath: source) else {
      throw .usage("mutants: \(source) is not a folder: pass the Swift reference's sources with --source")
    }
    let files = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    guard files.contains("main.swift"), FileManager.default.fileExists(atPath: app) else {
      throw .usage("mutants: \(source) holds no main.swift and App/: pass the Swift reference's sources with --source")
    }
    var sites: [FileSites] = []
    var copies: [String] = []
    var nextID = 0
    for file in files {
      let parts = file.split(separator: "/").map(String.init)
      guard parts.count == 3, parts[0] == "App", !scaffolding.contains(parts[2]) else {
        copies.append(file)
        continue
      }
      guard let suites = suitesOfFolder[parts[1]] else {
        throw .file(
          path: FileIO.join(source, file),
          message: "no suite is known for App/\(parts[1]): add the folder to GeneratedMutants.suitesOfFolder")
      }
      let text = String(decoding: try FileIO.read(FileIO.join(source, file)), as: UTF8.self)
      var fileSites = MutationSites(file: String(file.dropFirst(4)), source: text, firstID: nextID)
      fileSites.dropConflicts()
      nextID = fileSites.endID
      sites.append(FileSites(path: file, suites: suites, sites: fileSites))
    }
    numberOccurrences(&sites)
    return (sites, copies)
  }

  /// Numbers mutants that share file, operator and both lines, in file order.
  static func numberOccurrences(_ sites: inout [FileSites]) {
    var seen: [String: Int] = [:]
    for index in sites.indices {
      sites[index].sites.renumber { mutant in
        let base = "\(mutant.file) | \(mutant.operatorName) | \(mutant.original) | \(mutant.changed)"
        seen[base, default: 0] += 1
        return seen[base]!
      }
    }
  }

  /// Builds the schemata binary; a site that does not type-check is dropped and the build run
  /// again (at most a few times). Returns the binary and how many mutants were dropped.
  static func build(
    _ sites: inout [FileSites], copies: [String], source: String, work: String, modules: String
  ) throws(ConformError) -> (String, Int) {
    let sourceDirectory = FileIO.join(work, "Sources")
    let binary = FileIO.join(work, "swift-reference-mutants")
    var dropped = 0
    let objects = try dependencyObjects(modules)
    for round in 1...10 {
      try? FileManager.default.removeItem(atPath: sourceDirectory)
      try FileIO.createDirectory(sourceDirectory)
      var written: [String: Int] = [:]
      var paths: [String] = []
      for (index, file) in sites.enumerated() {
        let path = FileIO.join(sourceDirectory, (file.path as NSString).lastPathComponent)
        try FileIO.write(Array(file.sites.render().utf8), to: path)
        written[path] = index
        paths.append(path)
      }
      for copy in copies {
        let path = FileIO.join(sourceDirectory, (copy as NSString).lastPathComponent)
        try FileIO.write(try FileIO.read(FileIO.join(source, copy)), to: path)
        paths.append(path)
      }
      let declarations = sites.flatMap(\.sites.liveDeclarations)
      let support = FileIO.join(sourceDirectory, "MutantSchemata.swift")
      try FileIO.write(Array(MutationSites.supportFile(declarations: declarations).utf8), to: support)
      paths.append(support)
      let log = FileIO.join(work, "swiftc.log")
      let arguments =
        [
          "-swift-version", "6", "-Onone", "-wmo", "-module-name", "swift_reference", "-I", FileIO.join(modules, "Modules"), "-o",
          binary,
        ]
        + (packageName(modules).map { ["-package-name", $0] } ?? []) + paths + objects
      let status = try spawn(swiftc(), arguments, environment: nil, stdout: log, stderr: log)
      if let keep = ProcessInfo.processInfo.environment["CONFORM_MUTANTS_KEEP"] {
        try? FileManager.default.removeItem(atPath: keep)
        try? FileManager.default.copyItem(atPath: work, toPath: keep)
      }
      if status == 0 { return (binary, dropped) }
      Terminal.note("mutants: schemata build \(round) failed; dropping the sites that do not type-check")
      let errors = compilerErrors(String(decoding: (try? FileIO.read(log)) ?? [], as: UTF8.self))
      var progress = false
      for (path, line) in errors {
        guard let index = written[path] else { continue }
        let ids = sites[index].sites.mutants(onLine: line)
        if ids.isEmpty { continue }
        dropped += sites[index].sites.mutants.filter { ids.contains($0.id) }.count
        sites[index].sites.drop(ids)
        progress = true
      }
      // An error away from any site: a deleted statement leaves something uninitialized (the
      // compiler points at the use), so the file's deletions go.
      if !progress {
        for (path, _) in errors {
          guard let index = written[path] else { continue }
          let ids = sites[index].sites.deletions
          if ids.isEmpty { continue }
          dropped += ids.count
          sites[index].sites.drop(ids)
          progress = true
        }
      }
      guard progress else {
        let text = String(decoding: (try? FileIO.read(log)) ?? [], as: UTF8.self)
        throw .implementation("the schemata build failed where no mutation site is (a scanner bug):\n\(text.prefix(4000))")
      }
    }
    throw .implementation("the schemata build still fails after dropping the sites that did not compile ten times")
  }

  /// The package name `swift build` compiled the modules with (they share `package` symbols,
  /// such as ConformPlatform's `Locked`): the checkout folder's name, lower-cased, with `_` for
  /// what an identifier cannot hold.
  static func packageName(_ modules: String) -> String? {
    let parts = modules.split(separator: "/")
    guard let build = parts.lastIndex(of: ".build"), build > 0 else { return nil }
    let name = parts[build - 1].lowercased().map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" }
    return String(name)
  }

  /// `path:line:column: error:` lines of the compiler's output.
  static func compilerErrors(_ log: String) -> [(String, Int)] {
    log.split(separator: "\n").compactMap { line in
      guard let range = line.range(of: ": error: ") else { return nil }
      let location = line[..<range.lowerBound].split(separator: ":")
      guard location.count >= 3, let number = Int(location[location.count - 2]) else { return nil }
      return (location[0..<(location.count - 2)].joined(separator: ":"), number)
    }
  }

  /// The object files of the reference's dependencies, as `swift build` left them.
  static func dependencyObjects(_ directory: String) throws(ConformError) -> [String] {
    var objects: [String] = []
    for module in ["ConformAdapter", "ConformJSON", "ConformPlatform", "ConformProtocol"] {
      let folder = FileIO.join(directory, "\(module).build")
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      let found = names.filter { $0.hasSuffix(".o") }.sorted().map { FileIO.join(folder, $0) }
      guard !found.isEmpty else {
        throw .implementation(
          "no object files of \(module) in \(folder): build the reference first (swift build --product swift-reference)")
      }
      objects += found
    }
    return objects
  }

  /// `swiftc`: `$SWIFTC`, else the one beside `swift` on the PATH.
  static func swiftc() -> String { ProcessInfo.processInfo.environment["SWIFTC"] ?? "swiftc" }

  /// What `conform run` showed of one mutant (or of none).
  struct TableRun {
    var status: Int32
    var failing: Int
    var path: String
  }

  static func runTables(
    _ conform: String, binary: String, mutant: Int?, suites: [String], results: String, fixtures: String?
  ) throws(ConformError) -> TableRun {
    let path = FileIO.join(results, "generated-\(mutant.map(String.init) ?? "none").jsonl")
    var arguments = ["run", "--impl", binary, "--results", path, "--timeout", "5"]
    if let mutant { arguments += ["--env", "CONFORM_MUTANT=\(mutant)", "--stop-after", "3"] }
    if let fixtures { arguments += ["--fixtures", fixtures] }
    // A mutant that keeps a suite from registering must not pass by running none of its cases.
    for suite in suites { arguments += ["--suite", suite, "--require-suite", suite] }
    let status = try spawn(conform, arguments, environment: nil, stdout: "/dev/null", stderr: "/dev/null")
    let summary = (try? ResultsFile.read(path)).map { RunSummary(file: $0) }
    let failing = (summary?.problems ?? []).filter { $0.status != .notRun }.count
    try? FileManager.default.removeItem(atPath: path)
    return TableRun(status: status, failing: failing, path: path)
  }

  /// Runs `executable` to its end, its output into files; returns its exit status (128 + signal).
  static func spawn(_ executable: String, _ arguments: [String], environment: [String]?, stdout: String, stderr: String)
    throws(ConformError) -> Int32
  {
    let pid: pid_t
    do throws(Spawn.Failure) {
      pid = try Spawn.start(
        [executable] + arguments,
        environment: environment ?? ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" },
        files: [
          .open("/dev/null", onto: 0, flags: O_RDONLY, mode: 0),
          .open(stdout, onto: 1, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644),
          stderr == stdout ? .duplicate(1, onto: 2) : .open(stderr, onto: 2, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644),
        ])
    } catch {
      throw .implementation("cannot start \(executable): \(String(cString: strerror(error.code)))")
    }
    guard case .ended(let status) = Spawn.wait(pid) else { throw .implementation("\(executable) could not be waited for") }
    switch Termination(waitStatus: status) {
    case .exited(let code): return code
    case .signaled(let signal): return 128 + signal
    }
  }

  /// The equivalents file: one JSON object per line, `key` (as the table prints it) and `reason`.
  static func readEquivalents(_ path: String) throws(ConformError) -> [String: Equivalent] {
    guard FileManager.default.fileExists(atPath: path) else { return [:] }
    var entries: [String: Equivalent] = [:]
    for (index, line) in try FileIO.read(path).split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
    where !line.isEmpty {
      let number = index + 1
      do {
        let fields = try JSONFields(try JSONReader.parse(line))
        try fields.rejectUnknown(["key", "reason"])
        let key = try fields.string("key")
        let reason = try fields.string("reason")
        guard !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
          throw JSONShapeError(path: "reason", message: "is empty: say in one line why no case can tell this mutant apart")
        }
        if let first = entries[key] {
          throw JSONShapeError(path: "key", message: "is listed twice (line \(first.line) too)")
        }
        entries[key] = Equivalent(key: key, reason: reason, line: number)
      } catch let error as JSONSyntaxError {
        throw .syntax(path, error, line: number)
      } catch {
        throw .file(path: path, line: number, message: "\(error)")
      }
    }
    return entries
  }

  /// The score per suite, then every survivor and the killed mutants fewer than three cases see.
  static func table(_ outcomes: [Outcome]) -> String {
    var text =
      "| suite | mutants | killed | equivalent (justified) | survivors | score |\n| --- | ---: | ---: | ---: | ---: | ---: |\n"
    var suites: [String] = []
    for outcome in outcomes where !suites.contains(outcome.suite) { suites.append(outcome.suite) }
    func row(_ name: String, _ rows: [Outcome]) -> String {
      let killed = rows.count(where: \.isKilled)
      let equivalent = rows.count { !$0.isKilled && $0.equivalence != nil }
      let survivors = rows.count - killed - equivalent
      let scored = rows.count - equivalent
      let score = scored == 0 ? "–" : "\((killed * 1000 / scored + 5) / 10)%"
      return "| \(name) | \(rows.count) | \(killed) | \(equivalent) | \(survivors) | \(score) |\n"
    }
    for suite in suites { text += row(suite, outcomes.filter { $0.suite == suite }) }
    text += row("**all**", outcomes)
    let survivors = outcomes.filter { !$0.isKilled && $0.equivalence == nil }
    if !survivors.isEmpty {
      text += "\nSurvivors (kill each with a case, or list its key with a reason in the equivalents file):\n\n"
      for outcome in survivors { text += line(outcome) }
    }
    let few = outcomes.filter { $0.isKilled && $0.failing < 3 }
    if !few.isEmpty {
      text += "\nKilled by fewer than three cases (a crash or a refused start counts the run, not cases):\n\n"
      for outcome in few { text += line(outcome, note: "\(outcome.failing) case(s), exit \(outcome.status)") }
    }
    return text
  }

  static func line(_ outcome: Outcome, note: String? = nil) -> String {
    let mutant = outcome.mutant
    let changed = mutant.changed.isEmpty ? "(deleted)" : mutant.changed
    var text =
      "- App/\(mutant.file):\(mutant.line) \(mutant.operatorName)\(note.map { " (\($0))" } ?? ""): `\(mutant.original)` → `\(changed)`\n"
    text += "  key: \(mutant.key)\n"
    return text
  }

  static func json(_ outcomes: [Outcome]) -> [UInt8] {
    var lines: [UInt8] = []
    for outcome in outcomes {
      let mutant = outcome.mutant
      var object: [String: JSONValue] = [
        "key": .string(mutant.key), "file": .string("App/" + mutant.file), "line": .int(Int64(mutant.line)),
        "operator": .string(mutant.operatorName), "original": .string(mutant.original), "changed": .string(mutant.changed),
        "suite": .string(outcome.suite), "killed": .bool(outcome.isKilled), "failingCases": .int(Int64(outcome.failing)),
      ]
      if let reason = outcome.equivalence { object["equivalent"] = .string(reason) }
      lines += JSONWriter.bytes(.object(JSONObject(uniqueKeysWithValues: object.map { ($0.key, $0.value) }))) + [0x0A]
    }
    return lines
  }
}
