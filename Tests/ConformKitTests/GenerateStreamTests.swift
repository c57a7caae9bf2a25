import ConformArchive
import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformHarness
@testable import ConformResults
@testable import ConformSuites

/// Cases made by the generator as a run needs them: the built-in set in one pass, and
/// `conform run --generate` streaming a search straight into the harness.
@Suite struct GenerateStreamTests {
  /// The one-pass built-in set is exactly what writing the tables and loading them gives.
  @Test func theBuiltInSetIsTheGeneratedTablesLoaded() throws {
    let options = GeneratorOptions(parameters: ["depth": 3])
    let files = FixtureGenerator.generate(options: options)
    let loaded = try FixtureSet(files: files.map { ($0.name, $0.bytes) }, source: "x", pathPrefix: "x/")
    let generated = FixtureSet.generated(options: options, source: "x")
    #expect(generated.manifest == loaded.manifest)
    #expect(generated.manifestDigest == loaded.manifestDigest)
    #expect(generated.manifestDigest == SHA256.hex(files.last!.bytes))
    #expect(generated.cases == loaded.cases)
    #expect(FixtureSet.builtIn().manifest.generatorOptions == GeneratorOptions.published.json)
  }

  @Test func aFixtureLineIsTheCanonicalJSONOfTheCase() {
    let fixture = FixtureCase(
      id: "s/x\"y", suite: "s", tags: ["a", "b\\"], note: "n\n", input: ["z": 1, "a": [true, nil]], expected: "é")
    var line: [UInt8] = []
    FixtureSet.writeLine(fixture, into: &line)
    #expect(line == JSONWriter.bytes(fixture.json) + [0x0A])
  }
}

/// `conform run --generate`: the suite's cases streamed from the generator, no fixture file.
@Suite struct GenerateStreamRunTests {
  struct Run {
    let outcome: ProcessOutcome
    let resultsPath: String
    var closingLine: String { outcome.stdout.split(separator: "\n").last.map(String.init) ?? "" }
    func results() throws -> ResultsFile { try ResultsFile.read(resultsPath) }
  }

  func run(_ implementation: [String], _ options: [String]) async throws -> Run {
    let directory = TestSupport.temporaryDirectory("conform-generate")
    let results = directory.appendingPathComponent("results.jsonl").path
    var arguments = ["run", "--impl", TestSupport.binary(implementation[0])]
    for argument in implementation.dropFirst() { arguments += ["--impl-arg", argument] }
    arguments += ["--results", results] + options
    let outcome = try await TestSupport.run(TestSupport.binary("conform"), arguments, currentDirectory: directory)
    return Run(outcome: outcome, resultsPath: results)
  }

  /// The seeds plus every sequence of each alphabet up to its depth, the empty one once.
  func timelineCount(depth: Int) -> Int {
    let options = GeneratorOptions(parameters: ["depth": depth])
    return TimelineSuite.namedCases.count
      + TimelineSuite.alphabets.enumerated().map { position, alphabet in
        StepSequences.count(letters: alphabet.letters.count, maxLength: alphabet.depth(options)) - (position == 0 ? 0 : 1)
      }.reduce(0, +)
  }

  @Test func theSwiftReferencePassesAGeneratedSearchAndTheHeaderNamesDepthAndCount() async throws {
    let run = try await run(["swift-reference"], ["--generate", "timeline", "--depth", "3"])
    #expect(run.outcome.status == 0, "\(run.outcome.stderr)")
    let count = timelineCount(depth: 3)
    #expect(count == 198 + 259 + 56)
    #expect(run.closingLine == "\(count) passed, 0 failed")
    #expect(run.outcome.stdout.contains("(generated:timeline@depth=3, \(count) cases)"))
    let file = try run.results()
    #expect(file.header.fixtures.source == "generated:timeline@depth=3")
    #expect(file.header.fixtures.cases == Int64(count))
    #expect(file.header.fixtures.manifestDigest.hasPrefix("sha256:"))
    #expect(file.header.options["generate"] == ["suite": "timeline", "depth": 3, "count": .int(Int64(count))])
    #expect(file.results.count == count)
    #expect(Set(file.results.map(\.id)).count == count)
    #expect(file.footer?.totals == [.pass: Int64(count)])
  }

