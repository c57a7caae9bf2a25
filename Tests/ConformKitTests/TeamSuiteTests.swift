import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformReport

/// A team's own suite, as a team would use it: `conform suite init`, `suite check`, `generate
/// --suite`, `bundle create`, `run` and `diff` on a conform that has no such suite built in, in
/// a folder whose name holds a space and an apostrophe; and every bad input of the format.
@Suite struct TeamSuiteTests {
  /// A fresh folder `team's suites` holding `conform suite init price-discount`'s suite.
  private func scaffold() async throws -> (root: URL, suite: URL) {
    let scaffold = try await ScaffoldedSuite.make()
    return (scaffold.root, scaffold.folder)
  }

  private func conform(_ arguments: [String], in folder: URL? = nil) async throws -> ProcessOutcome {
    try await TestSupport.run(TestSupport.binary("conform"), arguments, currentDirectory: folder)
  }

  private func edit(_ file: URL, _ change: (String) -> String) throws {
    let text = try String(contentsOf: file, encoding: .utf8)
    let changed = change(text)
    #expect(changed != text, "the edit of \(file.lastPathComponent) changed nothing")
    try changed.write(to: file, atomically: true, encoding: .utf8)
  }

  /// Puts `lines` into the scaffold's model.py just before `anchor`, one of its lines.
  private func insertIntoModel(_ suite: URL, _ lines: String, before anchor: String) throws {
    try edit(suite.appendingPathComponent("model.py")) { $0.replacingOccurrences(of: anchor, with: lines + anchor) }
  }

  /// Lines of the scaffold's model: the start of its decision, the one after it reads a
  /// request, and the one after it writes an answer.
  private static let decides = "    price, percent ="
  private static let readRequest = "        if request[\"type\"] == \"hello\":\n"
  private static let wroteAnswer = "        sys.stdout.flush()\n"

