import ConformJSON
import ConformTestSupport
import Foundation
import Testing
@testable import ConformFixtures

/// Whether `harness/kotlin/build.sh` has built the ports' jar.
private let kotlinPortBuilt = FileManager.default.fileExists(
  atPath: TestSupport.packageRoot.appendingPathComponent("harness/kotlin/build/kotlin-port.jar").path)

/// A Kotlin catalogue port run as a user runs it, each failing case's cause read by hand from the
/// port's code (`harness/kotlin/src/port/LenientJsonText.kt`), never from conform's output.
@Suite(.enabled(if: kotlinPortBuilt, "needs harness/kotlin/build.sh"))
struct AttributionKotlinPortTests {
  /// `lenient-json-text` reads the body strictly after forgiving two classes: a raw control
  /// character inside a string, and a leading zero of a number (a `0` followed by a digit, not
  /// after a digit, `.`, `e`, `E` or `+`). A body with either, and nothing else a strict reader
  /// refuses, is read where the spec says `"not-json"`: D5's lenient-reader drift, its only bug.
  static func forgivenClass(_ body: String) -> String? {
    var inString = false
    var previous: Character?
    var escaped = false
    let characters = Array(body)
    for (index, character) in characters.enumerated() {
      defer { previous = character }
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        } else if character.unicodeScalars.first!.value < 0x20 {
          return "a raw control character in a string"
        }
      } else if character == "\"" {
        inString = true
      } else if character == "0", index + 1 < characters.count, characters[index + 1].isASCII,
        characters[index + 1].isNumber, !(previous.map { "0123456789.eE+".contains($0) } ?? false)
      {
        return "a leading zero"
      }
    }
    return nil
  }

  @Test(.timeLimit(.minutes(30))) func lenientJSONTextFailuresAreFiledUnderD5() async throws {
    let folder = TestSupport.temporaryDirectory("attribution-lenient-json-text")
    defer { try? FileManager.default.removeItem(at: folder) }
    let port = TestSupport.packageRoot.appendingPathComponent("harness/kotlin/bin/kotlin-port").path
    let run = try await TestSupport.run(
      TestSupport.binary("conform"),
      [
        "run", "--impl", port, "--impl-arg", "lenient-json-text", "--suite", "update-notice", "--json", "report.json",
      ], currentDirectory: folder)
    #expect(run.status == 1, "\(run.stderr)")
    let report = try JSONReader.parse(String(contentsOf: folder.appendingPathComponent("report.json"), encoding: .utf8))
    let problems = try #require(report["problems"]?.arrayValue)
    #expect(problems.count == 15)
    var misfiled: [String] = []
    for problem in problems {
      let body = problem["input"]?["lookup"]?["body"]?.stringValue ?? ""
      let truth = Self.forgivenClass(body).map { _ in "update-notice/D5" } ?? "update-notice/unexplained"
      let filed = problem["cause"]?.stringValue ?? "none"
      if filed != truth { misfiled.append("\(problem["id"] ?? .null): filed \(filed), true cause \(truth)") }
    }
    #expect(misfiled == [])
  }
}