  /// A generated stream is named by the parameters its suite declares, each at the value given
  /// or its default, and the tier when not full: a suite that declares none has no `@` part,
  /// and a parameter it does not read changes neither its name nor its digest.
  @Test func aGeneratedStreamNamesTheParametersItsSuiteReads() {
    let deep = GeneratorOptions(parameters: ["depth": 8])
    let timeline = GeneratedStream(suite: TimelineSuite(), options: deep, count: 1)
    #expect(timeline.source == "generated:timeline@depth=8")
    #expect(timeline.json == ["suite": "timeline", "depth": 8, "count": 1])
    var smoke = GeneratorOptions(parameters: [:], tier: .smoke)
    #expect(GeneratedStream(suite: TimelineSuite(), options: smoke, count: 1).source == "generated:timeline@depth=5,tier=smoke")
    let eligibility = GeneratedStream(suite: EligibilitySuite(), options: deep, count: 1)
    #expect(eligibility.source == "generated:eligibility")
    #expect(eligibility.json == ["suite": "eligibility", "count": 1])
    #expect(eligibility.digest == GeneratedStream(suite: EligibilitySuite(), options: .published, count: 1).digest)
    smoke.parameters = ["depth": 3]
    #expect(GeneratedStream(suite: EligibilitySuite(), options: smoke, count: 1).source == "generated:eligibility@tier=smoke")
  }

  @Test func aWrongImplementationFailsGeneratedCasesAgainstTheModel() async throws {
    let run = try await run(["swift-ports", "no-cancel-guard"], ["--generate", "timeline", "--depth", "3"])
    #expect(run.outcome.status == 1)
    let file = try run.results()
    let failed = file.results.filter { $0.status == .fail }
    #expect(!failed.isEmpty)
    #expect(failed.contains { $0.id == "timeline/seed/cancel-after-sleep" })
    let suite = TimelineSuite()
    let drafts = Dictionary(
      suite.drafts(options: GeneratorOptions(parameters: ["depth": 3])).map { ("timeline/\($0.name)", $0) },
      uniquingKeysWith: { first, _ in first })
    for result in failed {
      let draft = try #require(drafts[result.id])
      #expect(result.expected == (try suite.expected(for: draft.input)), "\(result.id)")
      #expect(result.actual != result.expected)
    }
  }

  @Test func limitSendsTheFirstCasesOfADeepSearch() async throws {
    let run = try await run(["swift-reference"], ["--generate", "timeline", "--depth", "8", "--limit", "40"])
    #expect(run.outcome.status == 0, "\(run.outcome.stderr)")
    let file = try run.results()
    #expect(file.header.fixtures.cases == 40)
    #expect(file.header.fixtures.source == "generated:timeline@depth=8")
    #expect(file.header.options["limit"] == 40)
    #expect(file.results.map(\.id).prefix(2) == ["timeline/seed/fires-after-delay", "timeline/seed/not-yet-at-1999ms"])
    #expect(file.results.count == 40)
  }

  @Test(arguments: [
    (["--generate", "timeline", "--fixtures", "x"], "--fixtures"),
    (["--generate", "timeline", "--repeat", "2"], "--repeat"),
    (["--generate", "timeline", "--case", "timeline/seed/*"], "--case"),
    (["--generate", "timeline", "--known-failures", "x"], "known-failures"),
    (["--depth", "3"], "--generate SUITE"),
    (["--generate", "nosuch"], "not \"nosuch\""),
  ])
  func generateRefusesWhatCannotStream(options: [String], mentions: String) async throws {
    let run = try await run(["swift-reference"], options)
    #expect(run.outcome.status == 2)
    #expect(run.outcome.stderr.contains(mentions), "\(run.outcome.stderr)")
  }

  @Test(arguments: 1...4)
  func everySuiteStatesItsCountWithoutMakingTheCases(depth: Int) {
    let options = GeneratorOptions(parameters: ["depth": depth])
    for suite in SuiteRegistry.all {
      var made = 0
      for _ in suite.drafts(options: options) { made += 1 }
      #expect(suite.caseCount(options: options) == made, "\(suite.name) at depth \(depth)")
    }
    #expect(TimelineSuite().caseCount(options: options) == timelineCount(depth: depth))
  }

  @Test func aGeneratedSourceMakesItsCasesInOrderAndStops() {
    let options = GeneratorOptions(parameters: ["depth": 2])
    let source = GeneratedCases(suite: TimelineSuite(), options: options, limit: nil)
    var ids: [String] = []
    var ordinals: [Int] = []
    while true {
      let batch = source.take(7)
      if batch.isEmpty { break }
      ids += batch.map(\.fixture.id)
      ordinals += batch.map(\.ordinal)
    }
    let expected = Array(TimelineSuite().cases(options: options))
    #expect(ids == expected.map(\.id))
    #expect(ordinals == Array(0..<expected.count))
    #expect(source.isEmpty)
    #expect(source.generated == source.plannedCount)
  }
}

