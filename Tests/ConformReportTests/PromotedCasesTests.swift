import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// The cases promoted from `conform fuzz` into the published tables.
@Suite struct PromotedCasesTests {
  @Test(arguments: SuiteRegistry.names)
  func everySuitesPromotedCasesReadAndJoinItsTable(_ name: String) throws {
    let suite = try #require(SuiteRegistry.named(name))
    let promoted = try PromotedCases.drafts(of: suite, bytes: suite.promoted)
    let ids = Set(suite.cases(options: GeneratorOptions(parameters: ["depth": 1])).map(\.id))
    for draft in promoted {
      #expect(draft.name.hasPrefix("fuzz/"))
      #expect(draft.tags == ["fuzz"])
      #expect(ids.contains("\(name)/\(draft.name)"), "\(name)/\(draft.name) is not in the generated table")
    }
    // A suite with promoted cases keeps them in its folder, where conform fuzz says to add them.
    if !suite.promoted.isEmpty {
      let path = TestSupport.packageRoot.appendingPathComponent(PromotedCases.file(of: name)).path
      #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == suite.promoted)
    }
  }

  @Test func aPromotedCaseGetsItsExpectedOutputFromTheModel() throws {
    let line = PromotedCases.line(
      name: "zero-against-zero-point-zero", input: VersionCompareSuite.input("0.0", "0"), note: "found it")
    let drafts = try PromotedCases.drafts(of: VersionCompareSuite(), bytes: Array((line + "\n").utf8))
    try #require(drafts.count == 1)
    let fixture = VersionCompareSuite().fixture(for: drafts[0])
    #expect(fixture.id == "version-compare/fuzz/zero-against-zero-point-zero")
    #expect(fixture.expected == ["newer": false])
    #expect(fixture.note == "found it")
  }

  @Test(arguments: [
    (#"{"name":"a","input":{"local":"0","remote":"1"}}"#, #"field "note": missing"#),
    (#"{"name":"A b","input":{"local":"0","remote":"1"},"note":"n"}"#, "is not a plain name"),
    (#"{"name":"a","input":{"local":0,"remote":"1"},"note":"n"}"#, "local"),
    (#"{"name":"a","input":{"local":"0","remote":"1"},"note":"n","expected":{"newer":true}}"#, "expected"),
  ])
  func aBadLineIsRefusedNamingTheFileAndLine(line: String, problem: String) throws {
    let good = PromotedCases.line(name: "b", input: VersionCompareSuite.input("1", "0"), note: "n")
    do {
      _ = try PromotedCases.drafts(of: VersionCompareSuite(), bytes: Array("\(good)\n\(line)\n".utf8))
      Issue.record("accepted \(line)")
    } catch {
      #expect(error.description.contains("Sources/ConformSuites/VersionCompare/version-compare.promoted.jsonl"))
      #expect(error.description.contains("line 2"), "\(error)")
      #expect(error.description.contains(problem), "\(error)")
    }
  }

  @Test func aNameUsedTwiceIsRefused() throws {
    let line = PromotedCases.line(name: "same", input: VersionCompareSuite.input("1", "0"), note: "n")
    #expect(throws: ConformError.self) {
      try PromotedCases.drafts(of: VersionCompareSuite(), bytes: Array("\(line)\n\(line)\n".utf8))
    }
  }

  @Test func theFileIsInTheSuitesFolder() {
    #expect(PromotedCases.file(of: "version-compare") == "Sources/ConformSuites/VersionCompare/version-compare.promoted.jsonl")
    #expect(PromotedCases.file(of: "restart-prompt") == "Sources/ConformSuites/RestartPrompt/restart-prompt.promoted.jsonl")
    for name in SuiteRegistry.names {
      let folder = (PromotedCases.file(of: name) as NSString).deletingLastPathComponent
      #expect(FileManager.default.fileExists(atPath: TestSupport.packageRoot.appendingPathComponent(folder).path), "\(folder)")
    }
  }
}
