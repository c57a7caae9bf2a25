import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// `conform diff` on two real runs of catalogued ports, as a user runs it: the causes expected
/// here are read by hand from the ports' code (`VersionThreeBugsChecker`,
/// `VersionPaddingAndEmptyChecker`), never from conform's output.
///
/// Both ports compare the common parts only and call the longer version newer (D8), and keep
/// empty pieces as 0 (D2); only `version-three-bugs` reads any Unicode decimal digit (D3).
@Suite struct DiffPortsTests {
  @Test(.timeLimit(.minutes(30))) func bothFailGroupsAreSplitByCauseAndEachDisagreementNamesItsSideAndCause() async throws {
    let folder = TestSupport.temporaryDirectory("diff-ports")
    defer { try? FileManager.default.removeItem(at: folder) }
    for port in ["version-three-bugs", "version-padding-and-empty"] {
      let run = try await TestSupport.run(
        TestSupport.binary("conform"),
        [
          "run", "--impl", TestSupport.binary("swift-ports"), "--impl-arg", port, "--suite", "version-compare",
          "--results", "\(port).jsonl",
        ], currentDirectory: folder)
      #expect(run.status == 1, "\(run.stderr)")
    }
    let diff = try await TestSupport.run(
      TestSupport.binary("conform"),
      ["diff", "version-three-bugs.jsonl", "version-padding-and-empty.jsonl", "--json", "drift.json", "--max-shown", "50"],
      currentDirectory: folder)
    #expect(diff.status == 1, "\(diff.stderr)")
    let text = diff.stdout
    let json = try JSONReader.parse(String(contentsOf: folder.appendingPathComponent("drift.json"), encoding: .utf8))
    let groups = try #require(json["sharedFailures"]?.arrayValue)
    func group(of id: String) throws -> JSONValue {
      try #require(groups.first { $0["ids"]?.arrayValue?.contains(.string(id)) == true }, "\(id) both fail")
    }

    // "1..2" against "1.1": both read 1.0.2, older than 1.1; the table drops the empty piece
    // (1.2, newer). ".5" against "1": both read 0.5. Empty pieces kept: D2, on both sides.
    let empty = try group(of: "version-compare/pitfall/double-dot")
    #expect(empty["causeA"] == "version-compare/D2")
    #expect(empty["causeB"] == "version-compare/D2")
    #expect(empty["ids"]?.arrayValue?.contains("version-compare/pitfall/leading-dot") == true)
    #expect(empty["example"] == "version-compare/pitfall/double-dot")
    #expect(empty["input"] == ["local": "1.1", "remote": "1..2"])
    // "2.0.0" against "2.0": equal common parts, the longer is called newer: no padding, D8.
    let padding = try group(of: "version-compare/seed/2.0-vs-2.0.0/reversed")
    #expect(padding["causeA"]?.stringValue?.hasPrefix("version-compare/D8") == true, "\(padding["causeA"] ?? .null)")
    #expect(padding["causeB"] == padding["causeA"])
    #expect(padding["ids"]?.arrayValue?.contains("version-compare/grid/0.0-vs-0") == true)
    // Before, these cases were one group, for they answer `newer: true` where the table says
    // false (or the reverse): split by cause, no group holds both a D2 and a D8 case.
    #expect(empty["ids"]?.arrayValue?.contains("version-compare/seed/2.0-vs-2.0.0/reversed") == false)
    #expect(padding["ids"]?.arrayValue?.contains("version-compare/pitfall/double-dot/reversed") == false)
    for group in groups {
      #expect(group["causeA"] != .null && group["causeA"] == group["causeB"], "\(group["ids"] ?? .null)")
      #expect(group["count"]?.intValue == group["ids"]?.arrayValue.map { Int64($0.count) })
    }
    // "1.0" against "": both split "" into one empty piece kept as 0, so 1.0 is newer than 0: D2
    // too, where the table says an empty version has no parts.
    #expect(empty["ids"]?.arrayValue?.contains("version-compare/seed/empty-vs-1.0/reversed") == true)
    let emptyBlock: String = [
      "\nBOTH FAIL 5 cases (cause version-compare/D2): version-compare/pitfall/double-dot, ",
      "version-compare/pitfall/double-dot/reversed, version-compare/pitfall/leading-dot, ",
      "version-compare/pitfall/leading-dot/reversed, version-compare/seed/empty-vs-1.0/reversed\n",
      "  example: version-compare/pitfall/double-dot\n",
      "  swift-ports/version-three-bugs 0.1.0: fail (cause version-compare/D2)\n",
      "  swift-ports/version-padding-and-empty 0.1.0: fail (cause version-compare/D2)\n",
      "  input: {\"local\":\"1.1\",\"remote\":\"1..2\"}\n",
    ].joined()
    #expect(text.contains(emptyBlock), "\(text)")
    // "٣" against "2": only A reads the Arabic-Indic digit as 3 (newer); B rejects it as 0, as the
    // table does. A fails by D3, B matches the table.
    let digitBlock: String = [
      "\nDRIFT version-compare/pitfall/arabic-indic-digit (version-compare/D3)\n",
      "  swift-ports/version-three-bugs 0.1.0: fail (cause version-compare/D3)\n",
      "  swift-ports/version-padding-and-empty 0.1.0: pass (matches the table)\n",
    ].joined()
    #expect(text.contains(digitBlock))
    let disagreements = try #require(json["disagreements"]?.arrayValue)
    let digit = try #require(disagreements.first { $0["id"] == "version-compare/pitfall/arabic-indic-digit" })
    #expect(digit["a"]?["cause"] == "version-compare/D3")
    #expect(digit["a"]?["matchesTable"] == false)
    #expect(digit["b"]?["matchesTable"] == true)
    #expect(digit["b"]?["cause"] == .null)
    #expect(digit["input"] == ["local": "2", "remote": "٣"])
    // "1.１" against "1.0": the fullwidth digit read as 1 (newer), D3 too (D9 reproduces it as well).
    for disagreement in disagreements {
      let cause = disagreement["a"]?["cause"]?.stringValue ?? ""
      #expect(disagreement["a"]?["matchesTable"] == false && cause.hasPrefix("version-compare/D3"), "\(cause)")
      #expect(disagreement["b"]?["matchesTable"] == true)
    }

    // One attribution: each side's cause in the diff is the cause `conform report` of that side
    // files the case under, for every disagreement and every case both sides fail.
    for (side, port) in [("a", "version-three-bugs"), ("b", "version-padding-and-empty")] {
      let report = try await TestSupport.run(
        TestSupport.binary("conform"), ["report", "\(port).jsonl", "--json", "\(port).json"], currentDirectory: folder)
      #expect(report.status == 1, "\(report.stderr)")
      let problems = try #require(
        JSONReader.parse(String(contentsOf: folder.appendingPathComponent("\(port).json"), encoding: .utf8))["problems"]?
          .arrayValue)
      var filed: [String: JSONValue] = [:]
      for problem in problems { filed[problem["id"]?.stringValue ?? ""] = problem["cause"] }
      for disagreement in disagreements where disagreement[side]?["matchesTable"] == false {
        let id = disagreement["id"]?.stringValue ?? ""
        #expect(disagreement[side]?["cause"] == filed[id], "\(side) on \(id)")
      }
      for group in groups {
        for id in group["ids"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
          #expect(group["cause" + side.uppercased()] == filed[id], "\(side) on \(id)")
        }
      }
    }
  }
}
