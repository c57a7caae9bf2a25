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

  /// Colour on stderr (or stdout) only when it is a terminal, `NO_COLOR` is unset and `TERM` is not dumb.
  public static func wantsColor(fileDescriptor: Int32) -> Bool {
    let environment = ProcessInfo.processInfo.environment
    if environment["NO_COLOR"] != nil { return false }
    if environment["TERM"] == "dumb" { return false }
    return isatty(fileDescriptor) == 1
  }
}
