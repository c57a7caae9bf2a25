import ConformArchive
import ConformJSON
import ConformTestSupport
import ConformTesting
import Foundation
import Testing

@testable import ConformFixtures

/// ConformTesting against real bundles, made by the built `conform bundle create` (build it
/// first: `swift build`), opened as the `.tar.gz` and as the folder `tar` unpacks it to.
@Suite(.serialized) struct ConformBundleTests {
  /// A bundle of every suite at timeline depth 1, its printed digest, and the folder it unpacks to.
  struct Made: Sendable {
    var archive: String
    var digest: String
    var folder: String
  }

  static let tar = ExternalTool(name: "tar", installer: "apt-get install tar")

  /// Made once for every test, without holding a thread of the pool while conform runs.
  static let making = Task { () async -> Made in
    let directory = TestSupport.temporaryDirectory("conform-testing")
    let created = try! await TestSupport.run(
      TestSupport.binary("conform"), ["bundle", "create", "--depth", "1", "--version", "1.0.0", "--out", directory.path],
      currentDirectory: TestSupport.packageRoot, timeout: 600)
    precondition(created.status == 0, "conform bundle create failed: \(created.stderr)")
    let archive = directory.appendingPathComponent("conform-fixtures-1.0.0.tar.gz").path
    if tar.isInstalled { _ = try! await TestSupport.run(tar.path!, ["xzf", archive, "-C", directory.path]) }
    return Made(
      archive: archive, digest: String(created.stdout.prefix(71)),
      folder: directory.appendingPathComponent("conform-fixtures-1.0.0").path)
  }

  let made: Made

  init() async { made = await Self.making.value }

  /// A copy of the unpacked folder to change, and the manifest digest that pins it.
  func folderCopy(_ change: (String) throws -> Void) throws -> (folder: String, digest: String) {
    let copy = TestSupport.temporaryDirectory("conform-testing-copy").appendingPathComponent("conform-fixtures-1.0.0").path
    try FileManager.default.copyItem(atPath: made.folder, toPath: copy)
    try change(copy)
    let manifest = try [UInt8](Data(contentsOf: URL(fileURLWithPath: copy + "/manifest.json")))
    return (copy, "sha256:" + SHA256.hex(manifest))
  }

  @Test func opensTheArchivePinnedByItsPrintedDigest() throws {
    let bundle = try ConformBundle(path: made.archive, digest: made.digest)
    #expect(bundle.digest == made.digest)
    #expect(bundle.suites.contains("eligibility") && bundle.suites.contains("timeline"), "\(bundle.suites)")
    let eligibility = try bundle.cases("eligibility")
    #expect(!eligibility.isEmpty)
    #expect(eligibility.allSatisfy { $0.suite == "eligibility" && $0.id.hasPrefix("eligibility/") && !$0.note.isEmpty })
    #expect(eligibility[0].location == "\(made.archive):conform-fixtures-1.0.0/eligibility.jsonl line 1")
    // The digest in either case is the same pin.
    let upper = "sha256:" + made.digest.dropFirst(7).uppercased()
    #expect(try ConformBundle(path: made.archive, digest: upper).digest == made.digest)
  }

  @Test(.enabled(if: tar.isInstalled, tar.missing))
  func opensTheUnpackedFolderPinnedByItsManifestDigest() throws {
    let manifest = try [UInt8](Data(contentsOf: URL(fileURLWithPath: made.folder + "/manifest.json")))
    let folder = try ConformBundle(path: made.folder, digest: "sha256:" + SHA256.hex(manifest))
    let archive = try ConformBundle(path: made.archive, digest: made.digest)
    #expect(folder.suites == archive.suites)
    for suite in archive.suites {
      let (a, b) = (try archive.cases(suite), try folder.cases(suite))
      #expect(a.map(\.id) == b.map(\.id))
      #expect(a.map(\.expected) == b.map(\.expected))
    }
    #expect(try folder.cases("timeline")[0].location == made.folder + "/timeline.jsonl line 1")
  }

