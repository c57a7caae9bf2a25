import ConformArchive
import ConformJSON
import ConformPlatform
import ConformProtocol
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformResults
@testable import ConformSuites

/// What the hostile tests share: `Tests/Implementations/hostile/hostile.py`, a way to run
/// `conform run` against it that also measures conform's peak memory, and the limits every
/// entry of the catalogue must stay within (harness/README.md, "The harness under fire").
enum Hostile {
  /// The peak resident memory allowed to `conform run` (and whatever it reaps), in bytes. The
  /// harness keeps at most one answer line (16 MiB, in a buffer that may double to 32 MiB) and
  /// 4 KiB of stderr per process; measured: about 24 MB for a run of the small fixtures, about
  /// 72 MB while refusing a 100 MB line. `CONFORM_MEMORY_CAP_MB` replaces it (harness/sanitize.sh
  /// does: a sanitizer's shadow memory is not the harness's).
  static let memoryCap = (Int(ProcessInfo.processInfo.environment["CONFORM_MEMORY_CAP_MB"] ?? "") ?? 200) << 20

  /// The case the catalogue's faults strike: the k-th eligibility case (k = 4), so three cases
  /// are answered before it by the same process.
  static let k = 4
  static let culprit = eligibility[k - 1]
  static let eligibility = Testbed.cases.filter { $0.suite == "eligibility" }.map(\.id)

  static let script = TestSupport.packageRoot.appendingPathComponent("Tests/Implementations/hostile/hostile.py").path

  /// A fixtures folder holding only the whole eligibility table (549 cases): its first window of
  /// requests (256) is over 64 KiB, more than a pipe holds.
  static let wideFixtures: String = {
    let directory = TestSupport.temporaryDirectory("conform-wide-fixtures").path
    for file in FixtureGenerator.generate(options: GeneratorOptions(parameters: ["depth": 1]), suites: [EligibilitySuite()]) {
      try! FileIO.write(file.bytes, to: FileIO.join(directory, file.name))
    }
    return directory
  }()

  /// What one `conform run` did.
  struct Run: Sendable {
    /// The exit status, or 128 + the signal that ended it.
    var status: Int32
    var stdout: String
    var stderr: String
    /// Wall time from spawn to reaping, in seconds.
    var seconds: Double
    /// conform's own peak resident size in bytes, sampled from `/proc` while it ran.
    var peakMemory: Int
    /// Killed for running past its limit.
    var timedOut: Bool
    var directory: URL
    var resultsPath: String

    var hasResults: Bool { FileManager.default.fileExists(atPath: resultsPath) }
    func results() throws -> ResultsFile { try ResultsFile.read(resultsPath) }
    var closingLine: String { stdout.split(separator: "\n").last.map(String.init) ?? "" }
    func record(_ id: String) throws -> CaseResult { try #require(try results().results.first { $0.id == id }) }

    /// The hostile implementation's `--log`: (event, pid, case id) in the order written.
    var events: [(event: String, pid: String, id: String)] {
      let text = (try? String(contentsOf: directory.appendingPathComponent("events.log"), encoding: .utf8)) ?? ""
      return text.split(separator: "\n").map { line in
        let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
        return (parts[0], parts[1], parts[2])
      }
    }
  }

  /// A started `conform`, its output going to files.
  struct Started: Sendable {
    let pid: pid_t
    let started: Date
    let directory: URL
    let resultsPath: String

    /// The process's own peak memory in bytes (`Host.peakMemoryKilobytes`: `VmHWM` on Linux),
    /// 0 once it has exited.
    ///
    /// Not `ru_maxrss` from `wait4`: a child spawned with vfork semantics starts from the parent's
    /// high-water mark, so in a full test run it reported the test runner's 230 MB, not conform's.
    ///
    /// Read only while the process runs conform's binary: a reading taken of any other process
    /// under that pid (the test runner before the exec, whose high-water mark was 337 MiB in one
    /// loaded CI run) is not conform's. Where `/proc` is missing (Darwin), every reading counts.
    static func highWaterMark(of pid: pid_t) -> Int {
      let executable = "/proc/\(pid)/exe"
      if FileManager.default.fileExists(atPath: "/proc/self/exe"),
        (try? FileManager.default.destinationOfSymbolicLink(atPath: executable)) != conform
      {
        return 0
      }
      return (Host.peakMemoryKilobytes(of: pid) ?? 0) * 1024
    }

