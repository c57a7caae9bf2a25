import ConformArchive
import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformBundle
@testable import ConformFixtures
@testable import ConformSuites

/// Creating, reading and verifying bundles: determinism, tampering, pins and future formats.
@Suite struct BundleReaderTests {
  @Test func sameFixturesGiveTheSameBytes() throws {
    let first = try BundleSamples.make(depth: 1, version: "1.0.0", suites: BundleSamples.smallSuites).archive()
    let second = try BundleSamples.make(depth: 1, version: "1.0.0", suites: BundleSamples.smallSuites).archive()
    #expect(first == second)
    // A fixtures folder written to disk bundles to the same bytes as the generator's output.
    let directory = TestSupport.temporaryDirectory("bundle")
    defer { try? FileManager.default.removeItem(at: directory) }
    let options = GeneratorOptions(parameters: ["depth": 1])
    for file in FixtureGenerator.generate(options: options, suites: BundleSamples.smallSuites) {
      try FileIO.write(file.bytes, to: FileIO.join(directory.path, file.name))
    }
    let fromFolder = try FixtureSource.load(directory.path, expectDigest: nil)
    #expect(fromFolder.origin == .folder(directory.path))
    let files = ["manifest.json"] + fromFolder.fixtures.manifest.files.map(\.path)
    let read = try files.map { FixtureFile(name: $0, bytes: try FileIO.read(directory.appendingPathComponent($0).path)) }
    let again = try FixtureBundle(fixtureFiles: read, documents: BundleSamples.documents, version: SemanticVersion("1.0.0")!)
    #expect(again.archive() == first)
    let other = try BundleSamples.make(depth: 1, version: "1.0.1", suites: BundleSamples.smallSuites)
    #expect(other.archive() != first, "the version is in the bytes")
    #expect(again.relabelled(SemanticVersion("1.0.1")!).archive() == other.archive())
  }

  /// `bundle create` refuses to publish what conform's own reader would refuse, and says why.
  @Test func aBundleOverTheReadersLimitsIsNotPublished() throws {
    let bundle = try BundleSamples.small()
    let archive = bundle.archive()
    try bundle.checkReadable(archive: archive)
    let largest = try #require(bundle.files.max { $0.bytes.count < $1.bytes.count })
    var limits = BundleLimits.standard
    limits.maxEntryBytes = largest.bytes.count - 1
    let error = try #require(throws: ConformError.self) { try bundle.checkReadable(archive: archive, limits: limits) }
    #expect(error.description.contains("\(largest.name) is \(Plural.grouped(largest.bytes.count, "byte")), over the"))
    #expect(throws: ConformError.self) { try FixtureBundle.read(archive: archive, name: "small.tar.gz", limits: limits) }
    limits = .standard
    limits.maxEntries = bundle.files.count - 1
    #expect(throws: ConformError.self) { try bundle.checkReadable(archive: archive, limits: limits) }
    #expect(throws: ConformError.self) { try FixtureBundle.read(archive: archive, name: "small.tar.gz", limits: limits) }
  }

