import ConformArchive
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// `conform generate` and `conform --help`, run as a user would.
@Suite struct GenerateCommandTests {
  @Test func generateTwiceGivesIdenticalBytesAndTheDigestItPrints() async throws {
    let first = TestSupport.temporaryDirectory()
    let second = TestSupport.temporaryDirectory()
    let a = try await TestSupport.run(TestSupport.binary("conform"), ["generate", "--out", first.path, "--depth", "3"])
    let b = try await TestSupport.run(TestSupport.binary("conform"), ["generate", "--out", second.path, "--depth", "3"])
    #expect(a.status == 0 && b.status == 0)
    #expect(a.stdout.replacingOccurrences(of: first.path, with: "") == b.stdout.replacingOccurrences(of: second.path, with: ""))
    for name in ["eligibility.jsonl", "version-compare.jsonl", "timeline.jsonl", "manifest.json", "timeline.md"] {
      #expect(try FileIO.read(first.appendingPathComponent(name).path) == FileIO.read(second.appendingPathComponent(name).path))
    }
    let manifest = try FileIO.read(first.appendingPathComponent("manifest.json").path)
    #expect(a.stdout.contains("sha256:\(SHA256.hex(manifest))"))
  }

  /// The tables are written as they are made, in pieces (timeline.jsonl is several of them):
  /// the defaults give the committed folder byte for byte, a longer old file replaced whole.
  @Test func generateStreamsThePublishedTablesByteForByte() async throws {
    let out = TestSupport.temporaryDirectory()
    let old = [UInt8](repeating: UInt8(ascii: "x"), count: 20 << 20)
    try FileIO.write(old, to: out.appendingPathComponent("timeline.jsonl").path)
    let outcome = try await TestSupport.run(TestSupport.binary("conform"), ["generate", "--out", out.path])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let committed = TestSupport.packageRoot.appendingPathComponent("fixtures")
    let names = try FileManager.default.contentsOfDirectory(atPath: committed.path).sorted()
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == names)
    for name in names {
      #expect(
        try FileIO.read(out.appendingPathComponent(name).path) == FileIO.read(committed.appendingPathComponent(name).path),
        "\(name)")
    }
  }

  @Test func badDepthIsAUsageError() async throws {
    let outcome = try await TestSupport.run(TestSupport.binary("conform"), ["generate", "--depth", "x"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr == "conform: error: usage: generate: --depth takes a whole number from 1 to 12, not \"x\"\n")
  }

  @Test func helpDescribesEveryOptionAndTheExitCodes() async throws {
    let outcome = try await TestSupport.run(TestSupport.binary("conform"), ["generate", "--help"])
    #expect(outcome.status == 0)
    for text in ["--out DIR", "--depth N", "EXIT STATUS", "130"] { #expect(outcome.stdout.contains(text)) }
    let top = try await TestSupport.run(TestSupport.binary("conform"), ["--help"])
    #expect(top.status == 0 && top.stdout.contains("generate"))
  }
}
