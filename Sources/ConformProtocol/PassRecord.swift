import ConformJSON

/// A passing attempt's record in the results file, canonical and newline-terminated:
/// `{"attempt":A,"id":I,"status":"pass","suite":S,"type":"case","us":U}`.
///
/// Passes are most of a results file, so they skip the record model. The bytes between the
/// attempt and the microseconds depend only on the case: its id member, which its fixture line
/// holds as it is, then a part that depends only on its suite (`writeSuitePart`, written once a
/// suite); a harness stamps each pass around the two (`write(attempt:idMember:suitePart:…)`).
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
    /// From the comma after the attempt to `"us":`: `idMember` then `suitePart`.
    public var middle: Range<Int>
    /// `,"id":…`: the case's own part, which a fixture line holds as it is
    /// (`FixtureLine.Parts.idMember`).
    public var idMember: Range<Int>
    public var id: Range<Int>
    /// `,"status":"pass","suite":…,"type":"case","us":`: the same for every case of the suite
    /// (`writeSuitePart`).
    public var suitePart: Range<Int>
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

  /// Appends a record from its middle's two parts (`MiddleParts.idMember` or a fixture line's
  /// `idMember`, and `writeSuitePart`'s bytes): a harness then keeps nothing per case but the
  /// case's line.
  public static func write(
    attempt: Int64, idMember: UnsafeBufferPointer<UInt8>, suitePart: UnsafeBufferPointer<UInt8>, microseconds: Int64?,
    into output: inout [UInt8]
  ) {
    writeHead(attempt: attempt, into: &output)
    output.append(contentsOf: idMember)
    output.append(contentsOf: suitePart)
    writeTail(microseconds: microseconds, into: &output)
  }

  /// Appends the part of the middle that every pass record of `suite`'s cases has; returns its range.
  @discardableResult
  public static func writeSuitePart(suite: String, into output: inout [UInt8]) -> Range<Int> {
    output.written { _ = appendSuitePart(suite: suite, into: &$0) }
  }

  /// Appends the suite's part of the middle; returns the range of the suite string.
  private static func appendSuitePart(suite: String, into output: inout [UInt8]) -> Range<Int> {
    output.append(#","status":"pass","suite":"#)
    let suiteRange = output.written { JSONWriter.writeString(suite, into: &$0) }
    output.append(#","type":"case","us":"#)
    return suiteRange
  }

  /// Appends the middle of every pass record of a case, from its id.
  @discardableResult
  public static func writeMiddle(id: String, suite: String, into output: inout [UInt8]) -> MiddleParts {
    writeMiddle(into: &output, id: { JSONWriter.writeString(id, into: &$0) }, suite: suite)
  }

  @discardableResult
  private static func writeHead(attempt: Int64, into output: inout [UInt8]) -> Range<Int> {
    output.append(#"{"attempt":"#)
    return output.written { JSONWriter.writeInteger(attempt, into: &$0) }
  }

  private static func writeMiddle(into output: inout [UInt8], id: (inout [UInt8]) -> Void, suite: String) -> MiddleParts {
    let start = output.count
    output.append(#","id":"#)
    let idRange = output.written(id)
    let idMember = start..<output.count
    let suiteStart = output.count
    let suiteRange = appendSuitePart(suite: suite, into: &output)
    return MiddleParts(
      middle: start..<output.count, idMember: idMember, id: idRange, suitePart: suiteStart..<output.count, suite: suiteRange)
  }

  @discardableResult
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
