import ConformTestSupport
import Testing

@testable import ConformKit

/// A run that restarted the implementation says how many restarts it used of `--max-restarts`,
/// and why, in the same count the results footer keeps.
@Suite struct RunRestartsTests {
  @Test func crashesAreCountedAsTheRestartsTheyCost() throws {
    let culprit = "eligibility/seed/cooldown-not-over"
    let run = try Testbed.run("crash.py", ["--suite", "eligibility"], implementationArguments: ["--on", culprit])
    #expect(run.status == 1)
    let restarts = try #require(try run.results().footer?.restarts)
    #expect(restarts >= 1)
    #expect(
      run.outcome.stderr.contains("restarts: \(restarts) of 10 (\(Plural.count(restarts, "crash", "crashes")))\n"),
      "\(run.outcome.stderr)")
  }

  @Test func hangsAreCountedUpToTheLimit() throws {
    let run = try Hostile.run("hang-all", options: ["--suite", "eligibility", "--timeout", "1", "--max-restarts", "2"])
    #expect(run.status == 1)
    #expect(try run.results().footer?.restarts == 2)
    #expect(run.stderr.contains("restarts: 2 of 2 (2 hangs)\n"), "\(run.stderr)")
  }

  @Test func aRunWithoutRestartsSaysNothingOfThem() throws {
    let run = try Testbed.run("conforming.py", ["--suite", "eligibility"])
    #expect(run.status == 0)
    #expect(try run.results().footer?.restarts == 0)
    #expect(!run.outcome.stderr.contains("restarts:"))
  }
}
