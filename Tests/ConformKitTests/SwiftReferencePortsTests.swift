import ConformCLI
import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// Every drifting port of `swift-ports` must be caught by its named fixture cases (a port with
/// several bugs, by one named case for each), and must agree with the suites its bugs cannot
/// reach. The ports and those facts come from `swift-ports --catalogue` (each port's entry in
/// `Mutant.all`), the lines `conform mutants` reads too.
@Suite struct SwiftReferencePortsTests {
  static let binary = TestSupport.binary("swift-ports")

  static func ports() async throws -> [CataloguedPort] { try await CataloguedPort.all(of: binary) }

  /// The catalogue `conform mutants` reads lists `swift-ports` once, as a ports line: it runs
  /// every port the binary declares, by its name, and no other.
  @Test func conformMutantsRunsEveryPort() async throws {
    let text = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("harness/mutants.jsonl"), encoding: .utf8)
    let lines = text.split(separator: "\n").filter { $0.contains(#""impl":"$BIN/swift-ports""#) }
    #expect(lines.count == 1)
    let folder = TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("mutants.jsonl").path
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    let catalogue = try MutantCatalogue.read(path, binaryDirectory: TestSupport.productsDirectory.path)
    let ports = try await Self.ports()
    #expect(catalogue.entries.map(\.name) == ports.map(\.name))
    for entry in catalogue.entries {
      #expect(entry.args == [entry.name] && entry.impl == Self.binary && entry.kind == .mutant && entry.language == "swift")
    }
  }

  /// Each port is named once; a port with several bugs carries ports of the same binary.
  @Test func portsAreNamedOnceAndCarryPortsOfTheirOwn() async throws {
    let ports = try await Self.ports()
    let names = ports.map(\.name)
    #expect(names.count > 20)
    #expect(Set(names).count == names.count)
    for port in ports {
      #expect(Set(port.carries).isSubset(of: names), "\(port.name) carries \(port.carries)")
    }
  }

  @Test(arguments: try await ports())
  func portFailsItsNamedCases(_ port: CataloguedPort) async throws {
    try await port.checkFailsItsNamedCases()
  }

  @Test(arguments: try await ports())
  func portPassesTheSuitesItsBugsCannotReach(_ port: CataloguedPort) async throws {
    try await port.checkPassesTheSuitesItsBugsCannotReach()
  }

  /// Its bugs are independent: a port with several bugs fails every case any port it carries
  /// fails, in the suites where their bugs show (and may fail more, where two bugs meet in one
  /// case, as a late cancel in the background does).
  @Test(arguments: try await ports().filter { !$0.carries.isEmpty })
  func portWithSeveralBugsFailsWhatEachOfItsBugsFails(_ port: CataloguedPort) async throws {
    let ports = try await Self.ports()
    for partName in port.carries {
      let part = try #require(ports.first { $0.name == partName })
      for suite in Set(part.fails.map(CataloguedPort.suite(of:))).sorted() {
        let cases = try Fixtures.cases(of: suite)
        let run = try await port.run(cases)
        #expect(run.status == 0)
        let alone = try await part.run(cases)
        #expect(!alone.disagreeing.isEmpty)
        let missed = Set(alone.disagreeing).subtracting(run.disagreeing)
        #expect(missed.isEmpty, "\(port.name) agrees where \(part.name) fails: \(missed.sorted().prefix(5))")
      }
    }
  }

  /// The app's crash: a never-attempted user (stored as `Int64.min`) reaching the threshold. The
  /// port flushes each answer, so the case answered before the trap reaches the harness.
  @Test func dayOverflowTrapsCrashesOnNeverAttemptedUserAtThreshold() async throws {
    let cases = try Fixtures.cases(
      ["eligibility/seed/below-threshold", "eligibility/seed/threshold-met-never-attempted", "eligibility/seed/cooldown-over"],
      of: "eligibility")
    let run = try await FixtureRun(
      binary: "swift-ports", arguments: ["day-overflow-traps"], cases: cases, environment: ["SWIFT_BACKTRACE": "enable=no"])
    #expect(run.status > 128, "killed by a signal (a Swift trap), status \(run.status)")
    #expect(run.agreeing == ["eligibility/seed/below-threshold"])
    #expect(run.unanswered == ["eligibility/seed/threshold-met-never-attempted", "eligibility/seed/cooldown-over"])
  }

  /// `1.\u{301}2` vs `1.0.1` is false either way; `2.\u{301}1` vs `1` is 2.0 > 1, and
  /// `1.2.\u{301}3` vs `1.1` is 1.2 > 1.1, only when the split sees the dot before the combining
  /// mark, so those two pairs catch `grapheme-split`.
  @Test func graphemeSplitIsCaughtByTheCombiningMarkFixture() async throws {
    let run = try await FixtureRun(
      binary: "swift-ports", arguments: ["grapheme-split"], cases: try Fixtures.cases(of: "version-compare"))
    #expect(run.status == 0)
    #expect(
      run.disagreeing.sorted() == [
        "version-compare/pitfall/combining-mark-after-dot-major",
        "version-compare/pitfall/combining-mark-after-dot-major/reversed",
        "version-compare/pitfall/combining-mark-after-dot-minor",
        "version-compare/pitfall/combining-mark-after-dot-minor/reversed",
      ])
  }
}
