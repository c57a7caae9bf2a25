import ConformArchive
import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformResults
@testable import ConformSuites

/// Input files that are wrong: `conform run` must stop before it starts the implementation,
/// exit 2, write no results file, and say which file, line and field.
@Suite struct BadInputFileTests {
  /// One thing wrong with a copy of the Testbed's fixtures.
  enum Breakage: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case malformedJSON, duplicateID, missingField, extraField, wrongType, caseOfAnotherSuite
    case unknownSuite, manifestMissingField, malformedManifest, digestMismatch, emptyFolder
    case missingTable, emptyTable, lastLineCutShort, fewerCasesThanTheManifest

    var testDescription: String { rawValue }

    /// The message after `conform: error: `, with `DIR` for the folder.
    var message: String {
      switch self {
      case .malformedJSON: "DIR/eligibility.jsonl line 3: column 114: expected a string key"
      case .duplicateID:
        "DIR/eligibility.jsonl line 5: duplicate case id eligibility/seed/below-threshold (first at DIR/eligibility.jsonl line 2)"
      case .missingField: #"DIR/eligibility.jsonl line 3: field "expected": missing"#
      case .extraField: #"DIR/eligibility.jsonl line 3: field "comment": unknown field"#
      case .wrongType: #"DIR/eligibility.jsonl line 3: field "tags": expected an array, found a string "seed""#
      case .caseOfAnotherSuite:
        #"DIR/eligibility.jsonl line 3: case timeline/seed/moved belongs to suite "timeline", not "eligibility""#
      case .unknownSuite:
        #"DIR/manifest.json: field "suites[1].name": suite "colour-compare" is not built into this conform ("#
          + SuiteRegistry.names.joined(separator: ", ")
          + ") and its spec colour-compare.md is not listed under files: make the fixtures with conform generate --suite, "
          + "or upgrade conform"
      case .manifestMissingField: #"DIR/manifest.json: field "suites[1].specVersion": missing"#
      case .malformedManifest: "DIR/manifest.json line 1: column 11: unexpected character ',', expected a value"
      case .digestMismatch: "DIR/eligibility.jsonl: does not match the manifest (sha256 "
      case .emptyFolder: "DIR/manifest.json: missing: DIR is not a fixtures folder (run conform generate)"
      case .missingTable: "DIR/timeline.jsonl: no such file"
      case .emptyTable: "DIR/eligibility.jsonl: is empty: a suite needs at least one case"
      case .lastLineCutShort: "DIR/eligibility.jsonl: does not end with a newline: the last line may be cut short"
      case .fewerCasesThanTheManifest:
        "DIR/eligibility.jsonl: has 3 cases, the manifest says \(Testbed.count(suite: "eligibility"))"
      }
    }
  }

  /// A copy of the Testbed's fixtures with `breakage` done to it. A changed table gets its new
  /// digest in the manifest (except for `digestMismatch`), so the error is the one meant.
  private func brokenFixtures(_ breakage: Breakage) throws -> String {
    let directory = TestSupport.temporaryDirectory("conform-bad-fixtures").path
    var files: [String: [UInt8]] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: Testbed.fixtures) {
      files[name] = try FileIO.read(FileIO.join(Testbed.fixtures, name))
    }
    var manifest = try FixtureManifest(json: try JSONReader.parse(files["manifest.json"]!))
    var table = String(decoding: files["eligibility.jsonl"]!, as: UTF8.self).split(separator: "\n").map(String.init)
    func editCase(_ line: Int, _ edit: (inout JSONObject) -> Void) {
      var object = try! JSONReader.parse(table[line - 1]).objectValue!
      edit(&object)
      table[line - 1] = JSONWriter.string(.object(object))
    }
    var tableBytes: [UInt8]? = nil
    switch breakage {
    case .malformedJSON: table[2] = table[2].replacingOccurrences(of: #""input":{"#, with: #""input":{,"#)
    case .duplicateID: table[4] = table[1]
    case .missingField: editCase(3) { $0["expected"] = nil }
    case .extraField: editCase(3) { $0["comment"] = "x" }
    case .wrongType: editCase(3) { $0["tags"] = "seed" }
    case .caseOfAnotherSuite:
      editCase(3) {
        $0["suite"] = "timeline"
        $0["id"] = "timeline/seed/moved"
        $0["decisions"] = ["timeline/D1"]
      }
    case .unknownSuite:
      manifest.suites[1].name = "colour-compare"
      manifest.suites[1].spec = "colour-compare.md"
    case .manifestMissingField, .malformedManifest: break  // done to the manifest below
    // The same size, other bytes: only the digest tells.
    case .digestMismatch: table[0] = table[0].replacingOccurrences(of: #""eligible":true"#, with: #""eligible":null"#)
    case .emptyFolder: files = [:]
    case .missingTable: files["timeline.jsonl"] = nil
    case .emptyTable: tableBytes = []
    case .lastLineCutShort: tableBytes = Array(table.joined(separator: "\n").utf8)
    case .fewerCasesThanTheManifest: table = Array(table.prefix(3))
    }
    if !files.isEmpty {
      let bytes = tableBytes ?? Array((table.joined(separator: "\n") + "\n").utf8)
      #expect(bytes != files["eligibility.jsonl"]! || ![.malformedJSON, .digestMismatch].contains(breakage), "nothing broken")
      files["eligibility.jsonl"] = bytes
      if breakage != .digestMismatch, let index = manifest.files.firstIndex(where: { $0.path == "eligibility.jsonl" }) {
        manifest.files[index].sha256 = SHA256.hex(bytes)
        manifest.files[index].bytes = Int64(bytes.count)
      }
      var manifestJSON = try #require(manifest.json.objectValue)
      if breakage == .manifestMissingField {
        var suites = try #require(manifestJSON["suites"]?.arrayValue)
        var second = try #require(suites[1].objectValue)
        second["specVersion"] = nil
        suites[1] = .object(second)
        manifestJSON["suites"] = .array(suites)
      }
      var manifestText = JSONWriter.string(.object(manifestJSON)) + "\n"
      if breakage == .malformedManifest {
        manifestText = manifestText.replacingOccurrences(of: #""files":["#, with: #""files":[,"#)
      }
      files["manifest.json"] = Array(manifestText.utf8)
    }
    for (name, bytes) in files { try FileIO.write(bytes, to: FileIO.join(directory, name)) }
    return directory
  }

  /// Runs `conform run` with an implementation that leaves a mark if it is ever started.
  private func run(_ options: [String]) async throws -> (outcome: ProcessOutcome, started: Bool, results: Bool) {
    let directory = TestSupport.temporaryDirectory("conform-bad-input")
    let marker = directory.appendingPathComponent("started").path
    let results = directory.appendingPathComponent("results.jsonl").path
    let outcome = try await TestSupport.run(
      TestSupport.binary("conform"),
      ["run", "--impl", Testbed.implementation("touch-and-exit.sh"), "--impl-arg", marker, "--results", results] + options,
      currentDirectory: directory, timeout: 60)
    return (outcome, FileManager.default.fileExists(atPath: marker), FileManager.default.fileExists(atPath: results))
  }

  /// A table far larger than its manifest says (a sparse 2 GiB file here) is refused by its size,
  /// before a byte of it is read.
  @Test func aTableOfTheWrongSizeIsRefusedBeforeItIsRead() async throws {
    let directory = TestSupport.temporaryDirectory("conform-stale-manifest").path
    for name in try FileManager.default.contentsOfDirectory(atPath: Testbed.fixtures) {
      try FileIO.write(try FileIO.read(FileIO.join(Testbed.fixtures, name)), to: FileIO.join(directory, name))
    }
    let table = FileIO.join(directory, "eligibility.jsonl")
    let listed = try #require(FileIO.size(table))
    let handle = try #require(FileHandle(forWritingAtPath: table))
    try handle.truncate(atOffset: 1 << 31)
    try handle.close()
    let (outcome, started, results) = try await run(["--fixtures", directory])
    #expect(outcome.status == 2)
    #expect(
      outcome.stderr.hasPrefix(
        "conform: error: \(table): is 2,147,483,648 bytes, the manifest says \(Plural.grouped(Int(listed), "byte")) (not read)"),
      "\(outcome.stderr)")
    #expect(!started && !results)
    try FileManager.default.removeItem(atPath: directory)
  }

  /// `--results` naming a file the run reads would overwrite it: refused, the file untouched.
  @Test func aResultsFileThatIsAnInputOfTheRunIsRefused() async throws {
    let table = FileIO.join(Testbed.fixtures, "eligibility.jsonl")
    let before = try FileIO.read(table)
    let outcome = try await TestSupport.run(
      TestSupport.binary("conform"),
      ["run", "--impl", TestSupport.binary("swift-reference"), "--fixtures", Testbed.fixtures, "--results", table])
    #expect(outcome.status == 2)
    #expect(
      outcome.stderr
        == "conform: error: usage: run: --results \(table) is an input of the run (--fixtures): it would be overwritten "
        + "while it is read; give another results file\n")
    #expect(try FileIO.read(table) == before)

    let earlier = try await Testbed.run("conforming.py", ["--suite", "eligibility"])
    let rerun = try await TestSupport.run(
      TestSupport.binary("conform"),
      [
        "run", "--impl", TestSupport.binary("swift-reference"), "--rerun-failed", earlier.resultsPath, "--results",
        earlier.resultsPath,
      ])
    #expect(rerun.status == 2)
    #expect(rerun.stderr.contains("an input of the run (--rerun-failed)"), "\(rerun.stderr)")
  }

  @Test(arguments: Breakage.allCases)
  func aBrokenFixturesFolderStopsTheRunNamingFileLineAndField(breakage: Breakage) async throws {
    let fixtures = try brokenFixtures(breakage)
    let (outcome, started, results) = try await run(["--fixtures", fixtures])
    #expect(outcome.status == 2)
    let expected = "conform: error: " + breakage.message.replacingOccurrences(of: "DIR", with: fixtures)
    #expect(outcome.stderr.hasPrefix(expected), "\(outcome.stderr)")
    #expect(outcome.stderr.split(separator: "\n").count == 1, "one error line: \(outcome.stderr)")
    #expect(outcome.stdout.isEmpty)
    #expect(!started, "the implementation was started")
    #expect(!results, "a results file was written")
  }

  /// RunOptionsTests covers an id that names no case; these are lines that are not ids at all.
  @Test(arguments: [
    (
      "eligibility/seed/below-threshold\nnot an id # typo\n",
      #"line 2: "not an id" is not a case id (one id per line, a reason after '#')"#
    ),
    (
      "eligibility/seed/below-threshold\n# why\neligibility/seed/below-threshold # again\n",
      "line 3: eligibility/seed/below-threshold is listed twice (first on line 1)"
    ),
  ])
  func aMalformedKnownFailuresFileStopsTheRunNamingItsLine(text: String, message: String) async throws {
    let list = TestSupport.temporaryDirectory().appendingPathComponent("known.txt").path
    try FileIO.write(Array(text.utf8), to: list)
    let (outcome, started, results) = try await run(["--fixtures", Testbed.fixtures, "--known-failures", list])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.hasPrefix("conform: error: \(list) \(message)"), "\(outcome.stderr)")
    #expect(!started && !results)
  }

  /// Lines may end with CRLF (a list edited on Windows): each is one id, on its own line number.
  @Test func aKnownFailuresFileWithCRLFLineEndingsIsRead() throws {
    let list = try KnownFailures.parse(
      "# known\r\neligibility/seed/below-threshold  # off by one\r\n\r\nversion-compare/seed/x\r\n", path: "known.txt")
    #expect(list.entries.count == 2)
    #expect(
      list.entries["eligibility/seed/below-threshold"]
        == .init(id: "eligibility/seed/below-threshold", reason: "off by one", path: "known.txt", line: 2))
    #expect(list.entries["version-compare/seed/x"]?.line == 4)
  }

  /// The implementation has started, but the results file cannot be made: exit 2, and it is stopped.
  @Test func aResultsPathThatCannotBeWrittenStopsTheRun() async throws {
    let directory = TestSupport.temporaryDirectory()
    let blocker = directory.appendingPathComponent("not-a-folder").path
    try FileIO.write([], to: blocker)
    let pids = directory.appendingPathComponent("pids")
    let outcome = try await TestSupport.run(
      TestSupport.binary("conform"),
      [
        "run", "--impl", Hostile.script, "--fixtures", Testbed.fixtures, "--results", blocker + "/results.jsonl", "--",
        "correct", "--fixtures", Testbed.fixtures, "--pid-file", pids.path,
      ], currentDirectory: directory, timeout: 60)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.hasPrefix("conform: error: \(blocker): cannot create the results folder: "), "\(outcome.stderr)")
    #expect(outcome.stdout.isEmpty)
    for pid in Hostile.pids(in: pids) { #expect(Hostile.isGone(pid), "pid \(pid) is still running") }
  }
}
