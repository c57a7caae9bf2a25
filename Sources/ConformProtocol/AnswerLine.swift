import ConformJSON

/// An answer line as an implementation writes it, canonical and newline-terminated:
/// `{"id":I,"<payload key>":P,"seq":N,"type":T}`.
///
/// The payload keys (`message`, `output`, `reason`) all sort between `id` and `seq`, so writing
/// the members in this fixed order is the canonical form without building an object. The
/// harness's quickest reader (`CanonicalResult`) matches a `result` by the same pieces.
public enum AnswerLine {
  /// Where a written line's parts are, in bytes into the buffer written to.
  public struct Parts: Sendable, Equatable {
    /// The whole line, its newline included.
    public var line: Range<Int>
    /// The id string, quotes included.
    public var id: Range<Int>
    /// The payload member's value.
    public var payload: Range<Int>
    public var seq: Range<Int>
  }

  /// Opens the line, up to the id string.
  static let head: StaticString = #"{"id":"#
  /// Between the payload and the seq.
  static let seqKey: StaticString = #","seq":"#

  /// Between the id and the payload.
  static func payloadKey(_ kind: Answer.Kind) -> StaticString {
    switch kind {
    case .result: #","output":"#
    case .skipped: #","reason":"#
    case .error: #","message":"#
    }
  }

  /// After the seq, up to the end of the object.
  static func tail(_ kind: Answer.Kind) -> StaticString {
    switch kind {
    case .result: #","type":"result"}"#
    case .skipped: #","type":"skipped"}"#
    case .error: #","type":"error"}"#
    }
  }

  /// Appends the line: the bytes of `JSONWriter.write(answer.json)` and a newline.
  @discardableResult
  public static func write(seq: Int64, id: String, payload: Answer.Payload, into output: inout [UInt8]) -> Parts {
    let start = output.count
    let kind = payload.kind
    output.append(head)
    let idRange = output.written { JSONWriter.writeString(id, into: &$0) }
    output.append(payloadKey(kind))
    let value = output.written { bytes in
      switch payload {
      case .result(let value): JSONWriter.write(value, into: &bytes)
      case .skipped(let text), .error(let text): JSONWriter.writeString(text, into: &bytes)
      }
    }
    output.append(seqKey)
    let seqRange = output.written { JSONWriter.writeInteger(seq, into: &$0) }
    output.append(tail(kind))
    output.append(0x0A)
    return Parts(line: start..<output.count, id: idRange, payload: value, seq: seqRange)
  }
}
