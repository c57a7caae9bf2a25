import ConformTestSupport
import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// Checks over every case of the published tables, each a few seconds in a debug build: they
/// belong beside the committed fixtures' checks (`FixturesTests`), out of the rules-and-models
/// tier that runs after every change to a model.
@Suite struct PublishedTablesTests {
  /// Every case of both tiers gets decisions the spec numbers, as the generator listed them, and
  /// every decision some published case.
  @Test(arguments: SuiteRegistry.names)
  func everyCaseGetsNumberedDecisionsAndEveryDecisionACase(_ name: String) throws {
    let suite = try #require(SuiteRegistry.named(name))
    #expect(try DecisionListChecks.problems(suite) == [])
  }

  /// The lines a timeline-shaped suite writes straight from its model are, byte for byte and
  /// part for part, the lines of its drafts made into cases (`JSONWriter` of their values), in
  /// the same order, with their tags; with a shard's `keep`, those of the drafts it keeps.
  @Test(arguments: [(TimelineSuite() as any Suite, 3), (RestartPromptSuite(), 3), (TimelineSuite(), 0)])
  func writtenLinesAreTheDraftsLines(_ suite: any Suite, _ depth: Int) throws {
    let options = GeneratorOptions(parameters: ["depth": depth])
    let everyThird: @Sendable (Int) -> Bool = { $0 % 3 == 1 }
    for keep in [nil, everyThird] {
      let source = try #require(suite.tierFixtureLines(options: options, keeping: keep))
      var written: [UInt8] = []
      var canonical: [UInt8] = []
      var count = 0
      for draft in suite.drafts(options: options, keeping: keep) {
        let fixture = suite.fixture(for: draft)
        let expectedParts = FixtureSet.writeLine(fixture, into: &canonical)
        let (parts, tags, decisions) = try #require(source.next(into: &written), "\(fixture.id)")
        try #require(written == canonical, "\(fixture.id)")
        #expect(parts == expectedParts && tags == fixture.tags && decisions == fixture.decisions)
        count += 1
      }
      #expect(source.next(into: &written) == nil)
      #expect(count > 0)
    }
    // The smoke tier is chosen from the drafts: it is not written from the model.
    #expect(suite.tierFixtureLines(options: GeneratorOptions(parameters: ["depth": depth], tier: .smoke)) == nil)
  }
}
