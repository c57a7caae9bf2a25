import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// `conform suite init NAME --model swift`, as a team outside the checkout would use it: the
/// folder's build.sh builds the model (a package depending on conform, here the checkout through
/// CONFORM_PACKAGE_PATH), `suite check` runs it, and the table it makes is byte for byte the one
/// the Python scaffold's model makes: the two models agree on every case, the domain's included.
@Suite struct SwiftModelScaffoldTests {
  private func conform(_ arguments: [String], in folder: URL? = nil) async throws -> ProcessOutcome {
    try await TestSupport.run(TestSupport.binary("conform"), arguments, currentDirectory: folder)
  }

  @Test func aSwiftModelScaffoldBuildsAnswersAndAgreesWithThePythonOne() async throws {
    let root = TestSupport.temporaryDirectory().appendingPathComponent("team's suites")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let made = try await conform(["suite", "init", "price-discount", "--model", "swift", "--out", "swift model"], in: root)
    #expect(made.status == 0, "\(made.stderr)")
    #expect(made.stdout.contains("Sources/Model/main.swift"), "\(made.stdout)")
    let suite = root.appendingPathComponent("swift model")
    let missing = try await TestSupport.run(suite.appendingPathComponent("model").path, [])
    #expect(missing.status == 2 && missing.stderr.contains("is missing: run "), "\(missing.stderr)")

    let built = try await TestSupport.run(
      suite.appendingPathComponent("build.sh").path, environment: ["CONFORM_PACKAGE_PATH": TestSupport.packageRoot.path],
      timeout: 900)
    #expect(built.status == 0, "\(built.stderr)")
    #expect(built.stdout.contains("build.sh: built "), "\(built.stdout)")
    let check = try await conform(["suite", "check", suite.path])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("the model answered every case, agreeing with the 1 stated output"), "\(check.stdout)")

    let python = try await conform(["suite", "init", "price-discount", "--out", "python model"], in: root)
    #expect(python.status == 0, "\(python.stderr)")
    var tables: [[UInt8]] = []
    for (folder, out) in [("swift model", "swift fixtures"), ("python model", "python fixtures")] {
      let generated = try await conform(
        ["generate", "--suite", root.appendingPathComponent(folder).path, "--out", root.appendingPathComponent(out).path])
      #expect(generated.status == 0, "\(generated.stderr)")
      tables.append(try FileIO.read(root.appendingPathComponent(out).appendingPathComponent("price-discount.jsonl").path))
    }
    #expect(tables[0].count > 1000)
    #expect(tables[0] == tables[1], "the Swift and the Python scaffold's models answer differently")

    let wrong = try await conform(["suite", "init", "x", "--model", "cobol"], in: root)
    #expect(wrong.status == 2 && wrong.stderr.contains(#"--model takes python, kotlin or swift, not "cobol""#), "\(wrong.stderr)")
  }
}
