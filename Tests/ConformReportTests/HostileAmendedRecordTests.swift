import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformResults

/// When a later line shows that an answer already recorded cannot be trusted (its seq answered a
/// second time), the harness writes a second record for that attempt; when the file is read back,
/// the later record of an attempt wins, and records of other attempts are kept.
@Suite struct HostileAmendedRecordTests {
  let header = ResultHeader(
    startedAt: "2026-11-30T12:00:00Z", implementation: .init(command: ["impl"], name: "impl"),
    fixtures: .init(source: "test", manifestDigest: "sha256:00", generatorVersion: "0.1.0", cases: 2), options: [:])

  func pass(_ id: String) -> CaseResult { CaseResult(id: id, suite: "a", status: .pass, attempt: 0, microseconds: 5) }

  @Test func recordsOfOtherAttemptsOfTheSameCaseAreKept() throws {
    let path = TestSupport.temporaryDirectory().appendingPathComponent("results.jsonl").path
    var second = pass("a/one")
    second.attempt = 1
    var bytes: [UInt8] = []
    for record in [ResultRecord.header(header), .result(pass("a/one")), .result(second)] {
      JSONWriter.write(record.json, into: &bytes)
      bytes.append(0x0A)
    }
    try FileIO.write(bytes, to: path)
    #expect(try ResultsFile.read(path).results == [pass("a/one"), second])
  }
}
