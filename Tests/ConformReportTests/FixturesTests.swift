import ConformArchive
import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformSuites

@Suite struct FixturesTests {
  static let fixturesDirectory = TestSupport.packageRoot.appendingPathComponent("fixtures").path
  /// Loaded once: checking 11 MB of digests is the slow part.
  static let published = Result { try FixtureSet.load(directory: fixturesDirectory) }

  @Test func generationIsDeterministic() {
    let options = GeneratorOptions(parameters: ["depth": 3])
    #expect(FixtureGenerator.generate(options: options) == FixtureGenerator.generate(options: options))
  }

  @Test func committedFixturesLoadAndEveryDigestVerifies() throws {
    let set = try Self.published.get()
    #expect(set.manifest.suites.map(\.name) == SuiteRegistry.names)
    #expect(set.cases.count == Int(set.manifest.suites.map(\.cases).reduce(0, +)))
    let timeline = try #require(set.manifest.suites.first { $0.name == "timeline" })
    #expect(timeline.facts["exhaustive-cancel"]?["sequences"] == .int(9331))
    #expect(timeline.facts["exhaustive-cancel"]?["depth"] == 5)
  }

  /// Every named case the seeds and specs call for is in the published tables.
  @Test(arguments: [
    "eligibility/seed/force-override", "eligibility/pitfall/last-attempt-int64-min-sentinel",
    "eligibility/pitfall/canonically-equivalent-versions", "eligibility/boundary/t3c7/wins-threshold-1",
    "version-compare/seed/2.0.10-vs-2.0.9", "version-compare/seed/2.0-vs-2.0.0", "version-compare/pitfall/double-dot",
    "version-compare/pitfall/arabic-indic-digit", "version-compare/pitfall/fullwidth-digit",
    "version-compare/pitfall/int32-overflow-part", "version-compare/pitfall/combining-mark-after-dot",
    "timeline/seed/cancel-before-sleep", "timeline/seed/cancel-during-sleep", "timeline/seed/cancel-after-sleep",
    "timeline/seed/backgrounded-during-wait", "timeline/cancel/win-show-late-t1000-t1000",
    "update-notice/seed/later-snoozes", "update-notice/seed/missing-next-display-key",
    "update-notice/seed/track-id-string-fails-decode", "update-notice/pitfall/version-number-2",
    "update-notice/pitfall/byte-order-mark", "update-notice/pitfall/trailing-text", "update-notice/pitfall/duplicate-version-key",
    "update-notice/pitfall/track-id-past-int32", "update-notice/pitfall/utc-day-is-not-local-day",
    "widget-location/seed/app-only-ends-at-once", "widget-location/seed/app-only-label",
    "widget-location/seed/no-widget-wants-location-key", "widget-location/pitfall/stale-widget-flag-denied",
    "widget-location/pitfall/invalid-accuracy", "widget-location/boundary/cache-age-max",
  ])
  func namedCaseIsPublished(id: String) throws {
    let set = try Self.published.get()
    #expect(set.cases.contains { $0.id == id })
  }

  @Test func everyExpectedOutputIsTheReferenceModels() throws {
    let set = try Self.published.get()
    for fixture in set.cases {
      let suite = try #require(SuiteRegistry.named(fixture.suite))
      #expect(try suite.expected(for: fixture.input) == fixture.expected, "\(fixture.id)")
    }
  }

  @Test func aTamperedTableIsRefusedWithItsName() throws {
    let directory = TestSupport.temporaryDirectory()
    _ = try FixtureGenerator.write(options: GeneratorOptions(parameters: ["depth": 1]), to: directory.path)
    let table = directory.appendingPathComponent("version-compare.jsonl").path
    var bytes = try FileIO.read(table)
    bytes[10] ^= 0x01
    try FileIO.write(bytes, to: table)
    #expect {
      try FixtureSet.load(directory: directory.path)
    } throws: { error in
      "\(error)".hasPrefix("\(directory.path)/version-compare.jsonl: does not match the manifest")
    }
  }

  /// Manifests written before the suites declared their parameters name the depth
  /// `timelineDepth`: nothing reads the generator's options back, so such a folder still loads.
  @Test func aManifestThatNamesTheDepthTimelineDepthStillLoads() throws {
    let directory = TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let files = FixtureGenerator.generate(options: GeneratorOptions(parameters: ["depth": 1]))
    var manifest = try FixtureManifest(json: try JSONReader.parse(try #require(files.last).bytes))
    #expect(manifest.generatorOptions == ["depth": 1])
    manifest.generatorOptions = ["timelineDepth": 1]
    for file in files.dropLast() { try FileIO.write(file.bytes, to: FileIO.join(directory.path, file.name)) }
    try FileIO.write(manifest.bytes, to: FileIO.join(directory.path, "manifest.json"))
    let set = try FixtureSet.load(directory: directory.path)
    #expect(set.manifest.generatorOptions == ["timelineDepth": 1])
    #expect(set.cases.count == Int(manifest.suites.map(\.cases).reduce(0, +)))
  }

  @Test func malformedLinesAreNamedByFileAndLine() throws {
    let directory = TestSupport.temporaryDirectory()
    var files = FixtureGenerator.generate(options: GeneratorOptions(parameters: ["depth": 1]))
    let index = try #require(files.firstIndex { $0.name == "eligibility.jsonl" })
    var lines = String(decoding: files[index].bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    lines[2] = lines[1]  // a duplicate case id on line 3
    files[index].bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    let manifest = try FixtureManifest(json: try JSONReader.parse(files.last!.bytes))
    var fixed = manifest
    fixed.files = manifest.files.map { file in
      let bytes = files.first { $0.name == file.path }!.bytes
      return FixtureManifest.File(path: file.path, bytes: Int64(bytes.count), sha256: SHA256.hex(bytes))
    }
    files[files.count - 1].bytes = fixed.bytes
    for file in files { try FileIO.write(file.bytes, to: FileIO.join(directory.path, file.name)) }
    #expect(
      throws: ConformError.file(
        path: directory.path + "/eligibility.jsonl", line: 3,
        message: "duplicate case id eligibility/seed/below-threshold (first at \(directory.path)/eligibility.jsonl line 2)")
    ) {
      try FixtureSet.load(directory: directory.path)
    }
  }
}
