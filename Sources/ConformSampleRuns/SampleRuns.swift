import ConformJSON
import ConformReport
import ConformResults
import ConformSuites
import Foundation

/// Runs built from the Results model, as the harness would write them, for the reporter's tests.
public enum SampleRuns {
  public static let digest = "sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
  public static let otherDigest = "sha256:fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210"

  public static func header(
    name: String = "swift-ports", language: String = "swift", version: String = "0.1.0", digest: String = digest,
    cases: Int64
  ) -> ResultHeader {
    ResultHeader(
      conformVersion: "0.1.0", protocolVersion: 1, startedAt: "2026-11-30T12:00:00Z",
      implementation: .init(command: [name, "--stdio"], name: name, language: language, version: version),
      fixtures: .init(source: "fixtures", manifestDigest: digest, generatorVersion: "1", cases: cases), options: [:])
  }

  public static func footer(_ results: [CaseResult], interrupted: String? = nil) -> ResultFooter {
    var totals: [CaseStatus: Int64] = [:]
    for result in results { totals[result.status, default: 0] += 1 }
    var reasons = RestartTally()
    reasons.count(.crash)
    return ResultFooter(
      endedAt: "2026-11-30T12:00:02Z", milliseconds: 1234, interrupted: interrupted, restarts: 1, restartReasons: reasons,
      totals: totals)
  }

  public static let timelineExpected: JSONValue = [
    "effects": [
      ["at": 2000, "day": 20000, "effect": "recordAttempt", "version": "1.0.0"],
      ["at": 2000, "effect": "requestReview"],
    ],
    "final": [
      "lastAttemptEpochDay": 20000, "lastPromptedVersion": "1.0.0", "now": 2000, "pending": false, "scheduled": false,
      "today": 20000, "wonCompletionCount": 3,
    ],
  ]

  public static let timelineActual: JSONValue = [
    "effects": [["at": 2000, "day": 20000, "effect": "recordAttempt", "version": "1.0.0"]],
    "final": [
      "lastAttemptEpochDay": 20000, "lastPromptedVersion": "1.0.0", "now": 2000, "pending": true, "scheduled": false,
      "today": 20000, "wonCompletionCount": 3,
    ],
  ]

  /// One case of every kind a report must handle, in the order answers might arrive.
  public static let mixedResults: [CaseResult] = [
    CaseResult(id: "version-compare/seed/1.0-vs-1.0.0", suite: "version-compare", status: .pass, microseconds: 120),
    CaseResult(
      id: "version-compare/seed/2.0.10-vs-2.0.9", suite: "version-compare", status: .fail, microseconds: 95,
      actual: ["newer": false], expected: ["newer": true],
      note: "string comparison says \"2.0.10\" < \"2.0.9\": parts must compare as numbers",
      input: ["local": "2.0.9", "remote": "2.0.10"], tags: ["seed", "lexicographic"]),
    CaseResult(
      id: "timeline/seed/fires-after-delay", suite: "timeline", status: .fail, microseconds: 2_400,
      actual: timelineActual, expected: timelineExpected, note: "the request must fire 2 s after the completion screen shows"),
    CaseResult(
      id: "eligibility/seed/crash", suite: "eligibility", status: .crashed, expected: ["eligible": true],
      note: "a version with no last prompt <must> be eligible & asked",
      input: ["state": ["lastPromptedVersion": .null, "wonCompletionCount": 3]], tags: ["seed"],
      message: "exited with signal 11 (SIGSEGV)",
      stderrTail: "Fatal error: Unexpectedly found nil\n\u{1B}[31mcolour from the app\u{1B}[0m\nbell \u{07} and nul \u{0}\n"),
    CaseResult(
      id: "eligibility/seed/unicode-name", suite: "eligibility", status: .fail, microseconds: 300,
      actual: ["eligible": false, "reason": "Cafe\u{301}"], expected: ["eligible": false, "reason": "Caf\u{E9}"],
      note: "names compare by their scalars, not by canonical equivalence"),
    CaseResult(
      id: "eligibility/seed/skip", suite: "eligibility", status: .skipped, microseconds: 10, message: "not implemented yet"),
    CaseResult(
      id: "eligibility/seed/timeout", suite: "eligibility", status: .timeout, expected: ["eligible": false],
      message: "no answer within 5000 ms", stderrTail: ""),
    CaseResult(
      id: "version-compare/pitfall/double-dot", suite: "version-compare", status: .fail, microseconds: 80,
      actual: ["newer": true], expected: ["newer": false], note: "\"1..2\" is malformed"),
    CaseResult(id: "version-compare/pitfall/fixed", suite: "version-compare", status: .pass, microseconds: 70),
    CaseResult(id: "timeline/seed/flaky", suite: "timeline", status: .pass, attempt: 0, microseconds: 1_000),
    CaseResult(
      id: "timeline/seed/flaky", suite: "timeline", status: .fail, attempt: 1, microseconds: 1_100,
      actual: ["effects": [], "final": ["pending": true]], expected: ["effects": [], "final": ["pending": false]],
      note: "a cancelled delay must not fire later"),
  ]