/// The live summary a streamed run builds: the same counts, verdict and problems as the summary
/// of every result, in memory that does not grow with the passes.
@Suite struct StreamTallyTests {
  static let fixtures: [FixtureCase] = ["a", "b", "c", "d", "e", "f", "g"].enumerated().map { index, name in
    FixtureCase(
      id: "\(index < 4 ? "eligibility" : "timeline")/seed/\(name)", suite: index < 4 ? "eligibility" : "timeline", tags: [],
      note: "n", input: nil, expected: ["x": 1])
  }
  static let header = ResultHeader(
    startedAt: "2026-11-30T12:00:00Z", implementation: .init(command: ["x"]),
    fixtures: .init(source: "s", manifestDigest: "sha256:0", generatorVersion: "0", cases: 7), options: [:])

  /// Per case, the status of each attempt.
  static let plan: [[CaseStatus]] = [
    [.pass, .pass], [.pass, .fail], [.fail, .fail], [.notRun, .notRun], [.pass, .pass], [.skipped, .skipped],
    [.unsupported, .unsupported],
  ]

  func result(_ index: Int, _ attempt: Int, _ status: CaseStatus) -> CaseResult {
    let fixture = Self.fixtures[index]
    return status == .pass
      ? CaseResult(id: fixture.id, suite: fixture.suite, status: .pass, attempt: Int64(attempt), microseconds: 5)
      : CaseResult(
        id: fixture.id, suite: fixture.suite, status: status, attempt: Int64(attempt), actual: status == .fail ? ["x": 2] : nil,
        expected: fixture.expected, note: fixture.note, message: status == .fail ? nil : "m")
  }

  func summaries(repeats: Int, keepLimit: Int, known: KnownFailures?) -> (full: RunSummary, live: RunSummary) {
    let suites = ["eligibility", "timeline"]
    let table = CaseTable(Self.fixtures, suites: suites)
    var tally = RunTally(suites: suites, repeats: repeats, knownFailures: known, keepLimit: keepLimit)
    var results: [CaseResult] = []
    for attempt in 0..<repeats {
      for (index, statuses) in Self.plan.enumerated() {
        let item = TableAttempt(table: table, attempt: Attempt(caseIndex: Int32(index), number: Int32(attempt)))
        let result = result(index, attempt, statuses[attempt])
        results.append(result)
        if result.status == .pass { tally.pass(item, microseconds: 5) } else { tally.record(result, of: item) }
      }
    }
    let footer = ResultFooter(endedAt: "e", milliseconds: 1, interrupted: nil, restarts: 0, totals: [:])
    let (outcomes, unlisted) = tally.finish()
    return (
      RunSummary(header: Self.header, results: results, footer: footer, knownFailures: known),
      RunSummary(header: Self.header, footer: footer, outcomes: outcomes, unlisted: unlisted)
    )
  }

  func expectSame(_ full: RunSummary, _ live: RunSummary, keptAll: Bool) {
    #expect(live.counts == full.counts)
    #expect(live.closingLine == full.closingLine)
    #expect(live.exitStatus == full.exitStatus)
    #expect(live.caseCount == full.outcomes.count)
    #expect(live.notRunCount == full.notRunCount)
    #expect(live.problemCount == full.problems.count)
    #expect(live.bySuite.map(\.name) == full.bySuite.map(\.name))
    #expect(live.bySuite.map(\.summary.closingLine) == full.bySuite.map(\.summary.closingLine))
    #expect(live.bySuite.map(\.summary.caseCount) == full.bySuite.map(\.summary.outcomes.count))
    if keptAll {
      #expect(live.problems.map(\.id) == full.problems.map(\.id))
      #expect(live.problems.map { $0.attempts.map(\.status) } == full.problems.map { $0.attempts.map(\.status) })
    }
  }

  @Test(arguments: [1, 2])
  func theLiveSummaryCountsAsTheFullOneDoes(repeats: Int) throws {
    let known = try KnownFailures.parse("eligibility/seed/c\ntimeline/seed/e\n", path: "k")
    for list in [nil, known] {
      let (full, live) = summaries(repeats: repeats, keepLimit: 1000, known: list)
      expectSame(full, live, keptAll: true)
      #expect(live.outcomes.count < full.outcomes.count, "passes, skips and unsupported cases are only counted")
    }
    let (full, _) = summaries(repeats: 2, keepLimit: 1000, known: nil)
    #expect(full.counts.flaky == 1)
  }

  @Test func problemsPastTheLimitAreCountedNotKept() {
    let (full, live) = summaries(repeats: 1, keepLimit: 1, known: nil)
    expectSame(full, live, keptAll: false)
    #expect(live.problems.count == 1)
    #expect(live.unlistedProblems == full.problems.count - 1)
  }
}

