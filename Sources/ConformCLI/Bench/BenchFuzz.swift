import ConformJSON
import ConformKit

/// The fuzz row: cases per second through `conform fuzz` against the Swift reference, beside
/// `conform run` of the very same cases written out as a fixtures folder, in the same round.
extension Bench {
  /// The suite whose fuzzed cases the row sends: its model is the costliest to run per case
  /// (tens of steps simulated), so drafting weighs most here.
  static let fuzzSuite = "timeline"

  var fuzzFixtures: String { setup.path("fuzz-fixtures") }

  var fuzzCommand: [String] {
    guard let reference = setup.swiftReference else { return ["(missing)"] }
    return [
      setup.conform, "fuzz", "--impl", reference, "--suite", Self.fuzzSuite, "--seed", "1", "--cases", "\(scale.fuzzCases)",
    ]
  }

  var fuzzRunCommand: [String] {
    [setup.conform, "run", "--impl", setup.swiftReference ?? "(missing)", "--fixtures", fuzzFixtures, "--results", setup.path("fuzz-run.jsonl")]
  }

  /// Writes the cases `fuzzCommand` sends as a fixtures folder of one suite.
  func writeFuzzFixtures() throws(ConformError) {
    let suite = SuiteRegistry.named(Self.fuzzSuite)!
    let cases = FuzzCases(seed: 1, suites: [suite]).cases(0..<scale.fuzzCases)
    let table = FuzzedTable(suite: suite, cases: cases)
    for file in FixtureGenerator.generate(options: .published, suites: [table]) {
      try FileIO.write(file.bytes, to: FileIO.join(fuzzFixtures, file.name))
    }
  }

  mutating func describeFuzz() {
    let cases = "\(BenchFormat.number(Double(scale.fuzzCases))) \(Self.fuzzSuite) cases (seed 1)"
    figures[BenchRow.fuzz.rawValue].command = setup.display(fuzzCommand)
    figures[BenchRow.fuzz.rawValue].note = cases + ", wall time (drafting and the model included)"
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
    let fuzzRate = run(.fuzz, fuzzCommand).map { count / $0.seconds }
    record(.fuzz, fuzzRate)
    var runRate: Double?
    if run(.fuzzRun, fuzzRunCommand) != nil, let harness = benchHarnessSeconds(resultsFile: setup.path("fuzz-run.jsonl")) {
      runRate = count / harness
    }
    record(.fuzzRun, runRate)
    if let fuzzRate, let runRate { ratio(.fuzzOverRun, fuzzRate / runRate) }
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
