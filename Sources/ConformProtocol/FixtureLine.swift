import ConformJSON

/// A case's line in a fixture table, canonical and newline-terminated:
/// `{"decisions":[D,…],"expected":E,"id":I,"input":X,"note":N,"suite":S,"tags":[T,…]}`, without
/// `decisions` when the case lists none (a table made before decisions were listed), and with
/// `"varies":{…}` last when members of the expected output may take other values
/// (`OutputVariation`).
///
/// A run copies a case's request and its expected output from this line instead of encoding the
/// case again, by the parts `write` reports (kept as `Offsets` by the index of a table read from
/// disk, as a table is checked by writing each case's line again).
public enum FixtureLine {
  /// Where a line's parts are, in bytes into the buffer that holds it.
  public struct Parts: Sendable, Equatable {
    /// The line from `{` to `}`, its newline left out.
    public var line: Range<Int>
    public var expected: Range<Int>
    /// The id string, quotes included.
    public var id: Range<Int>
    public var input: Range<Int>

    public init(line: Range<Int>, expected: Range<Int>, id: Range<Int>, input: Range<Int>) {
      self.line = line
      self.expected = expected
      self.id = id
      self.input = input
    }

    /// `"id":…,"input":…`: the same bytes as a case request's members before its `seq`
    /// (`CaseRequest.PrefixParts.members`), as both lines are canonical.
    public var requestMembers: Range<Int> {
      id.lowerBound - FixtureLine.idName.utf8CodeUnitCount..<input.upperBound
    }

    /// The same parts of the line copied to `start` in another buffer.
    public func moved(to start: Int) -> Parts {
      let offset = start - line.lowerBound
      func move(_ range: Range<Int>) -> Range<Int> { range.lowerBound + offset..<range.upperBound + offset }
      return Parts(line: move(line), expected: move(expected), id: move(id), input: move(input))
    }

    /// `,"id":…`: the same bytes as the id member of the case's pass records
    /// (`PassRecord.MiddleParts.idMember`).
    public var idMember: Range<Int> {
      requestMembers.lowerBound - FixtureLine.separator.utf8CodeUnitCount..<id.upperBound
    }
  }

  private static let head: StaticString = #"{"expected":"#
  private static let decisionsHead: StaticString = #"{"decisions":["#
  private static let expectedAfterDecisions: StaticString = #"],"expected":"#
  private static let separator: StaticString = ","
  private static let idName: StaticString = #""id":"#
  private static let inputKey: StaticString = #","input":"#

  /// Appends the line: the bytes of `JSONWriter.write` of the case's object, and a newline.
  @discardableResult
  public static func write(
    expected: JSONValue, id: String, input: JSONValue, note: String, suite: String, tags: [String],
    decisions: [String] = [], varies: OutputVariation = OutputVariation(), into output: inout [UInt8]
  ) -> Parts {
    write(
      into: &output, decisions: decisions, expected: { JSONWriter.write(expected, into: &$0) },
      id: { JSONWriter.writeString(id, into: &$0) }, input: { JSONWriter.write(input, into: &$0) },
      tail: { writeTail(note: note, suite: suite, tags: tags, varies: varies, into: &$0) })
  }

  /// Appends the line from its parts' canonical bytes, each written by its closure: the expected
  /// output, the id (a JSON string, quotes included), the input, and the tail (`writeTail`'s
  /// bytes, which every case of a family shares), after the decisions' ids. A generator that
  /// writes its values' JSON itself uses it to make lines without building their `JSONValue`s.
  @discardableResult
  public static func write(
    into output: inout [UInt8], decisions: [String] = [], expected: (inout [UInt8]) -> Void, id: (inout [UInt8]) -> Void,
    input: (inout [UInt8]) -> Void, tail: (inout [UInt8]) -> Void
  ) -> Parts {
    let start = output.count
    if decisions.isEmpty {
      output.append(head)
    } else {
      output.append(decisionsHead)
      for (position, decision) in decisions.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        JSONWriter.writeString(decision, into: &output)
      }
      output.append(expectedAfterDecisions)
    }
    let expectedRange = output.written(expected)
    output.append(separator)
    output.append(idName)
    let idRange = output.written(id)
    output.append(inputKey)
    let inputRange = output.written(input)
    tail(&output)
    let end = output.count
    output.append(0x0A)
    return Parts(line: start..<end, expected: expectedRange, id: idRange, input: inputRange)
  }

  /// Appends what follows the input in a line, `,"note":N,"suite":S,"tags":[T,…]}` (the
  /// newline left out), with `,"varies":{…}` before the `}` when members of the expected output
  /// vary: the same for every case of a family, so it may be written once and copied.
  public static func writeTail(
    note: String, suite: String, tags: [String], varies: OutputVariation = OutputVariation(), into output: inout [UInt8]
  ) {
    output.append(#","note":"#)
    JSONWriter.writeString(note, into: &output)
    output.append(#","suite":"#)
    JSONWriter.writeString(suite, into: &output)
    output.append(#","tags":["#)
    for (position, tag) in tags.enumerated() {
      if position > 0 { output.append(UInt8(ascii: ",")) }
      JSONWriter.writeString(tag, into: &output)
    }
    output.append(UInt8(ascii: "]"))
    if !varies.isEmpty {
      output.append(#","varies":"#)
      JSONWriter.write(varies.json, into: &output)
    }
    output.append(UInt8(ascii: "}"))
  }

  /// A line's parts in 16 bytes, as where each ends from the line's start and where the
  /// expected output starts (after the decisions): what an index of a table keeps per case, so
  /// that a case read back from its table needs no scan of its line. The other starts follow
  /// from the keys `write` puts before each part.
  public struct Offsets: Sendable, Equatable {
    private let expectedStart: UInt32
    private let expectedEnd: UInt32
    private let idEnd: UInt32
    private let inputEnd: UInt32

    /// The offsets of `parts` (as `write` reports them); nil when a part ends 4 GiB or more
    /// into its line.
    public init?(_ parts: Parts) {
      let start = parts.line.lowerBound
      guard let expectedStart = UInt32(exactly: parts.expected.lowerBound - start),
        let expectedEnd = UInt32(exactly: parts.expected.upperBound - start),
        let idEnd = UInt32(exactly: parts.id.upperBound - start), let inputEnd = UInt32(exactly: parts.input.upperBound - start)
      else { return nil }
      self.expectedStart = expectedStart
      self.expectedEnd = expectedEnd
      self.idEnd = idEnd
      self.inputEnd = inputEnd
    }

    /// The parts of the same line at `start..<end` of another buffer (its newline left out).
    public func parts(start: Int, end: Int) -> Parts {
      let expected = start + Int(expectedStart)..<start + Int(expectedEnd)
      let idStart = expected.upperBound + FixtureLine.separator.utf8CodeUnitCount + FixtureLine.idName.utf8CodeUnitCount
      let id = idStart..<start + Int(idEnd)
      let input = id.upperBound + FixtureLine.inputKey.utf8CodeUnitCount..<start + Int(inputEnd)
      return Parts(line: start..<end, expected: expected, id: id, input: input)
    }
  }
}
