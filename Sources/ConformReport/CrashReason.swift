/// The line of a crashed implementation's stderr that says why, found among the runtimes'
/// fatal-error formats, so a report can lead with it before the tail (a Swift backtrace's
/// last lines are a register dump; the reason is at its top).
enum CrashReason {
  /// JVM stack frames kept after the exception line.
  static let framesKept = 3

  /// The reason's lines (the fatal-error line, and for a JVM exception its first frames), or
  /// empty when stderr holds no line a runtime writes when it dies.
  static func lines(in stderr: String) -> [Substring] {
    let lines = stderr.split(whereSeparator: \.isNewline)
    // Swift: `Fatal error: ...` (fatalError, precondition, a failed unwrap), `Swift runtime
    // failure: arithmetic overflow` (a trap, from the backtracer).
    if let line = lines.first(where: { $0.contains("Fatal error:") || $0.contains("Swift runtime failure:") }) {
      return [line]
    }
    // A sanitizer's verdict.
    if let line = lines.first(where: { $0.hasPrefix("SUMMARY: ") && $0.contains("Sanitizer") }) { return [line] }
    // A JVM's uncaught exception, then where it was thrown.
    if let index = lines.firstIndex(where: { $0.hasPrefix("Exception in thread \"") }) {
      let frames = lines[(index + 1)...].prefix { $0.hasPrefix("\tat ") || $0.hasPrefix("    at ") }
      return [lines[index]] + frames.prefix(framesKept)
    }
    // Python: the last line of the last traceback names the exception.
    if let index = lines.lastIndex(where: { $0.hasPrefix("Traceback (most recent call last):") }),
      let line = lines[(index + 1)...].first(where: { !$0.hasPrefix(" ") && !$0.isEmpty })
    {
      return [line]
    }
    return []
  }
}
