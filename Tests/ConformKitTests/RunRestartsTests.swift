import ConformJSON
import ConformTestSupport
import Testing

@testable import ConformFixtures
@testable import ConformResults

/// A run that restarted the implementation says how many restarts it used of `--max-restarts`,
/// and why, in the same count the results footer keeps with its reasons, and the reports show.
@Suite struct RunRestartsTests {
  @Test func crashesAreCountedAsTheRestartsTheyCost() async throws {
    let culprit = "eligibility/seed/cooldown-not-over"
    let run = try await Testbed.run("crash.py", ["--suite", "eligibility"], implementationArguments: ["--on", culprit])
    #expect(run.status == 1)
    let restarts = try #require(try run.results().footer?.restarts)
    #expect(restarts >= 1)
    let reasons = Plural.count(restarts, "crash", "crashes")
    #expect(
      run.outcome.stderr.firstRegexMatch(
        "restarts: \(restarts) \\(\(reasons)\\), at most [0-9]+ in a row without an answer \\(--max-restarts 10\\)\n")
        != nil, "\(run.outcome.stderr)")
    let footer = try #require(try run.results().footer)
    #expect(footer.restartReasons.json == .object(JSONObject(uniqueKeysWithValues: [("crash", .int(restarts))])))
    // The terminal report's headline, as `conform report` prints it from the file.
    #expect(run.outcome.stdout.contains(" s, \(Plural.count(restarts, "restart")) (\(reasons))\n"), "\(run.outcome.stdout)")
  }

  @Test func hangsAreCountedUpToTheLimit() async throws {
    let run = try await Hostile.run("hang-all", options: ["--suite", "eligibility", "--timeout", "1", "--max-restarts", "2"])
    #expect(run.status == 1)
    #expect(try run.results().footer?.restarts == 2)
    #expect(
      run.stderr.contains("restarts: 2 (2 hangs), at most 2 in a row without an answer (--max-restarts 2)\n"), "\(run.stderr)")
    #expect(try run.results().footer?.restartReasons.reasons == "2 hangs")
  }

  @Test func aRunWithoutRestartsSaysNothingOfThem() async throws {
    let run = try await Testbed.run("conforming.py", ["--suite", "eligibility"])
    #expect(run.status == 0)
    #expect(try run.results().footer?.restarts == 0)
    #expect(!run.outcome.stderr.contains("restarts:"))
  }

  /// A footer whose reasons are unknown or do not add up to its count is refused, by field.
  @Test(
    arguments: [
      (#""restartReasons":{"crash":1,"hang":1},"restarts":2"#, nil),
      (#""restartReasons":{"crash":1},"restarts":2"#, #"field "restartReasons": the reasons add up to 1, "restarts" says 2"#),
      (
        #""restartReasons":{"segfault":1},"restarts":1"#,
        #"field "restartReasons.segfault": unknown restart reason (crash, hang, protocol-error, failed-start)"#
      ),
      (#""restartReasons":{"crash":0},"restarts":1"#, #"field "restartReasons.crash": 0 is outside 1...2147483647"#),
      (#""restarts":0"#, nil),
    ] as [(String, String?)])
  func aFootersReasonsAreReadStrictly(fields: String, refusal: String?) throws {
    let line = #"{"endedAt":"2026-12-01T00:00:00Z","interrupted":null,"ms":5,"# + fields + #","totals":{},"type":"footer"}"#
    let json = try JSONReader.parse(line)
    do {
      let record = try ResultRecord(json: json)
      #expect(refusal == nil)
      // What is read is written back byte for byte.
      #expect(JSONWriter.string(record.json) == line)
    } catch {
      #expect(error.description == refusal)
    }
  }
}
