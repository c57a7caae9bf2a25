import ConformTestSupport
import Foundation
import Testing

@testable import ConformCLI
@testable import ConformFixtures

/// `conform bench` runs end to end and prints every figure and target; figures are never
/// asserted (they depend on the machine and its load).
@Suite struct BenchCommandTests {
  @Test func aTinyBenchPrintsEveryRowAndTargetAndWritesTheTable() async throws {
    let directory = TestSupport.temporaryDirectory("conform-bench")
    let out = directory.appendingPathComponent("bench.md").path
    let outcome = try await TestSupport.run(
      TestSupport.binary("conform"), ["bench", "--tiny", "--out", out], currentDirectory: TestSupport.packageRoot,
      timeout: 600)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    for row in BenchRow.allCases {
      #expect(outcome.stdout.contains("| \(row.name) |"), "row \(row.name)")
    }
    for goal in BenchGoal.allCases {
      #expect(outcome.stdout.contains("| \(goal.target.name) |"), "target \(goal.target.name)")
    }
    #expect(outcome.stdout.contains("| figure | value | command |"))
    #expect(!outcome.stdout.contains("failed:"), "\(outcome.stdout)")
    // The fuzz row reads conform fuzz's search time from its output, and the reference alone
    // answers the same cases from the requests file: rates, not dashes.
    for row in [BenchRow.fuzz, .fuzzAlone, .teamGenerate, .teamModelPiped, .teamModelAlone] {
      let line = outcome.stdout.split(separator: "\n").first { $0.hasPrefix("| \(row.name) | ") }
      #expect(line?.dropFirst("| \(row.name) | ".count).first?.isNumber == true, "\(line ?? "no row \(row.name)")")
    }
    let written = try String(contentsOfFile: out, encoding: .utf8)
    #expect(written == outcome.stdout)
  }

  @Test func medianAndNumbersReadAsDocumented() {
    #expect(benchMedian([3, 1, 2]) == 2)
    #expect(benchMedian([4, 1, 3, 2]) == 2.5)
    #expect(benchMedian([]) == nil)
    #expect(BenchFormat.number(1_234_567) == "1,234,567")
    #expect(BenchFormat.number(12.345) == "12.3")
    #expect(BenchFormat.number(0.81234) == "0.812")
    var target = BenchTarget(name: "t", goal: .atLeast(0.8), values: [0.7, 0.9, 0.85])
    #expect(target.met == true)
    target.goal = .atMost(0.8)
    #expect(target.verdict == "missed")
  }

  @Test func unknownArgumentsAreUsageErrors() async throws {
    let outcome = try await TestSupport.run(TestSupport.binary("conform"), ["bench", "--fast"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("unknown option --fast"))
  }
}
