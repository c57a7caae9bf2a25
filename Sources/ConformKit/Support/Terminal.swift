import Foundation

/// Where people read: stderr for progress and errors, colour only on a terminal that wants it.
public enum Terminal {
  /// Writes `conform: error: message` to stderr.
  public static func error(_ message: String) {
    writeStandardError("conform: error: \(message)\n")
  }

  public static func note(_ message: String) {
    writeStandardError("conform: \(message)\n")
  }

  public static func writeStandardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// Colour on stderr (or stdout) only when it is a terminal, `NO_COLOR` is not set to a
  /// non-empty value and `TERM` is not dumb.
  public static func wantsColor(fileDescriptor: Int32) -> Bool {
    wantsColor(environment: ProcessInfo.processInfo.environment, isTerminal: isatty(fileDescriptor) == 1)
  }

  /// The decision alone. As no-color.org says, only a non-empty `NO_COLOR` turns colour off:
  /// `NO_COLOR=` (set but empty) keeps it.
  static func wantsColor(environment: [String: String], isTerminal: Bool) -> Bool {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    if environment["TERM"] == "dumb" { return false }
    return isTerminal
  }
}