    /// The conform binary the tests start, its links resolved as `/proc/<pid>/exe` shows it.
    static let conform = URL(fileURLWithPath: TestSupport.binary("conform")).resolvingSymlinksInPath().path

    /// Waits for conform to exit, killing it after `limit` seconds, and reads what it left. It
    /// blocks: call it off the pool (`TestSupport.offThePool`), where its timing is conform's own.
    func finish(limit: Double) -> Run {
      var status: Int32 = 0
      var usage = rusage()
      var timedOut = false
      let deadline = started.addingTimeInterval(limit)
      var peak = 0
      while true {
        peak = max(peak, Self.highWaterMark(of: pid))
        let reaped = wait4(pid, &status, WNOHANG, &usage)
        if reaped == pid { break }
        if reaped < 0 && errno != EINTR { break }
        if Date() > deadline && !timedOut {
          timedOut = true
          kill(pid, SIGKILL)
        }
        usleep(10_000)
      }
      let signal = status & 0x7F
      let read = { (name: String) in
        (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
      }
      return Run(
        status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, stdout: read("stdout.txt"), stderr: read("stderr.txt"),
        seconds: Date().timeIntervalSince(started), peakMemory: peak, timedOut: timedOut,
        directory: directory, resultsPath: resultsPath)
    }
  }

  /// Starts `conform run --impl hostile.py --fixtures F --results R <options> -- <behaviour>
  /// --fixtures F --log events.log <arguments>` in a fresh folder, with stdout and stderr in files.
  static func start(
    _ behaviour: String, _ arguments: [String] = [], options: [String], fixtures: String = Testbed.fixtures
  ) throws -> Started {
    try start(script: script, options: options, fixtures: fixtures) { directory in
      [behaviour, "--fixtures", fixtures, "--log", directory.appendingPathComponent("events.log").path] + arguments
    }
  }

  /// Starts `conform run --impl <script> --fixtures F --results R <options> -- <what
  /// implementationArguments gives for the run's folder>` in a fresh folder, with stdout and
  /// stderr in files.
  static func start(
    script: String, options: [String], fixtures: String = Testbed.fixtures,
    implementationArguments: (URL) -> [String]
  ) throws -> Started {
    let directory = TestSupport.temporaryDirectory("conform-hostile")
    let results = directory.appendingPathComponent("results.jsonl").path
    let command =
      [TestSupport.binary("conform"), "run", "--impl", script, "--fixtures", fixtures, "--results", results] + options
      + ["--"] + implementationArguments(directory)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, directory.appendingPathComponent("stdout.txt").path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(
      &actions, 2, directory.appendingPathComponent("stderr.txt").path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    let argv = command.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let started = Date()
    let error = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
    guard error == 0 else { throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EIO) }
    return Started(pid: pid, started: started, directory: directory, resultsPath: results)
  }

  /// Runs to the end (or `limit` seconds).
  static func run(
    _ behaviour: String, _ arguments: [String] = [], options: [String], fixtures: String = Testbed.fixtures,
    limit: Double = 120
  ) async throws -> Run {
    try await TestSupport.processOffThePool {
      try start(behaviour, arguments, options: options, fixtures: fixtures).finish(limit: limit)
    }
  }

  /// What every run must show, whatever the implementation did: it ended on its own within
  /// `seconds`, and within the memory cap.
  static func expectBounded(_ run: Run, seconds: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!run.timedOut, "conform was still running after its limit", sourceLocation: sourceLocation)
    // The bounds guard against hangs, not for speed: twice the catalogue's bound, as a CI run of
    // the whole suite on 2 loaded cores stretched four runs past theirs by up to a second at once.
    let bound = seconds * 2
    #expect(run.seconds < bound, "took \(run.seconds) s, bound \(bound) s", sourceLocation: sourceLocation)
    #expect(
      run.peakMemory < memoryCap, "peak memory \(run.peakMemory >> 20) MiB, cap \(memoryCap >> 20) MiB",
      sourceLocation: sourceLocation)
  }

