import ConformPlatform
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformHarness
@testable import ConformSuites

/// The harness says what it noticed to the sink it is given, never to stderr itself: a tool that
/// embeds it (or this test) collects the notes.
@Suite struct HarnessDiagnosticsTests {
  /// The run is in this process: a pump that never ends fails at the time limit.
  @Test(.timeLimit(.minutes(5))) func aCrashWithCasesInFlightIsNotedToTheInjectedSink() async throws {
    let fixtures = try FixtureSet.load(directory: Testbed.fixtures)
    let target = try #require(fixtures.cases.first { $0.suite == "version-compare" }).id
    let notes = Locked<[String]>([])
    let settings = HarnessSettings(
      command: ["python3", Testbed.implementation("crash.py"), "--fixtures", Testbed.fixtures, "--on", target],
      environment: try ImplementationEnvironment(inherit: false, assignments: []).resolve(), jobs: 1, window: 64,
      timeout: 10, maxRestarts: 10, diagnostics: Diagnostics { note in notes.withLock { $0.append(note) } })
    let results = TestSupport.temporaryDirectory("conform-diagnostics").appendingPathComponent("results.jsonl").path
    let plan = HarnessPlan(
      fixtures: fixtures, selected: Array(fixtures.cases.indices), catalogue: SuiteRegistry.catalogue, settings: settings,
      resultsPath: results,
      options: [:])
    guard case .finished(let summary, _, _) = try await TestSupport.offThePool({ try Harness.run(plan) }) else {
      Issue.record("the run did not finish")
      return
    }
    #expect(summary.outcomes.first { $0.id == target }?.status == .crashed)
    let collected = notes.withLock { $0 }
    #expect(
      collected.contains { $0.contains("in flight; replaying them one at a time to find the one that causes it") }, "\(collected)"
    )
  }
}
