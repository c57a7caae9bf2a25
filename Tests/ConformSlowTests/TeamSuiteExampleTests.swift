import ConformJSON
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// What the team-suites example needs beyond the Swift toolchain: a JDK and Kotlin 2 (the
/// rollout-bucket suite's model is Kotlin) and python3 (the greeting suite's).
enum TeamSuiteExampleTools {
  static let tools = [ExternalTool.java, .kotlin2, ExternalTool(name: "python3", installer: "apt-get install python3")]
  static let installed = tools.allSatisfy(\.isInstalled)
  static let missing: Comment = tools.first { !$0.isInstalled }?.missing ?? ""
}

/// `harness/examples/team-suites/gate.sh`, the flow of a team that owns its suites, run once on a
/// copy of the example (without its build products) in a folder whose name has a space and an
/// apostrophe: both suites are sound, the iOS code passes every rollout-bucket case of the bundle
/// and agrees with the Kotlin model, and each drifting port fails on its own decision, a named
/// case first, and is found by the fuzzer.
@Suite(.enabled(if: TeamSuiteExampleTools.installed, TeamSuiteExampleTools.missing))
struct TeamSuiteExampleTests {
  /// The gate's run: what it printed, and the folder of its outputs.
  struct GateRun: Sendable {
    var outcome: ProcessOutcome
    var out: URL

    /// A file the gate wrote into its outputs folder.
    func output(_ name: String) throws -> String {
      try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
    }

    /// The cases of a suite in the fixtures the gate generated.
    func caseCount(_ suite: String) throws -> Int {
      try output("fixtures/\(suite).jsonl").split(separator: "\n").count
    }

    /// The summary table's row for a step: its exit status and verdict (`ok`, `ok, drift
    /// caught`, `UNEXPECTED...`), nil when the table has no such step.
    func row(_ step: String) -> (exit: String, verdict: String)? {
      let prefix = "  \(step) "
      guard let line = outcome.stderr.split(separator: "\n").last(where: { $0.hasPrefix(prefix) && $0.contains("   exit ") }),
        let exit = line.range(of: "   exit "),
        let expected = line.range(of: "   expected ", range: exit.upperBound..<line.endIndex)
      else { return nil }
      let status = line[exit.upperBound..<expected.lowerBound]
      let verdict = line[expected.upperBound...].drop { $0 != " " }.drop { $0 == " " }
      return (String(status), String(verdict))
    }
  }

  /// The gate, run once for every test here, without holding a thread of the pool meanwhile.
  static let running = Task { () async throws -> GateRun in
    let directory = TestSupport.temporaryDirectory("conform team suites")
    let copy = directory.appendingPathComponent("the team's suites")
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
    let copied = try await TestSupport.run(
      "/bin/bash",
      [
        "-c",
        #"tar -C "$1" --exclude=./ios-rollout/.build --exclude=./rollout-bucket/build --exclude=./reports --exclude=./fixtures -cf - . | tar -C "$2" -xf -"#,
        "copy", TestSupport.packageRoot.appendingPathComponent("harness/examples/team-suites").path, copy.path,
      ])
    guard copied.status == 0 else { throw GateFailure(output: copied.stderr) }
    let out = directory.appendingPathComponent("out")
    let outcome = try await TestSupport.run(
      copy.appendingPathComponent("gate.sh").path,
      environment: [
        "CONFORM": TestSupport.binary("conform"), "OUT": out.path, "FUZZ_CASES": "20000",
        "CONFORM_PACKAGE_PATH": TestSupport.packageRoot.path,
      ],
      timeout: 900)
    return GateRun(outcome: outcome, out: out)
  }

  struct GateFailure: Error, CustomStringConvertible {
    let output: String
    var description: String { "copying harness/examples/team-suites failed:\n\(output)" }
  }

  let gate: GateRun

  init() async throws { gate = try await Self.running.value }