  @Test func readsBackWhatItWrote() throws {
    let bundle = try BundleSamples.small()
    let archive = bundle.archive()
    let verified = try FixtureBundle.read(archive: archive, name: "small.tar.gz")
    #expect(verified.bundle.files == bundle.files)
    #expect(verified.fixtures.cases == bundle.fixtures.cases)
    #expect(verified.bundle.manifest == bundle.manifest)
    #expect(verified.archiveDigest == "sha256:" + SHA256.hex(archive))
    #expect(bundle.manifest.bundleVersion == "1.0.0")
    // The protocol's schemas come from harness/schema/ in the working folder, when it is there.
    let schemaFolder = FileManager.default.currentDirectoryPath + "/harness/schema"
    let schemas = ((try? FileManager.default.contentsOfDirectory(atPath: schemaFolder)) ?? [])
      .filter { $0.hasSuffix(".json") }.map { "schema/" + $0 }
    #expect(
      bundle.files.map(\.name)
        == ([
          "BUNDLE.md", "PROTOCOL.md", "case.schema.json", "eligibility.jsonl", "eligibility.md", "manifest.json",
          "manifest.schema.json", "timeline.jsonl", "timeline.md",
        ] + schemas).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    // Every file but the manifest is listed in the manifest with its digest.
    let listed = Dictionary(uniqueKeysWithValues: bundle.manifest.files.map { ($0.path, $0.sha256) })
    for file in bundle.files where file.name != "manifest.json" { #expect(listed[file.name] == SHA256.hex(file.bytes)) }
    #expect(listed.count == bundle.files.count - 1)
  }

  /// Repacks the bundle with one byte of one file changed: a valid archive with tampered content.
  @Test(arguments: [
    "BUNDLE.md", "PROTOCOL.md", "case.schema.json", "eligibility.jsonl", "eligibility.md", "manifest.schema.json",
    "timeline.jsonl", "timeline.md",
  ])
  func refusesAFileWithOneByteChanged(_ name: String) throws {
    let bundle = try BundleSamples.small()
    let original = try #require(bundle.files.first { $0.name == name })
    for position in [0, original.bytes.count / 2, original.bytes.count - 1] {
      let archive = try BundleSamples.repack(bundle.files, changing: name, at: position)
      let error = try #require(throws: ConformError.self) { _ = try FixtureBundle.read(archive: archive, name: "t.tar.gz") }
      #expect(
        error.description.hasPrefix("t.tar.gz:conform-fixtures-1.0.0/\(name): does not match the manifest"),
        "byte \(position): \(error)")
    }
  }

  /// The manifest's own fields that the files and cases can check; see `pinCatchesWhatTheManifestCannot`.
  @Test(arguments: [
    ("\"sha256\":\"", "eligibility.jsonl: does not match the manifest"),
    ("\"cases\":", "has 549 cases, the manifest says"),
    ("\"bytes\":", "does not match the manifest"),
    ("\"bundleVersion\":\"", "manifest.json: bundleVersion"),
    ("\"boundary\":", "tag \"boundary\" has 17 cases in eligibility.jsonl, the manifest says"),
    ("\"format\":", "manifest.json"),
    ("{", "manifest.json line 1: column"),
  ])
  func refusesAManifestWithOneByteChanged(field: String, expected: String) throws {
    let bundle = try BundleSamples.small()
    let manifest = try #require(bundle.files.first { $0.name == "manifest.json" })
    let text = String(decoding: manifest.bytes, as: UTF8.self)
    let range = try #require(text.range(of: field))
    // The first byte of a string; the last digit of a number, so that it stays a valid number.
    var position = text.utf8.distance(from: text.startIndex, to: range.upperBound) - (field == "{" ? 1 : 0)
    while field.hasSuffix(":"), let next = text.utf8.dropFirst(position + 1).first, (0x30...0x39).contains(next) { position += 1 }
    let archive = try BundleSamples.repack(bundle.files, changing: "manifest.json", at: position)
    let error = try #require(throws: ConformError.self) { _ = try FixtureBundle.read(archive: archive, name: "t.tar.gz") }
    #expect(error.description.contains(expected), "\(error)")
  }

