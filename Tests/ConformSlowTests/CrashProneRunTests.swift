import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformResults

/// `--max-restarts` at full scale: a crash-prone implementation on the whole eligibility and
/// version-compare tables (RunRestartsTests has the small runs).
@Suite struct CrashProneRunTests {
  /// The budget counts restarts without progress: a process that answered cases since it started
  /// is restarted freely, so code that crashes on 50 cases scattered over the 7,666 eligibility
  /// and version-compare cases of the full tables still gets every other case judged with the
  /// default options. Each crash costs a free restart (its process answered cases before it)
  /// and one from the budget (the culprit replayed alone, answering nothing), never 2 in a row.
  /// About 100 starts of a Python program that reads the fixtures: in a debug build at load 8
  /// the run took more than 10 minutes, so the limits only catch a hang.
  @Test(.timeLimit(.minutes(30))) func aCrashProneImplementationGetsEveryOtherCaseJudged() async throws {
    let fixtures = TestSupport.packageRoot.appendingPathComponent("fixtures").path
    let all = try FixtureSet.load(directory: fixtures).cases.filter { ["eligibility", "version-compare"].contains($0.suite) }
    #expect(all.count == 7666)
    // Every 153rd case, from the 77th: 50 of them, in both suites.
    let culprits = stride(from: 76, to: all.count, by: 153).map { all[$0].id }
    #expect(culprits.count == 50)
    let directory = TestSupport.temporaryDirectory("conform-crash-prone")
    let results = directory.appendingPathComponent("results.jsonl").path
    let crash = TestSupport.packageRoot.appendingPathComponent("Tests/Implementations/crash.py").path
    let outcome = try await TestSupport.run(
      TestSupport.binary("conform"),
      ["run", "--impl", crash, "--fixtures", fixtures, "--results", results]
        + ["--suite", "eligibility", "--suite", "version-compare", "--", "--fixtures", fixtures]
        + culprits.flatMap { ["--on", $0] },
      currentDirectory: directory, timeout: 1_700)
    #expect(outcome.status == 1, "\(outcome.stderr)")
    let file = try ResultsFile.read(results)
    #expect(file.footer != nil)
    #expect(file.results.count == 7666)
    #expect(Set(file.results.map(\.id)).count == 7666, "a case recorded twice")
    let crashed = Set(file.results.filter { $0.status == .crashed }.map(\.id))
    #expect(crashed == Set(culprits))
    #expect(file.results.filter { $0.status == .pass }.count == 7666 - 50)
    #expect(!file.results.contains { $0.status == .notRun })
    let restarts = try #require(file.footer?.restarts)
    #expect(restarts >= 50)
    #expect(!outcome.stderr.contains("the cases left were not run"), "\(outcome.stderr)")
  }
}
