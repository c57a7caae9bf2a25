import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformKit

/// When a later line shows that an answer already recorded cannot be trusted (its seq answered a
/// second time), the harness replaces the attempt's record: in the run's own results, and in the
/// file, where the later record of an attempt wins when it is read back.
@Suite struct HostileAmendedRecordTests {
  let header = ResultHeader(
    startedAt: "2026-11-30T12:00:00Z", implementation: .init(command: ["impl"], name: "impl"),
    fixtures: .init(source: "test", manifestDigest: "sha256:00", generatorVersion: "0.1.0", cases: 2), options: [:])

  func pass(_ id: String) -> CaseResult { CaseResult(id: id, suite: "a", status: .pass, attempt: 0, microseconds: 5) }

  func broken(_ id: String) -> CaseResult {
    CaseResult(id: id, suite: "a", status: .protocolError, attempt: 0, message: "answered seq 1 a second time: {}")
  }

  @Test func anAmendedRecordReplacesTheAttemptsRecordInTheRunAndInTheFile() throws {
    let path = TestSupport.temporaryDirectory().appendingPathComponent("results.jsonl").path
    let writer = try ResultsWriter(path: path, header: header, expected: 2)
    writer.append(contentsOf: [pass("a/one"), pass("a/two")])
    writer.amend(broken("a/one"))
    let (results, footer) = try writer.finish(interrupted: nil, restarts: 1, milliseconds: 3)
    #expect(results == [broken("a/one"), pass("a/two")])
    #expect(footer.totals == [.pass: 1, .protocolError: 1])

    let lines = String(decoding: try FileIO.read(path), as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 5, "header, two records, the amendment, footer")
    let file = try ResultsFile.read(path)
    #expect(file.results == [broken("a/one"), pass("a/two")])
    #expect(RunSummary(file: file).exitStatus == .differences)
  }

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
