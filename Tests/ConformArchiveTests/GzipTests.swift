import ConformArchive
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// The hand-written gzip, DEFLATE and CRC-32 against each other and against the system's `gzip`.
@Suite struct GzipTests {
  /// Inputs that reach every kind of block: empty, tiny (fixed), text (dynamic), random (stored).
  static let samples: [(name: String, bytes: [UInt8])] = {
    var seeded = SeededGenerator(seed: 42)
    let noise = (0..<100_000).map { _ in UInt8(truncatingIfNeeded: seeded.next()) }
    let text = Array(String(repeating: "{\"id\":\"timeline/cancel/win-bg\",\"input\":{\"steps\":[1,2,3]}}\n", count: 3000).utf8)
    let runs = [UInt8](repeating: 0x61, count: 70_000) + [UInt8](repeating: 0, count: 300)
    return [
      ("empty", []), ("one byte", [0x41]), ("hello", Array("hello, hello, hello world\n".utf8)),
      ("json lines", text), ("long runs", runs), ("random", noise), ("mixed", text + noise + runs + text),
    ]
  }()

  @Test(arguments: samples.map(\.name))
  func roundTrips(name: String) throws {
    let bytes = try #require(Self.samples.first { $0.name == name }).bytes
    let compressed = Gzip.compress(bytes)
    #expect(try Gzip.decompress(compressed, limit: bytes.count) == bytes)
    #expect(Gzip.compress(bytes) == compressed, "compression is deterministic")
  }

  @Test(arguments: samples.map(\.name))
  func systemGzipReadsOurs(name: String) async throws {
    let bytes = try #require(Self.samples.first { $0.name == name }).bytes
    let directory = TestSupport.temporaryDirectory("gzip")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("sample.gz")
    try Data(Gzip.compress(bytes)).write(to: file)
    let outcome = try await TestSupport.run(
      "/bin/sh", ["-c", "gzip -t sample.gz && gzip -dc sample.gz | sha256sum"], currentDirectory: directory)
    #expect(outcome.status == 0, "gzip -t: \(outcome.stderr)")
    #expect(outcome.stdout.hasPrefix(SHA256.hex(bytes)))
  }

  @Test(arguments: ["-1", "-6", "-9"])
  func readsSystemGzip(level: String) async throws {
    let directory = TestSupport.temporaryDirectory("gzip")
    defer { try? FileManager.default.removeItem(at: directory) }
    for sample in Self.samples {
      let file = directory.appendingPathComponent("sample")
      try Data(sample.bytes).write(to: file)
      // -n: no name or time in the header; -c keeps the input. Named ones (-N) are read too.
      let outcome = try await TestSupport.run(
        "/bin/sh", ["-c", "gzip \(level) -N -c sample > sample.gz"], currentDirectory: directory)
      #expect(outcome.status == 0)
      let compressed = try [UInt8](Data(contentsOf: directory.appendingPathComponent("sample.gz")))
      #expect(try Gzip.decompress(compressed, limit: 1 << 20) == sample.bytes, "gzip \(level): \(sample.name)")
    }
  }

  @Test func readsTheFixturesAsGzip9CompressesThem() async throws {
    let fixtures = TestSupport.packageRoot.appendingPathComponent("fixtures/version-compare.jsonl").path
    let directory = TestSupport.temporaryDirectory("gzip")
    defer { try? FileManager.default.removeItem(at: directory) }
    let outcome = try await TestSupport.run(
      "/bin/sh", ["-c", #"gzip -9 -c "$1" > table.gz"#, "sh", fixtures], currentDirectory: directory)
    #expect(outcome.status == 0)
    let compressed = try [UInt8](Data(contentsOf: directory.appendingPathComponent("table.gz")))
    let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixtures)))
    #expect(try Gzip.decompress(compressed, limit: original.count) == original)
  }

  @Test func readsConcatenatedMembers() throws {
    let first = Array("first member\n".utf8)
    let second = Array("second member\n".utf8)
    #expect(try Gzip.decompress(Gzip.compress(first) + Gzip.compress(second), limit: 100) == first + second)
  }

  @Test func compressesJSONLinesWell() throws {
    let text = try #require(Self.samples.first { $0.name == "json lines" }).bytes
    #expect(Gzip.compress(text).count < text.count / 50)
  }

  @Test func stopsAtTheOutputLimit() {
    let bomb = Gzip.compress([UInt8](repeating: 0, count: 1 << 20))
    #expect(bomb.count < 2000)
    #expect(throws: ArchiveError("expands to more than 65536 bytes")) { try Gzip.decompress(bomb, limit: 1 << 16) }
  }

  @Test func refusesDamage() throws {
    let bytes = try #require(Self.samples.first { $0.name == "mixed" }).bytes
    let good = Gzip.compress(bytes)
    #expect(throws: ArchiveError("not a gzip file (it does not start with 1f 8b)")) {
      try Gzip.decompress(Array(good.dropFirst()), limit: 1 << 20)
    }
    #expect(throws: ArchiveError.self) { try Gzip.decompress(Array(good.dropLast(9)), limit: 1 << 20) }
    #expect(throws: ArchiveError("4 bytes after the last gzip member are not a gzip member")) {
      try Gzip.decompress(good + [1, 2, 3, 4], limit: 1 << 20)
    }
    // Every single-byte change in the compressed data or the trailer is caught.
    for position in stride(from: 10, to: good.count, by: max(1, good.count / 80)) {
      var damaged = good
      damaged[position] ^= 0x10
      #expect(throws: ArchiveError.self, "byte \(position) of \(good.count)") { try Gzip.decompress(damaged, limit: 1 << 20) }
    }
  }

  @Test func crc32MatchesTheCheckValue() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum([]) == 0)
  }

  @Test func huffmanLengthsRespectTheLimit() {
    // Fibonacci frequencies make the deepest possible tree.
    var frequencies = [1, 1]
    while frequencies.count < 30 { frequencies.append(frequencies[frequencies.count - 1] + frequencies[frequencies.count - 2]) }
    let lengths = HuffmanCode.lengths(frequencies: frequencies, limit: 15)
    #expect(lengths.allSatisfy { $0 >= 1 && $0 <= 15 })
    let kraft = lengths.reduce(0.0) { $0 + 1.0 / Double(1 << Int($1)) }
    #expect(kraft == 1.0, "the code is complete")
  }
}