/// A run's case table copied from the lines the built-in set was generated as: the same bytes
/// as encoding every case.
@Suite struct GenerateStreamTableTests {
  @Test func aTableCopiedFromGeneratedLinesIsTheEncodedOne() {
    let set = FixtureSet.generated(options: GeneratorOptions(parameters: ["depth": 2]), source: "x")
    #expect(set.encoded != nil)
    let selected = Array(stride(from: 1, to: set.cases.count, by: 3))
    let suites = SuiteRegistry.names
    let copied = CaseTable(set, selected: selected, suites: suites)
    let encoded = CaseTable(selected.map { set.cases[$0] }, suites: suites)
    #expect((0..<copied.count).map(copied.fixture) == (0..<encoded.count).map(encoded.fixture))
    #expect(copied.suiteOfCase == encoded.suiteOfCase)
    func bytes(_ table: CaseTable, _ index: Int) -> [[UInt8]] {
      let slices = table.slices[index]
      var request: [UInt8] = []
      var record: [UInt8] = []
      table.arena.withUnsafeBufferPointer { arena in
        CaseTable.writeRequest(slices, seq: 42, arena: arena, into: &request)
        CaseTable.writePassRecord(slices, attempt: 1, microseconds: 9, arena: arena, into: &record)
      }
      return [request, record, Array(table.arena[slices.id]), Array(table.arena[slices.expected])]
    }
    for index in selected.indices { #expect(bytes(copied, index) == bytes(encoded, index), "\(copied.id(index))") }
  }
}

/// `conform run` on the built-in tables sends each chunk as soon as it is made; the header
/// waits for the tables' digest, which is the same as when they are made first.
@Suite struct GenerateStreamBuiltInTests {
  static let builtIn = FixtureSet.builtIn()

  func run(_ implementation: [String], _ options: [String]) async throws -> (outcome: ProcessOutcome, file: ResultsFile) {
    let directory = TestSupport.temporaryDirectory("conform-builtin")
    let results = directory.appendingPathComponent("results.jsonl").path
    var arguments = ["run", "--impl", TestSupport.binary(implementation[0])]
    for argument in implementation.dropFirst() { arguments += ["--impl-arg", argument] }
    let outcome = try await TestSupport.run(
      TestSupport.binary("conform"), arguments + ["--results", results] + options, currentDirectory: directory)
    return (outcome, try ResultsFile.read(results))
  }

  @Test func theStreamedBuiltInRunHasTheBuiltInDigestAndOrder() async throws {
    let (outcome, file) = try await run(["swift-reference"], ["--limit", "400", "--repeat", "2"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(file.header.fixtures.source == "built-in")
    #expect(file.header.fixtures.manifestDigest == "sha256:" + Self.builtIn.manifestDigest)
    #expect(file.header.fixtures.cases == 400)
    #expect(file.results.count == 800)
    #expect(Set(file.results.filter { $0.attempt == 0 }.map(\.id)) == Set(Self.builtIn.cases.prefix(400).map(\.id)))
    #expect(file.results.filter { $0.attempt == 1 }.count == 400)
    #expect(outcome.stdout.split(separator: "\n").last == "400 passed, 0 failed")
  }

  @Test func aDriftingPortFailsStreamedBuiltInCases() async throws {
    let (outcome, file) = try await run(["swift-ports", "threshold-gt"], ["--limit", "546"])
    #expect(outcome.status == 1)
    let failed = file.results.filter { $0.status == .fail }
    #expect(failed.contains { $0.id == "eligibility/boundary/t3c7/wins-threshold" })
    let expected = Dictionary(uniqueKeysWithValues: Self.builtIn.cases.map { ($0.id, $0.expected) })
    #expect(failed.allSatisfy { $0.expected == expected[$0.id] })
  }

  @Test func streamedTablesHandOutEveryCaseInOrderOncePerRound() {
    let options = GeneratorOptions(parameters: ["depth": 2])
    let tables = GeneratedTables(suites: SuiteRegistry.all, options: options, keepsCases: false)
    tables.start(threads: 2)
    let counts = SuiteRegistry.all.map { $0.caseCount(options: options) }
    let source = StreamedTables(tables: tables, counts: counts, repeats: 2, limit: nil)
    var taken: [TableAttempt] = []
    while true {
      let batch = source.take(100)
      if batch.isEmpty { break }
      taken += batch
    }
    let set = FixtureSet.generated(options: options, source: "x")
    #expect(source.isEmpty)
    #expect(taken.count == set.cases.count * 2)
    #expect(taken.prefix(set.cases.count).map(\.fixture.id) == set.cases.map(\.id))
    #expect(taken.prefix(set.cases.count).map(\.fixture.decisions) == set.cases.map(\.decisions))
    #expect(taken.prefix(set.cases.count).map(\.ordinal) == Array(0..<set.cases.count))
    #expect(taken.suffix(set.cases.count).allSatisfy { $0.attempt.number == 1 })
    #expect(SHA256.hex(tables.manifest().bytes) == set.manifestDigest)
  }
}