  @Test func pinCatchesWhatTheManifestCannot() throws {
    // The spec version is not derived from any file: only the pinned digest tells it was changed.
    let bundle = try BundleSamples.small()
    var files = bundle.files
    let index = try #require(files.firstIndex { $0.name == "manifest.json" })
    // The first suite's spec version, whatever it is, becomes 9.9.9.
    let text = String(decoding: files[index].bytes, as: UTF8.self)
    let key = try #require(text.range(of: "\"specVersion\":\""))
    let end = try #require(text[key.upperBound...].firstIndex(of: "\""))
    #expect(text[key.upperBound..<end] != "9.9.9")
    files[index].bytes = Array(text.replacingCharacters(in: key.upperBound..<end, with: "9.9.9").utf8)
    let tampered = try BundleSamples.pack(files)
    #expect(throws: Never.self) { _ = try FixtureBundle.read(archive: tampered, name: "t.tar.gz") }
    let directory = TestSupport.temporaryDirectory("bundle")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("t.tar.gz").path
    try Data(tampered).write(to: URL(fileURLWithPath: path))
    let error = try #require(throws: ConformError.self) {
      _ = try FixtureSource.load(path, expectDigest: BundleDigest.sha256(bundle.archive()))
    }
    #expect(
      error.description.contains("has \(BundleDigest.sha256(tampered)), not the pinned \(BundleDigest.sha256(bundle.archive()))"))
  }

  @Test func refusesAnArchiveWithOneByteChanged() throws {
    let archive = try BundleSamples.small().archive()
    let pin = BundleDigest.sha256(archive)
    let directory = TestSupport.temporaryDirectory("bundle")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("b.tar.gz").path
    for position in [0, 1, 2, 3, 4, 9, 10] + Array(stride(from: 10, to: archive.count, by: archive.count / 40)) + [
      archive.count - 1
    ] {
      var damaged = archive
      damaged[position] ^= 0x01
      try Data(damaged).write(to: URL(fileURLWithPath: path))
      #expect(throws: ConformError.self, "byte \(position), pinned") { _ = try FixtureSource.load(path, expectDigest: pin) }
      // Without a pin, the gzip header's text flag, time and OS bytes (3 to 9) are the only ones nothing else covers.
      if position < 3 || position > 9 {
        #expect(throws: ConformError.self, "byte \(position)") { _ = try FixtureBundle.read(archive: damaged, name: "b") }
      }
    }
  }

  @Test func refusesAFutureManifestFormatNamingTheConformThatReadsIt() throws {
    let bundle = try BundleSamples.small()
    let archive = try BundleSamples.editManifest(bundle) { json in
      json["format"] = 2
      json["generator"] = ["name": "conform", "options": [:], "version": "0.4.0"]
    }
    #expect(
      throws: ConformError.file(
        path: "t.tar.gz:conform-fixtures-1.0.0/manifest.json",
        message: "manifest format 2 is newer than this conform \(ConformVersion.current) reads (format 1): "
          + "upgrade to conform 0.4.0 or later, which wrote this bundle")
    ) { _ = try FixtureBundle.read(archive: archive, name: "t.tar.gz") }
  }

  @Test func refusesAManifestThatDoesNotNameTheBundle() throws {
    let bundle = try BundleSamples.small()
    let unversioned = try BundleSamples.editManifest(bundle) { $0["bundleVersion"] = nil }
    #expect(
      throws: ConformError.file(
        path: "t.tar.gz:conform-fixtures-1.0.0/manifest.json",
        message: "has no bundleVersion: this is a fixtures folder packed by hand, not a bundle")
    ) {
      _ = try FixtureBundle.read(archive: unversioned, name: "t.tar.gz")
    }
    let mismatched = try BundleSamples.editManifest(bundle) { $0["bundleVersion"] = "2.0.0" }
    #expect(
      throws: ConformError.file(
        path: "t.tar.gz:conform-fixtures-1.0.0/manifest.json", message: "bundleVersion 2.0.0 does not match the folder 1.0.0")
    ) {
      _ = try FixtureBundle.read(archive: mismatched, name: "t.tar.gz")
    }
  }

  @Test func refusesAFileTheManifestDoesNotList() throws {
    let bundle = try BundleSamples.small()
    let archive = try BundleSamples.pack(bundle.files + [FixtureFile(name: "extra.jsonl", bytes: Array("{}\n".utf8))])
    #expect(
      throws: ConformError.file(
        path: "t.tar.gz:conform-fixtures-1.0.0/extra.jsonl",
        message: "is not listed in manifest.json: a file was added to the bundle; do not use it")
    ) {
      _ = try FixtureBundle.read(archive: archive, name: "t.tar.gz")
    }
    let missing = try BundleSamples.pack(bundle.files.filter { $0.name != "timeline.md" })
    #expect(
      throws: ConformError.file(
        path: "t.tar.gz:conform-fixtures-1.0.0/timeline.md", message: "listed in the manifest but missing")
    ) {
      _ = try FixtureBundle.read(archive: missing, name: "t.tar.gz")
    }
  }

  @Test func pinsTheArchiveOfABundleAndTheManifestOfAFolder() throws {
    let bundle = try BundleSamples.small()
    let archive = bundle.archive()
    let directory = TestSupport.temporaryDirectory("bundle")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(bundle.archiveName).path
    try Data(archive).write(to: URL(fileURLWithPath: path))
    let digest = BundleDigest.sha256(archive)
    let loaded = try FixtureSource.load(
      path, expectDigest: digest.uppercased().replacingOccurrences(of: "SHA256:", with: "sha256:"))
    #expect(loaded.digest == digest)
    #expect(loaded.archiveDigest == digest)
    #expect(loaded.bundleVersion == "1.0.0")
    #expect(loaded.origin == .bundle(path))
    #expect(loaded.fixtures.cases.count == bundle.fixtures.cases.count)
    let wrong = "sha256:" + String(repeating: "0", count: 64)
    #expect(
      throws: ConformError.bundle(
        "\(path) has \(digest), not the pinned \(wrong) (--expect-digest): these are not the pinned fixtures; fetch the pinned bundle again or update the pin"
      )
    ) {
      _ = try FixtureSource.load(path, expectDigest: wrong)
    }
    #expect(
      throws: ConformError.usage("--expect-digest takes sha256: and 64 hex digits (as conform bundle create prints), not \"abc\"")
    ) {
      _ = try FixtureSource.load(path, expectDigest: "abc")
    }
    // Unpacked, the same bundle is a fixtures folder, pinned by its manifest.json.
    let unpacked = directory.appendingPathComponent("unpacked").path
    for file in bundle.files { try FileIO.write(file.bytes, to: FileIO.join(unpacked, file.name)) }
    let manifestDigest = BundleDigest.sha256(try #require(bundle.files.first { $0.name == "manifest.json" }).bytes)
    let folder = try FixtureSource.load(unpacked, expectDigest: manifestDigest)
    #expect(folder.digest == manifestDigest)
    #expect(folder.archiveDigest == nil)
    #expect(folder.bundleVersion == "1.0.0")
    #expect(throws: ConformError.self) { _ = try FixtureSource.load(unpacked, expectDigest: digest) }
  }

  @Test func pinsTheBuiltInFixturesByTheirManifest() throws {
    // The built-in fixtures are the published fixtures/, so their pin is fixtures/manifest.json's digest.
    let published = try FileIO.read(TestSupport.packageRoot.appendingPathComponent("fixtures/manifest.json").path)
    let loaded = try FixtureSource.load(nil, expectDigest: BundleDigest.sha256(published))
    #expect(loaded.origin == .builtIn)
    #expect(loaded.digest == BundleDigest.sha256(published))
    #expect(loaded.archiveDigest == nil)
  }

  /// A conform far from its checkout (a release binary) packs the same documents as one in it.
  @Test func theBuiltInDocumentsAreTheCheckoutsHarnessFiles() throws {
    let harness = TestSupport.packageRoot.appendingPathComponent("harness").path
    #expect(FixtureBundle.builtInDocuments == (try FixtureBundle.documents(harnessDirectory: harness)))
  }

  @Test func carriesTheProtocolSchemasWhenTheyExist() throws {
    let directory = TestSupport.temporaryDirectory("bundle")
    defer { try? FileManager.default.removeItem(at: directory) }
    let harness = directory.appendingPathComponent("harness").path
    try FileIO.write(Array("# protocol\n".utf8), to: FileIO.join(harness, "PROTOCOL.md"))
    try FileIO.write(Array("{\"title\":\"hello\"}\n".utf8), to: FileIO.join(harness, "schema/hello.json"))
    try FileIO.write(Array("{}\n".utf8), to: FileIO.join(harness, "schema/case.json"))
    try FileIO.write(Array("notes".utf8), to: FileIO.join(harness, "schema/README.txt"))
    let documents = try FixtureBundle.documents(harnessDirectory: harness)
    #expect(
      documents.map(\.name) == [
        "PROTOCOL.md", "schema/case.json", "schema/hello.json", "BUNDLE.md", "case.schema.json", "manifest.schema.json",
      ])
    let bundle = try FixtureBundle(
      fixtureFiles: FixtureGenerator.generate(options: GeneratorOptions(parameters: ["depth": 1]), suites: [EligibilitySuite()]),
      documents: documents, version: SemanticVersion("2.1.0")!)
    let verified = try FixtureBundle.read(archive: bundle.archive(), name: "s.tar.gz")
    #expect(verified.bundle.files.contains { $0.name == "schema/hello.json" })
    #expect(bundle.manifest.files.contains { $0.path == "schema/hello.json" })
    // Unpacked, it loads as a fixtures folder although it has a subfolder.
    let unpacked = directory.appendingPathComponent("unpacked").path
    for file in bundle.files { try FileIO.write(file.bytes, to: FileIO.join(unpacked, file.name)) }
    #expect(try FixtureSource.load(unpacked, expectDigest: nil).bundleVersion == "2.1.0")
    let missing = directory.appendingPathComponent("nowhere").path
    #expect(
      throws: ConformError.file(
        path: FileIO.join(missing, "PROTOCOL.md"),
        message: "missing: give --harness a folder holding PROTOCOL.md, or leave it out (conform has its own)")
    ) {
      _ = try FixtureBundle.documents(harnessDirectory: missing)
    }
  }

  @Test func layoutDocumentsAreValidJSONAndMatchTheManifest() throws {
    let schema = try JSONReader.parse(BundleLayout.manifestSchema)
    _ = try JSONReader.parse(BundleLayout.caseSchema)
    let manifest = try BundleSamples.small().manifest.json
    let properties = try #require(schema["properties"]?.objectValue)
    #expect(Set(properties.keys) == Set(try #require(manifest.objectValue).keys))
    let required = try #require(schema["required"]?.arrayValue).compactMap(\.stringValue)
    #expect(Set(required) == Set(try #require(manifest.objectValue).keys).subtracting(["bundleVersion"]))
  }
}

