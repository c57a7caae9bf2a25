import ConformTestSupport
import Foundation
import Testing

@testable import ConformCLI
@testable import ConformFixtures

/// "Did you mean …?" for mistyped commands and options, and `conform help COMMAND`.
@Suite struct SuggestionTests {
  @Test(arguments: [
    ("run", "run", 0), ("rn", "run", 1), ("juint", "junit", 1), ("bundel", "bundle", 1), ("kitten", "sitting", 3),
    ("", "abc", 3), ("abc", "", 3),
  ])
  func distanceCountsInsertionsDeletionsChangesAndSwaps(_ a: String, _ b: String, _ expected: Int) {
    #expect(Suggestion.distance(Array(a), Array(b)) == expected)
  }

  @Test func theClosestCandidateIsSuggestedOnlyWhenItIsATypo() {
    let verbs = ["run", "generate", "report", "diff", "mutants", "bundle", "bench", "help"]
    #expect(Suggestion.closest(to: "rn", among: verbs) == "run")
    #expect(Suggestion.closest(to: "genrate", among: verbs) == "generate")
    #expect(Suggestion.closest(to: "dif", among: verbs) == "diff")
    #expect(Suggestion.closest(to: "xyz", among: verbs) == nil)
    #expect(Suggestion.closest(to: "deploy", among: verbs) == nil)
    #expect(Suggestion.closest(to: "--juint", among: ["--junit", "--json"]) == "--junit")
    #expect(Suggestion.closest(to: "--", among: ["--junit"]) == nil)
  }

  func conform(_ arguments: [String]) async throws -> ProcessOutcome {
    try await TestSupport.run(TestSupport.binary("conform"), arguments)
  }

  @Test func aMistypedCommandIsNamedWithTheOneMeant() async throws {
    let outcome = try await conform(["rn"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr == "conform: error: usage: unknown command \"rn\": did you mean \"run\"? (see conform --help)\n")
    let unlike = try await conform(["deploy"])
    #expect(unlike.stderr == "conform: error: usage: unknown command \"deploy\" (see conform --help)\n")
  }

  @Test(arguments: [
    (["run", "--juint", "x"], "run: unknown option --juint: did you mean \"--junit\"? (see conform run --help)"),
    (
      ["run", "--impl", "x", "--shufle=3"], "run: unknown option --shufle=3: did you mean \"--shuffle\"? (see conform run --help)"
    ),
    (["diff", "a", "b", "--alow-partial"], "diff: unknown option --alow-partial: did you mean \"--allow-partial\"?"),
    (
      ["report", "r.jsonl", "--know-failures", "k"], "report: unknown option --know-failures: did you mean \"--known-failures\"?"
    ),
    (
      ["bundle", "verify", "b.tar.gz", "--expect-digets", "x"],
      "unknown option --expect-digets: did you mean \"--expect-digest\"?"
    ),
    (["bundle", "crate"], "bundle: unknown action \"crate\": did you mean \"create\"? (give create, verify or diff)"),
  ])
  func aMistypedOptionIsNamedWithTheOneMeant(_ arguments: [String], _ message: String) async throws {
    let outcome = try await conform(arguments)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.hasPrefix("conform: error: usage: "), "\(outcome.stderr)")
    #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
  }

  @Test(arguments: CLI.commands.map { $0.name })
  func helpCommandPrintsThatCommandsHelp(_ name: String) async throws {
    let outcome = try await conform(["help", name])
    #expect(outcome.status == 0)
    #expect(outcome.stdout == CLI.commands.first { $0.name == name }!.help + "\n")
    #expect(outcome.stdout == (try await conform([name, "--help"])).stdout)
  }

  @Test func helpAloneIsTheTopLevelHelpAndAnUnknownCommandIsAnError() async throws {
    let help = try await conform(["help"])
    #expect(help.status == 0)
    #expect(help.stdout == CLI.usage + "\n")
    #expect(help.stdout.contains("conform help <command>"))
    let unknown = try await conform(["help", "rn"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("unknown command \"rn\": did you mean \"run\"?"))
    #expect(try await conform(["help", "run", "diff"]).status == 2)
  }
}
