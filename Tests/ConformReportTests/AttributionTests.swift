import ConformJSON
import ConformPlatform
import ConformTestSupport
import Testing

@testable import ConformFixtures
@testable import ConformReport
@testable import ConformResults
@testable import ConformSuites

/// Attribution by counterfactual: every built-in suite's model answers with each decision's
/// documented drift, and a failure is filed under the decision whose drift gives its answer.
@Suite struct AttributionTests {
  /// The decisions whose spec entry names no single drift: the base rules a case lists when no
  /// other decision's drift changes its answer. `conform generate` reports them as spec gaps.
  static let gaps = ["eligibility/D9", "timeline/D16", "restart-prompt/D11"]

  @Test func everyDecisionOfTheBuiltInSuitesHasADriftButTheBaseRules() {
    let undrifted = SuiteRegistry.all.flatMap { $0.undriftedDecisions(of: $0.specDecisions).map(\.id) }
    #expect(undrifted == Self.gaps)
    for suite in SuiteRegistry.all {
      let names = suite.drifts.map(\.name)
      #expect(Set(names).count == names.count, "\(suite.name): two drifts share a name")
      let numbers = Set(suite.specDecisions.map(\.number))
      #expect(suite.drifts.allSatisfy { numbers.contains($0.decision) }, "\(suite.name): a drift of no decision")
    }
  }

  /// The drifts attribution runs are the ones the fixture lines' decisions were computed from: on
  /// published cases, a drift whose answer differs from the expected output breaks a decision
  /// the case lists.
  @Test func aDriftThatChangesAPublishedAnswerBreaksADecisionTheCaseLists() throws {
    let set = try FixtureSet.load(directory: TestSupport.packageRoot.appendingPathComponent("fixtures").path)
    var checked: [String: Int] = [:]
    for (index, fixture) in set.cases.enumerated() where index % 5 == 0 && checked[fixture.suite, default: 0] < 1500 {
      let suite = try #require(SuiteRegistry.named(fixture.suite))
      checked[fixture.suite, default: 0] += 1
      for drift in suite.drifts {
        let answer = try #require(suite.answer(for: fixture.input, drifting: [drift]), "\(fixture.id) \(drift)")
        let changes: Bool
        switch answer {
        case .output(let output): changes = output != fixture.expected
        case .crash, .anythingBut: changes = true
        }
        guard changes else { continue }
        #expect(fixture.decisions.contains(Decision.id(suite: suite.name, number: drift.decision)), "\(fixture.id): \(drift)")
      }
    }
    #expect(checked.count == SuiteRegistry.all.count)
  }

  /// A port's answer is its drift's: filed under the decision, under one of several, under a
  /// pair, or unexplained; a timeout is never put down to a decision.
  @Test func aFailureIsFiledUnderTheDriftThatGivesItsAnswer() {
    let suite = VersionCompareSuite()
    func attempt(_ remote: String, _ local: String, _ newer: Bool, status: CaseStatus = .fail) -> CaseResult {
      CaseResult(
        id: "version-compare/x", suite: "version-compare", status: status, actual: ["newer": .bool(newer)],
        expected: nil, input: ["local": .string(local), "remote": .string(remote)], tags: [])
    }
    #expect(Attribution.of(attempt("1.10", "1.9", false), model: suite).kind == .decision(1))
    #expect(Attribution.of(attempt("2.0.0", "2.0", true), model: suite).kind == .oneOf([8, 9]))
    #expect(Attribution.of(attempt("...", "0", true), model: suite).kind == .pairs([[2, 8], [2, 9], [9, 12]]))
    #expect(Attribution.of(attempt("2", "1", false), model: suite).kind == .unexplained)
    #expect(Attribution.of(attempt("1.10", "1.9", false, status: .timeout), model: suite).kind == .unexplained)
  }

  /// Eligibility's subtraction that traps is reproduced by a crash, and an out-of-range count
  /// answered with a verdict by D10's missing domain check.
  @Test func aCrashAndAnAnswerOutsideTheDomainHaveTheirDrifts() {
    let suite = EligibilitySuite()
    let never: JSONValue = [
      "config": ["cooldownDays": 30, "winThreshold": 3], "currentVersion": "1.0", "forceOverride": false,
      "lastAttemptEpochDay": .null, "lastPromptedVersion": .null, "todayEpochDay": 20000, "wonCompletionCount": 5,
    ]
    let crash = CaseResult(id: "eligibility/x", suite: "eligibility", status: .crashed, input: never, tags: [])
    #expect(Attribution.of(crash, model: suite).decisions == [2])
    var outside = never
    if case .object(var object) = outside {
      object["wonCompletionCount"] = .int(1 << 32)
      outside = .object(object)
    }
    let verdict = CaseResult(
      id: "eligibility/y", suite: "eligibility", status: .fail, actual: ["eligible": true], input: outside, tags: [])
    #expect(Attribution.of(verdict, model: suite).kind == .decision(10))
  }
}

/// What attribution costs: a run with thousands of failures is profiled well within its budget.
@Suite struct AttributionCostTests {
  /// 5,000 failing version pairs as `numeric-compare` answers them (`compare(options: .numeric)`),
  /// 1 in 5 unexplained (each then runs every pair of drifts): profiled within a minute even in a
  /// debug build on a loaded machine (3.5 s alone on 2 cores, 12 to 34 s beside other suites).
  @Test(.timeLimit(.minutes(2))) func fiveThousandFailuresAreProfiledInSeconds() {
    let pairs = [("2.0.0", "2.0", true), ("1..2", "1.1", false), ("1.0", "1.0.0a", false), ("٣", "2", true), ("2", "1", false)]
    let problems = (0..<5_000).map { index in
      let (remote, local, newer) = pairs[index % pairs.count]
      var outcome = DecisionProfileTests.compare("n\(index)", remote, local, answered: newer)
      outcome.id += "-\(index)"
      outcome.attempts[0].id = outcome.id
      return outcome
    }
    let start = MonotonicClock.now()
    let profile = DecisionProfile(problems: problems)
    let seconds = Double(MonotonicClock.now() - start) / 1e9
    print("attribution of 5,000 failures: \(seconds) s")
    #expect(seconds < 60)
    #expect(profile.causes.map(\.problems.count).reduce(0, +) == 5_000)
  }
}