/// Small bundles for the tests: two suites at timeline depth 1, so that debug builds stay quick.
enum BundleSamples {
  static let documents = try! FixtureBundle.documents(
    harnessDirectory: TestSupport.packageRoot.appendingPathComponent("harness").path)

  static func make(depth: Int, version: String, suites: [any Suite] = SuiteRegistry.all) throws -> FixtureBundle {
    try FixtureBundle(
      fixtureFiles: FixtureGenerator.generate(options: GeneratorOptions(parameters: ["depth": depth]), suites: suites),
      documents: documents, version: SemanticVersion(version)!)
  }

  static let smallSuites: [any Suite] = [EligibilitySuite(), TimelineSuite()]

  private static let cachedSmall = Result { try make(depth: 1, version: "1.0.0", suites: smallSuites) }

  /// Eligibility and the timeline at depth 1, version 1.0.0.
  static func small() throws -> FixtureBundle { try cachedSmall.get() }

  /// Packs files under `conform-fixtures-1.0.0/` exactly as a bundle is packed.
  static func pack(_ files: [FixtureFile], top: String = "conform-fixtures-1.0.0") throws -> [UInt8] {
    let entries = files.sorted { $0.name < $1.name }.map { TarEntry(path: "\(top)/\($0.name)", bytes: $0.bytes) }
    return Gzip.compress(try Ustar.archive(entries))
  }

  static func repack(_ files: [FixtureFile], changing name: String, at position: Int) throws -> [UInt8] {
    var files = files
    let index = files.firstIndex { $0.name == name }!
    files[index].bytes[position] ^= 0x01
    return try pack(files)
  }

  /// Repacks with the manifest's JSON edited (and written back canonically).
  static func editManifest(_ bundle: FixtureBundle, _ edit: (inout JSONObject) -> Void) throws -> [UInt8] {
    var files = bundle.files
    let index = files.firstIndex { $0.name == "manifest.json" }!
    var json = try #require(try JSONReader.parse(files[index].bytes).objectValue)
    edit(&json)
    files[index].bytes = JSONWriter.bytes(.object(json)) + [0x0A]
    return try pack(files)
  }
}
