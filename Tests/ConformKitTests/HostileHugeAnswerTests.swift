import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// An implementation may answer with anything up to the 16 MiB line limit: the report of huge
/// wrong answers stays small and quick, and the results file keeps them whole.
@Suite struct HostileHugeAnswerTests {
  @Test func hugeWrongAnswersGiveABoundedReport() async throws {
    let arrayCase = "timeline/seed/fires-after-delay"
    let stringCases = Testbed.cases.filter { $0.suite == "eligibility" }.prefix(3).map(\.id)
    let run = try await Testbed.run(
      "huge_answer.py", ["--suite", "timeline", "--suite", "eligibility"],
      implementationArguments: ["--array-on", arrayCase] + stringCases.flatMap { ["--string-on", $0] })
    #expect(run.status == 1, "\(run.outcome.stderr)")
    let stdout = run.outcome.stdout
    #expect(
      stdout.contains("effects: 2 elements vs 200002; first difference at [2] (too far apart to align element by element)"))
    #expect(stdout.utf8.count < 200_000, "the report printed \(stdout.utf8.count) bytes")
    #expect(run.closingLine.contains("4 failed"), "\(run.closingLine)")
    let file = try run.results()
    let record = try #require(file.results.first { $0.id == stringCases[0] })
    #expect(record.actual == .string(String(repeating: "x", count: 15 << 20)))
  }
}
