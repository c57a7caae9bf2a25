import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformFuzz
@testable import ConformResults
@testable import ConformSuites

/// `--shard K/N`: the partition (a value, no process), then shards run and merged by the real
/// binary, against the same run on one machine.
@Suite struct ShardTests {
  let directory = TestSupport.temporaryDirectory("conform-shards")

  // MARK: The partition

  @Test(arguments: ["1/1", "1/3", "3/3", "2/1000"])
  func aShardIsKOfN(_ text: String) throws {
    let shard = try #require(Shard(parsing: text))
    #expect(shard.label == text)
    #expect(Shard(json: shard.json) == shard)
  }

  @Test(arguments: ["0/3", "4/3", "a/b", "3", "", "1/0", "1/", "/3", "1/3/3", "+1/3", " 1/3", "1/1001", "١/٣"])
  func anythingElseIsNotAShard(_ text: String) {
    #expect(Shard(parsing: text) == nil)
  }

  /// Cases of every size, in an order that has nothing to do with their ids.
  static let cases: [FixtureCase] = (0..<600).map { number in
    let steps = (0..<(number * 7 % 13)).map { JSONValue.string("step-\($0)") }
    return FixtureCase(
      id: "suite/case-\((number * 389) % 600)", suite: "suite", tags: [], note: "", input: ["steps": .array(steps)],
      expected: .null)
  }

  @Test(arguments: [1, 2, 3, 4, 7])
  func theShardsCoverEveryCaseOnceWhateverTheOrderOfTheCases(_ count: Int) {
    let cases = Self.cases
    let parts = (1...count).map { Shard(index: $0, count: count).part(of: Array(cases.indices), in: cases) }
    #expect(parts.flatMap { $0 }.sorted() == Array(cases.indices))
    // The same cases in another order (another fixture file's): each shard gets the same ids.
    let reversed = Array(cases.reversed())
    for shard in 1...count {
      let ids = Set(parts[shard - 1].map { cases[$0].id })
      let again = Shard(index: shard, count: count).part(of: Array(reversed.indices), in: reversed)
      #expect(Set(again.map { reversed[$0].id }) == ids, "shard \(shard)/\(count)")
    }
  }

  @Test func theShardsGetTheSameCostAndAboutTheSameCount() {
    let cases = Self.cases
    let parts = (1...4).map { Shard(index: $0, count: 4).part(of: Array(cases.indices), in: cases) }
    let costs = parts.map { $0.reduce(0) { $0 + Shard.cost(of: cases[$1].input) } }
    let largest = cases.map { Shard.cost(of: $0.input) }.max()!
    // Greedy: no shard is ahead of another by more than one case's cost.
    #expect(costs.max()! - costs.min()! <= largest, "\(costs)")
    let counts = parts.map(\.count)
    #expect(Double(counts.max()!) / (Double(cases.count) / 4) <= 1.05, "\(counts)")
  }

