import ConformFixtures
import ConformHarness
import ConformReport
import Foundation

/// The command line's streams: the one place conform writes to stdout and stderr for people.
extension Terminal {
  /// Writes `conform: error: message` to stderr.
  public static func error(_ message: String) {
    writeStandardError("conform: error: \(message)\n")
  }

  /// Writes `conform: message` to stderr.
  public static func note(_ message: String) {
    writeStandardError("conform: \(message)\n")
  }

  /// Writes `text` to stderr, stdout's pending output first: in a CI log, where both streams go
  /// to one file, a note then never lands in the middle of a line of stdout.
  public static func writeStandardError(_ text: String) {
    fflush(nil)
    FileHandle.standardError.write(Data(text.utf8))
  }
}

extension ReportOutput {
  /// The report on stdout, its warnings and errors on stderr.
  static let terminal = ReportOutput(
    text: { text in
      print(text, terminator: "")
      fflush(nil)
    }, note: Terminal.note, error: Terminal.error)
}

extension ProgressOutput {
  /// stderr, when it is a terminal that is not dumb.
  static var standardError: ProgressOutput {
    let environment = ProcessInfo.processInfo.environment
    return ProgressOutput(
      isEnabled: isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb",
      width: ProgressBar.terminalWidth(environment: environment), write: Terminal.writeStandardError)
  }
}