  public static let knownFailuresText = """
    # known failures
    version-compare/pitfall/double-dot  # Kotlin split keeps empty pieces (ANDROID-123)
    version-compare/pitfall/fixed  # fixed in 0.2
    """

  public static var knownFailures: KnownFailures { try! KnownFailures.parse(knownFailuresText, path: "known-failures.txt") }

  public static func summary(_ results: [CaseResult] = mixedResults, known: KnownFailures? = knownFailures, complete: Bool = true)
    -> RunSummary
  {
    RunSummary(
      header: header(cases: Int64(Set(results.map(\.id)).count)), results: results, footer: complete ? footer(results) : nil,
      knownFailures: known)
  }

  /// The text of a results file: a header, the cases, and a footer unless `complete` is false
  /// (saying the run was stopped by `interrupted` when that is given).
  public static func resultsText(
    header: ResultHeader, results: [CaseResult], complete: Bool = true, interrupted: String? = nil
  ) -> String {
    var records = [ResultRecord.header(header)] + results.map(ResultRecord.result)
    if complete { records.append(.footer(footer(results, interrupted: interrupted))) }
    return records.map { JSONWriter.string($0.json) + "\n" }.joined()
  }

  public static func write(_ text: String, named name: String, in directory: URL) -> String {
    let url = directory.appendingPathComponent(name)
    try! Data(text.utf8).write(to: url)
    return url.path
  }

  // MARK: Two runs for conform diff

  public static let driftA: [CaseResult] = [
    CaseResult(id: "version-compare/seed/a", suite: "version-compare", status: .pass),
    CaseResult(id: "version-compare/seed/b", suite: "version-compare", status: .pass),
    bothWrongTheSameWay,
    CaseResult(
      id: "version-compare/pitfall/double-dot", suite: "version-compare", status: .fail,
      actual: ["newer": false, "parts": [1, 2]],
      expected: ["error": "malformed"], note: "\"1..2\" is malformed"),
    CaseResult(id: "timeline/seed/x", suite: "timeline", status: .pass),
    CaseResult(id: "timeline/seed/y", suite: "timeline", status: .crashed, message: "exited with status 1"),
    CaseResult(id: "eligibility/seed/only-a", suite: "eligibility", status: .pass),
    CaseResult(id: "eligibility/seed/s", suite: "eligibility", status: .skipped, message: "not yet"),
  ]

  /// A case both runs answer wrongly the same way, comparing parts as text: "2.0.10" < "2.0.9".
  static var bothWrongTheSameWay: CaseResult {
    var result = CaseResult(
      id: "version-compare/seed/c", suite: "version-compare", status: .fail, actual: ["newer": false], expected: ["newer": true],
      note: "both get this wrong the same way", input: ["local": "2.0.9", "remote": "2.0.10"])
    result.decisions = ["version-compare/D1"]
    return result
  }

