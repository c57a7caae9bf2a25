import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// One drifting port as its ports binary's `--catalogue` line declares it (`Mutant.all` in
/// `swift-ports`, `mutants` in `kotlin-port`): the facts its tests check, so no test keeps a list
/// of ports of its own.
struct CataloguedPort: Sendable, CustomTestStringConvertible {
  /// The ports binary that serves it, as a path.
  var binary: String
  var name: String
  /// Fixture case ids it must get wrong, one per bug; each id starts with its suite.
  var fails: [String]
  /// Suites its bugs cannot reach: it must agree with every case of each.
  var passes: [String]
  /// For a port with several bugs, the ports whose bugs it carries.
  var carries: [String]

  var testDescription: String { name }

  /// The ports `binary --catalogue` prints, in its order.
  static func all(of binary: String) async throws -> [CataloguedPort] {
    let outcome = try await TestSupport.run(binary, ["--catalogue"])
    #expect(outcome.status == 0, "\(binary) --catalogue: \(outcome.stderr)")
    return try outcome.stdout.split(separator: "\n").map { line in
      let fields = try JSONFields(try JSONReader.parse(String(line)))
      func strings(_ key: String) throws -> [String] {
        fields.object[key] == nil ? [] : try fields.array(key).compactMap(\.stringValue)
      }
      return CataloguedPort(
        binary: binary, name: try fields.string("name"), fails: try strings("fails"), passes: try strings("passes"),
        carries: try strings("carries"))
    }
  }

  /// The suite of a case: the first part of its id.
  static func suite(of caseID: String) -> String { String(caseID.prefix { $0 != "/" }) }

  /// Runs the port on `cases`; a trap ends a Swift port at once, without a backtrace.
  func run(_ cases: [FixtureCase]) async throws -> FixtureRun {
    try await FixtureRun(executable: binary, arguments: [name], cases: cases, environment: ["SWIFT_BACKTRACE": "enable=no"])
  }

  /// The port gets each of its named cases wrong, each run alone: it answers otherwise than the
  /// fixture expects, or is killed by a signal on it (`day-overflow-traps` traps, as the app did).
  func checkFailsItsNamedCases() async throws {
    #expect(!fails.isEmpty, "\(name) names a case that catches it")
    for caseID in fails {
      let run = try await run(try Fixtures.cases([caseID], of: Self.suite(of: caseID)))
      let answeredWrong = run.status == 0 && run.disagreeing == [caseID]
      let trapped = run.status > 128 && run.unanswered == [caseID]
      #expect(answeredWrong || trapped, "\(name) gets \(caseID) right (status \(run.status)): \(run.stderr.suffix(500))")
    }
  }

  /// The port agrees with every case of the suites its bugs cannot reach, none of which is a
  /// suite where one of its bugs shows.
  func checkPassesTheSuitesItsBugsCannotReach() async throws {
    #expect(Set(passes).isDisjoint(with: fails.map(Self.suite(of:))), "\(name) passes a suite where it fails a case")
    for suite in passes {
      let run = try await run(try Fixtures.cases(of: suite))
      #expect(run.status == 0)
      #expect(run.unanswered.isEmpty, "\(name) leaves \(suite) cases unanswered: \(run.unanswered.prefix(5))")
      #expect(run.disagreeing.isEmpty, "\(name) drifts in \(suite) too: \(run.disagreeing.prefix(5))")
    }
  }
}
