// The app against every case of the pinned fixture bundle, read by ConformTesting (no `conform`
// binary): one test case per fixture case, named by its id. `CONFORM_FIXTURES` names the bundle
// (the .tar.gz, or the unpacked folder) and `CONFORM_FIXTURES_DIGEST` pins it.
//
// One parameterized test per suite, run one case at a time: Swift Testing 6.3's console output
// copies its table of test data for every event, so many cases in parallel slow it down badly.

import AppConformance
import ConformAdapter
import ConformJSON
import ConformTesting
import Testing

@Suite(.serialized) struct BundleConformanceTests {
  @Test(arguments: try ConformBundle.cases("eligibility"))
  func eligibility(_ fixture: ConformCase) async { await fixture.check { try await answer(fixture) } }

  @Test(arguments: try ConformBundle.cases("version-compare"))
  func versionCompare(_ fixture: ConformCase) async { await fixture.check { try await answer(fixture) } }

  @Test(arguments: try ConformBundle.cases("timeline"))
  func timeline(_ fixture: ConformCase) async { await fixture.check { try await answer(fixture) } }

  /// Skipped, in one line naming them, while the bundle has suites the app does not answer.
  @Test(.skippedForSuites(notIn: AppConformance.suites))
  func everySuiteOfTheBundle() throws { #expect(try ConformBundle.suites(except: AppConformance.suites) == []) }

  func answer(_ fixture: ConformCase) async throws -> JSONValue {
    try await AppConformance.answer(CaseInput(id: fixture.id, suite: fixture.suite, value: fixture.input))
  }
}