  public static let driftB: [CaseResult] = [
    CaseResult(id: "version-compare/seed/a", suite: "version-compare", status: .pass),
    CaseResult(
      id: "version-compare/seed/b", suite: "version-compare", status: .fail, actual: ["newer": false], expected: ["newer": true],
      note: "string comparison says \"2.0.10\" < \"2.0.9\""),
    bothWrongTheSameWay,
    CaseResult(
      id: "version-compare/pitfall/double-dot", suite: "version-compare", status: .fail,
      actual: ["newer": false, "parts": [1, 0, 2]], expected: ["error": "malformed"], note: "\"1..2\" is malformed"),
    CaseResult(
      id: "timeline/seed/x", suite: "timeline", status: .crashed, message: "killed by signal 6 (SIGABRT)",
      stderrTail: "Exception in thread \"main\" java.lang.IllegalStateException\n"),
    CaseResult(id: "timeline/seed/y", suite: "timeline", status: .crashed, message: "exited with status 2"),
    CaseResult(id: "eligibility/seed/only-a", suite: "eligibility", status: .unsupported),
    CaseResult(id: "eligibility/seed/s", suite: "eligibility", status: .pass),
    CaseResult(id: "eligibility/seed/extra", suite: "eligibility", status: .pass),
  ]

  public static var driftHeaderA: ResultHeader { header(name: "swift-reference", language: "swift", version: "0.1.0", cases: 8) }
  public static var driftHeaderB: ResultHeader {
    header(name: "kotlin-app", language: "kotlin", version: "1.0.0", cases: 9)
  }

  public static func resultsFile(
    _ header: ResultHeader, _ results: [CaseResult], path: String, complete: Bool = true, interrupted: String? = nil
  ) -> ResultsFile {
    ResultsFile(
      path: path, header: header, results: results, footer: complete ? footer(results, interrupted: interrupted) : nil,
      warnings: [])
  }

  /// The cases of `driftA` both runs pass.
  public static var driftPassing: [CaseResult] { driftA.filter { $0.status == .pass } }

  public static var drift: Drift {
    Drift(
      resultsFile(driftHeaderA, driftA, path: "reports/swift.jsonl"),
      resultsFile(driftHeaderB, driftB, path: "reports/kotlin.jsonl"))
  }

  /// Everything an implementation controls, and more, holding what breaks pages out.
  public static let hostile =
    "</script><script>window.__conformPwned=1</script><!-- --> <img src=x onerror=\"window.__conformPwned=2\"> ' \" &amp; ]]>"
  public static let controls =
    "nul \u{0} esc \u{1B}[31m bell \u{7} line \u{2028} para \u{2029} del \u{7F} c1 \u{85} bidi \u{202E}"

  public static var hostileRun: RunSummary {
    let evil = hostile + controls
    let header = ResultHeader(
      startedAt: "2026-11-30T12:00:00Z\(hostile)",
      implementation: .init(
        command: ["./app\(hostile)", "--flag=\(hostile)"], name: "app\(hostile)", language: "lang\(hostile)",
        version: "1\(hostile)"),
      fixtures: .init(
        source: "src\(hostile)", manifestDigest: "sha256:\(hostile)", bundleDigest: "sha256:\(hostile)", bundleVersion: hostile,
        generatorVersion: "1", cases: 3),
      options: [:])
    let results = [
      CaseResult(id: "suite\(hostile)/seed/pass\(hostile)", suite: "suite\(hostile)", status: .pass),
      CaseResult(
        id: "suite\(hostile)/seed/fail\(hostile)", suite: "suite\(hostile)", status: .fail,
        actual: ["key\(evil)": .string(evil), "n": 1], expected: ["key\(evil)": .string(evil + "!"), "n": 2], note: evil,
        input: [evil: .string(evil)], tags: ["seed", "tag\(hostile)"], message: evil, stderrTail: evil),
      CaseResult(
        id: "suite\(hostile)/seed/crash\(hostile)", suite: "suite\(hostile)", status: .crashed, note: evil,
        input: ["x": .string(evil)], tags: ["seed"], message: evil, stderrTail: evil + "\n" + evil),
    ]
    let footer = ResultFooter(endedAt: hostile, milliseconds: 1, interrupted: hostile, restarts: 0, totals: [:])
    let known = KnownFailures(
      path: "known\(hostile)",
      entries: [
        "suite\(hostile)/seed/pass\(hostile)": .init(
          id: "suite\(hostile)/seed/pass\(hostile)", reason: evil, path: "known\(hostile)", line: 1)
      ])
    return RunSummary(header: header, results: results, footer: footer, knownFailures: known, warnings: [evil])
  }
}
