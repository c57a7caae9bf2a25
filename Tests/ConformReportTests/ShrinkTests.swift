import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformFuzz
@testable import ConformSuites

/// Shrinking on fake predicates: no process, only the suites' candidates and models.
@Suite struct ShrinkTests {
  /// Shrinks `input` of `suite` against `fails`, keeping only candidates inside the domain.
  func shrink(_ suite: any Suite, _ input: JSONValue, budget: Int = 2_000, fails: (JSONValue) -> Bool) -> ShrinkProgress {
    ShrinkProgress.shrink(
      input, budget: budget,
      candidates: { suite.shrinkCandidates(of: $0).filter { (try? suite.expected(for: $0)) != nil } }, fails: fails)
  }

  @Test func aVersionWithAPartOfTenOrMoreShrinksToTen() {
    let input = VersionCompareSuite.input("3.0.125-beta.7", "1.\u{663}.2 ")
    let result = shrink(VersionCompareSuite(), input) { input in
      VersionComparison.parts(of: input["remote"]!.stringValue!).contains { $0 >= 10 }
    }
    #expect(result.current == ["local": "", "remote": "10"])
    #expect(result.calls <= 2_000)
  }

  @Test func aLostZeroPaddingShrinksToZeroAgainstZeroPointZero() {
    // The no-zero-padding port's bug: the longer version is newer when the common parts are equal.
    func portSaysNewer(_ remote: String, _ local: String) -> Bool {
      let r = VersionComparison.parts(of: remote)
      let l = VersionComparison.parts(of: local)
      guard !r.isEmpty, !l.isEmpty else { return false }
      for (a, b) in zip(r, l) where a != b { return a > b }
      return r.count > l.count
    }
    let input = VersionCompareSuite.input("1.99.0", "1.99")
    let result = shrink(VersionCompareSuite(), input) { input in
      let remote = input["remote"]!.stringValue!
      let local = input["local"]!.stringValue!
      return portSaysNewer(remote, local) != VersionComparison.isNewer(remote, than: local)
    }
    #expect(result.current == ["local": "0", "remote": "0.0"])
  }

  @Test func daysNearTheEndOfTheRangeShrinkTogether() {
    var state = EligibilityInput(
      config: ReviewConfig(winThreshold: 3, cooldownDays: 7), wonCompletionCount: 5,
      lastAttemptEpochDay: Int64.max - 9, todayEpochDay: Int64.max - 2, lastPromptedVersion: "0.9.0",
      currentVersion: "1.0.0", forceOverride: false)
    // A port that reads "exactly the cooldown" as too soon.
    let result = shrink(EligibilitySuite(), state.json) { input in
      guard let state = try? EligibilityInput(json: input), let last = state.lastAttemptEpochDay, !state.forceOverride,
        state.wonCompletionCount >= state.config.winThreshold
      else { return false }
      let (difference, overflow) = state.todayEpochDay.subtractingReportingOverflow(last)
      return !overflow && difference == state.config.cooldownDays && Eligibility.isEligible(state)
    }
    state = try! EligibilityInput(json: result.current)
    #expect(state.todayEpochDay == 0 && state.lastAttemptEpochDay == 0)
    #expect(state.config == ReviewConfig(winThreshold: 0, cooldownDays: 0))
    #expect(state.wonCompletionCount == 0)
  }

  @Test func stepsAreDroppedDownToTheOneThatFails() throws {
    var generator = SeededGenerator(seed: 11)
    var input = TimelineFuzzer.input(using: &generator)
    guard case .object(var object) = input else { Issue.record("not an object"); return }
    object["steps"] = .array(
      [["op": "win"], ["op": "show"], ["ms": 123_456, "op": "advance"], ["op": "leave"], ["days": 9, "op": "nextDay"]])
    input = .object(object)
    let result = shrink(TimelineSuite(), input) { input in
      // An advance of 2 s or more fails: since timeline/D17 an unknown op is a refused input the
      // shrinker may reach (its text shortened), so the predicate names the op.
      (input["steps"]?.arrayValue ?? []).contains { $0["op"] == "advance" && ($0["ms"]?.intValue ?? 0) >= 2000 }
    }
    #expect(result.current["steps"] == [["ms": 2000, "op": "advance"]])
    #expect(result.current["config"] == ["cooldownDays": 0, "delayMs": 0, "winThreshold": 0])
  }

  @Test func theBudgetBoundsTheCalls() {
    let input = VersionCompareSuite.input("3.0.125-beta.7.99.1234", "1.2.3.4.5.6.7.8.9")
    let result = shrink(VersionCompareSuite(), input, budget: 25) { _ in true }
    #expect(result.calls <= 25)
    #expect(result.isDone)
  }

  @Test func smallerIsFewerBytesThenNearerABoundaryThenSimplerCharacters() {
    #expect(ShrinkOrder("1.0") < ShrinkOrder("1.00"))
    #expect(ShrinkOrder(.int(Int64.max)) < ShrinkOrder(.int(Int64.max - 1)))
    #expect(ShrinkOrder("0") < ShrinkOrder("+"))
    #expect(ShrinkOrder("1") < ShrinkOrder("9"))
    #expect(ShrinkOrder("a") < ShrinkOrder("x"))
    #expect(!(ShrinkOrder("a") < ShrinkOrder("a")))
  }

  @Test func candidatesMoveNumbersTowardZeroAndTheNearestBoundary() {
    let numbers = JSONShrinker.integers(toward: 2_147_483_650)
    #expect(numbers.contains(0))
    #expect(numbers.contains(2_147_483_648))
    #expect(numbers.contains(2_147_483_649))
    #expect(JSONShrinker.integers(toward: Int64.min + 3).contains(Int64.min))
  }

  @Test func aStatusReportIsTakenIntoTheStartAndBecomesAPlainStep() {
    let found = RestartPromptInput(status: .canceled, steps: [.launch, .status(.downloaded), .dismiss]).json
    let published = RestartPromptInput(status: .downloaded, steps: [.launch, .answer, .dismiss]).json
    let absorbed = RestartPromptInput(status: .downloaded, steps: [.launch, .dismiss]).json
    let candidates = RestartPromptSuite().shrinkCandidates(of: found)
    #expect(candidates.contains(published))
    #expect(candidates.contains(absorbed))
    #expect(ShrinkOrder(published) < ShrinkOrder(found))
  }
}