  @Test func aScaffoldedSuiteChecksGeneratesRunsAndCatchesADriftingPortOnAConformThatNeverSawIt() async throws {
    let (root, suite) = try await scaffold()
    let check = try await conform(["suite", "check", suite.path])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("suite price-discount 1.0.0: 2 named cases and "), "\(check.stdout)")
    #expect(
      check.stdout.contains(" from the domain, 2 decisions; the model answered every case, agreeing with the 1 stated output"))

    let fixtures = root.appendingPathComponent("fixtures")
    let generated = try await conform(["generate", "--suite", suite.path, "--out", fixtures.path])
    #expect(generated.status == 0, "\(generated.stderr)")
    #expect(generated.stdout.contains("price-discount: 2 decisions, each exercised by"), "\(generated.stdout)")
    let table = try String(contentsOf: fixtures.appendingPathComponent("price-discount.jsonl"), encoding: .utf8)
    // The second case states no output: the model's answer is its expected output.
    #expect(table.contains(#""expected":{"error":"percent-out-of-range"},"id":"price-discount/domain/percent-above-100""#))
    #expect(table.contains(#""tags":["named","seed"]"#))
    let spec = try String(contentsOf: fixtures.appendingPathComponent("price-discount.md"), encoding: .utf8)
    #expect(spec.contains("### D1. The discount is rounded down to a whole cent."))
    // The schemas travel with the spec, so the bundle carries them.
    #expect(spec.contains(#"```json\#n{"$schema":"https://json-schema.org/draft/2020-12/schema","additionalProperties":false,"#))

    let model = suite.appendingPathComponent("model.py").path
    let passing = try await conform(
      [
        "run", "--fixtures", fixtures.path, "--impl", "python3", "--impl-arg", model, "--results",
        root.appendingPathComponent("model.jsonl").path,
      ])
    #expect(passing.status == 0, "\(passing.stderr)")
    #expect(passing.stdout.contains(" passed, 0 failed"))

    // A port that rounds half up, as Kotlin's Math.round does.
    let port = root.appendingPathComponent("round-half-up.py")
    try FileManager.default.copyItem(atPath: model, toPath: port.path)
    try edit(port) { $0.replacingOccurrences(of: "price - price * percent // 100", with: "price - round(price * percent / 100)") }
    let failing = try await conform(
      [
        "run", "--fixtures", fixtures.path, "--impl", "python3", "--impl-arg", port.path,
        "--results", root.appendingPathComponent("port.jsonl").path,
      ])
    #expect(failing.status == 1)
    // The suite's model names no drifts, so its failures are the decisions they exercise, never
    // a decision proven broken.
    #expect(failing.stdout.contains("price-discount/exercised"), "\(failing.stdout)")
    #expect(failing.stdout.contains("(exercised: price-discount/D1"), "\(failing.stdout)")
    #expect(!failing.stdout.contains("breaks"), "\(failing.stdout)")
    #expect(failing.stdout.contains("FAIL price-discount/seed/ten-percent-of-999"))
    #expect(failing.stdout.contains("+ discountedCents: 899"))

    let diff = try await conform(
      ["diff", root.appendingPathComponent("model.jsonl").path, root.appendingPathComponent("port.jsonl").path])
    #expect(diff.status == 1, "\(diff.stderr)")
    #expect(diff.stdout.contains("DRIFT price-discount/seed/ten-percent-of-999 (price-discount/exercised)"), "\(diff.stdout)")

    let bundle = try await conform(["bundle", "create", "--fixtures", fixtures.path, "--version", "1.0.0", "--out", root.path])
    #expect(bundle.status == 0, "\(bundle.stderr)")
    // Named after its suite, so that it never takes the name of a conform release's bundle.
    #expect(bundle.stdout.hasSuffix("  price-discount-fixtures-1.0.0.tar.gz\n"), "\(bundle.stdout)")
    let archive = root.appendingPathComponent("price-discount-fixtures-1.0.0.tar.gz").path
    let fromBundle = try await conform(
      [
        "run", "--fixtures", archive, "--impl", "python3", "--impl-arg", port.path, "--results",
        root.appendingPathComponent("bundle.jsonl").path,
      ])
    #expect(fromBundle.status == 1, "\(fromBundle.stderr)")
    #expect(fromBundle.stdout.contains("FAIL price-discount/seed/ten-percent-of-999"))
  }

  /// `bundle create --suite`: the team suite alone, or beside the built-in ones; the bundle runs.
  @Test func bundleCreateGeneratesATeamSuiteAloneOrBesideTheBuiltInOnes() async throws {
    let (root, suite) = try await scaffold()
    let alone = root.appendingPathComponent("alone")
    let made = try await conform(["bundle", "create", "--suite", suite.path, "--version", "1.0.0", "--out", alone.path])
    #expect(made.status == 0, "\(made.stderr)")
    let archive = alone.appendingPathComponent("price-discount-fixtures-1.0.0.tar.gz").path
    let listed = try await conform(["run", "--fixtures", archive, "--list"])
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.contains("price-discount/seed/ten-percent-of-999") && !listed.stdout.contains("eligibility/"))
    let beside = root.appendingPathComponent("beside")
    let both = try await conform(
      ["bundle", "create", "--suite", suite.path, "--with-built-in", "--depth", "1", "--version", "1.0.0", "--out", beside.path])
    #expect(both.status == 0, "\(both.stderr)")
    let run = try await conform(
      [
        "run", "--fixtures", beside.appendingPathComponent("conform-fixtures-1.0.0.tar.gz").path, "--impl", "python3",
        "--impl-arg",
        suite.appendingPathComponent("model.py").path, "--results", root.appendingPathComponent("beside.jsonl").path,
      ])
    // The model answers its own suite; the built-in suites' cases are unsupported, not failed.
    #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
    #expect(run.stdout.contains(" unsupported (draw-freshness eligibility "), "\(run.stdout)")
    let refused = try await conform(["bundle", "create", "--with-built-in"])
    #expect(refused.status == 2 && refused.stderr.contains("--with-built-in adds the built-in suites to team suites"))
  }

  /// A spec whose prose opens a `## Decisions` section (as the built-in specs do) gets the
  /// entries of suite.json at its end, before the next section, and the schemas before it.
  @Test func aSpecWithADecisionsIntroGetsTheEntriesInItsSection() async throws {
    let (root, suite) = try await scaffold()
    try edit(suite.appendingPathComponent("price-discount.md")) {
      $0 + "\n## Decisions\n\nEach decision has an id that never changes.\n\n## Notes\n\nThe backend rounds the same way.\n"
    }
    let check = try await conform(["suite", "check", suite.path])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("suite price-discount 1.0.0: 2 named cases and "), "\(check.stdout)")

    let fixtures = root.appendingPathComponent("fixtures")
    let generated = try await conform(["generate", "--suite", suite.path, "--out", fixtures.path])
    #expect(generated.status == 0, "\(generated.stderr)")
    let spec = try String(contentsOf: fixtures.appendingPathComponent("price-discount.md"), encoding: .utf8)
    let order = ["## Schemas", "## Decisions\n\nEach decision has an id that never changes.\n\n### D1. ", "### D2. ", "## Notes"]
    let positions = order.map { spec.range(of: $0)?.lowerBound }
    #expect(!positions.contains(nil), "\(spec)")
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(spec)")
    #expect(spec.components(separatedBy: "## Decisions").count == 2, "\(spec)")
    #expect(spec.hasSuffix("## Notes\n\nThe backend rounds the same way.\n"), "\(spec)")
  }

  @Test func theDomainAddsBoundaryAndPairwiseCasesAnsweredByTheModelTheSameOnEveryRun() async throws {
    let (root, suite) = try await scaffold()
    let first = root.appendingPathComponent("first")
    let second = root.appendingPathComponent("second")
    for out in [first, second] {
      let generated = try await conform(["generate", "--suite", suite.path, "--out", out.path])
      #expect(generated.status == 0, "\(generated.stderr)")
    }
    for name in ["manifest.json", "price-discount.jsonl", "price-discount.md"] {
      #expect(try FileIO.read(first.appendingPathComponent(name).path) == FileIO.read(second.appendingPathComponent(name).path))
    }
    let lines = try String(contentsOf: first.appendingPathComponent("price-discount.jsonl"), encoding: .utf8)
      .split(separator: "\n")
    #expect(lines.count > 20)
    #expect(lines.contains { $0.contains(#""id":"price-discount/boundary/percent/"#) && $0.contains(#""percent":101"#) })
    #expect(lines.contains { $0.contains(#""id":"price-discount/pairwise/1""#) })
    // The range's edges, with the other field ordinary (percent 50 = (-5 + 105) / 2).
    #expect(
      lines.contains { $0.contains(#""expected":{"discountedCents":500000000}"#) && $0.contains(#""priceCents":1000000000"#) })
    #expect(lines.contains { $0.contains(#""expected":{"error":"percent-out-of-range"}"#) && $0.contains(#""percent":-5"#) })
  }

  @Test func aModelAnsweringOutOfOrderGivesTheSameTableAndTheSmokeTierIsPartOfIt() async throws {
    let (root, suite) = try await scaffold()
    let inOrder = root.appendingPathComponent("in-order")
    #expect(try await conform(["generate", "--suite", suite.path, "--out", inOrder.path]).status == 0)
    // The protocol lets an implementation answer in any order: this model answers last case first.
    try edit(suite.appendingPathComponent("model.py")) {
      $0.replacingOccurrences(
        of: "    for line in sys.stdin:\n",
        with: "    lines = sys.stdin.readlines()\n    lines = lines[:1] + lines[:0:-1]\n    for line in lines:\n")
    }
    let reversed = root.appendingPathComponent("reversed")
    let generated = try await conform(["generate", "--suite", suite.path, "--out", reversed.path])
    #expect(generated.status == 0, "\(generated.stderr)")
    let table = try FileIO.read(inOrder.appendingPathComponent("price-discount.jsonl").path)
    #expect(try FileIO.read(reversed.appendingPathComponent("price-discount.jsonl").path) == table)

    // The smoke tier is made from the suite's drafts, the full table from the lines written as
    // the model answered: each smoke line is a line of the full table, as it is there.
    let smoke = root.appendingPathComponent("smoke")
    let smokeRun = try await conform(["generate", "--suite", suite.path, "--tier", "smoke", "--out", smoke.path])
    #expect(smokeRun.status == 0, "\(smokeRun.stderr)")
    let fullLines = Set(String(decoding: table, as: UTF8.self).split(separator: "\n"))
    let smokeLines = try String(contentsOf: smoke.appendingPathComponent("price-discount.jsonl"), encoding: .utf8).split(
      separator: "\n")
    #expect(!smokeLines.isEmpty && smokeLines.count < fullLines.count, "\(smokeLines.count) of \(fullLines.count)")
    #expect(smokeLines.allSatisfy(fullLines.contains))
    // Both decisions are covered, and the named cases lead.
    #expect(smokeLines.contains { $0.contains(#""price-discount/D2""#) })
    #expect(smokeLines.first?.contains(#""id":"price-discount/seed/ten-percent-of-999""#) == true)
  }

  @Test func fuzzingTheDomainFindsAPlantedDriftAndSaysWhereToPromoteIt() async throws {
    let (root, suite) = try await scaffold()
    let port = root.appendingPathComponent("round-half-up.py")
    try FileManager.default.copyItem(atPath: suite.appendingPathComponent("model.py").path, toPath: port.path)
    try edit(port) { $0.replacingOccurrences(of: "price - price * percent // 100", with: "price - round(price * percent / 100)") }
    let found = try await conform(
      ["fuzz", "--suite", suite.path, "--impl", "python3", "--impl-arg", port.path, "--seed", "1", "--cases", "2000"])
    #expect(found.status == 1, "\(found.stderr)")
    #expect(found.stdout.contains("FAIL price-discount/fuzz/"), "\(found.stdout)")
    #expect(found.stdout.contains("promote: add to \(suite.path)/cases.jsonl: {\"decisions\":[],\"input\":"))
    #expect(found.stdout.contains("replay: conform fuzz --impl python3 --impl-arg "))
    #expect(
      found.stdout.contains(" --seed 1 --suite \(ShellWord.quote(suite.path)) --cases "), "the replay names the suite's folder")
    let clean = try await conform(
      [
        "fuzz", "--suite", suite.path, "--impl", "python3", "--impl-arg", suite.appendingPathComponent("model.py").path,
        "--seed", "1", "--cases", "2000",
      ])
    #expect(clean.status == 0, "\(clean.stderr)")
    #expect(clean.stdout.contains("nothing found: 2,000 cases"), "\(clean.stdout)")
  }

  /// An implementation that does not support the suite searched checks nothing: that is no pass.
  @Test func fuzzingAnImplementationThatSupportsNoSearchedSuiteFails() async throws {
    let (root, suite) = try await scaffold()
    let other = root.appendingPathComponent("other-suite.py")
    try FileManager.default.copyItem(atPath: suite.appendingPathComponent("model.py").path, toPath: other.path)
    try edit(other) { $0.replacingOccurrences(of: #"SUITE = "price-discount""#, with: #"SUITE = "another-suite""#) }
    let outcome = try await conform(
      ["fuzz", "--suite", suite.path, "--impl", "python3", "--impl-arg", other.path, "--seed", "1", "--cases", "500"])
    #expect(outcome.status == 1, "\(outcome.stdout)\n\(outcome.stderr)")
    #expect(
      outcome.stdout.hasPrefix(
        "nothing checked: the implementation supports none of the suites searched (price-discount); 500 cases in "),
      "\(outcome.stdout)")
  }

  /// `suite init --model kotlin`: a Kotlin model over conform's Kotlin adapter, built by the
  /// folder's build.sh (here against the checkout's adapter sources), checked and generated.
  @Test(.enabled(if: ExternalTool.kotlin2.isInstalled, ExternalTool.kotlin2.missing))
  func aKotlinModelScaffoldBuildsAndAnswers() async throws {
    let scaffold = try await ScaffoldedSuite.make(model: "kotlin")
    let (root, suite) = (scaffold.root, scaffold.folder)
    let built = try await TestSupport.run(
      suite.appendingPathComponent("build.sh").path, environment: ["CONFORM_PACKAGE_PATH": TestSupport.packageRoot.path],
      timeout: 300)
    #expect(built.status == 0, "\(built.stderr)")
    let check = try await conform(["suite", "check", suite.path])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("the model answered every case, agreeing with the 1 stated output"), "\(check.stdout)")
    let wrong = try await conform(["suite", "init", "x", "--model", "cobol"], in: root)
    #expect(wrong.status == 2 && wrong.stderr.contains(#"--model takes python, kotlin or swift, not "cobol""#), "\(wrong.stderr)")
  }

  /// `suite init --model kotlin` built as a team outside conform's checkout builds it: against a
  /// release's adapter jar (`CONFORM_KOTLIN_ADAPTER`, here compiled from the checkout's adapter
  /// sources). build.sh keeps the jar beside the model, so `suite check` runs the model with no
  /// variable set, as the scaffold's README gives the commands; a jar that is not there is named.
  @Test(.enabled(if: ExternalTool.kotlin2.isInstalled, ExternalTool.kotlin2.missing), .timeLimit(.minutes(30)))
  func aKotlinModelBuiltAgainstTheAdapterJarRunsWithoutTheVariable() async throws {
    let scaffold = try await ScaffoldedSuite.make(model: "kotlin")
    let suite = scaffold.folder
    let jar = scaffold.root.appendingPathComponent("conform-kotlin-adapter-0.2.0.jar")
    let adapterSources = TestSupport.packageRoot.appendingPathComponent("harness/kotlin/src/adapter").path
    let compiled = try await TestSupport.run(
      ExternalTool.kotlin2.path!, ["-Werror", adapterSources, "-d", jar.path], timeout: 300)
    try #require(compiled.status == 0, "\(compiled.stderr)")
    let build = suite.appendingPathComponent("build.sh").path
    let missing = try await TestSupport.run(
      build, environment: ["CONFORM_KOTLIN_ADAPTER": scaffold.root.appendingPathComponent("no.jar").path])
    #expect(missing.status == 2, "\(missing.stderr)")
    #expect(missing.stderr.contains("no.jar, which is no file: set it to the"), "\(missing.stderr)")
    let built = try await TestSupport.run(
      build, environment: ["CONFORM_KOTLIN_ADAPTER": jar.path, "KOTLINC": ExternalTool.kotlin2.path!], timeout: 300)
    #expect(built.status == 0, "\(built.stderr)")
    let check = try await conform(["suite", "check", suite.path])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("the model answered every case, agreeing with the 1 stated output"), "\(check.stdout)")
  }

  @Test func aModelThatCrashesWhileFuzzingEndsTheSearchWithItsStderr() async throws {
    let (_, suite) = try await scaffold()
    try insertIntoModel(suite, "    if case[\"percent\"] == 42: raise SystemExit(\"no model for 42\")\n", before: Self.decides)
    let outcome = try await conform(
      [
        "fuzz", "--suite", suite.path, "--impl", "python3", "--impl-arg", suite.appendingPathComponent("model.py").path,
        "--seed", "1", "--cases", "20000",
      ])
    #expect(outcome.status == 2)
    #expect(
      outcome.stderr.contains("closed its output (it exited with status 1); its stderr ends: no model for 42"),
      "\(outcome.stderr)")
  }

  // MARK: - Bad input: each names the file and line, or the case, and writes nothing

  /// `generate --suite` after `change`: it fails with `message` on stderr and leaves no output folder.
  private func refused(
    _ message: String, timeout: String = "60", change: (URL) throws -> Void
  ) async throws {
    let (root, suite) = try await scaffold()
    try change(suite)
    let out = root.appendingPathComponent("out")
    let outcome = try await conform(["generate", "--suite", suite.path, "--out", out.path, "--timeout", timeout])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.path), "a refused suite wrote \(out.path)")
    let check = try await conform(["suite", "check", suite.path, "--timeout", timeout])
    #expect(check.status == 2 && check.stderr.contains(message), "\(check.stderr)")
  }

  @Test func aMalformedSuiteJSONIsNamedByLineAndColumn() async throws {
    try await refused("suite.json line 4: column 3: expected ',' or '}' in an object") { suite in
      try edit(suite.appendingPathComponent("suite.json")) {
        $0.replacingOccurrences(of: #""version": "1.0.0","#, with: #""version": "1.0.0""#)
      }
    }
  }

  @Test func aSchemaThatIsNotDraft2020_12IsRefused() async throws {
    try await refused(#"field "inputSchema": "#) { suite in
      try edit(suite.appendingPathComponent("suite.json")) {
        $0.replacingOccurrences(
          of: #""inputSchema": {\#n    "$schema": "https://json-schema.org/draft/2020-12/schema","#,
          with: #""inputSchema": {\#n    "$schema": "http://json-schema.org/draft-07/schema#","#)
      }
    }
  }

  @Test func duplicateCaseNamesAreNamedByBothLines() async throws {
    try await refused(#"cases.jsonl line 2: case "seed/ten-percent-of-999" is also line 1"#) { suite in
      try edit(suite.appendingPathComponent("cases.jsonl")) {
        $0.replacingOccurrences(of: "domain/percent-above-100", with: "seed/ten-percent-of-999")
      }
    }
  }

  @Test func aCaseNamingAnUndeclaredDecisionIsRefused() async throws {
    try await refused(#"cases.jsonl line 2: field "decisions[0]": D7 is not a decision of suite.json"#) { suite in
      try edit(suite.appendingPathComponent("cases.jsonl")) { $0.replacingOccurrences(of: #"["D2"]"#, with: #"["D7"]"#) }
    }
  }

  @Test func aModelThatCrashesIsNamedWithItsStderr() async throws {
    try await refused("exited with status 1; its stderr ends: ") { suite in
      try insertIntoModel(suite, "    raise ValueError(\"broken model\")\n", before: Self.decides)
    }
  }

  @Test func aBadCaseLineIsNamedBeforeWhatTheModelDoes() async throws {
    // The model would crash on any case, and runs while conform reads cases.jsonl: the file's
    // own problem is what the team must fix first, whatever the model did.
    try await refused(#"cases.jsonl line 2: field "input": does not match suite.json's inputSchema"#) { suite in
      try edit(suite.appendingPathComponent("cases.jsonl")) {
        $0.replacingOccurrences(of: #""percent":101"#, with: #""percent":"101""#)
      }
      try insertIntoModel(suite, "    raise ValueError(\"broken model\")\n", before: Self.decides)
    }
  }

  @Test func aModelThatAnswersACaseTwiceIsNamed() async throws {
    try await refused("answer line 2 answers case seed/ten-percent-of-999 (seq 1) again: a model answers each case once") {
      suite in
      try insertIntoModel(
        suite, "        if request.get(\"seq\") == 1:\n            sys.stdout.write(json.dumps(answer) + \"\\n\")\n",
        before: Self.wroteAnswer)
    }
  }

  @Test func aModelThatLeavesACaseUnansweredAndExits0IsNamedWithItsStderr() async throws {
    try await refused(
      "gave no answer for case domain/percent-above-100 (it exited 0); its stderr ends: model.py: skipping seq 2"
    ) { suite in
      try insertIntoModel(
        suite,
        "        if request.get(\"seq\") == 2:\n            sys.stderr.write(\"model.py: skipping seq 2\\n\")\n            continue\n",
        before: Self.readRequest)
    }
  }

  @Test func aModelThatHangsIsKilledAtTheTimeout() async throws {
    try await refused("ran past 1 s and was killed", timeout: "1") { suite in
      try insertIntoModel(suite, "    import time; time.sleep(60)\n", before: Self.decides)
    }
  }

  @Test func aModelThatDisagreesWithAStatedOutputNamesTheCase() async throws {
    try await refused(
      #"cases.jsonl line 1: case seed/ten-percent-of-999 states {"discountedCents":900} but the model answers {"discountedCents":899}"#
    ) { suite in
      try edit(suite.appendingPathComponent("model.py")) {
        $0.replacingOccurrences(of: "price - price * percent // 100", with: "price - round(price * percent / 100)")
      }
    }
  }

  @Test func aDomainThatMakesAnInputTheSchemaRefusesIsNamed() async throws {
    try await refused(#"(case boundary/percent/1999), which the inputSchema refuses: /percent: 1999 is above the maximum 1000"#) {
      suite in
      try edit(suite.appendingPathComponent("suite.json")) {
        $0.replacingOccurrences(of: #""min": -5, "max": 105"#, with: #""min": 0, "max": 2000"#)
      }
    }
  }

  @Test func aSuiteNamedAfterABuiltInOneIsRefused() async throws {
    try await refused(#"field "name": "eligibility" is a built-in suite of conform"#) { suite in
      try edit(suite.appendingPathComponent("suite.json")) {
        $0.replacingOccurrences(of: #""name": "price-discount""#, with: #""name": "eligibility""#)
      }
    }
  }

  @Test func aManifestNamingAnUnknownSuiteWithoutItsSpecIsRefused() async throws {
    let (root, suite) = try await scaffold()
    let fixtures = root.appendingPathComponent("fixtures")
    #expect(try await conform(["generate", "--suite", suite.path, "--out", fixtures.path]).status == 0)
    try edit(fixtures.appendingPathComponent("manifest.json")) {
      $0.replacingOccurrences(of: #""spec":"price-discount.md""#, with: #""spec":"other.md""#)
    }
    let outcome = try await conform(["run", "--fixtures", fixtures.path, "--impl", "/bin/true"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains(#"suite "price-discount" is not built into this conform"#), "\(outcome.stderr)")
  }
}
