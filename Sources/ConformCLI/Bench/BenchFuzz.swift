import ConformJSON
import ConformKit

/// The fuzz row: cases per second through `conform fuzz` against the Swift reference (its default
/// search, every suite), beside `conform run` of the very same cases written out as a fixtures
/// folder, in the same round. Each side's time leaves out conform's own start: the search time
/// `conform fuzz` prints (drafting and the model included), the run's harness time.
extension Bench {
  var fuzzFixtures: String { setup.path("fuzz-fixtures") }

  var fuzzCommand: [String] {
    guard let reference = setup.swiftReference else { return ["(missing)"] }
    return [setup.conform, "fuzz", "--impl", reference, "--seed", "1", "--cases", "\(scale.fuzzCases)"]
  }

  var fuzzRunCommand: [String] {
    [setup.conform, "run", "--impl", setup.swiftReference ?? "(missing)", "--fixtures", fuzzFixtures, "--results", setup.path("fuzz-run.jsonl")]
  }

  /// Writes the cases `fuzzCommand` sends as a fixtures folder, a table per suite.
  func writeFuzzFixtures() throws(ConformError) {
    let suites = SuiteRegistry.all.filter(\.isFuzzable)
    let cases = FuzzCases(seed: 1, suites: suites).cases(0..<scale.fuzzCases)
    let tables = suites.map { suite in FuzzedTable(suite: suite, cases: cases.filter { $0.suite == suite.name }) }
    for file in FixtureGenerator.generate(options: .published, suites: tables) {
      try FileIO.write(file.bytes, to: FileIO.join(fuzzFixtures, file.name))
    }
  }

  mutating func describeFuzz() {
    let cases = "\(BenchFormat.number(Double(scale.fuzzCases))) cases of every suite (seed 1)"
    figures[BenchRow.fuzz.rawValue].command = setup.display(fuzzCommand)
    figures[BenchRow.fuzz.rawValue].note = cases + ", search time (drafting and the model included)"
    figures[BenchRow.fuzzRun.rawValue].command = setup.display(fuzzRunCommand)
    figures[BenchRow.fuzzRun.rawValue].note = "the same " + cases + " as a fixtures folder, harness time"
    if let reason = setup.missing["swift-reference"] {
      figures[BenchRow.fuzz.rawValue].note = "not measured: \(reason)"
      figures[BenchRow.fuzzRun.rawValue].note = "not measured: \(reason)"
    }
  }

  mutating func measureFuzz(_ round: Int) {
    progress(round, "conform fuzz and conform run of the same cases")
    let count = Double(scale.fuzzCases)
    let output = setup.path("fuzz.txt")
    var fuzzRate: Double?
    if run(.fuzz, fuzzCommand, stdout: output) != nil, let seconds = Self.searchSeconds(fuzzOutput: output) {
      fuzzRate = count / seconds
    }
    record(.fuzz, fuzzRate)
    var runRate: Double?
    if run(.fuzzRun, fuzzRunCommand) != nil, let harness = benchHarnessSeconds(resultsFile: setup.path("fuzz-run.jsonl")) {
      runRate = count / harness
    }
    record(.fuzzRun, runRate)
    if let fuzzRate, let runRate { ratio(.fuzzOverRun, fuzzRate / runRate) }
  }

  /// The search time of `nothing found: 50,000 cases in 6.12 s (seed 1; …)`.
  static func searchSeconds(fuzzOutput path: String) -> Double? {
    guard let bytes = try? FileIO.read(path) else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let start = text.range(of: " cases in "), let end = text[start.upperBound...].range(of: " s") else { return nil }
    return Double(text[start.upperBound..<end.lowerBound]).flatMap { $0 > 0 ? $0 : nil }
  }
}

/// A suite's fuzzed cases as a table of that suite: the same spec and model, these drafts.
private struct FuzzedTable: Suite {
  let suite: any Suite
  let cases: [FixtureCase]

  var name: String { suite.name }
  var specVersion: String { suite.specVersion }
  var spec: [UInt8] { suite.spec }

  func expected(for input: JSONValue) throws -> JSONValue { try suite.expected(for: input) }

  func drafts(options: GeneratorOptions) -> AnySequence<CaseDraft> {
    AnySequence(cases.map { CaseDraft(String($0.id.dropFirst(name.count + 1)), tags: $0.tags, note: $0.note, input: $0.input) })
  }
}
