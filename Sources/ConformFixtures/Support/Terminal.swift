import ConformPlatform
import Foundation

/// Whether a terminal wants colour. The kit writes to no terminal itself: the command line's
/// `Terminal` extension does (stdout, stderr), and the kit's types take sinks.
public enum Terminal {
  /// Colour on stderr (or stdout) only when it is a terminal, `NO_COLOR` is not set to a
  /// non-empty value and `TERM` is not dumb.
  public static func wantsColor(fileDescriptor: Int32) -> Bool {
    wantsColor(environment: ProcessInfo.processInfo.environment, isTerminal: DescriptorIO.isTerminal(fileDescriptor))
  }

  /// The decision alone. As no-color.org says, only a non-empty `NO_COLOR` turns colour off:
  /// `NO_COLOR=` (set but empty) keeps it.
  static func wantsColor(environment: [String: String], isTerminal: Bool) -> Bool {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    if environment["TERM"] == "dumb" { return false }
    return isTerminal
  }
}
