import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// Every command output the READMEs quote is a real run's: each ```console block marked
/// `<!-- transcript -->` is run again, command by command, and must print what it shows. Figures
/// that vary from run to run (durations) are masked on both sides. `CONFORM_RECORD=1` (or
/// `harness/transcripts.sh`) rewrites the blocks from the runs instead.
@Suite(.serialized) struct ReadmeTranscriptTests {
  /// The documents with transcripts, from the package root.
  static let documents = ["README.md", "harness/swift/README.md"]

  static let marker = "<!-- transcript -->"
  /// A transcript whose commands run the Kotlin ports too: checked where their jars are built
  /// (`harness/kotlin/build.sh`, which `.ci/run` runs first).
  static let kotlinMarker = "<!-- transcript: needs the Kotlin jars -->"
  static let kotlinJarsBuilt = FileManager.default.fileExists(
    atPath: TestSupport.packageRoot.appendingPathComponent("harness/kotlin/build/kotlin-port.jar").path)

  /// One ```console block: its commands, each with the output the document shows.
  struct Block {
    var document: String
    /// 1-based line of the opening fence.
    var line: Int
    /// Its place among the document's transcripts, from 0.
    var ordinal: Int
    /// Whether its commands need the Kotlin jars.
    var needsKotlin = false
    var steps: [(command: String, output: [String])]
  }

  static func blocks(in document: String) throws -> [Block] {
    let text = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent(document), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var blocks: [Block] = []
    var index = 0
    while index < lines.count {
      defer { index += 1 }
      guard lines[index] == marker || lines[index] == kotlinMarker, index + 1 < lines.count, lines[index + 1] == "```console"
      else { continue }
      var block = Block(
        document: document, line: index + 2, ordinal: blocks.count, needsKotlin: lines[index] == kotlinMarker, steps: [])
      index += 2
      while index < lines.count, lines[index] != "```" {
        if lines[index].hasPrefix("$ ") {
          block.steps.append((String(lines[index].dropFirst(2)), []))
        } else if !block.steps.isEmpty {
          block.steps[block.steps.count - 1].output.append(lines[index])
        }
        index += 1
      }
      blocks.append(block)
    }
    return blocks
  }

  /// Runs a block's commands in order in one fresh folder, as a person would in a terminal at the
  /// package root: `conform` and `.build/release/` are this build's products, `harness/` is the
  /// package's. Returns each command's standard output and error, merged.
  static func run(_ block: Block) async throws -> [[String]] {
    let directory = TestSupport.temporaryDirectory("conform-transcript")
    let fileManager = FileManager.default
    // Its links are removed, not what they point to (the checkout's harness/, Sources/ and build).
    defer { try? fileManager.removeItem(at: directory) }
    try fileManager.createDirectory(at: directory.appendingPathComponent(".build"), withIntermediateDirectories: true)
    try fileManager.createSymbolicLink(
      at: directory.appendingPathComponent(".build/release"), withDestinationURL: TestSupport.productsDirectory)
    // The transcripts are taken in a checkout: its harness/ and Sources/ (where a fuzz finding's
    // promote line points) are there.
    for folder in ["harness", "Sources"] {
      try fileManager.createSymbolicLink(
        at: directory.appendingPathComponent(folder), withDestinationURL: TestSupport.packageRoot.appendingPathComponent(folder))
    }
    var outputs: [[String]] = []
    let path = TestSupport.productsDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    var status: Int32 = 0
    for (command, _) in block.steps {
      // `$?` is the previous command's status, as in the terminal the transcript was taken in.
      let script = "(exit \(status)); { \(command); } 2>&1"
      let outcome = try await TestSupport.run(
        "/bin/bash", ["-c", script], environment: ["PATH": path, "NO_COLOR": "1", "COLUMNS": "100"],
        currentDirectory: directory, timeout: 1_200)
      status = outcome.status
      var lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if lines.last == "" { lines.removeLast() }
      outputs.append(lines)
    }
    return outputs
  }

  /// Durations vary from run to run: `in 0.027 s`, `(0.31s)`.
  static func masked(_ line: String) -> String {
    line.replacingRegexMatches(#"[0-9]+\.[0-9]+ ?s\b"#, with: "… s")
  }

  static var allBlocks: [Block] { documents.flatMap { (try? blocks(in: $0)) ?? [] } }

  @Test func theDocumentsHaveTranscripts() throws {
    #expect(try Self.blocks(in: "README.md").count >= 3)
  }

  /// A block by where it is: `README.md#0` is the first transcript of README.md.
  static func location(_ block: Block) -> String { "\(block.document)#\(block.ordinal)" }

  @Test(arguments: allBlocks.filter { !$0.needsKotlin }.map(location))
  func aQuotedOutputIsWhatTheCommandPrints(_ location: String) async throws {
    try await check(location)
  }

  @Test(
    .enabled(if: kotlinJarsBuilt, "the Kotlin jars are not built: harness/kotlin/build.sh"),
    arguments: allBlocks.filter(\.needsKotlin).map(location))
  func aQuotedOutputWithTheKotlinPortsIsWhatTheCommandPrints(_ location: String) async throws {
    try await check(location)
  }

  func check(_ location: String) async throws {
    let block = try #require(Self.allBlocks.first { Self.location($0) == location })
    let place = "\(block.document):\(block.line)"
    let outputs = try await Self.run(block)
    if ProcessInfo.processInfo.environment["CONFORM_RECORD"] == "1" {
      try Self.record(block, outputs)
      return
    }
    for ((command, expected), actual) in zip(block.steps, outputs) {
      #expect(
        expected.map(Self.masked) == actual.map(Self.masked),
        "\(place): `\(command)` no longer prints what the document quotes; harness/transcripts.sh rewrites it")
    }
  }

  /// Rewrites the block's outputs in its document (found again: an earlier block's new output
  /// may have moved it).
  static func record(_ old: Block, _ outputs: [[String]]) throws {
    let block = try blocks(in: old.document)[old.ordinal]
    let url = TestSupport.packageRoot.appendingPathComponent(block.document)
    var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    var end = block.line
    while lines[end] != "```" { end += 1 }
    let body = zip(block.steps, outputs).flatMap { step, output in ["$ " + step.command] + output }
    lines.replaceSubrange(block.line..<end, with: body)
    try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
  }
}
