import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// `conform mutants --fuzz`: the fuzzer's adequacy table, on the built reference and one port.
@Suite struct MutantsFuzzTests {
  /// A catalogue of the Swift reference and Swift ports (by default the no-zero-padding port).
  func catalogue(in folder: URL, ports: [String]) throws -> String {
    let path = folder.appendingPathComponent("mutants.jsonl").path
    let reference =
      #"{"bug":"none","impl":"$BIN/swift-reference","kind":"reference","language":"swift","name":"swift-reference"}"#
    let lines =
      [reference]
      + ports.map {
        #"{"args":["\#($0)"],"bug":"a bug","impl":"$BIN/swift-ports","kind":"mutant","language":"swift","name":"\#($0)"}"#
      }
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func mutants(_ arguments: [String], in folder: URL, ports: [String] = ["no-zero-padding"]) async throws -> ProcessOutcome {
    try await TestSupport.run(
      TestSupport.binary("conform"),
      [
        "mutants", "--catalogue", try catalogue(in: folder, ports: ports), "--results-dir",
        folder.appendingPathComponent("results").path,
      ]
        + arguments, timeout: 300)
  }

  /// The port caught by the fewest cases is named with its count, the count its row shows.
  @Test func theTableNamesThePortTheFewestCasesCatch() async throws {
    let folder = TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await mutants([], in: folder, ports: ["no-zero-padding", "grapheme-split"])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    func failingCases(_ port: String) throws -> Int {
      let row = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("| \(port) |") })
      return try #require(Int(row.split(separator: "|")[3].trimmingCharacters(in: .whitespaces)))
    }
    let (padding, grapheme) = (try failingCases("no-zero-padding"), try failingCases("grapheme-split"))
    #expect(grapheme >= 3 && grapheme < padding, "grapheme-split \(grapheme), no-zero-padding \(padding)")
    #expect(run.stdout.contains("- fewest cases catching one port: \(grapheme) (grapheme-split)\n"), "\(run.stdout)")
  }

  @Test func thePortIsFoundAndShrunkToTheSmallestPublishedCaseAndTheReferenceHasNoFinding() async throws {
    let folder = TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let markdown = folder.appendingPathComponent("table.md").path
    let run = try await mutants(["--fuzz", "--seed", "1", "--cases", "3000", "--markdown", markdown], in: folder)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    let rows = run.stdout.split(separator: "\n").map(String.init)
    #expect(
      rows.first
        == "| implementation | language | fuzz verdict | found after | seconds | minimal cases | minimal bytes | smallest published case | published bytes |"
    )
    let reference = try #require(rows.first { $0.hasPrefix("| swift-reference |") })
    #expect(reference.hasPrefix("| swift-reference | swift | no finding | 3,000 cases (all) | "))
    let port = try #require(rows.first { $0.hasPrefix("| no-zero-padding |") })
    #expect(port.hasPrefix("| no-zero-padding | swift | found | "))
    // {"local":"0","remote":"0.0"} is 28 bytes, and so is the smallest published case that catches it.
    #expect(port.hasSuffix(" | 28 | `version-compare/grid/0.0-vs-0` | 28 |"), "\(port)")
    #expect(run.stdout.contains("- ports found: 1/1; found and no larger than the smallest published case: 1/1\n"))
    #expect(run.stdout.contains("- references with no finding: 1/1\n"))
    #expect(try String(contentsOfFile: markdown, encoding: .utf8) == run.stdout)
  }

  @Test func aPortTheBudgetDoesNotReachFailsTheCommand() async throws {
    let folder = TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The first case of a search is an eligibility case: no version is compared.
    let run = try await mutants(["--fuzz", "--cases", "1", "--only", "no-zero-padding"], in: folder)
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("| no-zero-padding | swift | **not found** | 1 case (all) | "))
  }

  @Test func searchOptionsWithoutFuzzAreRefused() async throws {
    let folder = TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await mutants(["--seed", "1"], in: folder)
    #expect(run.status == 2)
    #expect(run.stderr.contains("--seed, --time and --cases apply to --fuzz only"))
  }
}
