import ConformCLI
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// `conform mutants`' catalogue: a `ports` line stands for the lines its binary prints with
/// `--catalogue`; a binary that prints a bad catalogue is an error naming the catalogue's line and
/// the binary; one that cannot run (not built, it fails) is one entry that is not run.
@Suite struct MutantCatalogueTests {
  /// A catalogue of the Swift reference and one ports binary, a shell script printing `output`
  /// and exiting with `status`, in a fresh folder; returns the catalogue's and the script's paths.
  static func catalogue(printing output: String, status: Int = 0) throws -> (catalogue: String, binary: String) {
    let folder = TestSupport.temporaryDirectory("mutant-catalogue")
    let binary = folder.appendingPathComponent("ports.sh").path
    try TestSupport.writeExecutable("#!/bin/sh\ncat <<'END'\n\(output)END\nexit \(status)\n", to: binary)
    let path = folder.appendingPathComponent("mutants.jsonl").path
    let lines = [
      #"{"bug":"none","impl":"$BIN/swift-reference","kind":"reference","language":"swift","name":"swift-reference"}"#,
      #"{"impl":"ports.sh","kind":"ports","language":"swift","name":"ports"}"#,
    ]
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return (path, binary)
  }

  static let port =
    #"{"args":["a"],"bug":"a bug","fails":["version-compare/seed/x"],"kind":"mutant","language":"swift","name":"a","passes":[]}"#

  @Test func aPortsLineStandsForTheLinesItsBinaryPrints() throws {
    let other = #"{"args":["b","--fast"],"bug":"b bug","kind":"mutant","language":"swift","name":"b"}"#
    let (path, binary) = try Self.catalogue(printing: "\(Self.port)\n\(other)\n")
    let entries = try MutantCatalogue.read(path, binaryDirectory: "/bin").entries
    #expect(entries.map(\.name) == ["swift-reference", "a", "b"])
    #expect(entries[1].kind == .mutant && entries[1].language == "swift" && entries[1].bug == "a bug")
    #expect(entries[1].args == ["a"] && entries[1].impl == binary)
    #expect(entries[2].args == ["b", "--fast"] && entries[2].impl == binary)
  }

  /// What the binary did, and the words the error must hold besides the catalogue's line and the binary.
  @Test(arguments: [
    (output: "", status: 0, says: "printed no port"),
    (output: "\(port)\nnot json\n", status: 0, says: "printed a bad line 2 with --catalogue: column 1"),
    (output: port.replacingOccurrences(of: "\"kind\"", with: "\"impl\":\"x\",\"kind\"") + "\n", status: 0, says: "unknown field"),
    (
      output: port.replacingOccurrences(of: "\"swift\"", with: "\"kotlin\"") + "\n", status: 0,
      says: "each of its lines must be a mutant in the line's language"
    ),
    (
      output: port.replacingOccurrences(of: "\"a\"", with: "\"swift-reference\"") + "\n", status: 0,
      says: "\"swift-reference\" is named twice (line 1 too)"
    ),
  ])
  func aBinaryThatCannotSayIsAnError(_ example: (output: String, status: Int, says: String)) throws {
    let (path, binary) = try Self.catalogue(printing: example.output, status: example.status)
    let error = #expect(throws: ConformError.self) { try MutantCatalogue.read(path, binaryDirectory: "/bin") }
    let message = error.map { "\($0)" } ?? ""
    #expect(message.hasPrefix("\(path) line 2: "), "\(message)")
    #expect(message.contains(example.says), "\(message)")
    if !example.says.contains("named twice") { #expect(message.contains("the ports binary \(binary) "), "\(message)") }
  }

  /// A ports binary that fails stands as one entry, not run, saying why; the others still run.
  @Test func aBinaryThatFailsIsOneEntryNotRun() throws {
    let (path, binary) = try Self.catalogue(printing: "", status: 3)
    let entries = try MutantCatalogue.read(path, binaryDirectory: "/bin").entries
    #expect(entries.map(\.name) == ["swift-reference", "ports"])
    #expect(entries[0].unavailable == nil)
    let reason = try #require(entries[1].unavailable)
    #expect(
      reason == "its ports could not be listed: \(path) line 2: the ports binary \(binary) --catalogue exited with status 3")
    #expect(entries[1].bug == reason && entries[1].kind == .mutant)
  }

  /// `conform mutants` with a ports binary missing runs the rest, shows the binary's row as not
  /// run with what to do, and exits 1: the kill rate is not all there.
  ///
  /// On the small fixtures: the reference's run of the full tables took over 6 minutes in a loaded
  /// debug build, and the test was killed (status 137); what it checks is the rows, not the tables.
  @Test(.timeLimit(.minutes(30))) func aMissingBinaryIsARowNotRunAndTheRestRuns() async throws {
    let (path, binary) = try Self.catalogue(printing: "")
    try FileManager.default.removeItem(atPath: binary)
    // Run from a folder of its own: `conform mutants` writes its results under ./reports.
    let run = try await TestSupport.run(
      TestSupport.binary("conform"), ["mutants", "--catalogue", path, "--fixtures", Testbed.fixtures],
      currentDirectory: TestSupport.temporaryDirectory())
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.contains("| swift-reference | swift | passes | 0 |"), "\(run.stdout)")
    let reason =
      "its ports could not be listed: \(path) line 2: the ports binary \(binary) is missing or not executable: build it first"
    #expect(run.stdout.contains("| ports | swift | **could not run** | 0 | – | – | \(reason)"), "\(run.stdout)")
    #expect(run.stderr.contains("mutants: ports not run: \(reason)"), "\(run.stderr)")
    #expect(run.stdout.contains("- kill rate, full fixtures: 0/1 (0%)"), "\(run.stdout)")
  }
}
