import ConformJSON
import ConformSampleRuns
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformReport
@testable import ConformResults

/// The HTML report at the size of a deep search: slow (tens of seconds in a debug build), so not in the report tier.
@Suite struct ReportHTMLScaleTests {
  /// A run the size of a depth-7 timeline search whose implementation fails one case in 20 in a
  /// thousand different ways, two of them with 16 MiB outputs: past every limit (rows, groups,
  /// value sizes), the page stays a few MB.
  @Test func aHugeRunGivesAPageOfAFewMegabytes() throws {
    let cases = 473_202
    var results: [CaseResult] = []
    results.reserveCapacity(cases)
    let big = String(repeating: "x", count: 16 << 20)
    for index in 0..<cases {
      let id = "timeline/exhaustive/case-\(index)"
      if index % 20 == 0 {
        let huge = index < 40
        results.append(
          CaseResult(
            id: id, suite: "timeline", status: .fail,
            actual: ["at": .int(Int64(index / 20 % 1_000)), "big": huge ? .string(big) : "a"],
            expected: ["at": 0, "big": "a"], note: "a generated sequence", input: ["steps": .int(Int64(index))],
            tags: ["exhaustive"]))
      } else {
        results.append(CaseResult(id: id, suite: "timeline", status: .pass))
      }
    }
    let header = SampleRuns.header(cases: Int64(cases))
    let summary = RunSummary(header: header, results: results, footer: SampleRuns.footer([]))
    let page = HTMLReport(runs: [.init(summary: summary, path: "reports/depth-7.jsonl")]).render()
    let size = page.utf8.count
    #expect(size < 5_000_000, "\(size) bytes")
    #expect(page.contains("This page summarises one results file: <code>reports/depth-7.jsonl</code> (473,202 cases)"))
    #expect(HTMLPage.counts(page, impl: 0, suite: "timeline")["failed"] == 23_661)
    #expect(page.contains("21,661 cases with a problem or not passing everywhere are counted in the matrix, not listed"))
    #expect(page.contains("449,041 cases passing in every run are counted in the matrix, not listed"))
    #expect(page.contains("more groups of problems not shown"))
    #expect(!page.contains(String(repeating: "x", count: 5_000)))
  }
}
