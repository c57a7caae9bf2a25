/// A line from the implementation that breaks the protocol.
///
/// `seq` is set when the line names a request in a way that can be trusted (an object with an
/// integer `seq`), so the fault can be pinned on that one case; otherwise it is nil.
public struct ProtocolViolation: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public var seq: Int64?

  public init(_ message: String, seq: Int64? = nil) {
    self.message = message
    self.seq = seq
  }

  public var description: String { message }
}

/// How the protocol layer quotes a line in a message: at most `limit` bytes, valid UTF-8.
public enum LineQuote {
  /// The longest quote kept in a message, in bytes.
  public static let limit = 200

  public static func quote(_ line: UnsafeBufferPointer<UInt8>, limit: Int = limit) -> String {
    let cut = line.count > limit
    let piece = UnsafeBufferPointer(rebasing: line[0..<min(line.count, limit)])
    let text = String(decoding: piece, as: UTF8.self)
    return cut ? "\(text)… (\(line.count) bytes)" : text
  }

  public static func quote(_ line: [UInt8], limit: Int = limit) -> String {
    line.withUnsafeBufferPointer { quote($0, limit: limit) }
  }
}
