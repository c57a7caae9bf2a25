/// Splits JSON-lines text into its lines without copying.
public enum JSONLines {
  /// Calls `body` with each line's 1-based number and bytes (without the `\n`; a `\r` before it
  /// stays, and the reader treats it as whitespace). The empty piece after a final newline is not a line.
  public static func forEachLine(
    in bytes: UnsafeBufferPointer<UInt8>,
    _ body: (_ lineNumber: Int, _ line: UnsafeBufferPointer<UInt8>) throws -> Void
  ) rethrows {
    var lineNumber = 0
    var start = 0
    while start < bytes.count {
      lineNumber += 1
      var end = start
      while end < bytes.count, bytes[end] != 0x0A { end += 1 }
      try body(lineNumber, UnsafeBufferPointer(rebasing: bytes[start..<end]))
      start = end + 1
    }
  }
}
