import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformFuzz
@testable import ConformReport
@testable import ConformResults
@testable import ConformSuites

/// Attribution by counterfactual for a team suite (harness/examples/team-suites/flag-vectors):
/// its model answers as a port with one decision's drift would (`"drift": "D2"`), so a failure
/// is filed under the decision whose drift gives the port's answer. The true cause of each
/// failure is written here by hand, from the port's code, never from conform's output.
@Suite struct TeamAttributionTests {
  private static let example = TestSupport.packageRoot.appendingPathComponent("harness/examples/team-suites/flag-vectors")

  /// A port, run as the model is, made of the example's model with `options` (its `main`'s).
  private func port(_ options: String) throws -> String {
    let folder = TestSupport.temporaryDirectory().appendingPathComponent("ports")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("port.py")
    let source = """
      import sys
      sys.path.insert(0, \(JSONWriter.string(.string(Self.example.path))))
      import model
      model.main(listing=False, \(options))

      """
    try source.write(to: path, atomically: true, encoding: .utf8)
    return path.path
  }

  /// A port with two bugs, "None" read as a user (D3) and UTF-16 units summed (D2): every
  /// failure of 3,000 fuzzed inputs is filed under the one of them that gives its answer.
  @Test(.timeLimit(.minutes(30))) func aTwoBugPortsFailuresAreEachFiledUnderTheDriftThatGivesItsAnswer() throws {
    let folder = try TeamSuiteFolder(folder: Self.example.path)
    let suite = try TeamSuite.searching(folder: folder, timeout: 60) { error in fatalError("the model failed: \(error)") }
    #expect(suite.drifts.map(\.decision) == [1, 2, 3], "the model answers every decision's drift")
    let port = try ModelSession(
      command: ["python3", try port(#"anonymous=("", "null"), weigh=model.utf16_units"#)], suite: "flag-vectors", timeout: 60)
    let generators = (0..<3_000).map { FuzzCases.generator(suite: "flag-vectors", seed: 1, number: $0) }
    let cases = suite.fuzzCases(using: generators).cases
    let answers = try port.answers(for: cases.map(\.input)).map(\.output)
    var failures: [Int: Int] = [:]
    var misfiled: [String] = []
    for ((input, expected), actual) in zip(cases, answers) where actual != expected {
      // From the port's code: "None" is bucketed only by a percentage flag (D3); any other
      // difference is a user outside the Basic Multilingual Plane, weighed in UTF-16 units (D2).
      let truth = input["flag"]?["kind"] == "percentage" && input["user"] == "None" ? 3 : 2
      failures[truth, default: 0] += 1
      let attempt = CaseResult(
        id: "flag-vectors/fuzz/1", suite: "flag-vectors", status: .fail, actual: actual, expected: expected, input: input)
      let kind = Attribution.of(attempt, model: suite).kind
      if kind != .decision(truth) { misfiled.append("\(JSONWriter.string(input)): \(kind), truly D\(truth)") }
    }
    #expect((failures[2] ?? 0) > 0 && (failures[3] ?? 0) > 0, "both bugs are caught: \(failures)")
    #expect(misfiled.isEmpty, "misfiled: \(misfiled)")
  }

  /// `conform fuzz --suite` of the SDK that reads "None" as a user (drifting.py): its minimal case
  /// is labelled with D3, the decision whose drift the model answers with; the label is proven, not
  /// "exercised".
  @Test(.timeLimit(.minutes(30))) func fuzzLabelsTheDriftingSDKsMinimalCaseWithTheDecisionItsDriftGives() async throws {
    let run = try await TestSupport.run(
      TestSupport.binary("conform"),
      [
        "fuzz", "--suite", Self.example.path, "--impl", "python3", "--impl-arg",
        Self.example.appendingPathComponent("drifting.py").path, "--seed", "1", "--cases", "3000",
      ])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.contains("cause: flag-vectors/D3: A missing user is anonymous."), "\(run.stdout)")
    #expect(!run.stdout.contains("exercised") && !run.stdout.contains("unexplained"), "\(run.stdout)")
  }

  /// `conform run`, `report` and `diff` with `--team-model DIR` file a team suite's failures as
  /// fuzz does: the drifting SDK (drifting.py) reads "None" as a user, so each of its failures is
  /// a case whose user is "None" (from its code), filed under D3. Without the folder the model is
  /// not asked, and the same failures are shown as exercised, saying so.
  @Test(.timeLimit(.minutes(30))) func runReportAndDiffFileATeamSuitesFailuresWithItsModel() async throws {
    let folder = TestSupport.temporaryDirectory("team-attribution-run")
    defer { try? FileManager.default.removeItem(at: folder) }
    let conform = TestSupport.binary("conform")
    let generate = try await TestSupport.run(
      conform, ["generate", "--suite", Self.example.path, "--out", "fixtures"], currentDirectory: folder)
    #expect(generate.status == 0, "\(generate.stderr)")
    let run = try await TestSupport.run(
      conform,
      [
        "run", "--fixtures", "fixtures", "--impl", "python3", "--impl-arg",
        Self.example.appendingPathComponent("drifting.py").path,
        "--results", "drifting.jsonl", "--json", "drifting.json", "--team-model", Self.example.path,
      ], currentDirectory: folder)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.contains("breaks 1 spec decision:\n  flag-vectors/D3 "), "\(run.stdout)")
    let report = try JSONReader.parse(String(contentsOf: folder.appendingPathComponent("drifting.json"), encoding: .utf8))
    let problems = try #require(report["problems"]?.arrayValue)
    #expect(!problems.isEmpty)
    for problem in problems {
      #expect(problem["input"]?["user"] == "None", "\(problem["input"] ?? .null): the SDK's only bug is reading None")
      #expect(problem["cause"] == "flag-vectors/D3", "\(problem["id"] ?? .null)")
    }

    let withModel = try await TestSupport.run(
      conform, ["report", "drifting.jsonl", "--team-model", Self.example.path], currentDirectory: folder)
    #expect(withModel.stdout.contains("breaks 1 spec decision:\n  flag-vectors/D3 "), "\(withModel.stdout)")
    let without = try await TestSupport.run(conform, ["report", "drifting.jsonl"], currentDirectory: folder)
    #expect(without.status == 1)
    #expect(
      without.stdout.contains(
        "flag-vectors/exercised  \(problems.count) cases  no model of this suite was asked for drifts (--team-model DIR asks it)"),
      "\(without.stdout)")
    #expect(!without.stdout.contains("breaks"), "\(without.stdout)")

    // The same SDK run again: both sides fail the same cases the same way, by the same cause.
    let again = try await TestSupport.run(
      conform,
      [
        "run", "--fixtures", "fixtures", "--impl", "python3", "--impl-arg",
        Self.example.appendingPathComponent("drifting.py").path,
        "--results", "again.jsonl",
      ], currentDirectory: folder)
    #expect(again.status == 1, "\(again.stderr)")
    let diff = try await TestSupport.run(
      conform, ["diff", "drifting.jsonl", "again.jsonl", "--team-model", Self.example.path, "--json", "diff.json"],
      currentDirectory: folder)
    #expect(diff.status == 1, "\(diff.stderr)")
    let groups = try #require(
      JSONReader.parse(String(contentsOf: folder.appendingPathComponent("diff.json"), encoding: .utf8))["sharedFailures"]?
        .arrayValue)
    #expect(groups.reduce(0) { $0 + ($1["ids"]?.arrayValue?.count ?? 0) } == problems.count)
    for group in groups {
      #expect(group["causeA"] == "flag-vectors/D3" && group["causeB"] == "flag-vectors/D3", "\(group["ids"] ?? .null)")
    }
  }

  /// A model that does not read `"drift"` (it answers drift D0, which no decision has, with a
  /// result) models no drift: the suite names none, and its failures stay "exercised".
  @Test(.timeLimit(.minutes(30))) func aModelThatIgnoresTheDriftFieldModelsNone() throws {
    let copy = TestSupport.temporaryDirectory().appendingPathComponent("flag-vectors")
    try FileManager.default.copyItem(at: Self.example, to: copy)
    let model = copy.appendingPathComponent("model.py")
    let text = try String(contentsOf: model, encoding: .utf8)
    let check = #"elif "drift" in request and request["drift"] not in DRIFTS:"#
    #expect(text.contains(check))
    try text.replacingOccurrences(of: check, with: "elif False:").replacingOccurrences(
      of: #"DRIFTS.get(request.get("drift"), {})"#, with: "{}"
    ).write(to: model, atomically: true, encoding: .utf8)
    let suite = try TeamSuite.searching(folder: try TeamSuiteFolder(folder: copy.path), timeout: 60) { error in
      fatalError("the model failed: \(error)")
    }
    #expect(suite.drifts.isEmpty)
  }
}
