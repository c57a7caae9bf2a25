import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// A suite's own parameters reach it through the options by name; the engine knows none.
@Suite struct SuiteParameterTests {
  /// The registry lists each parameter once, with the suites that declare it.
  @Test func theRegistryListsTheStepSequenceSuitesDepthOnce() {
    #expect(SuiteRegistry.parameters == [.depth])
    #expect(SuiteRegistry.suites(declaring: "depth").map(\.name) == ["timeline", "restart-prompt"])
    #expect(SuiteRegistry.suites(declaring: "nosuch").isEmpty)
    #expect(SuiteRegistry.parameters.allSatisfy { !SuiteParameter.reservedNames.contains($0.name) })
  }

  /// The published options hold every declared parameter at its default; the manifest records
  /// them by name, and the tier only when it is not the full one.
  @Test func thePublishedOptionsHoldEveryDefault() {
    #expect(GeneratorOptions.published.parameters == ["depth": 5])
    #expect(GeneratorOptions.published.json == ["depth": 5])
    #expect(GeneratorOptions(parameters: ["depth": 3], tier: .smoke).json == ["depth": 3, "tier": "smoke"])
  }

  /// A suite reads the value given, else its parameter's default; the options as a suite reads
  /// them keep only its own parameters.
  @Test func aSuiteReadsTheValueGivenOrTheDefault() {
    #expect(GeneratorOptions(parameters: ["depth": 7]).value(of: .depth) == 7)
    #expect(GeneratorOptions(parameters: [:]).value(of: .depth) == 5)
    let options = GeneratorOptions(parameters: ["other": 1], tier: .smoke)
    #expect(options.declared(by: TimelineSuite()) == GeneratorOptions(parameters: ["depth": 5], tier: .smoke))
    #expect(options.declared(by: EligibilitySuite()).parameters.isEmpty)
  }

  /// The depth reaches both step-sequence suites: their exhaustive alphabets grow with it.
  @Test func theDepthSizesBothStepSequenceSuites() {
    for suite in SuiteRegistry.suites(declaring: "depth") {
      let shallow = suite.caseCount(options: GeneratorOptions(parameters: ["depth": 2]))
      let deep = suite.caseCount(options: GeneratorOptions(parameters: ["depth": 3]))
      #expect(shallow < deep, "\(suite.name)")
      #expect(suite.caseCount(options: GeneratorOptions(parameters: [:])) == suite.caseCount(options: .published))
    }
  }
}
