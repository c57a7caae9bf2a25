import ConformFixtures
import ConformFuzz
import ConformJSON
import ConformSuites

/// The fuzz row: cases per second through `conform fuzz` against the Swift reference (its default
/// search, every suite), beside the Swift reference alone on the very same cases, in the same
/// order (the suites taking turns), in the same round. The search time `conform fuzz` prints
/// leaves out conform's own start and includes drafting and the model; the reference alone
/// reads the requests from a file and writes its answers to /dev/null, its start included.
///
/// The same cases in the order of their tables (a suite's cases together) are another workload:
/// the Swift reference answers them about 1.5 times as fast as the same cases taking turns, so a
/// comparison across the two orders measures the reference, not conform.
extension Bench {
  var fuzzRequestsPath: String { setup.path("fuzz-requests.jsonl") }

  var fuzzCommand: [String] {
    guard let reference = setup.swiftReference else { return ["(missing)"] }
    return [setup.conform, "fuzz", "--impl", reference, "--seed", "1", "--cases", "\(scale.fuzzCases)"]
  }

  /// Writes the requests `fuzzCommand` sends, in its order: the hello, then every case.
  func writeFuzzRequests() throws(ConformError) {
    let suites = SuiteRegistry.all.filter(\.isFuzzable)
    let cases = FuzzCases(seed: 1, suites: suites).cases(0..<scale.fuzzCases)
    try FileIO.write(RequestLines.run(cases, suites: suites.map(\.name)), to: fuzzRequestsPath)
  }

  mutating func describeFuzz() {
    let cases = "\(BenchFormat.number(Double(scale.fuzzCases))) cases of every suite (seed 1)"
    figures[BenchRow.fuzz.rawValue].command = setup.display(fuzzCommand)
    figures[BenchRow.fuzz.rawValue].note = cases + ", search time (drafting and the model included)"
    let reference = setup.swiftReference.map { setup.display([$0]) } ?? "swift-reference"
    figures[BenchRow.fuzzAlone.rawValue].command = "\(reference) < \(setup.display([fuzzRequestsPath])) > /dev/null"
    figures[BenchRow.fuzzAlone.rawValue].note = "the same " + cases + ", in the same order, wall time"
    if let reason = setup.missing["swift-reference"] {
      figures[BenchRow.fuzz.rawValue].note = "not measured: \(reason)"
      figures[BenchRow.fuzzAlone.rawValue].note = "not measured: \(reason)"
    }
  }

  mutating func measureFuzz(_ round: Int) {
    progress(round, "conform fuzz, and the Swift reference alone on the same cases")
    let count = Double(scale.fuzzCases)
    let output = setup.path("fuzz.txt")
    var fuzzRate: Double?
    if run(.fuzz, fuzzCommand, stdout: output) != nil, let seconds = Self.searchSeconds(fuzzOutput: output) {
      fuzzRate = count / seconds
    }
    record(.fuzz, fuzzRate)
    let alone = setup.swiftReference.flatMap { run(.fuzzAlone, [$0], stdin: fuzzRequestsPath) }
    let aloneRate = alone.map { count / $0.seconds }
    record(.fuzzAlone, aloneRate)
    if let fuzzRate, let aloneRate { ratio(.fuzzOverAlone, fuzzRate / aloneRate) }
  }

  /// The search time of `nothing found: 50,000 cases in 6.12 s (seed 1; …)`.
  static func searchSeconds(fuzzOutput path: String) -> Double? {
    guard let bytes = try? FileIO.read(path) else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let start = text.range(of: " cases in "), let end = text[start.upperBound...].range(of: " s") else { return nil }
    return Double(text[start.upperBound..<end.lowerBound]).flatMap { $0 > 0 ? $0 : nil }
  }
}