  /// The cases the implementation's first process answered before its first fault: each is
  /// recorded as a pass and was never sent again (answered once in the whole log).
  static func expectAnswersBeforeTheFaultKept(
    _ run: Run, atLeast minimum: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let events = run.events
    let first = try #require(events.first?.pid, "the implementation logged nothing", sourceLocation: sourceLocation)
    let before = events.prefix { $0.pid == first && $0.event == "answer" }.map(\.id)
    #expect(before.count >= minimum, "answered before the fault: \(before)", sourceLocation: sourceLocation)
    let file = try run.results()
    for id in before {
      #expect(file.results.first { $0.id == id }?.status == .pass, "\(id)", sourceLocation: sourceLocation)
      #expect(
        events.filter { $0.event == "answer" && $0.id == id }.count == 1, "\(id) sent again", sourceLocation: sourceLocation)
    }
  }

  /// Whether a process is gone (or a zombie nobody reaped yet, which holds nothing).
  static func isGone(_ pid: pid_t) -> Bool {
    if kill(pid, 0) == -1 && errno == ESRCH { return true }
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    guard let close = stat.lastIndex(of: ")") else { return true }
    return stat[stat.index(close, offsetBy: 2)] == "Z"
  }

  /// The pids a hostile implementation appended to `file`.
  static func pids(in file: URL) -> [pid_t] {
    ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
  }
}

/// One fault of the catalogue, struck on case k while every other case is answered correctly.
struct Fault: Sendable, CustomTestStringConvertible {
  /// The behaviour, as harness/README.md's table names it.
  var name: String
  /// hostile.py's behaviour and its arguments (`--on <culprit>` is added).
  var behaviour: [String]
  var timeout: Double = 10
  var status: CaseStatus
  /// How the culprit's message starts.
  var message: String
  /// What else it must say.
  var says: [String] = []
  /// How it ends, when that matters.
  var ends: String?
  /// Per-case timeouts the run will sit through (each hang costs one).
  var hangs = 0
  var exitStatus: Int32 = 1

  var testDescription: String { name }
  /// A generous bound on the wall time, against hangs: the timeouts it must wait out plus 20 s.
  var seconds: Double { Double(hangs) * timeout + 20 }

