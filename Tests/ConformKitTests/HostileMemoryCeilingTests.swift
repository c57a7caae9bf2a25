import ConformProtocol
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// conform's own memory has a ceiling whatever the implementation writes, and its own time is
/// never charged to a case (harness/README.md, "The harness under fire"): many huge answers
/// arriving as fast as the pipe takes them, and answers of millions of values.
@Suite(.serialized) struct HostileMemoryCeilingTests {
  /// The documented ceiling of `conform run --jobs 1` (harness/README.md): 100 MB fixed, plus
  /// 160 MB per process, plus 64 MiB for the excerpts that kept problems hold.
  static let ceiling = 100_000_000 + 160_000_000 + (64 << 20)

  static let hugeAnswer = Testbed.implementation("huge_answer.py")

  /// Runs `huge_answer.py` on the eligibility suite (48 cases) with `arguments`, measuring
  /// conform's peak memory.
  static func run(_ arguments: [String], options: [String] = []) async throws -> Hostile.Run {
    try await TestSupport.processOffThePool {
      try Hostile.start(script: hugeAnswer, options: ["--suite", "eligibility"] + options) { _ in
        ["--fixtures", Testbed.fixtures] + arguments
      }.finish(limit: 300)
    }
  }

  static func expectUnderTheCeiling(_ run: Hostile.Run, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!run.timedOut, "conform was still running after its limit", sourceLocation: sourceLocation)
    #expect(run.peakMemory > 0, "no peak memory measured", sourceLocation: sourceLocation)
    #expect(
      run.peakMemory < ceiling, "peak memory \(run.peakMemory >> 20) MiB, ceiling \(ceiling >> 20) MiB",
      sourceLocation: sourceLocation)
  }

  /// 40 answers of 15 MiB each (600 MiB through the pipe), with a 30 s timeout: every one is a
  /// failure, none a timeout however slow conform (a debug build) is to read them. (With 3 s, a
  /// fully loaded CI run once saw the Python script itself take longer to write one answer.)
  @Test func fortyAnswersOf15MiBStayUnderTheCeilingAndNoneTimesOut() async throws {
    let huge = Array(Hostile.eligibility.prefix(40))
    let run = try await Self.run(huge.flatMap { ["--string-on", $0] }, options: ["--timeout", "30"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.closingLine == "\(Hostile.eligibility.count - 40) passed, 40 failed", "\(run.stdout.suffix(2000))")
    #expect(run.stdout.contains("actual: about 15,728,642 bytes, cut for this report: the results file has it whole"))
    #expect(!run.stdout.contains("no answer within"))
    Self.expectUnderTheCeiling(run)
  }

  /// A valid 15 MB line of 5,000,000 empty objects and a 13 MB line of an object of 1,000,000
  /// keys: each refused as soon as it passes 1,000,000 values, a protocol error of its own case.
  /// The Python script's own time to build such a line is not what this measures: a loaded CI
  /// machine once took more than the default 10 s over it, so each case has 120 s.
  @Test func answersOfMillionsOfValuesAreRefusedUnderTheCeiling() async throws {
    let (objects, keys) = (Hostile.eligibility[0], Hostile.eligibility[1])
    let run = try await Self.run(["--empty-objects-on", objects, "--keys-on", keys], options: ["--timeout", "120"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.closingLine == "\(Hostile.eligibility.count - 2) passed, 0 failed, 2 errored", "\(run.stdout.suffix(2000))")
    for id in [objects, keys] {
      let record = try run.record(id)
      #expect(record.status == .protocolError)
      #expect(
        record.message?.hasPrefix("an answer whose payload holds more than 1000000 JSON values, the most conform reads")
          == true, "\(record.message ?? "no message")")
    }
    Self.expectUnderTheCeiling(run)
  }
}
