import ConformJSON
import ConformSampleRuns
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformResults

@Suite struct ReportSampleRunsTests {
  @Test func sampleResultsReadBackAsWritten() throws {
    let directory = TestSupport.temporaryDirectory()
    let text = SampleRuns.resultsText(header: SampleRuns.header(cases: 10), results: SampleRuns.mixedResults)
    let file = try ResultsFile.read(SampleRuns.write(text, named: "results.jsonl", in: directory))
    #expect(file.results == SampleRuns.mixedResults)
    #expect(file.footer != nil)
    #expect(file.warnings.isEmpty)
  }

  @Test func sampleSummaryHasEveryKindOfProblem() {
    let summary = SampleRuns.summary()
    let kinds = Set(summary.problems.map(\.problemKind))
    #expect(kinds == ["fail", "crashed", "timeout", "flaky", "stale known failure"])
    #expect(summary.closingLine == "2 passed, 3 failed, 2 errored, 1 flaky, 1 skipped, 1 known failure, 1 stale known failure")
    #expect(summary.exitStatus == .differences)
  }
}
