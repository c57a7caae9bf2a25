import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformResults
@testable import ConformSuites

/// The smoke tier: a subset of the full tables chosen by coverage of the reference models.
@Suite struct TierTests {
  static let options = GeneratorOptions(parameters: ["depth": 3])

  /// Per suite, the smoke tier is the full table's cases in table order, every seed among them,
  /// and it covers every coverage key the full table covers.
  @Test(arguments: SuiteRegistry.names)
  func theSmokeTierCoversWhatTheFullTableCovers(suiteName: String) throws {
    let suite = try #require(SuiteRegistry.named(suiteName))
    let full = Array(suite.cases(options: Self.options))
    var smokeOptions = Self.options
    smokeOptions.tier = .smoke
    let smoke = Array(suite.cases(options: smokeOptions))
    let smokeIDs = smoke.map(\.id)
    #expect(full.map(\.id).filter(Set(smokeIDs).contains) == smokeIDs, "a subset, in table order")
    #expect(full.filter { $0.tags.contains("seed") }.allSatisfy { smokeIDs.contains($0.id) }, "every seed case")
    #expect(smoke.count < full.count)
    let fullKeys = Set(full.flatMap(suite.coverageKeys(of:)))
    let smokeKeys = Set(smoke.flatMap(suite.coverageKeys(of:)))
    #expect(fullKeys.subtracting(smokeKeys).sorted() == [])
    #expect(suite.tierCaseCount(options: smokeOptions) == smoke.count)
  }

  /// The keys of a timeline case are its model's states, transitions and pairs of transitions.
  @Test func aTimelineCaseCoversItsStatesTransitionsAndPairs() throws {
    let suite = TimelineSuite()
    let fixture = try #require(suite.cases(options: Self.options).first { $0.id == "timeline/cancel/win-show" })
    let keys = suite.coverageKeys(of: fixture)
    #expect(keys.filter { $0.hasPrefix("state ") }.count == 3)
    #expect(keys.filter { $0.hasPrefix("transition ") }.count == 2)
    #expect(
      keys.filter { $0.hasPrefix("pair ") } == [
        #"pair pending=false none foregroundActive window=true nextWin=true | {"op":"win"} | {"op":"show"}"#
      ])
  }

  /// A decision case on a boundary has a key naming the input and the outcome across it.
  @Test func aCaseOnABoundaryCoversIt() throws {
    let suite = EligibilitySuite()
    let fixture = try #require(
      suite.cases(options: Self.options).first { $0.id == "eligibility/seed/threshold-met-never-attempted" })
    let keys = suite.coverageKeys(of: fixture)
    #expect(keys.contains(#"boundary wonCompletionCount -1 {"eligible":true} -> {"eligible":false}"#), "\(keys)")
    #expect(keys.contains(#"outcome {"eligible":true}"#))
  }

  @Test func characterClassesNameThePitfalls() {
    #expect(CoverageShape.characterClasses("") == "e")
    #expect(CoverageShape.characterClasses("1.2.3") == "d.")
    #expect(CoverageShape.characterClasses("1..2") == "d.E")
    #expect(CoverageShape.characterClasses("\u{663}") == "D")
    #expect(CoverageShape.characterClasses("1.\u{301}2") == "d.m")
    #expect(CoverageShape.characterClasses("2147483647") == "d")
    #expect(CoverageShape.characterClasses("1.2147483648") == "d.I")
    #expect(CoverageShape.characterClasses("x00009223372036854775808") == "daIL")
  }

  /// `conform generate --tier smoke` writes the smoke tier and records it in the manifest; the
  /// full tier's manifest does not name a tier (its bytes are those from before tiers).
  @Test func generateWritesTheSmokeTier() async throws {
    let folder = TestSupport.temporaryDirectory("conform-tier")
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try await TestSupport.run(
      TestSupport.binary("conform"), ["generate", "--depth", "3", "--tier", "smoke", "--out", folder.path])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let set = try FixtureSet.load(directory: folder.path)
    #expect(set.manifest.generatorOptions == ["depth": 3, "tier": "smoke"])
    var smoke = Self.options
    smoke.tier = .smoke
    #expect(set.cases.map(\.id) == SuiteRegistry.all.flatMap { $0.cases(options: smoke).map(\.id) })
    #expect(FixtureGenerator.generate(options: Self.options).last?.bytes.contains(Array("tier".utf8)) == false)
  }

  @Test func aBadTierIsRefusedWithTheChoices() async throws {
    let outcome = try await TestSupport.run(
      TestSupport.binary("conform"), ["generate", "--tier", "quick", "--out", "/nonexistent"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains(#"--tier takes full, smoke, not "quick""#), "\(outcome.stderr)")
    let run = try await TestSupport.run(
      TestSupport.binary("conform"), ["run", "--impl", "x", "--tier", "smoke", "--fixtures", "fixtures"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--tier picks a tier of the built-in tables: not with --fixtures"), "\(run.stderr)")
  }

  /// `conform run --tier smoke` runs the built-in tables' smoke tier: the reference passes it.
  @Test func runRunsTheBuiltInSmokeTier() async throws {
    let folder = TestSupport.temporaryDirectory("conform-tier-run")
    defer { try? FileManager.default.removeItem(at: folder) }
    let results = folder.appendingPathComponent("smoke.jsonl").path
    let outcome = try await TestSupport.run(
      TestSupport.binary("conform"),
      ["run", "--impl", TestSupport.binary("swift-reference"), "--tier", "smoke", "--results", results])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let file = try ResultsFile.read(results)
    let count = FixtureSet.builtIn(tier: .smoke).cases.count
    #expect(file.header.fixtures.cases == Int64(count))
    #expect(file.header.fixtures.source == "built-in, smoke tier")
    #expect(outcome.stdout.contains("\(count) passed, 0 failed"), "\(outcome.stdout)")
  }
}
