import ConformJSON

/// A case's line in a fixture table, canonical and newline-terminated:
/// `{"expected":E,"id":I,"input":X,"note":N,"suite":S,"tags":[T,…]}`.
///
/// A run copies a case's request and its expected output from this line instead of encoding the
/// case again, by the parts `write` reports (or `parts(of:)` finds in a table read from disk).
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
  }

  private static let head: StaticString = #"{"expected":"#
  private static let idKey: StaticString = #","id":"#
  private static let inputKey: StaticString = #","input":"#
  private static let noteKey: StaticString = #","note":"#

  /// Appends the line: the bytes of `JSONWriter.write` of the case's object, and a newline.
  @discardableResult
  public static func write(
    expected: JSONValue, id: String, input: JSONValue, note: String, suite: String, tags: [String],
    into output: inout [UInt8]
  ) -> Parts {
    write(
      into: &output, expected: { JSONWriter.write(expected, into: &$0) }, id: { JSONWriter.writeString(id, into: &$0) },
      input: { JSONWriter.write(input, into: &$0) }, tail: { writeTail(note: note, suite: suite, tags: tags, into: &$0) })
  }

  /// Appends the line from its parts' canonical bytes, each written by its closure: the expected
  /// output, the id (a JSON string, quotes included), the input, and the tail (`writeTail`'s
  /// bytes, which every case of a family shares). A generator that writes its values' JSON
  /// itself uses it to make lines without building their `JSONValue`s.
  @discardableResult
  public static func write(
    into output: inout [UInt8], expected: (inout [UInt8]) -> Void, id: (inout [UInt8]) -> Void,
    input: (inout [UInt8]) -> Void, tail: (inout [UInt8]) -> Void
  ) -> Parts {
    let start = output.count
    output.append(head)
    let expectedRange = output.written(expected)
    output.append(idKey)
    let idRange = output.written(id)
    output.append(inputKey)
    let inputRange = output.written(input)
    tail(&output)
    let end = output.count
    output.append(0x0A)
    return Parts(line: start..<end, expected: expectedRange, id: idRange, input: inputRange)
  }

  /// Appends what follows the input in a line, `,"note":N,"suite":S,"tags":[T,…]}` (the
  /// newline left out): the same for every case of a family, so it may be written once and copied.
  public static func writeTail(note: String, suite: String, tags: [String], into output: inout [UInt8]) {
    output.append(noteKey)
    JSONWriter.writeString(note, into: &output)
    output.append(#","suite":"#)
    JSONWriter.writeString(suite, into: &output)
    output.append(#","tags":["#)
    for (position, tag) in tags.enumerated() {
      if position > 0 { output.append(UInt8(ascii: ",")) }
      JSONWriter.writeString(tag, into: &output)
    }
    output.append("]}")
  }

  /// The parts of the canonical line at `start..<end` of `bytes` (its newline left out), found
  /// without parsing it; nil when it does not start as `write` writes. The values are not checked:
  /// a table's lines are checked when it is loaded.
  public static func parts(of bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Parts? {
    var cursor = LineCursor(line: bytes, index: start, end: end)
    guard cursor.skip(head), let expected = cursor.value(), cursor.skip(idKey) else { return nil }
    let idStart = cursor.index
    guard cursor.plainString() != nil else { return nil }
    let id = idStart..<cursor.index
    guard cursor.skip(inputKey), let input = cursor.value(), cursor.has(noteKey) else { return nil }
    return Parts(line: start..<end, expected: expected, id: id, input: input)
  }
}
