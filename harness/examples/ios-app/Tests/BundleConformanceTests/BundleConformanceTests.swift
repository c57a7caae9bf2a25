// The app against every case of the pinned fixture bundle, read directly (no `conform`): one test
// case per fixture case, named by its id. `CONFORM_FIXTURES` names the unpacked bundle folder and
// `CONFORM_FIXTURES_DIGEST` pins it (`sha256:` and the SHA-256 of its manifest.json).
//
// One parameterized test per suite, run one case at a time: Swift Testing 6.3's console output
// copies its table of test data for every event, so many cases in parallel slow it down badly
// (72 s for all 19,601 cases as one parallel test on a 2-core machine, 11 to 20 s this way).

import AppConformance
import ConformAdapter
import ConformJSON
import Testing

@Suite(.serialized) struct BundleConformanceTests {
  /// The pinned bundle, read and checked once for every test here.
  static let pinned = Result { () throws(BundleError) in try PinnedBundle.load() }

  /// The suites this file has a test for.
  static let testedSuites = ["eligibility", "timeline", "version-compare"]

  /// The cases of `suite`, or none when the bundle cannot be used: `bundleIsPinnedAndComplete`
  /// then fails once, saying why and what to do.
  static func cases(of suite: String) -> [FixtureCase] {
    (try? pinned.get())?.cases.filter { $0.suite == suite } ?? []
  }

  @Test func bundleIsPinnedAndComplete() throws {
    let bundle = try Self.pinned.get()
    // Every suite the app answers has a test here and is in the bundle. A bundle suite the app
    // does not answer is reported below, as conform run reports it unsupported.
    #expect(AppConformance.suites == Self.testedSuites, "the app answers \(AppConformance.suites), this file tests \(Self.testedSuites)")
    #expect(Self.testedSuites.allSatisfy(bundle.suites.contains), "the bundle's suites are \(bundle.suites), this file tests \(Self.testedSuites)")
  }

  /// The bundle's suites the app does not answer.
  static var suitesNotAnswered: [String] {
    ((try? pinned.get())?.suites ?? []).filter { !AppConformance.suites.contains($0) }
  }

  /// One known issue per suite of the bundle that the app does not answer: printed in the log and
  /// counted in the summary ("passed with 2 known issues"), not a failure, as conform run reports
  /// such a suite unsupported and the Android app's JUnit tests abort it. (`Test.cancel` would be
  /// silent: Swift Testing 6.3 prints a cancelled test case as passed.)
  @Test(arguments: suitesNotAnswered)
  func suiteNotImplementedByTheApp(_ suite: String) {
    withKnownIssue("the bundle has the suite \(suite), which AppConformance does not answer: its cases were not run") {
      Issue.record("\(suite): not implemented by the app")
    }
  }

  @Test(arguments: cases(of: "eligibility"))
  func eligibility(_ fixture: FixtureCase) async { await check(fixture) }

  @Test(arguments: cases(of: "version-compare"))
  func versionCompare(_ fixture: FixtureCase) async { await check(fixture) }

  @Test(arguments: cases(of: "timeline"))
  func timeline(_ fixture: FixtureCase) async { await check(fixture) }

  /// Answers `fixture` as the adapter would and records an issue naming the case, with its input,
  /// expected and actual output and where they differ, unless the answer is the expected one.
  private func check(_ fixture: FixtureCase) async {
    let actual: JSONValue
    do {
      actual = try await AppConformance.answer(CaseInput(id: fixture.id, suite: fixture.suite, value: fixture.input))
    } catch {
      Issue.record(Comment(rawValue: fixture.report(["the app threw: \(error)"])))
      return
    }
    let differences = JSONDifference.lines(expected: fixture.expected, actual: actual)
    if !differences.isEmpty {
      Issue.record(Comment(rawValue: fixture.report(["actual:   \(actual)", "(- expected, + actual)"] + differences)))
    }
  }
}

extension FixtureCase {
  /// The failure message: the case, its input and expected output, then `details`.
  func report(_ details: [String]) -> String {
    var lines = ["\(id) does not conform (\(location))"]
    if let note { lines.append("note:     \(note)") }
    lines.append("input:    \(input)")
    lines.append("expected: \(expected)")
    return (lines + details).joined(separator: "\n")
  }
}
