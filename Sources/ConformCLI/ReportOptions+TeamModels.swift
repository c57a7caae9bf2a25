import ConformFixtures
import ConformReport
import ConformSuites
import Foundation

extension ReportOptions {
  /// The team suites of `--team-model`, each with its model started to answer drifts (asked
  /// once which decisions it models), for the profile of a run (`RunSummary.teamModels`).
  ///
  /// - Throws: `ConformError.usage` for a folder without suite.json, or whose suite.json names no
  ///   `"model"` or no `"domain"` (the model's drifts are probed on one input of the domain);
  ///   what reading suite.json finds; `ConformError.implementation` when the model does not start.
  func startedTeamModels(command: String, timeout: Double) throws(ConformError) -> [any Suite] {
    try Self.startedTeamModels(teamModels, command: command, timeout: timeout)
  }

  /// The team suites of `folders` (`--team-model` of `command`), as `startedTeamModels(command:timeout:)`.
  static func startedTeamModels(_ folders: [String], command: String, timeout: Double) throws(ConformError) -> [any Suite] {
    var suites: [any Suite] = []
    for folder in folders {
      guard FileManager.default.fileExists(atPath: FileIO.join(folder, "suite.json")) else {
        throw .usage("\(command): --team-model takes a team suite's folder (holding suite.json), not \"\(folder)\"")
      }
      let suiteFolder = try TeamSuiteFolder(folder: folder, readingCases: false)
      guard suiteFolder.model != nil, suiteFolder.domain != nil else {
        throw .usage(
          "\(command): --team-model \(folder): its suite.json needs a \"model\" to answer drifts and a \"domain\" to "
            + "probe them on (harness/TEAM-SUITES.md); without --team-model its failures are shown as exercised")
      }
      suites.append(
        try TeamSuite.searching(folder: suiteFolder, timeout: timeout) { error in
          Terminal.error("\(command): the model of \(folder) failed: \(error)")
          exit(ExitStatus.couldNotRun.rawValue)
        })
    }
    return suites
  }
}
