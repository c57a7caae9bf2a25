/// An answer line's envelope, read without allocating: where its `id` and payload are.
///
/// Offsets are into the scanned line. The payload is not validated here: the harness compares
/// its bytes with the expected output's canonical bytes (equal bytes are an exact match of
/// values), and parses it strictly with `JSONReader` only when they differ.
public struct ScannedAnswer: Sendable, Equatable {
  public var kind: Answer.Kind
  public var seq: Int64
  /// The id string's content (no escapes in it).
  public var id: Range<Int>
  /// The payload value's bytes (`output`, `reason` or `message`).
  public var payload: Range<Int>

  public init(kind: Answer.Kind, seq: Int64, id: Range<Int>, payload: Range<Int>) {
    self.kind = kind
    self.seq = seq
    self.id = id
    self.payload = payload
  }
}

/// The fast path for reading answers: the usual line (`type`, `seq`, `id` and one payload,
/// keys and id without escapes, in any order, any whitespace) is scanned in place. Anything
/// else returns nil, and the line goes to `Answer.parse`, which accepts or rejects it with a
/// precise message: the scanner never decides that a line is invalid.
public enum AnswerScanner {
  public static func scan(_ line: UnsafeBufferPointer<UInt8>) -> ScannedAnswer? {
    var cursor = LineCursor(line: line)
    cursor.skipWhitespace()
    guard cursor.skip("{") else { return nil }
    var kind: Answer.Kind?
    var seq: Int64?
    var id: Range<Int>?
    var payload: Range<Int>?
    var payloadKind: Answer.Kind?
    while true {
      cursor.skipWhitespace()
      guard let key = cursor.plainString() else { return nil }
      cursor.skipWhitespace()
      guard cursor.skip(":") else { return nil }
      cursor.skipWhitespace()
      if cursor.equals(key, "type") {
        guard kind == nil, let value = cursor.plainString() else { return nil }
        guard let named = named(value, in: cursor, by: \.type) else { return nil }
        kind = named
      } else if cursor.equals(key, "seq") {
        guard seq == nil, let value = cursor.integer() else { return nil }
        seq = value
      } else if cursor.equals(key, "id") {
        guard id == nil, let value = cursor.plainString() else { return nil }
        id = value
      } else {
        guard payload == nil, let named = named(key, in: cursor, by: \.payloadKey), let value = cursor.value()
        else { return nil }
        payload = value
        payloadKind = named
      }
      cursor.skipWhitespace()
      if cursor.skip(",") { continue }
      guard cursor.skip("}") else { return nil }
      break
    }
    cursor.skipWhitespace()
    guard cursor.index == line.count, let kind, let seq, let id, let payload, payloadKind == kind else { return nil }
    return ScannedAnswer(kind: kind, seq: seq, id: id, payload: payload)
  }

  /// The kind whose name (`type` or payload key) is the bytes at `range`.
  private static func named(_ range: Range<Int>, in cursor: LineCursor, by name: (Answer.Kind) -> StaticString) -> Answer.Kind? {
    if cursor.equals(range, name(.result)) { return .result }
    if cursor.equals(range, name(.skipped)) { return .skipped }
    if cursor.equals(range, name(.error)) { return .error }
    return nil
  }
}