  @Test func aWrongDigestNamesBothDigestsAndHowToPin() throws {
    let wrong = "sha256:" + String(repeating: "0", count: 64)
    let error = try #require(throws: ConformBundleError.self) { try ConformBundle(path: made.archive, digest: wrong) }
    #expect(
      error.description.hasPrefix(
        "\(made.archive) is not the pinned bundle: its archive digest (the SHA-256 of the .tar.gz file) is \(made.digest), CONFORM_FIXTURES_DIGEST is \(wrong)."
      ))
    Self.expectHowToPin(error)
  }

  @Test(.enabled(if: tar.isInstalled, tar.missing))
  func theArchiveDigestDoesNotPinTheFolder() throws {
    let error = try #require(throws: ConformBundleError.self) {
      try ConformBundle(path: made.folder, digest: made.digest)
    }
    #expect(
      error.description.hasPrefix(
        "\(made.folder)/manifest.json is not the pinned bundle: its manifest digest (the SHA-256 of manifest.json) is sha256:"
      ))
  }

  @Test(.enabled(if: tar.isInstalled, tar.missing))
  func aTamperedSuiteFileIsRefusedByName() throws {
    // The same size, one letter changed: only the SHA-256 tells.
    let (changed, changedDigest) = try folderCopy { folder in
      let path = folder + "/eligibility.jsonl"
      var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
      let at = bytes.firstIndex(of: UInt8(ascii: "e"))!
      bytes[at] = UInt8(ascii: "E")
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
    let error = try #require(throws: ConformBundleError.self) { try ConformBundle(path: changed, digest: changedDigest) }
    #expect(error.description.hasPrefix("\(changed)/eligibility.jsonl has SHA-256 "))
    #expect(error.description.hasSuffix("the bundle was changed after it was published; fetch it again"))

    let (cut, cutDigest) = try folderCopy { folder in
      let path = folder + "/timeline.jsonl"
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      try bytes.dropLast(10).write(to: URL(fileURLWithPath: path))
    }
    let short = try #require(throws: ConformBundleError.self) { try ConformBundle(path: cut, digest: cutDigest) }
    #expect(short.description.contains("\(cut)/timeline.jsonl has "))
    #expect(short.description.contains(" bytes, manifest.json says "))
  }

  @Test(.enabled(if: tar.isInstalled, tar.missing))
  func aCaseCountThatIsNotTheManifestsIsRefused() throws {
    let real = try ConformBundle(path: made.archive, digest: made.digest).cases("eligibility").count
    let (folder, digest) = try folderCopy { folder in
      let path = folder + "/manifest.json"
      let text = try String(contentsOfFile: path, encoding: .utf8)
      try text.replacingOccurrences(of: "\"cases\":\(real),", with: "\"cases\":\(real + 1),").write(
        toFile: path, atomically: true, encoding: .utf8)
    }
    let error = try #require(throws: ConformBundleError.self) { try ConformBundle(path: folder, digest: digest) }
    #expect(
      error.description
        == "\(folder)/eligibility.jsonl has \(real) cases, manifest.json says \(real + 1): the bundle was changed after it was published; fetch it again"
    )
  }

  @Test func aSuiteNotInTheBundleIsAnErrorNamingItsSuites() throws {
    let bundle = try ConformBundle(path: made.archive, digest: made.digest)
    let error = try #require(throws: ConformBundleError.self) { try bundle.cases("checkout") }
    #expect(
      error.description
        == "\(made.archive): the bundle has no suite \"checkout\"; its suites are \(bundle.suites.joined(separator: ", ")). Pin a bundle that has it, or stop testing it."
    )
    #expect(bundle.suites(except: ["eligibility"]) == bundle.suites.filter { $0 != "eligibility" })
    let others = bundle.suites.filter { $0 != "eligibility" && $0 != "timeline" }
    let counts = try others.map { "\($0) (\(try bundle.cases($0).count) cases)" }
    #expect(
      bundle.notImplementedMessage(except: ["eligibility", "timeline"])
        == "\(others.count) suites of the bundle are not implemented by the app, so not run: \(counts.joined(separator: ", "))")
    let timeline = try bundle.cases("timeline").count
    #expect(
      bundle.notImplementedMessage(except: bundle.suites.filter { $0 != "timeline" })
        == "1 suite of the bundle is not implemented by the app, so not run: timeline (\(timeline) cases)")
    #expect(bundle.notImplementedMessage(except: bundle.suites) == nil)
  }

  /// A team's own suite (`conform suite init`, `generate --suite`, `bundle create`): the library
  /// lists its cases like a built-in suite's, knowing nothing of it.
  @Test func aTeamSuitesBundleListsItsCasesLikeAnyOther() async throws {
    let directory = TestSupport.temporaryDirectory("conform-testing-team")
    let conform = TestSupport.binary("conform")
    for arguments in [
      ["suite", "init", "price-discount"], ["generate", "--suite", "price-discount", "--out", "fixtures"],
      ["bundle", "create", "--fixtures", "fixtures", "--version", "2.0.0"],
    ] {
      let outcome = try await TestSupport.run(conform, arguments, currentDirectory: directory)
      #expect(outcome.status == 0, "conform \(arguments.joined(separator: " ")): \(outcome.stderr)")
    }
    let archive = directory.appendingPathComponent("price-discount-fixtures-2.0.0.tar.gz").path
    let digest = "sha256:" + SHA256.hex(try [UInt8](Data(contentsOf: URL(fileURLWithPath: archive))))
    let bundle = try ConformBundle(path: archive, digest: digest)
    #expect(bundle.suites == ["price-discount"])
    let cases = try bundle.cases("price-discount")
    #expect(cases.count > 2)
    let seed = try #require(cases.first { $0.id == "price-discount/seed/ten-percent-of-999" })
    #expect(seed.decisions == ["price-discount/D1"])
    #expect(seed.expected == ["discountedCents": 900])
  }

  @Test func theSkipTraitSkipsInOneLineWhileTheAppLacksASuite() async throws {
    let bundle = try ConformBundle(path: made.archive, digest: made.digest)
    let partial = ConditionTrait.skippedForSuites(notIn: ["eligibility", "timeline"], of: bundle)
    #expect(try await partial.evaluate() == false)
    #expect(partial.comments.map(\.rawValue) == [bundle.notImplementedMessage(except: ["eligibility", "timeline"])!])
    let complete = ConditionTrait.skippedForSuites(notIn: bundle.suites, of: bundle)
    #expect(try await complete.evaluate() == true)
    // No bundle: the test runs, and its body says what is wrong.
    #expect(try await ConditionTrait.skippedForSuites(notIn: [], of: nil).evaluate() == true)
  }

  @Test func aMissingOrUnpinnedBundleSaysHowToGetAndPinOne() throws {
    let unset = try #require(throws: ConformBundleError.self) { try ConformBundle(environment: [:]) }
    #expect(unset.description.hasPrefix("CONFORM_FIXTURES is not set: "))
    Self.expectHowToPin(unset)
    let unpinned = try #require(throws: ConformBundleError.self) {
      try ConformBundle(environment: ["CONFORM_FIXTURES": made.archive])
    }
    #expect(unpinned.description.hasPrefix("CONFORM_FIXTURES_DIGEST is not set: the bundle \(made.archive) has no pin."))
    let missing = try #require(throws: ConformBundleError.self) {
      try ConformBundle(path: "/nonexistent/conform-fixtures-1.0.0.tar.gz", digest: made.digest)
    }
    #expect(missing.description.hasPrefix("/nonexistent/conform-fixtures-1.0.0.tar.gz does not exist. To pin a bundle: "))
    let badPin = try #require(throws: ConformBundleError.self) { try ConformBundle(path: made.archive, digest: "0665ede9") }
    #expect(badPin.description.hasPrefix("the pin \"0665ede9\" is not sha256: and 64 hex digits"))
    let fromEnvironment = try ConformBundle(environment: [
      "CONFORM_FIXTURES": made.archive, "CONFORM_FIXTURES_DIGEST": made.digest,
    ])
    #expect(fromEnvironment.path == made.archive)
  }

  @Test func aFileThatIsNotABundleIsRefused() throws {
    let path = TestSupport.temporaryDirectory("conform-testing-junk").appendingPathComponent("conform-fixtures-1.0.0.tar.gz").path
    let junk = Array("not a bundle\n".utf8)
    try Data(junk).write(to: URL(fileURLWithPath: path))
    let error = try #require(throws: ConformBundleError.self) {
      try ConformBundle(path: path, digest: "sha256:" + SHA256.hex(junk))
    }
    #expect(error.description.hasPrefix("\(path): "))
    #expect(error.description.hasSuffix(": it is damaged or not a conform bundle; fetch it again"))
  }

  /// Says how to get and pin a bundle in the team's own repository, never this checkout's scripts.
  static func expectHowToPin(_ error: ConformBundleError, sourceLocation: SourceLocation = #_sourceLocation) {
    let text = error.description
    for part in [
      "conform bundle create --out DIR", "a conform release", "CONFORM_FIXTURES=", "CONFORM_FIXTURES_DIGEST=sha256:",
      "manifest.json",
    ] {
      #expect(text.contains(part), "\(text)", sourceLocation: sourceLocation)
    }
    #expect(!text.contains("gate.sh") && !text.contains("harness/"), "\(text)", sourceLocation: sourceLocation)
  }
}
