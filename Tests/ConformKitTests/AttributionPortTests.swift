import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// A port written from a real library's behaviour, run as a user runs it: each failing case is
/// filed under the cause read by hand from the port's code (`NumericCompare.swift`), never from
/// conform's output.
@Suite struct AttributionPortTests {
  /// Inputs of the published table the port fails, with the cause its code gives each.
  /// `compare(options: .numeric)` orders digit runs by value and other characters one by one.
  static let truth: [(remote: String, local: String, cause: String)] = [
    // Equal up to the shorter string, the longer is greater: no zero padding.
    ("2.0.0", "2.0", "version-compare/D8"),
    // The digit run `2` is read by its value, the letters after it compared as text: `2rc1` is 2.
    ("2rc1", "1.9", "version-compare/D11"),
    // A digit run is a number of any size: 20 nines are more than 1.
    ("99999999999999999999", "1", "version-compare/D5"),
    // `+` is a character below `1`, never a sign.
    ("1.+2", "1.1", "version-compare/D6"),
    // `v` is a character above `1`: a bug the spec names no drift for.
    ("v2.0", "1.9", "version-compare/unexplained"),
  ]

  @Test(.timeLimit(.minutes(30))) func numericCompareFailuresAreFiledUnderTheirTrueCauses() async throws {
    let folder = TestSupport.temporaryDirectory("attribution-numeric")
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await TestSupport.run(
      TestSupport.binary("conform"),
      [
        "run", "--impl", TestSupport.binary("swift-ports"), "--impl-arg", "numeric-compare", "--suite", "version-compare",
        "--json", "report.json",
      ], currentDirectory: folder)
    #expect(run.status == 1, "\(run.stderr)")
    // The headline bug first, never D9 "never newer than itself".
    #expect(run.stdout.contains("breaks 7 spec decisions:\n  version-compare/D8 "), "\(run.stdout.prefix(1500))")
    let report = try JSONReader.parse(String(contentsOf: folder.appendingPathComponent("report.json"), encoding: .utf8))
    let problems = try #require(report["problems"]?.arrayValue)
    var misfiled: [String] = []
    for (remote, local, cause) in Self.truth {
      let input: JSONValue = ["local": .string(local), "remote": .string(remote)]
      let problem = try #require(problems.first { $0["input"] == input }, "the port fails \(remote) against \(local)")
      if problem["cause"]?.stringValue != cause { misfiled.append("\(remote) vs \(local): \(problem["cause"] ?? .null)") }
    }
    #expect(misfiled == [])
  }
}
