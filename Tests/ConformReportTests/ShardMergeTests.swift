import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformResults

@Suite struct ShardMergeTests {
  /// A finished shard's results file whose header counts `decisions` (those of the suites it ran).
  static func shard(_ index: Int, of count: Int, decisions: [String: Int64]) -> ResultsFile {
    let header = ResultHeader(
      startedAt: "2026-12-05T00:00:0\(index)Z", implementation: .init(command: ["impl"]),
      fixtures: .init(source: "fixtures", manifestDigest: "sha256:0", generatorVersion: "0", cases: 1, decisions: decisions),
      options: ["shard": Shard(index: index, count: count).json])
    let footer = ResultFooter(endedAt: "2026-12-05T00:01:00Z", milliseconds: 5, interrupted: nil, restarts: 0, totals: [:])
    return ResultsFile(path: "shard-\(index).jsonl", header: header, results: [], footer: footer, warnings: [])
  }

  /// A shard that ran no case of a suite (its one costly case took its share) does not lose that
  /// suite's decisions from the merged run: they are every shard's, as one machine's run has them.
  @Test func theMergedRunCountsTheDecisionsOfEveryShardsSuites() throws {
    let runs = try ShardMerge.runs([
      Self.shard(1, of: 3, decisions: ["restart-prompt/D13": 2]),
      Self.shard(2, of: 3, decisions: ["restart-prompt/D13": 2, "timeline/D1": 7]),
      Self.shard(3, of: 3, decisions: ["eligibility/D1": 4]),
    ])
    #expect(runs.count == 1)
    #expect(runs.first?.header.fixtures.decisions == ["eligibility/D1": 4, "restart-prompt/D13": 2, "timeline/D1": 7])
    #expect(runs.first?.header.fixtures.cases == 3)
  }
}
