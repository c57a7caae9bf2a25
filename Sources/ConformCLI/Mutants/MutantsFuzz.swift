import ConformFixtures
import ConformFuzz
import ConformHarness
import ConformJSON
import ConformSuites
import Foundation

/// `conform mutants --fuzz`: the fuzzer's adequacy, measured. For every catalogue entry, the
/// smallest published case that catches it (from the ordinary run), then a fuzz search from a
/// fixed seed within a fixed budget: whether it finds the port, after how many cases and seconds,
/// and how large the minimal case it shrinks to is. A reference must have no finding.
enum MutantsFuzz {
  /// The search's bounds, from `--seed`, `--time` and `--cases` (read by `MutantsCommand.Options`).
  struct Options {
    var seed: UInt64 = 1
    var limits = FuzzLimits()

    init() {
      // Without --time, each entry's search stops after 60 s, unless --cases alone bounds it.
      limits.seconds = 60
    }

    var budgetText: String {
      var parts: [String] = []
      if let cases = limits.cases { parts.append(Plural.grouped(cases, "case")) }
      if let seconds = limits.seconds { parts.append("\(Self.seconds(seconds)) s") }
      return parts.joined(separator: ", ")
    }

    static func seconds(_ value: Double) -> String { value == value.rounded() ? "\(Int(value))" : "\(value)" }
  }

  /// What the search did with one entry.
  struct Verdict {
    var published: MutantVerdict
    var report: FuzzReport

    var entry: MutantCatalogue.Entry { published.entry }
    /// The smallest minimal case, in bytes of canonical JSON.
    var minimalBytes: Int? { report.findings.map { JSONWriter.bytes($0.input).count }.min() }
    var publishedBytes: Int? { published.failing.first.map { JSONWriter.bytes($0.input).count } }
    var isFound: Bool { !report.findings.isEmpty }

    /// A reference has no finding; a port is found and shrunk to no more than the smallest
    /// published case that catches it.
    var meetsTarget: Bool {
      guard entry.kind == .mutant else { return !isFound && report.stoppedBy == 0 }
      guard let minimal = minimalBytes else { return false }
      return publishedBytes.map { minimal <= $0 } ?? true
    }
  }

  static func run(_ options: MutantsCommand.Options, fuzz: Options, entries: [MutantCatalogue.Entry], conform: String)
    throws(ConformError) -> ExitStatus
  {
    let fixtures =
      try options.fixturesPath.map { path throws(ConformError) in try FixtureSet.load(directory: path) } ?? FixtureSet.builtIn()
    let byID = Dictionary(fixtures.cases.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("conform-mutants-fuzz-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let suites = SuiteRegistry.all.filter(\.isFuzzable)
    var verdicts: [Verdict] = []
    for entry in entries {
      Terminal.note("mutants: running \(entry.name)")
      let published = try MutantsCommand.verdict(entry, options: options, conform: conform, fixtures: byID)
      guard entry.unavailable == nil else {
        verdicts.append(Verdict(published: published, report: FuzzReport()))
        continue
      }
      Terminal.note("mutants: fuzzing \(entry.name) (seed \(fuzz.seed), \(fuzz.budgetText))")
      let executor = FuzzExecutor(
        settings: HarnessSettings(
          command: [entry.impl] + entry.args,
          environment: try ImplementationEnvironment(inherit: false, assignments: []).resolve(),
          jobs: 1, window: 1024, timeout: 10, maxRestarts: 10, diagnostics: .standardError,
          progress: .standardError
        ).stopping(with: CLI.stop),
        resultsPath: directory.appendingPathComponent("\(entry.name).jsonl").path)
      let report = try FuzzSearch(cases: FuzzCases(seed: fuzz.seed, suites: suites), executors: [executor], limits: fuzz.limits)
        .run()
      if report.stoppedBy != 0 { return .stopped(by: report.stoppedBy) }
      verdicts.append(Verdict(published: published, report: report))
    }
    let table = table(verdicts, fuzz: fuzz)
    print(table, terminator: "")
    if let markdownPath = options.markdownPath { try FileIO.write(Array(table.utf8), to: markdownPath) }
    return verdicts.allSatisfy(\.meetsTarget) ? .success : .differences
  }

  /// The adequacy table, Markdown, with a line of totals.
  static func table(_ verdicts: [Verdict], fuzz: Options) -> String {
    var text =
      "| implementation | language | fuzz verdict | found after | seconds | minimal cases | minimal bytes | smallest published case | published bytes |\n"
    text += "| --- | --- | --- | ---: | ---: | ---: | ---: | --- | ---: |\n"
    for verdict in verdicts {
      let report = verdict.report
      let outcome: String
      switch (verdict.entry.kind, verdict.isFound, verdict.meetsTarget) {
      case _ where verdict.entry.unavailable != nil: outcome = "**could not run**"
      case (.reference, false, _): outcome = "no finding"
      case (.reference, true, _): outcome = "**FAILS**"
      case (.mutant, true, true): outcome = "found"
      case (.mutant, true, false): outcome = "**found, larger**"
      case (.mutant, false, _): outcome = "**not found**"
      }
      let after = report.firstFailure.map { Plural.grouped($0 + 1, "case") } ?? "\(Plural.grouped(report.cases, "case")) (all)"
      let seconds = "\((report.searchSeconds * 100).rounded() / 100)"
      let counts = verdict.isFound ? "\(report.findings.count) (from \(report.failing.grouped))" : "–"
      let published = verdict.published.failing.first.map { "`\($0.id)`" } ?? "–"
      text += "| \(verdict.entry.name) | \(verdict.entry.language) | \(outcome) | \(after) | \(seconds) | \(counts) | "
      text +=
        "\(verdict.minimalBytes.map(String.init) ?? "–") | \(published) | \(verdict.publishedBytes.map(String.init) ?? "–") |\n"
    }
    let mutants = verdicts.filter { $0.entry.kind == .mutant }
    let references = verdicts.filter { $0.entry.kind == .reference }
    text += "\n"
    text += "- seed \(fuzz.seed), at most \(fuzz.budgetText) per entry; sizes in bytes of the input's canonical JSON\n"
    text += "- ports found: \(mutants.filter(\.isFound).count)/\(mutants.count); "
    text += "found and no larger than the smallest published case: \(mutants.filter(\.meetsTarget).count)/\(mutants.count)\n"
    text += "- references with no finding: \(references.filter(\.meetsTarget).count)/\(references.count)\n"
    return text
  }
}
