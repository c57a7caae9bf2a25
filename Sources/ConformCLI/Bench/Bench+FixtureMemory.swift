import ConformArchive
import ConformFixtures
import ConformJSON
import Foundation

/// The bench's rows on `conform run --fixtures`: its peak memory on a fixtures folder and on one
/// 10 times smaller, made from the first tenth of each of its tables, both answered by the Swift
/// reference (whose memory is its own, not conform's; the null implementation knows only three
/// suites, and the cases of the others would be recorded unsupported, a path of its own).
extension Bench {
  /// The larger folder: `conform generate --depth` at the scale's depth.
  var largeFixtures: String { setup.path("fixtures-large") }
  /// The first tenth of each of the larger folder's tables, with a manifest to match.
  var smallFixtures: String { setup.path("fixtures-small") }

  func fixturesMemoryCommand(_ folder: String) -> [String] {
    [setup.conform, "run", "--impl", setup.swiftReference ?? "(missing)", "--fixtures", folder]
      + ["--results", setup.path("fixtures-memory.jsonl")]
  }

  /// Writes both folders; returns their case counts.
  func writeMemoryFixtures() throws(ConformError) -> (small: Int, large: Int) {
    _ = try FixtureGenerator.write(options: Bench.options(depth: scale.fixturesMemoryDepth), to: largeFixtures)
    let manifestPath = FileIO.join(largeFixtures, "manifest.json")
    var manifest = try FixtureSet.parseManifest(try FileIO.read(manifestPath), path: manifestPath)
    let large = manifest.suites.reduce(0) { $0 + Int($1.cases) }
    var small = 0
    for (index, suite) in manifest.suites.enumerated() {
      let lines = try FileIO.read(FileIO.join(largeFixtures, suite.fixtures)).split(separator: 0x0A)
      let kept = lines.prefix((lines.count + 9) / 10)
      var bytes: [UInt8] = []
      var tags: [String: Int64] = [:]
      for line in kept {
        bytes += line
        bytes.append(0x0A)
        for tag in (try? JSONReader.parse(line))?["tags"]?.arrayValue ?? [] {
          if let tag = tag.stringValue { tags[tag, default: 0] += 1 }
        }
      }
      try FileIO.write(bytes, to: FileIO.join(smallFixtures, suite.fixtures))
      try FileIO.write(try FileIO.read(FileIO.join(largeFixtures, suite.spec)), to: FileIO.join(smallFixtures, suite.spec))
      manifest.suites[index].cases = Int64(kept.count)
      manifest.suites[index].tags = tags
      if let file = manifest.files.firstIndex(where: { $0.path == suite.fixtures }) {
        manifest.files[file] = FixtureManifest.File(path: suite.fixtures, bytes: Int64(bytes.count), sha256: SHA256.hex(bytes))
      }
      small += kept.count
    }
    try FileIO.write(manifest.bytes, to: FileIO.join(smallFixtures, "manifest.json"))
    return (small, large)
  }

  mutating func describeFixtureMemory(counts: (small: Int, large: Int)) {
    let table = "\(Self.searchSuite.name).jsonl"
    figures[BenchRow.fixturesMemoryN.rawValue].command = setup.display(fixturesMemoryCommand(smallFixtures))
    figures[BenchRow.fixturesMemoryN.rawValue].note = "N = \(BenchFormat.number(Double(counts.small))) cases"
    figures[BenchRow.fixturesMemory10N.rawValue].command = setup.display(fixturesMemoryCommand(largeFixtures))
    figures[BenchRow.fixturesMemory10N.rawValue].note =
      "\(BenchFormat.number(Double(counts.large))) cases (depth \(scale.fixturesMemoryDepth), "
      + "\(BenchFormat.number(Double(FileIO.size(FileIO.join(largeFixtures, table)) ?? 0) / 1e6)) MB \(table))"
    if let reason = setup.missing["swift-reference"] {
      figures[BenchRow.fixturesMemoryN.rawValue].note = "not measured: \(reason)"
      figures[BenchRow.fixturesMemory10N.rawValue].note = "not measured: \(reason)"
    }
  }

  mutating func measureFixtureMemory(_ round: Int) {
    progress(round, "peak memory on fixtures folders of N and 10×N cases")
    let small = run(.fixturesMemoryN, fixturesMemoryCommand(smallFixtures), sampleMemory: true)
    let large = run(.fixturesMemory10N, fixturesMemoryCommand(largeFixtures), sampleMemory: true)
    record(.fixturesMemoryN, small.map { Double($0.peakKilobytes) })
    record(.fixturesMemory10N, large.map { Double($0.peakKilobytes) })
    if let small, let large, small.peakKilobytes > 0 {
      ratio(.fixturesMemoryRatio, Double(large.peakKilobytes) / Double(small.peakKilobytes))
    }
    if let large, large.peakKilobytes > 0 { ratio(.fixturesMemoryPeak, Double(large.peakKilobytes) / 1024) }
  }
}