  @Test func everyStepEndsAsExpectedAndTheGateExitsZero() throws {
    #expect(gate.outcome.status == 0, "\(gate.outcome.stderr.suffix(3000))")
    #expect(!gate.outcome.timedOut)
    let expected: [(step: String, exit: String, verdict: String)] = [
      ("rollout-bucket: build the Kotlin model", "0", "ok"),
      ("conform suite check rollout-bucket", "0", "ok"),
      ("conform suite check greeting", "0", "ok"),
      ("conform generate", "0", "ok"),
      ("conform bundle create", "0", "ok"),
      ("ios-rollout: swift build rollout-adapter", "0", "ok"),
      ("ios-rollout: conform run", "0", "ok"),
      ("rollout-bucket model (Kotlin): conform run", "0", "ok"),
      ("conform diff ios kotlin-model", "0", "ok"),
      ("ios-rollout: conform fuzz", "0", "ok"),
      ("port utf16: conform run", "1", "ok, drift caught"),
      ("port signed-modulo: conform run", "1", "ok, drift caught"),
      ("port utf16: conform fuzz", "1", "ok, drift caught"),
      ("port signed-modulo: conform fuzz", "1", "ok, drift caught"),
      ("conform mutants (mutants.jsonl)", "0", "ok"),
    ]
    for (step, exit, verdict) in expected {
      let row = try #require(gate.row(step), "no row for \(step) in:\n\(gate.outcome.stderr.suffix(2000))")
      #expect(row.exit == exit && row.verdict == verdict, "\(step): \(row)")
    }
    #expect(
      gate.outcome.stderr.contains(
        "team-suites: every step ended as expected: both suites are sound, ios-rollout conforms to bundle sha256:"))
  }

  /// `conform mutants` over the team's own catalogue: the iOS code passes, each port is caught.
  @Test func theTeamsCatalogueOfPortsIsMeasured() throws {
    let table = try gate.output("mutants.txt")
    #expect(table.contains("| ios-rollout | swift | passes | 0 |"), "\(table)")
    // The bundle's suite has no model to ask for a decision's drift: each port's failures are
    // filed as exercised, never as a broken decision (the port runs' test checks which ones).
    for port in ["utf16", "signed-modulo"] {
      let row = table.split(separator: "\n").first { $0.hasPrefix("| \(port) | swift | caught | ") }
      #expect(row?.contains("`rollout-bucket/exercised` (") == true, "\(table)")
    }
    #expect(table.contains("- kill rate, full fixtures: 2/2 (100%)"))
    #expect(table.contains("- references passing every case: 1/1"))
  }

  /// `conform suite check` of each suite, and the line per suite `conform generate` prints.
  @Test func bothSuitesAreSound() {
    let lines = gate.outcome.stdout.split(separator: "\n")
    let checks = [
      (
        "suite rollout-bucket 1.0.0: 15 named cases and ",
        " from the domain, 5 decisions; the model answered every case, agreeing with the 3 stated outputs"
      ),
      (
        "suite greeting 1.0.0: 5 named cases and ",
        " from the domain, 3 decisions; the model answered every case, agreeing with the 2 stated outputs"
      ),
      ("rollout-bucket: 5 decisions, each exercised by ", "; every case lists one"),
      ("greeting: 3 decisions, each exercised by ", "; every case lists one"),
    ]
    for (start, end) in checks {
      #expect(
        lines.contains { $0.hasPrefix(start) && $0.hasSuffix(end) }, "\(start)…\(end) in:\n\(gate.outcome.stdout.prefix(3000))")
    }
  }

  /// The iOS code passes every rollout-bucket case, the greeting's being unsupported by it; so does
  /// the Kotlin model, the two agree case by case, and the fuzzer finds nothing between them.
  @Test func theIOSCodePassesEveryRolloutCaseAndAgreesWithTheKotlinModel() throws {
    let rollout = try gate.caseCount("rollout-bucket")
    let greeting = try gate.caseCount("greeting")
    #expect(rollout > 15 && greeting > 5, "the domains make cases beyond the named ones")
    for (file, header) in [
      ("ios.txt", "conform: ios-rollout 1.0.0 (swift) against fixtures sha256:"),
      ("kotlin-model.txt", "conform: rollout-bucket-model 1.0.0 (kotlin) against fixtures sha256:"),
    ] {
      let report = try gate.output(file)
      #expect(report.hasPrefix(header), "\(report)")
      #expect(report.contains("\ngreeting        0 passed, 0 failed, \(greeting) unsupported\n"), "\(report)")
      #expect(report.contains("\nrollout-bucket  \(rollout) passed, 0 failed\n"), "\(report)")
      #expect(report.hasSuffix("\n\(rollout) passed, 0 failed, \(greeting) unsupported (greeting)\n"), "\(report)")
    }
    #expect(
      gate.outcome.stdout.contains("\n\(rollout) both pass, 0 both fail the same way, 0 disagree, \(greeting) ran by neither\n"))
    let fuzz = try gate.output("ios.fuzz.txt")
    #expect(fuzz.hasPrefix("nothing found: 20,000 cases in ") && fuzz.contains(" (seed 1; rollout-bucket)"), "\(fuzz)")
  }

  /// A drifting port of the iOS code, the one decision the run must say it breaks, a named case
  /// it must fail, and that case's difference as the report shows it.
  struct Port: Sendable, CustomStringConvertible {
    var name: String
    var decision: String
    var namedCase: String
    var difference: String
    var description: String { name }
  }

  static let ports = [
    Port(
      name: "utf16", decision: "D1", namedCase: "unicode/jose-precomposed",
      difference: "  - bucket: 14\n  + bucket: 49\n  - enabled: true\n  + enabled: false\n"),
    Port(
      name: "signed-modulo", decision: "D3", namedCase: "seed/carol-hash-above-2-31",
      difference: "  - bucket: 99\n  + bucket: -97\n  - enabled: false\n  + enabled: true\n"),
  ]

  /// Each port's failures exercise its decision, shown as exercised (the team's model names no
  /// drifts, so no decision is proven broken), and its report leads with a named case.
  @Test(arguments: ports) func eachDriftingPortFailsOnItsDecisionLedByANamedCase(_ port: Port) throws {
    let report = try gate.output("port-\(port.name).txt")
    #expect(report.hasPrefix("conform: ios-rollout/\(port.name) 1.0.0 (swift) against fixtures sha256:"), "\(report.prefix(300))")
    let profile =
      "ios-rollout/\(port.name) 1.0.0 (swift) fails cases no spec decision's drift explains:\n  rollout-bucket/exercised  "
    let start = try #require(report.range(of: profile), "\(report.prefix(1000))")
    let count = try #require(Int(report[start.upperBound...].prefix { $0 != " " }), "\(report.prefix(1000))")
    #expect(report[start.upperBound...].hasPrefix("\(count) cases"))
    let line = report[start.upperBound...].prefix { $0 != "\n" }
    #expect(line.contains("exercised: ") && line.contains("rollout-bucket/\(port.decision)"), "\(line)")
    #expect(report.contains("\n--- rollout-bucket/exercised (\(count) cases)"))
    // The first case shown is one the team named, not one the domain made.
    let firstFailure = try #require(report.split(separator: "\n").first { $0.hasPrefix("FAIL ") })
    #expect(!firstFailure.contains("/boundary/") && !firstFailure.contains("/pairwise/"), "\(firstFailure)")
    let block = try #require(report.range(of: "\nFAIL rollout-bucket/\(port.namedCase)\n"), "\(report.prefix(3000))")
    let end = report[block.upperBound...].range(of: "\n\n")?.lowerBound ?? report.endIndex
    let shown = String(report[block.upperBound..<end]) + "\n"
    #expect(shown.hasSuffix("  (- expected, + actual)\n" + port.difference), "\(shown)")
    let rollout = try gate.caseCount("rollout-bucket")
    #expect(report.contains("\nrollout-bucket  \(rollout - count) passed, \(count) failed\n"), "\(report.suffix(500))")
  }

  /// `conform fuzz` finds each port, and its minimal cases show the drift: a user id that is not
  /// ASCII for the UTF-16 port, a negative bucket for the signed remainder.
  @Test(arguments: ports) func theFuzzerFindsEachDriftingPort(_ port: Port) throws {
    let found = try gate.output("port-\(port.name).fuzz.txt")
    #expect(found.hasPrefix("FAIL rollout-bucket/fuzz/"), "\(found.prefix(500))")
    #expect(found.contains("\nfound ") && found.contains("(seed 1; the first was rollout-bucket/fuzz/"), "\(found.suffix(500))")
    let minimal = try gate.output("port-\(port.name).fuzz.jsonl").split(separator: "\n")
    #expect(!minimal.isEmpty)
    for line in minimal {
      let fields = try JSONFields(try JSONReader.parse(String(line)))
      let input = try fields.fields("input")
      switch port.name {
      case "utf16":
        #expect(try !input.string("userId").unicodeScalars.allSatisfy(\.isASCII), "\(line)")
      default:
        #expect(try fields.string("note").contains(#"answered {"bucket":-"#), "\(line)")
      }
    }
  }
}
