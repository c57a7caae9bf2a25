import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// A team suite's model that misbehaves, through both ways conform runs it: making a table
/// (`generate --suite`, one stream to the end of its input, the whole run timed) and a search
/// (`fuzz --suite`, batches streamed, each answer timed). Both run it with the pump's own parts
/// (`ModelClient`): each hostile model gets the message that names it and what it did, and no
/// model holds conform past its time.
@Suite struct TeamModelHostileTests {
  /// Lines of the scaffold's model: where it decides a case, where it answers the hello, where
  /// its loop begins, and where it writes an answer.
  private static let decides = "    price, percent ="
  private static let answersHello = "        if request[\"type\"] == \"hello\":\n"
  private static let loop = "    for line in sys.stdin:"
  private static let writes = "        sys.stdout.write(json.dumps(answer"

  /// A scaffolded suite whose model has `lines` put before `anchor`; the untouched model is
  /// kept as `port.py`, the implementation a search runs it against.
  private func suite(_ lines: String, before anchor: String) async throws -> URL {
    let folder = try await ScaffoldedSuite.make("hostile models").folder
    let model = folder.appendingPathComponent("model.py")
    let text = try String(contentsOf: model, encoding: .utf8)
    try text.write(to: folder.appendingPathComponent("port.py"), atomically: true, encoding: .utf8)
    let changed = text.replacingOccurrences(of: anchor, with: lines + anchor)
    try #require(changed != text, "the model has no line \(anchor)")
    try changed.write(to: model, atomically: true, encoding: .utf8)
    return folder
  }

  private func generate(_ suite: URL, timeout: String = "60") async throws -> ProcessOutcome {
    let out = suite.deletingLastPathComponent().appendingPathComponent("out")
    return try await TestSupport.run(
      TestSupport.binary("conform"), ["generate", "--suite", suite.path, "--out", out.path, "--timeout", timeout])
  }

  private func fuzz(_ suite: URL, timeout: String = "60", environment: [String: String] = [:]) async throws
    -> ProcessOutcome
  {
    try await TestSupport.run(
      TestSupport.binary("conform"),
      [
        "fuzz", "--suite", suite.path, "--impl", "python3", "--impl-arg", suite.appendingPathComponent("port.py").path,
        "--seed", "1", "--cases", "50", "--timeout", timeout,
      ], environment: environment)
  }

  /// The `conform: error:` line, for messages.
  private func error(_ outcome: ProcessOutcome) -> String {
    outcome.stderr.split(separator: "\n").first { $0.contains("error:") }.map(String.init) ?? outcome.stderr
  }

  /// The run stopped with exit status 2 and an error line holding `message`.
  private func expectStopped(
    _ outcome: ProcessOutcome, saying message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(outcome.status == 2, sourceLocation: sourceLocation)
    #expect(error(outcome).contains(message), "\(outcome.stderr)", sourceLocation: sourceLocation)
  }

  @Test func aModelThatAnswersBeforeItsHelloIsNamed() async throws {
    let suite = try await suite("        if request[\"type\"] == \"hello\":\n            continue\n", before: Self.answersHello)
    let outcome = try await generate(suite)
    expectStopped(
      outcome, saying: #"model.py: its first line is not a hello: the hello is not valid: field "type": expected "hello""#)
  }

  @Test(.timeLimit(.minutes(30))) func aModelThatNeverSaysHelloIsKilledAtTheTimeout() async throws {
    let suite = try await suite("    import time; time.sleep(60)\n", before: Self.loop)
    let outcome = try await fuzz(suite, timeout: "1")
    expectStopped(outcome, saying: "model.py ran past 1 s and was killed")
    #expect(outcome.seconds < 30, "the model's sleep held conform for \(outcome.seconds) s")
  }

  @Test func aModelThatAnswersGarbageIsNamedByTheLine() async throws {
    let suite = try await suite("        if answer[\"type\"] == \"result\": answer = \"garbage\"\n", before: Self.writes)
    for outcome in [try await generate(suite), try await fuzz(suite)] {
      expectStopped(
        outcome,
        saying: #"model.py: answer line 1 is not a conform answer: an answer must be a JSON object, found a string: "garbage""#)
    }
  }

  @Test func aModelThatAnswersAWrongSeqInASearchIsNamed() async throws {
    let suite = try await suite("        if \"seq\" in request: request[\"seq\"] += 1000\n", before: Self.answersHello)
    let outcome = try await fuzz(suite)
    expectStopped(
      outcome, saying: "model.py answered seq 1001 (price-discount/fuzz/model-1), which no request awaiting an answer had")
  }

  @Test(.timeLimit(.minutes(30))) func aModelThatHangsInASearchIsKilledAtEachAnswersTimeout() async throws {
    let lines = "    if case.get(\"percent\", 0) % 2 == 1: import time; time.sleep(60)\n"
    let suite = try await suite(lines, before: Self.decides)
    let outcome = try await fuzz(suite, timeout: "1")
    expectStopped(outcome, saying: "model.py did not answer within 1 s and was killed")
    #expect(outcome.seconds < 30, "the model's sleep held conform for \(outcome.seconds) s")
  }

  /// The search ends the process there: the folder it keeps its batches' results in goes too.
  @Test func aModelThatDiesInASearchIsNamedWithItsStderrAndLeavesNoFolder() async throws {
    let lines = "    if case.get(\"percent\", 0) % 2 == 1: sys.stderr.write(\"model: dying\\n\"); sys.exit(3)\n"
    let suite = try await suite(lines, before: Self.decides)
    let temporary = TestSupport.temporaryDirectory("fuzz-temporary")
    let outcome = try await fuzz(suite, environment: ["TMPDIR": temporary.path])
    expectStopped(outcome, saying: "model.py closed its output (it exited with status 3); its stderr ends: model: dying")
    let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
    #expect(left.isEmpty, "conform fuzz left \(left) in its TMPDIR")
  }

  /// A child of the model that keeps its output open does not hold conform (the model's exit
  /// is watched beside its pipe), and is killed with the model's process group at the end, as
  /// an implementation's children are.
  @Test(.timeLimit(.minutes(30))) func aChildHoldingTheModelsOutputDoesNotHoldConformAndEndsWithIt() async throws {
    let pidFile = TestSupport.temporaryDirectory().appendingPathComponent("child.pid")
    let start = "    import subprocess; child = subprocess.Popen([\"sleep\", \"60\"])\n"
    let suite = try await suite(
      start + "    open(\"\(pidFile.path)\", \"w\").write(str(child.pid))\n", before: Self.loop)
    for search in [false, true] {
      let outcome = search ? try await fuzz(suite) : try await generate(suite)
      #expect(outcome.status == 0, "\(outcome.stderr)")
      #expect(outcome.seconds < 30, "the model's child held conform for \(outcome.seconds) s")
      #if os(Linux)
        let pid = try String(contentsOf: pidFile, encoding: .utf8)
        // Gone, or a zombie its new parent has yet to reap: either way, killed.
        let ended = TestSupport.waitUntil(within: 10) {
          guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
          return stat.split(separator: " ").dropFirst(2).first == "Z"
        }
        #expect(ended, "the model's child \(pid) outlived conform (\(search ? "fuzz" : "generate") --suite)")
      #endif
      try FileManager.default.removeItem(at: pidFile)
    }
  }
}
