import ConformTestSupport
import Foundation
import Testing

@testable import ConformCLI
@testable import ConformFixtures

/// Every `--help` lists the exit statuses its command really uses, SIGINT and SIGTERM included.
@Suite struct ExitStatusHelpTests {
  /// The statuses in the EXIT STATUS section of `text`, in order.
  static func statuses(in text: String) -> [Int] {
    guard let section = text.components(separatedBy: "\nEXIT STATUS\n").last else { return [] }
    return section.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("  "), let word = line.dropFirst(2).split(separator: " ").first else { return nil }
      return Int(word)
    }
  }

  @Test(arguments: [
    (["run"], [0, 1, 2, 130]), (["report"], [0, 1, 2, 130]), (["diff"], [0, 1, 2, 130]), (["generate"], [0, 1, 2, 130]),
    (["bundle"], [0, 1, 2, 130]), (["mutants"], [0, 1, 2, 130]), (["bench"], [0, 2, 130]), ([], [0, 1, 2, 130]),
  ])
  func everyHelpListsTheStatusesItsCommandUses(_ command: [String], _ expected: [Int]) async throws {
    let outcome = try await TestSupport.run(TestSupport.binary("conform"), command + ["--help"])
    #expect(outcome.status == 0)
    #expect(Self.statuses(in: outcome.stdout) == expected, "\(outcome.stdout)")
    let signals = outcome.stdout.components(separatedBy: "\n  130  ").last ?? ""
    #expect(signals.contains("SIGINT") && signals.contains("143 by SIGTERM"))
  }

  @Test func onlyRunCatchesTheSignals() {
    #expect(
      RunCommand.help.contains(
        "130  interrupted by SIGINT (Ctrl-C); 143 by SIGTERM, 129 by SIGHUP: the implementation is\n       stopped"))
    for help in [ReportCommand.help, DiffCommand.help, GenerateCommand.help, BundleCommand.help, MutantsCommand.help] {
      #expect(help.contains("130  killed by SIGINT (Ctrl-C); 143 by SIGTERM: not caught"))
    }
  }

  @Test func aRowsFollowingLinesAreIndentedUnderItsText() {
    #expect(ExitStatus.helpSection([(0, "one\ntwo"), (2, "three")]) == "EXIT STATUS\n  0    one\n       two\n  2    three")
  }
}
