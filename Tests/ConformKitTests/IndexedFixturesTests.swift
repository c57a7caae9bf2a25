import ConformArchive
import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformResults

/// `conform run --fixtures DIR` reads each case from its table as it sends it: the same run
/// as one of the same cases held in memory (the built-in tables, which `fixtures/` is).
@Suite struct IndexedFixturesTests {
  /// The results file's lines without what differs from run to run or names the source.
  static func comparable(_ path: String) throws -> [String] {
    let text = String(decoding: try FileIO.read(path), as: UTF8.self)
    return try text.split(separator: "\n").map { line in
      guard case .object(var object) = try JSONReader.parse(String(line)) else { return String(line) }
      for key in ["us", "ms", "startedAt", "endedAt", "options"] { object[key] = nil }
      if case .object(var fixtures)? = object["fixtures"] {
        fixtures["source"] = nil
        object["fixtures"] = .object(fixtures)
      }
      return JSONWriter.string(.object(object))
    }
  }

  @Test(arguments: [
    ["--suite", "eligibility", "--shuffle", "5", "--repeat", "2"],
    ["--case", "eligibility/*", "--case", "widget-location/seed/*", "--limit", "200"],
  ])
  func aRunOfAFoldersTablesMatchesOneOfTheSameCasesInMemory(_ options: [String]) async throws {
    let folder = TestSupport.temporaryDirectory("indexed-fixtures")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixtures = TestSupport.packageRoot.appendingPathComponent("fixtures").path
    var results: [[String]] = []
    for (name, source) in [("memory", [String]()), ("indexed", ["--fixtures", fixtures])] {
      let path = folder.appendingPathComponent("\(name).jsonl").path
      let run = try await TestSupport.run(
        TestSupport.binary("conform"),
        ["run", "--impl", TestSupport.binary("swift-ports"), "--impl-arg", "cooldown-gt", "--results", path] + source + options)
      #expect(run.status == 1, "\(run.stderr)")
      results.append(try Self.comparable(path))
    }
    #expect(results[0].count > 10)
    #expect(results[0].contains { $0.contains(#""status":"fail""#) })
    #expect(results[1] == results[0])
  }

  /// A bundle is unpacked a file at a time into a private folder and run from its tables there,
  /// like a fixtures folder; the folder is gone when the run ends, and a damaged bundle is named.
  @Test func aRunOfABundleMatchesOneOfTheSameCasesInMemory() async throws {
    let folder = TestSupport.temporaryDirectory("indexed-bundle")
    defer { try? FileManager.default.removeItem(at: folder) }
    let scratch = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let conform = TestSupport.binary("conform")
    let root = TestSupport.packageRoot
    let create = try await TestSupport.run(
      conform,
      [
        "bundle", "create", "--version", "1.0.0", "--fixtures", root.appendingPathComponent("fixtures").path,
        "--harness", root.appendingPathComponent("harness").path, "--out", folder.path,
      ])
    #expect(create.status == 0, "\(create.stderr)")
    let bundle = folder.appendingPathComponent("conform-fixtures-1.0.0.tar.gz").path
    let digest = try #require(create.stdout.split(separator: " ").first.map(String.init))
    var results: [[String]] = []
    for (name, source) in [("memory", [String]()), ("bundle", ["--fixtures", bundle, "--expect-digest", digest])] {
      let path = folder.appendingPathComponent("\(name).jsonl").path
      let run = try await TestSupport.run(
        conform,
        [
          "run", "--impl", TestSupport.binary("swift-ports"), "--impl-arg", "cooldown-gt", "--results", path,
          "--suite", "eligibility", "--suite", "update-notice", "--shuffle", "3",
        ] + source,
        environment: ["TMPDIR": scratch.path])
      #expect(run.status == 1, "\(run.stderr)")
      results.append(try Self.comparable(path))
    }
    #expect(results[0].contains { $0.contains(#""status":"fail""#) })
    // The header aside (a bundle's manifest has its version, so another digest), the same records.
    #expect(results[1].count == results[0].count)
    #expect(results[1].dropFirst().elementsEqual(results[0].dropFirst()))
    let header = try ResultsFile.read(folder.appendingPathComponent("bundle.jsonl").path).header
    #expect(header.fixtures.bundleDigest == digest)
    #expect(header.fixtures.bundleVersion == "1.0.0")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [])

    var damaged = try FileIO.read(bundle)
    damaged[damaged.count / 2] ^= 0xFF
    let damagedPath = folder.appendingPathComponent("damaged.tar.gz").path
    try FileIO.write(damaged, to: damagedPath)
    let run = try await TestSupport.run(
      conform, ["run", "--impl", TestSupport.binary("swift-reference"), "--fixtures", damagedPath],
      environment: ["TMPDIR": scratch.path])
    #expect(run.status == 2)
    #expect(run.stderr.contains("\(damagedPath): gzip member 1: CRC-32 "), "\(run.stderr)")
    #expect(run.stderr.contains("it is damaged or not a conform bundle: fetch it again"), "\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [])
  }

  @Test func aDuplicateIdIsNamedWithItsFirstLine() throws {
    let folder = TestSupport.temporaryDirectory("indexed-fixtures")
    defer { try? FileManager.default.removeItem(at: folder) }
    let line =
      Array(#"{"expected":{"eligible":true},"id":"eligibility/x/a","input":{},"note":"","suite":"eligibility","tags":[]}"#.utf8)
      + [0x0A]
    let other =
      Array(#"{"expected":{"eligible":true},"id":"eligibility/x/b","input":{},"note":"","suite":"eligibility","tags":[]}"#.utf8)
      + [0x0A]
    let table = line + other + line
    var manifest = try FixtureSet.parseManifest(
      try FileIO.read(TestSupport.packageRoot.appendingPathComponent("fixtures/manifest.json").path), path: "manifest.json")
    manifest.suites = manifest.suites.filter { $0.name == "eligibility" }
    manifest.suites[0].cases = 3
    manifest.files = [FixtureManifest.File(path: "eligibility.jsonl", bytes: Int64(table.count), sha256: SHA256.hex(table))]
    try FileIO.write(table, to: folder.appendingPathComponent("eligibility.jsonl").path)
    try FileIO.write(manifest.bytes, to: folder.appendingPathComponent("manifest.json").path)
    let path = folder.appendingPathComponent("eligibility.jsonl").path
    #expect(
      throws: ConformError.file(path: path, line: 3, message: "duplicate case id eligibility/x/a (first at \(path) line 1)")
    ) {
      _ = try IndexedFixtures.load(directory: folder.path) { _, _ in }
    }
  }
}
