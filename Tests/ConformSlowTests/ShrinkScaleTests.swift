import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformFuzz
@testable import ConformSuites

/// Shrinking hundreds of generated and extreme inputs of every suite: tens of seconds in a debug build.
@Suite struct ShrinkScaleTests {
  @Test(arguments: SuiteRegistry.all.filter(\.isFuzzable).map(\.name))
  func candidatesOfGeneratedAndExtremeInputsNeverTrap(suite name: String) throws {
    let suite = try #require(SuiteRegistry.named(name))
    var inputs = (0..<300).map { FuzzCases.input(suite: suite, seed: 9, number: $0) }
    if name != "version-compare" {
      // Both days at each end of the 64-bit range, where a shift of 0 - day overflows.
      inputs = inputs.map { input in
        JSONShrinker.mapInts(input) { $0 > 1 << 40 ? Int64.max : $0 < -(1 << 40) ? Int64.min : $0 }
      }
      let extreme = EligibilityInput(
        config: ReviewConfig(winThreshold: 0, cooldownDays: 0), wonCompletionCount: 0, lastAttemptEpochDay: Int64.min,
        todayEpochDay: Int64.min, lastPromptedVersion: nil, currentVersion: "", forceOverride: false)
      if name == "eligibility" { inputs.append(extreme.json) }
    }
    for input in inputs {
      #expect(!suite.shrinkCandidates(of: input).contains(input))
    }
  }
}