  @Test func aCaseCostsItsInputsCanonicalSize() {
    let inputs: [JSONValue] = [
      .null, true, false, .int(0), .int(-12345), .int(Int64.min), .number("1.5e3"), "ü€", [], [:],
      ["b": [1, "x", ["c": .null]], "a": .array([])],
    ]
    for input in inputs { #expect(JSONSize.bytes(of: input) == JSONWriter.bytes(input).count, "\(input)") }
  }

  /// A generated stream's case i goes to shard i mod N + 1, made only by that shard; the
  /// suites that skip the others (timeline, restart-prompt) and the default agree.
  @Test(arguments: ["timeline", "restart-prompt", "version-compare"])
  func theGeneratedStreamIsDealtInTurn(_ name: String) throws {
    let suite = try #require(SuiteRegistry.named(name))
    let options = GeneratorOptions(parameters: ["depth": 3])
    let all = suite.drafts(options: options).map(\.name)
    for index in 1...3 {
      let shard = Shard(index: index, count: 3)
      let part = suite.drafts(options: options, keeping: shard.keeps).map(\.name)
      #expect(part == all.indices.filter { $0 % 3 == index - 1 }.map { all[$0] })
      #expect(part.count == shard.count(of: all.count))
      #expect(shard.count(of: 10) == [4, 3, 3][index - 1])
      #expect(shard.count(of: 1) == (index == 1 ? 1 : 0))
    }
  }

  // MARK: Shards run and merged, with the real binary

  func conform(_ arguments: [String]) async throws -> ProcessOutcome {
    try await TestSupport.run(TestSupport.binary("conform"), arguments, currentDirectory: directory, timeout: 300)
  }

  /// `conform run` of a port that fails timeline cases, with `options`, once whole and in
  /// `count` shards; returns the results files (the whole run's first).
  func runWholeAndSharded(_ options: [String], shards count: Int, label: String) async throws -> (whole: String, shards: [String])
  {
    let implementation = ["--impl", TestSupport.binary("swift-ports"), "--impl-arg", "no-cancel-guard"]
    let whole = "\(label)-whole.jsonl"
    let run = try await conform(["run"] + implementation + options + ["--results", whole])
    #expect(run.status == 1, "\(run.stderr)")
    var shards: [String] = []
    for index in 1...count {
      let path = "\(label)-shard-\(index).jsonl"
      let shard = try await conform(["run"] + implementation + options + ["--shard", "\(index)/\(count)", "--results", path])
      #expect(shard.status == 1 || shard.status == 0, "\(shard.stderr)")
      let header = try ResultsFile.read(directory.appendingPathComponent(path).path).header
      #expect(header.options["shard"] == ["count": .int(Int64(count)), "index": .int(Int64(index))])
      shards.append(path)
    }
    return (whole, shards)
  }

  /// The JSON report of `files`, its timings and the results path taken out.
  func jsonReport(_ files: [String], name: String) async throws -> (report: JSONValue, outcome: ProcessOutcome) {
    let outcome = try await conform(["report"] + files + ["--json", name])
    var text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    for file in files { text = text.replacingOccurrences(of: file, with: "RESULTS") }
    guard case .object(var report) = try JSONReader.parse(Array(text.utf8)) else { return (.null, outcome) }
    for timing in ["startedAt", "endedAt", "ms"] {
      #expect(report[timing] != nil)
      report[timing] = .null
    }
    return (.object(report), outcome)
  }

  /// The terminal report without the run's duration (`in 0.123 s`) and results files' names.
  func withoutDuration(_ text: String) -> String {
    text.replacingRegexMatches(#" in [0-9.]+ s"#, with: "").replacingRegexMatches(#"[a-z0-9-]+\.jsonl"#, with: "RESULTS")
  }

  @Test(arguments: [
    ("folder", ["--fixtures", Testbed.fixtures]),
    ("generated", ["--generate", "timeline", "--depth", "3"]),
    ("limited", ["--fixtures", Testbed.fixtures, "--suite", "timeline", "--limit", "60", "--repeat", "2"]),
  ])
  func threeShardsMergeIntoTheReportOfTheWholeRun(_ label: String, _ options: [String]) async throws {
    let (whole, shards) = try await runWholeAndSharded(options, shards: 3, label: label)
    let one = try await jsonReport([whole], name: "\(label)-whole.json")
    let merged = try await jsonReport(shards, name: "\(label)-merged.json")
    #expect(merged.outcome.status == 1, "\(merged.outcome.stderr)")
    #expect(merged.outcome.status == one.outcome.status)
    #expect(JSONWriter.string(merged.report) == JSONWriter.string(one.report))
    #expect(merged.report["problems"]?.arrayValue?.isEmpty == false, "the run has failing cases to compare")
    #expect(withoutDuration(merged.outcome.stdout) == withoutDuration(one.outcome.stdout))
    if label == "generated" {
      // A generated case is run again from the shard's results file that holds it.
      let raw = try JSONReader.parse(Array(try Data(contentsOf: directory.appendingPathComponent("\(label)-merged.json"))))
      for problem in raw["problems"]?.arrayValue ?? [] {
        let id = try #require(problem["id"]?.stringValue)
        let rerun = try #require(problem["rerun"]?.stringValue)
        let file = try #require(shards.first { rerun.contains("--rerun-failed \($0) ") })
        let results = try ResultsFile.read(directory.appendingPathComponent(file).path).results
        #expect(results.contains { $0.id == id && $0.status != .pass }, "\(rerun)")
      }
    }
    // The shards' order on the command line does not matter.
    let reordered = try await jsonReport([shards[0], shards[2], shards[1]], name: "\(label)-reordered.json")
    #expect(JSONWriter.string(reordered.report) == JSONWriter.string(one.report))
  }

  @Test func aMissingADuplicatedOrAnUnfinishedShardFailsTheMergeNamingIt() async throws {
    let (_, shards) = try await runWholeAndSharded(["--fixtures", Testbed.fixtures], shards: 3, label: "broken")
    let missing = try await conform(["report", shards[0], shards[2]])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("shard 2/3 of swift-ports/no-cancel-guard's run is missing"), "\(missing.stderr)")
    #expect(missing.stdout.isEmpty)

    let twice = try await conform(["report", shards[0], shards[1], shards[1], shards[2]])
    #expect(twice.status == 2)
    #expect(
      twice.stderr.contains("shard 2/3 of swift-ports/no-cancel-guard's run is given twice (\(shards[1]) and \(shards[1]))"),
      "\(twice.stderr)")

    // A shard killed before its footer.
    let path = directory.appendingPathComponent(shards[2]).path
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    let cut = "killed.jsonl"
    try (lines.dropLast().joined(separator: "\n") + "\n").write(
      to: directory.appendingPathComponent(cut), atomically: true, encoding: .utf8)
    let killed = try await conform(["report", shards[0], shards[1], cut, "--json", "never.json"])
    #expect(killed.status == 2)
    #expect(killed.stderr.contains("\(cut): shard 3/3 (\(cut)) did not finish"), "\(killed.stderr)")
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("never.json").path))

    let diff = try await conform(["diff", shards[0], shards[1], "other.jsonl"])
    #expect(diff.status == 2)
  }

  @Test func shardsOfAnotherFixtureSetOrOtherOptionsDoNotMerge() async throws {
    let implementation = ["--impl", TestSupport.binary("swift-reference")]
    let base = ["--fixtures", Testbed.fixtures, "--suite", "version-compare"]
    var runs: [String: ProcessOutcome] = [:]
    for (name, extra) in [
      ("a-1", ["--shard", "1/2"]), ("a-2", ["--shard", "2/2"]), ("timeout-2", ["--shard", "2/2", "--timeout", "5"]),
      ("three-2", ["--shard", "2/3"]),
    ] {
      runs[name] = try await conform(["run"] + implementation + base + extra + ["--results", "\(name).jsonl"])
      #expect(runs[name]?.status == 0, "\(runs[name]?.stderr ?? "")")
    }
    let builtIn = try await conform(
      ["run"] + implementation + [
        "--suite", "version-compare", "--limit", "20", "--shard", "2/2", "--results", "builtin-2.jsonl",
      ])
    #expect(builtIn.status == 0, "\(builtIn.stderr)")

    let options = try await conform(["report", "a-1.jsonl", "timeout-2.jsonl"])
    #expect(options.status == 2)
    #expect(
      options.stderr.contains(
        "timeout-2.jsonl: shard 2/2 is not a shard of the same run as a-1.jsonl (shard 1/2): its options differ (timeoutMs)"),
      "\(options.stderr)")

    let digest = try await conform(["report", "a-1.jsonl", "builtin-2.jsonl"])
    #expect(digest.status == 2)
    #expect(
      digest.stderr.contains(
        "builtin-2.jsonl: shard 2/2 is not a shard of the same run as a-1.jsonl (shard 1/2): its fixtures digest is sha256:"),
      "\(digest.stderr)")

    let count = try await conform(["report", "a-1.jsonl", "three-2.jsonl"])
    #expect(count.status == 2)
    #expect(count.stderr.contains("shard 2/3 is one of 3, but a-1.jsonl is shard 1/2"), "\(count.stderr)")

    let whole = try await conform(["report", "a-1.jsonl", "a-2.jsonl"])
    #expect(whole.status == 0, "\(whole.stderr)")
  }

  @Test func diffComparesTwoShardedRunsAsTwoWholeRuns() async throws {
    let (whole, shards) = try await runWholeAndSharded(["--fixtures", Testbed.fixtures], shards: 2, label: "ports")
    let reference = try await conform([
      "run", "--impl", TestSupport.binary("swift-reference"), "--fixtures", Testbed.fixtures, "--results", "reference.jsonl",
    ])
    #expect(reference.status == 0, "\(reference.stderr)")
    let one = try await conform(["diff", "reference.jsonl", whole])
    let merged = try await conform(["diff", "reference.jsonl"] + shards)
    #expect(one.status == 1)
    #expect(merged.status == one.status)
    #expect(merged.stdout == one.stdout.replacingOccurrences(of: whole, with: shards[0]))
  }

  @Test func severalRunsWithoutHTMLAreStillRefused() async throws {
    let reference = try await conform([
      "run", "--impl", TestSupport.binary("swift-reference"), "--suite", "eligibility", "--limit", "5", "--results", "one.jsonl",
    ])
    #expect(reference.status == 0, "\(reference.stderr)")
    let outcome = try await conform(["report", "one.jsonl", "one.jsonl"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("usage: report: one run at a time, not 2"), "\(outcome.stderr)")
    let diff = try await conform(["diff", "one.jsonl", "one.jsonl", "one.jsonl"])
    #expect(diff.status == 2)
    #expect(diff.stderr.contains("usage: diff: two runs to compare, not 3"), "\(diff.stderr)")
  }

  @Test(arguments: ["0/3", "4/3", "a/b", "3"])
  func aBadShardIsAUsageError(_ value: String) async throws {
    for command in [["run", "--impl", "x"], ["fuzz", "--impl", "x"]] {
      let outcome = try await conform(command + ["--shard", value])
      #expect(outcome.status == 2)
      #expect(
        outcome.stderr
          == "conform: error: usage: \(command[0]): --shard takes K/N, part K of N with 1 ≤ K ≤ N ≤ 1000 (such as 2/3), not \"\(value)\"\n"
      )
    }
  }

  @Test func fuzzShardsSearchDisjointPartsOfTheSeedsCases() {
    let suites = SuiteRegistry.all.filter(\.isFuzzable)
    let whole = FuzzCases(seed: 7, suites: suites)
    var seen: [String] = []
    for index in 1...3 {
      let shard = FuzzCases(seed: 7, suites: suites, shard: Shard(index: index, count: 3))
      seen += shard.cases(0..<(suites.count * 4)).map(\.id)
    }
    let expected = whole.cases(0..<(suites.count * 12)).map(\.id)
    #expect(seen.sorted() == expected.sorted())
  }
}
