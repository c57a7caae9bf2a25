import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

@Suite struct PluralTests {
  @Test(arguments: [(0, "0 cases"), (1, "1 case"), (2, "2 cases"), (19_601, "19601 cases")])
  func aCountTakesTheSingularOnlyForOne(_ count: Int, _ expected: String) {
    #expect(Plural.count(count, "case") == expected)
  }

  @Test func anIrregularPluralIsGiven() {
    #expect(Plural.count(1, "match", "matches") == "1 match")
    #expect(Plural.count(3, "match", "matches") == "3 matches")
    #expect(Plural.noun(Int64(1), "was", "were") == "was")
    #expect(Plural.noun(Int64(2), "was", "were") == "were")
  }

  @Test func groupedCountsSeparateThousands() {
    #expect(Plural.grouped(1, "case") == "1 case")
    #expect(Plural.grouped(19_599, "case") == "19,599 cases")
  }

  @Test func theHeadlineOfAOneCaseRunSaysOneCase() async throws {
    let outcome = try await TestSupport.run(
      TestSupport.binary("conform"),
      ["run", "--impl", TestSupport.binary("swift-reference"), "--limit", "1", "--results", "one.jsonl"],
      currentDirectory: TestSupport.temporaryDirectory("conform-plural"))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("(built-in, 1 case) in "))
    #expect(outcome.stdout.hasSuffix("\n1 passed, 0 failed\n"))
  }
}
