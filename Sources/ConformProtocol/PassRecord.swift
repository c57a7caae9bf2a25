import ConformJSON

/// A passing attempt's record in the results file, canonical and newline-terminated:
/// `{"attempt":A,"id":I,"status":"pass","suite":S,"type":"case","us":U}`.
///
/// Passes are most of a results file, so they skip the record model. The bytes between the
/// attempt and the microseconds depend only on the case: a harness writes them once per case
/// (`writeMiddle`) and stamps each pass around them (`write(attempt:middle:microseconds:)`).
public enum PassRecord {
  /// Where a written record's parts are, in bytes into the buffer written to.
  public struct Parts: Sendable, Equatable {
    /// The whole line, its newline included.
    public var line: Range<Int>
    public var attempt: Range<Int>
    /// The id string, quotes included.
    public var id: Range<Int>
    /// The suite string, quotes included.
    public var suite: Range<Int>
    /// The microseconds, or `null`.
    public var microseconds: Range<Int>
  }

  /// Where a written middle's parts are.
  public struct MiddleParts: Sendable, Equatable {
    /// From the comma after the attempt to `"us":`.
    public var middle: Range<Int>
    public var id: Range<Int>
    public var suite: Range<Int>
  }

  /// Appends the whole record.
  @discardableResult
  public static func write(
    attempt: Int64, id: String, suite: String, microseconds: Int64?, into output: inout [UInt8]
  ) -> Parts {
    let start = output.count
    let attemptRange = writeHead(attempt: attempt, into: &output)
    let middle = writeMiddle(into: &output, id: { JSONWriter.writeString(id, into: &$0) }, suite: suite)
    let microsecondsRange = writeTail(microseconds: microseconds, into: &output)
    return Parts(
      line: start..<output.count, attempt: attemptRange, id: middle.id, suite: middle.suite, microseconds: microsecondsRange)
  }

  /// Appends a record from a case's middle (`writeMiddle`'s bytes); returns the ranges of the
  /// attempt and the microseconds.
  @discardableResult
  public static func write(
    attempt: Int64, middle: UnsafeBufferPointer<UInt8>, microseconds: Int64?, into output: inout [UInt8]
  ) -> (attempt: Range<Int>, microseconds: Range<Int>) {
    let attemptRange = writeHead(attempt: attempt, into: &output)
    output.append(contentsOf: middle)
    return (attemptRange, writeTail(microseconds: microseconds, into: &output))
  }

  /// Appends the middle of every pass record of a case, from its id.
  @discardableResult
  public static func writeMiddle(id: String, suite: String, into output: inout [UInt8]) -> MiddleParts {
    writeMiddle(into: &output, id: { JSONWriter.writeString(id, into: &$0) }, suite: suite)
  }

  /// Appends the middle of every pass record of a case, from its id's canonical bytes (a JSON
  /// string) copied from another line.
  @discardableResult
  public static func writeMiddle(encodedID id: UnsafeBufferPointer<UInt8>, suite: String, into output: inout [UInt8])
    -> MiddleParts
  {
    writeMiddle(into: &output, id: { $0.append(contentsOf: id) }, suite: suite)
  }

  private static func writeHead(attempt: Int64, into output: inout [UInt8]) -> Range<Int> {
    output.append(#"{"attempt":"#)
    return output.written { JSONWriter.writeInteger(attempt, into: &$0) }
  }

  private static func writeMiddle(into output: inout [UInt8], id: (inout [UInt8]) -> Void, suite: String) -> MiddleParts {
    let start = output.count
    output.append(#","id":"#)
    let idRange = output.written(id)
    output.append(#","status":"pass","suite":"#)
    let suiteRange = output.written { JSONWriter.writeString(suite, into: &$0) }
    output.append(#","type":"case","us":"#)
    return MiddleParts(middle: start..<output.count, id: idRange, suite: suiteRange)
  }

  private static func writeTail(microseconds: Int64?, into output: inout [UInt8]) -> Range<Int> {
    let range = output.written { bytes in
      if let microseconds {
        JSONWriter.writeInteger(microseconds, into: &bytes)
      } else {
        bytes.append("null")
      }
    }
    output.append("}\n")
    return range
  }
}
