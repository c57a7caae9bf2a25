import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// `swift-reference` against every fixture case of every suite, through a pipe, as the harness
/// will run it.
@Suite struct SwiftReferenceFixtureTests {
  @Test(arguments: SuiteRegistry.names)
  func referenceAgreesWithEveryFixtureCase(suite: String) async throws {
    let cases = try Fixtures.cases(of: suite)
    #expect(cases.count > 200, "fixtures/\(suite).jsonl holds the generated cases")
    let run = try await FixtureRun(binary: "swift-reference", cases: cases)
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(run.disagreeing.isEmpty, "first disagreeing cases: \(run.disagreeing.prefix(5))")
    #expect(run.unanswered.isEmpty, "first unanswered cases: \(run.unanswered.prefix(5))")
    #expect(run.agreeing.count == cases.count)
  }

  /// The timeline runs real tasks on the cooperative pool; the manual clock and the driver must
  /// still give every case one outcome.
  @Test func timelineOutputIsTheSameOnEveryRun() async throws {
    let requests = Fixtures.requests(for: try Fixtures.cases(of: "timeline"))
    let first = try await TestSupport.run(TestSupport.binary("swift-reference"), stdin: requests)
    let second = try await TestSupport.run(TestSupport.binary("swift-reference"), stdin: requests)
    #expect(first.status == 0 && second.status == 0)
    #expect(first.stdout.utf8.count > 1_000_000)
    #expect(first.stdout == second.stdout)
  }
}

/// The generated fixture files, read once.
enum Fixtures {
  private static let loaded: [String: Result<[FixtureCase], any Error>] = Dictionary(
    uniqueKeysWithValues: SuiteRegistry.names.map { suite in
      (suite, Result { try load(suite) })
    })

  static func cases(of suite: String) throws -> [FixtureCase] {
    try #require(loaded[suite], "no fixture file for suite \(suite)").get()
  }

  static func cases(_ ids: [String], of suite: String) throws -> [FixtureCase] {
    let all = try cases(of: suite)
    return try ids.map { id in try #require(all.first { $0.id == id }, "fixture case \(id)") }
  }

  private static func load(_ suite: String) throws -> [FixtureCase] {
    let path = TestSupport.packageRoot.appendingPathComponent("fixtures/\(suite).jsonl").path
    let text = String(decoding: try FileIO.read(path), as: UTF8.self)
    return try text.split(separator: "\n").map { line in try FixtureCase(json: try JSONReader.parse(String(line))) }
  }

  /// The hello, then one request per case with `seq` counting from 1.
  static func requests(for cases: [FixtureCase]) -> String {
    var lines = [
      JSONWriter.string(["protocol": 1, "suites": .array(SuiteRegistry.names.map(JSONValue.string)), "type": "hello"])
    ]
    for (index, fixture) in cases.enumerated() {
      lines.append(
        JSONWriter.string([
          "type": "case", "seq": .int(Int64(index + 1)), "id": .string(fixture.id), "suite": .string(fixture.suite),
          "input": fixture.input,
        ]))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// One run of a built implementation over fixture cases, each case's answer held against its
/// `expected` output as JSON values.
struct FixtureRun {
  var status: Int32
  var stderr: String
  /// The ids of the cases answered with the expected output, the others, and those not answered.
  var agreeing: [String] = []
  var disagreeing: [String] = []
  var unanswered: [String] = []

  /// Runs `binary`, one of this package's built products.
  init(binary: String, arguments: [String] = [], cases: [FixtureCase], environment: [String: String] = [:]) async throws {
    try await self.init(executable: TestSupport.binary(binary), arguments: arguments, cases: cases, environment: environment)
  }

  /// Runs the program at `executable`.
  init(executable: String, arguments: [String] = [], cases: [FixtureCase], environment: [String: String] = [:]) async throws {
    let outcome = try await TestSupport.run(executable, arguments, stdin: Fixtures.requests(for: cases), environment: environment)
    status = outcome.status
    stderr = outcome.stderr
    var answers: [Int64: JSONValue] = [:]
    for line in outcome.stdout.split(separator: "\n").dropFirst() {
      let answer = try JSONReader.parse(String(line))
      answers[try #require(answer["seq"]?.intValue, "an answer without seq: \(line)")] = answer
    }
    for (index, fixture) in cases.enumerated() {
      guard let answer = answers[Int64(index + 1)] else {
        unanswered.append(fixture.id)
        continue
      }
      #expect(answer["id"] == .string(fixture.id), "answer \(index + 1) carries its case's id")
      if answer["type"] == "result", answer["output"] == fixture.expected {
        agreeing.append(fixture.id)
      } else {
        disagreeing.append(fixture.id)
      }
    }
  }
}