  static let catalogue: [Fault] = [
    Fault(name: "exits 0 at case k", behaviour: ["exit"], status: .crashed, message: "the implementation exited with status 0"),
    Fault(
      name: "exits at case k, a leftover child answers for it later", behaviour: ["exit-leaving-answer", "--status", "3"],
      status: .crashed, message: "the implementation exited with status 3"),
    Fault(
      name: "crashes by a signal at case k", behaviour: ["signal", "--signal", "ABRT"], status: .crashed,
      message: "the implementation was killed by signal 6 (SIGABRT)"),
    Fault(
      name: "sleeps just past the timeout", behaviour: ["sleep", "--seconds", "3"], timeout: 2, status: .timeout,
      message: "no answer within 2 s (--timeout)", hangs: 1),
    Fault(
      name: "hangs on case k, ignoring SIGTERM", behaviour: ["hang-ignoring-term"], timeout: 2, status: .timeout,
      message: "no answer within 2 s (--timeout)", hangs: 1),
    Fault(
      name: "closes stdout but keeps running", behaviour: ["close-stdout"], status: .crashed,
      message: "the implementation closed its standard output"),
    Fault(
      name: "a half line then EOF", behaviour: ["half-line"], status: .crashed,
      message: "the implementation exited with status 0",
      says: [#"it left a line without its newline: {"type":"result","seq":"#]),
    Fault(
      name: "a whole answer without its newline, then waits", behaviour: ["no-newline"], timeout: 2, status: .timeout,
      message: "no answer within 2 s (--timeout)", says: [#"it left a line without its newline: {"type":"result","seq":4,"#],
      hangs: 1),
    Fault(
      name: "non-UTF-8 bytes", behaviour: ["non-utf8"], status: .protocolError,
      message: "not a JSON answer (line 1, column 77: invalid UTF-8 sequence in a string): ",
      says: [#""output":"caf"#]),
    Fault(
      name: "a NUL byte", behaviour: ["nul"], status: .protocolError,
      message: "not a JSON answer (line 1, column 75: control character 0x00 in a string must be escaped): "),
    Fault(
      name: "a 100 MB line", behaviour: ["huge-line"], status: .protocolError,
      message: #"an answer line longer than 16777216 bytes: {"type":"result","seq":"#, ends: "xxxx…"),
    Fault(
      name: "answers a seq that was never sent", behaviour: ["unknown-seq"], status: .protocolError,
      message: "answered seq 1000001, which was never sent: "),
    Fault(
      name: "answers with another case's id", behaviour: ["wrong-id"], status: .protocolError,
      message: #"answered seq 4 with id "eligibility/"#, says: [", but seq 4 is \(Hostile.culprit): "]),
    Fault(
      name: "answers one seq twice", behaviour: ["twice"], status: .protocolError, message: "answered seq 4 a second time: "),
    Fault(
      name: "seq of the wrong type", behaviour: ["shape", "--shape", "seq-string"], status: .protocolError,
      message: #"not a valid answer (field "seq": expected an integer, found a string "1")"#),
    Fault(
      name: "id of the wrong type", behaviour: ["shape", "--shape", "id-number"], status: .protocolError,
      message: #"not a valid answer (field "id": expected a string, found a number 7)"#),
    Fault(
      name: "skip reason of the wrong type", behaviour: ["shape", "--shape", "reason-number"], status: .protocolError,
      message: #"not a valid answer (field "reason": expected a string, found a number 7)"#),
    Fault(
      name: "an extra field", behaviour: ["shape", "--shape", "extra-field"], status: .protocolError,
      message: #"not a valid answer (field "elapsed": unknown field)"#),
    Fault(
      name: "an unknown answer type", behaviour: ["shape", "--shape", "type-unknown"], status: .protocolError,
      message: #"not a valid answer (field "type": expected "result", "skipped" or "error", found "done")"#),
    Fault(
      name: "JSON that is not an object", behaviour: ["shape", "--shape", "not-an-object"], status: .protocolError,
      message: #"an answer must be a JSON object, found an array: [1,"eligibility/"#),
  ]
}

/// The catalogue of hostile implementations (harness/README.md, "The harness under fire"): for
/// each, the exit status, the classification and message, the wall time, the memory, and that
/// every case answered before the fault is kept.
@Suite struct HostileImplementationTests {
  let eligibility = Testbed.count(suite: "eligibility")

  @Test(arguments: Fault.catalogue)
  func aFaultOnCaseKIsPinnedOnItAndTheRestRun(fault: Fault) async throws {
    let run = try await Hostile.run(
      fault.behaviour[0], Array(fault.behaviour.dropFirst()) + ["--on", Hostile.culprit],
      options: ["--suite", "eligibility", "--timeout", "\(fault.timeout)"], limit: fault.seconds + 30)
    Hostile.expectBounded(run, seconds: fault.seconds)
    #expect(run.status == fault.exitStatus, "\(run.stderr)")
    let culprit = try run.record(Hostile.culprit)
    #expect(culprit.status == fault.status)
    let message = culprit.message ?? ""
    #expect(message.hasPrefix(fault.message), "\(message)")
    for phrase in fault.says { #expect(message.contains(phrase), "\(phrase) not in: \(message)") }
    if let end = fault.ends { #expect(message.hasSuffix(end), "\(message)") }
    #expect(message.utf8.count < 1000)
    #expect(culprit.stderrTail?.contains("hostile.py: \(fault.behaviour[0]) on \(Hostile.culprit)") == true)
    let file = try run.results()
    Testbed.expectComplete(file, cases: eligibility)
    #expect(file.results.filter { $0.id != Hostile.culprit }.allSatisfy { $0.status == .pass })
    #expect(run.closingLine == "\(eligibility - 1) passed, 0 failed, 1 errored")
    try Hostile.expectAnswersBeforeTheFaultKept(run, atLeast: Hostile.k - 1)
  }

  /// A crash with many cases in flight that does not come back when they are replayed one at a
  /// time (hostile.py exits the first time only): the run still fails, every case in flight at
  /// the crash is recorded with it, and the answers before it are kept.
  @Test func aCrashThatNeverRecursStillFailsTheRun() async throws {
    let once = TestSupport.temporaryDirectory("conform-once").appendingPathComponent("fired").path
    let run = try await Hostile.run(
      "exit", ["--status", "3", "--once", once, "--on", Hostile.culprit], options: ["--suite", "eligibility"])
    Hostile.expectBounded(run, seconds: 30)
    #expect(run.status == 1, "\(run.stderr)")
    let file = try run.results()
    Testbed.expectComplete(file, cases: eligibility)
    let events = run.events
    let faults = events.filter { $0.event == "fault" }
    #expect(faults.count == 1, "the fault recurred: \(faults)")
    let answeredBefore = events.prefix { $0.event == "answer" }.count
    let crashed = file.results.filter { $0.status == .crashed }
    #expect(crashed.count == eligibility - answeredBefore, "crashed: \(crashed.count), answered before: \(answeredBefore)")
    #expect(crashed.count > 1)
    #expect(crashed.contains { $0.id == Hostile.culprit })
    let message = try run.record(Hostile.culprit).message ?? ""
    #expect(
      message
        == "the implementation exited with status 3 with \(crashed.count) cases in flight, this one among them; "
        + "replayed alone, one at a time, each passed: the fault did not recur")
    #expect(run.stderr.contains("the fault did not recur when the \(crashed.count) cases in flight were replayed one at a time"))
    #expect(file.footer?.totals[.crashed] == Int64(crashed.count))
    try Hostile.expectAnswersBeforeTheFaultKept(run, atLeast: Hostile.k - 1)
  }

  // MARK: - Before the first case

  @Test func exitingBeforeTheHandshakeStopsTheRunWithItsStderr() async throws {
    let run = try await Hostile.run("exit-before-hello", ["--status", "1"], options: [])
    Hostile.expectBounded(run, seconds: 15)
    #expect(run.status == 2)
    #expect(run.stderr.contains("it closed its standard output before answering the hello; it exited with status 1"))
    #expect(run.stderr.contains("    hostile.py: missing configuration, giving up before the hello"))
    #expect(!run.hasResults)
  }

  @Test func hangingBeforeTheHandshakeStopsTheRunAfterTenSeconds() async throws {
    let run = try await Hostile.run("hang-before-hello", options: ["--timeout", "1"])
    Hostile.expectBounded(run, seconds: 10 + 10)
    #expect(run.seconds >= 10)
    #expect(run.status == 2)
    #expect(run.stderr.contains("no hello within 10 s of starting (it wrote nothing on stderr)"))
    #expect(!run.hasResults)
  }

  /// protocol2.py (RunEndToEndTests) says so and exits; this one says so and stays alive.
  @Test func aWrongProtocolVersionThatStaysAliveIsStoppedAfterOneSecond() async throws {
    let run = try await Hostile.run("version", ["--version", "0"], options: [])
    Hostile.expectBounded(run, seconds: 1 + 10)
    #expect(run.status == 2)
    #expect(
      run.stderr.contains(
        "it speaks protocol 0, this conform speaks protocol 1: upgrade the implementation's adapter to protocol 1"))
    #expect(run.stderr.contains("    hostile.py: speaks protocol 0 and will not exit"))
    #expect(!run.hasResults)
  }

  @Test func aSecondHelloIsAProtocolErrorAndNothingPasses() async throws {
    let run = try await Hostile.run("hello-twice", options: ["--suite", "eligibility", "--max-restarts", "3"])
    Hostile.expectBounded(run, seconds: 20)
    #expect(run.status == 1)
    let file = try run.results()
    Testbed.expectComplete(file, cases: eligibility)
    // Every process repeats it, and the case in flight is blamed (none is when the second hello
    // wins the race with the first request), until the restart cap leaves the rest not run.
    let saysWhy = #"field "type": expected "result", "skipped" or "error", found "hello""#
    #expect(file.results.filter { $0.status == .protocolError }.count <= 3)
    #expect(file.results.allSatisfy { $0.status == .protocolError || $0.status == .notRun })
    #expect(file.results.allSatisfy { $0.message?.contains(saysWhy) == true })
    // The cases never sent are not run, not errored: the closing line says how far the run got.
    let errored = file.results.filter { $0.status == .protocolError }.count
    let counts = errored > 0 ? "\(errored) errored, \(eligibility - errored) not run" : "\(eligibility) not run"
    #expect(run.closingLine == "0 passed, 0 failed, \(counts): stopped after \(errored) of \(eligibility) cases")
  }

  @Test func anImplementationThatAnswersNothingTimesOutUpToTheRestartCap() async throws {
    let run = try await Hostile.run("hang-all", options: ["--suite", "eligibility", "--timeout", "1", "--max-restarts", "2"])
    Hostile.expectBounded(run, seconds: 3 * 1 + 20)
    #expect(run.status == 1)
    let file = try run.results()
    Testbed.expectComplete(file, cases: eligibility)
    #expect(file.results.prefix(3).allSatisfy { $0.status == .timeout && $0.message == "no answer within 1 s (--timeout)" })
    #expect(file.results.dropFirst(3).allSatisfy { $0.status == .notRun && $0.message?.contains("--max-restarts 2") == true })
    #expect(
      run.stderr.contains(
        "the implementation was restarted 2 times in a row without answering a case, the limit (--max-restarts 2): "
          + "the cases left were not run"))
  }

  /// The harness's writes block on the full pipe; the oldest request times out all the same.
  @Test func anImplementationThatNeverReadsItsInputTimesOut() async throws {
    let cases = try FixtureSet.load(directory: Hostile.wideFixtures).cases
    var window: [UInt8] = []
    for (index, fixture) in cases.prefix(256).enumerated() {
      CaseRequest(id: fixture.id, suite: fixture.suite, input: fixture.input).write(seq: Int64(index + 1), into: &window)
    }
    #expect(window.count > 65536, "the first window must not fit in a pipe")
    let run = try await Hostile.run(
      "never-read", options: ["--timeout", "1", "--max-restarts", "1"], fixtures: Hostile.wideFixtures)
    Hostile.expectBounded(run, seconds: 2 * 1 + 20)
    #expect(run.status == 1)
    let file = try run.results()
    Testbed.expectComplete(file, cases: cases.count)
    #expect(file.results.prefix(2).allSatisfy { $0.status == .timeout })
    #expect(file.results.dropFirst(2).allSatisfy { $0.status == .notRun })
  }

  /// PROTOCOL.md: a `\r` before the `\n` is white space, so CRLF answers are accepted.
  @Test func crlfLineEndingsAreAccepted() async throws {
    let run = try await Hostile.run("crlf", options: ["--suite", "eligibility"])
    Hostile.expectBounded(run, seconds: 20)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.closingLine == "\(eligibility) passed, 0 failed")
    Testbed.expectComplete(try run.results(), cases: eligibility)
  }

  @Test func anImplementationThatIgnoresSIGTERMAtTheEndIsKilled() async throws {
    let run = try await Hostile.run("ignore-term-at-end", options: ["--suite", "eligibility"])
    Hostile.expectBounded(run, seconds: 2.2 + 20)
    #expect(run.seconds >= 2)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("hostile-py did not exit within 2 s of the end of its input: its process group was killed"))
    #expect(run.closingLine == "\(eligibility) passed, 0 failed")
  }

  // MARK: - Output it should not have, and children out of reach

  /// Blank lines are not answers: an implementation that floods stdout with them, never answering,
  /// times out at its `--timeout` like one that is silent, and every other case still passes.
  /// (Before, conform counted reading the flood as its own time and stopped the case's clock:
  /// a `--timeout 1` case took 394 s in a debug build.)
  @Test func aFloodOfBlankLinesDoesNotStretchACasePastItsTimeout() async throws {
    let run = try await Hostile.run(
      "blank-flood", ["--on", Hostile.culprit], options: ["--suite", "eligibility", "--timeout", "1"])
    Hostile.expectBounded(run, seconds: 60)
    #expect(run.status == 1, "\(run.stderr)")
    let file = try run.results()
    #expect(try run.record(Hostile.culprit).status == .timeout)
    #expect(file.results.filter { $0.id != Hostile.culprit }.allSatisfy { $0.status == .pass })
    // The whole run, restart included, within seconds, not minutes (the bound leaves room for a
    // machine busy with the other tests: 11 s was seen beside them on 2 cores).
    let milliseconds = try #require(file.footer?.milliseconds)
    #expect(milliseconds < 30_000, "the run took \(milliseconds) ms")
  }

  /// Stderr is the implementation's own: 1 GiB of it costs 4 KiB of memory and no case.
  @Test func aGibibyteOfStderrIsDrainedInBoundedMemory() async throws {
    let run = try await Hostile.run(
      "stderr-flood", ["--on", Hostile.culprit], options: ["--suite", "eligibility", "--timeout", "120"], limit: 180)
    Hostile.expectBounded(run, seconds: 120)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.closingLine == "\(eligibility) passed, 0 failed")
    Testbed.expectComplete(try run.results(), cases: eligibility)
  }

  /// A child in a session of its own is out of reach of the group kill and holds the pipes
  /// for a minute: neither a clean run nor a crash waits for it.
  @Test(arguments: [["correct"], ["exit", "--on", Hostile.culprit]])
  func aChildThatEscapesTheProcessGroupDoesNotHoldUpTheRun(behaviour: [String]) async throws {
    let escaped = TestSupport.temporaryDirectory().appendingPathComponent("escaped.pid")
    defer { Hostile.pids(in: escaped).forEach { kill($0, SIGKILL) } }
    let run = try await Hostile.run(
      behaviour[0], Array(behaviour.dropFirst()) + ["--escape", escaped.path], options: ["--suite", "eligibility"])
    Hostile.expectBounded(run, seconds: 30)
    #expect(!Hostile.pids(in: escaped).isEmpty)
    let file = try run.results()
    Testbed.expectComplete(file, cases: eligibility)
    if behaviour.count == 1 {
      #expect(run.status == 0, "\(run.stderr)")
    } else {
      #expect(run.status == 1)
      #expect(try run.record(Hostile.culprit).status == .crashed)
      #expect(file.results.filter { $0.id != Hostile.culprit }.allSatisfy { $0.status == .pass })
    }
  }
}

/// What a hostile implementation writes must not break the files conform writes from it.
@Suite struct HostileOutputInConformFilesTests {
  /// An error message with CRLF line breaks becomes a known-failures reason: the list written
  /// must read back, and excuse the same failure next time.
  @Test func anErrorMessageWithCRLFKeepsTheWrittenKnownFailuresReadable() async throws {
    let list = TestSupport.temporaryDirectory().appendingPathComponent("known.txt").path
    let arguments = ["--on", Hostile.culprit]
    let first = try await Hostile.run(
      "error-crlf", arguments, options: ["--suite", "eligibility", "--write-known-failures", list])
    #expect(first.status == 1)
    #expect(try first.record(Hostile.culprit).message == "first line\r\nsecond line\r\n")
    let text = String(decoding: try FileIO.read(list), as: UTF8.self)
    #expect(text.hasSuffix("\(Hostile.culprit)  # error: first line\n"), "\(text)")
    let second = try await Hostile.run("error-crlf", arguments, options: ["--suite", "eligibility", "--known-failures", list])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.closingLine.hasSuffix("1 known failure"))
  }
}

/// Ids are compared as bytes on both paths of the reader, as fixture values are compared by
/// scalars: an id that is only canonically equivalent is another id.
@Suite struct HostileIDComparisonTests {
  /// The Testbed's fixtures with one eligibility id renamed (and the manifest's digest updated).
  static func fixtures(renaming id: String, to newID: String) throws -> String {
    let directory = TestSupport.temporaryDirectory("conform-renamed-fixtures").path
    for name in try FileManager.default.contentsOfDirectory(atPath: Testbed.fixtures) {
      var bytes = try FileIO.read(FileIO.join(Testbed.fixtures, name))
      if name == "eligibility.jsonl" {
        let text = String(decoding: bytes, as: UTF8.self)
        bytes = Array(text.replacingOccurrences(of: "\"id\":\"\(id)\"", with: "\"id\":\"\(newID)\"").utf8)
        #expect(bytes.count == text.utf8.count + newID.utf8.count - id.utf8.count)
      }
      try FileIO.write(bytes, to: FileIO.join(directory, name))
    }
    let table = try FileIO.read(FileIO.join(directory, "eligibility.jsonl"))
    var manifest = try FixtureManifest(json: try JSONReader.parse(try FileIO.read(FileIO.join(directory, "manifest.json"))))
    let index = try #require(manifest.files.firstIndex { $0.path == "eligibility.jsonl" })
    manifest.files[index].sha256 = SHA256.hex(table)
    manifest.files[index].bytes = Int64(table.count)
    try FileIO.write(manifest.bytes, to: FileIO.join(directory, "manifest.json"))
    return directory
  }

  /// The escape sends the line to the strict parser, whose id used to be compared with String's
  /// ==, which holds "\u{212A}" (KELVIN SIGN) equal to "K": the answer passed.
  @Test func anIDThatIsOnlyCanonicallyEquivalentIsAProtocolError() async throws {
    let culprit = Hostile.culprit + "-K"
    let fixtures = try Self.fixtures(renaming: Hostile.culprit, to: culprit)
    let run = try await Hostile.run("kelvin-id", ["--on", culprit], options: ["--suite", "eligibility"], fixtures: fixtures)
    Hostile.expectBounded(run, seconds: 20)
    #expect(run.status == 1)
    let record = try run.record(culprit)
    #expect(record.status == .protocolError)
    let expected = "answered seq 4 with id \"\(Hostile.culprit)-\u{212A}\", but seq 4 is \(culprit): "
    #expect((record.message ?? "").utf8.starts(with: expected.utf8), "\(record.message ?? "")")
  }
}
