import ConformJSON

/// A `case` request line: `{"id":I,"input":X,"seq":N,"suite":S,"type":"case"}` and a newline.
///
/// Canonical key order puts `seq` between `input` and `suite`, so the line is a prefix that
/// holds the case, the number, and a suffix that holds only the suite: a request is encoded
/// once and sending it again costs two copies and a few digits.
public struct CaseRequest: Sendable {
  /// `{"id":…,"input":…,"seq":`
  public let prefix: [UInt8]
  /// `,"suite":…,"type":"case"}` and the newline.
  public let suffix: [UInt8]

  public init(id: String, suite: String, input: JSONValue) {
    var prefix: [UInt8] = []
    Self.writePrefix(id: id, input: input, into: &prefix)
    var suffix: [UInt8] = []
    Self.writeSuffix(suite: suite, into: &suffix)
    self.prefix = prefix
    self.suffix = suffix
  }

  /// Appends the request line for `seq`, newline included.
  public func write(seq: Int64, into output: inout [UInt8]) {
    prefix.withUnsafeBufferPointer { prefix in
      suffix.withUnsafeBufferPointer { suffix in Self.write(prefix: prefix, seq: seq, suffix: suffix, into: &output) }
    }
  }

  /// The JSON of the request, as the schema describes it (for tests and documentation).
  public static func json(seq: Int64, id: String, suite: String, input: JSONValue) -> JSONValue {
    ["id": .string(id), "input": input, "seq": .int(seq), "suite": .string(suite), "type": "case"]
  }
}

extension CaseRequest {
  /// Where a written prefix's parts are, in bytes into the buffer written to.
  public struct PrefixParts: Sendable, Equatable {
    /// The whole prefix, `{` to `"seq":`.
    public var prefix: Range<Int>
    /// `"id":…,"input":…`: the members before `seq`, which a fixture line holds as they are
    /// (`FixtureLine.Parts.requestMembers`).
    public var members: Range<Int>
    /// The id string, quotes included.
    public var id: Range<Int>
    public var input: Range<Int>
  }

  /// Appends a request's prefix from the case's id and input.
  @discardableResult
  public static func writePrefix(id: String, input: JSONValue, into output: inout [UInt8]) -> PrefixParts {
    writePrefix(into: &output, id: { JSONWriter.writeString(id, into: &$0) }, input: { JSONWriter.write(input, into: &$0) })
  }

  /// Appends a request's prefix from the case's id and its input's canonical JSON, already
  /// encoded (`EncodedInputs`).
  @discardableResult
  public static func writePrefix(id: String, encodedInput: ArraySlice<UInt8>, into output: inout [UInt8]) -> PrefixParts {
    writePrefix(into: &output, id: { JSONWriter.writeString(id, into: &$0) }, input: { $0.append(contentsOf: encodedInput) })
  }

  private static func writePrefix(
    into output: inout [UInt8], id: (inout [UInt8]) -> Void, input: (inout [UInt8]) -> Void
  ) -> PrefixParts {
    let start = output.count
    output.append(open)
    let membersStart = output.count
    output.append(#""id":"#)
    let idRange = output.written(id)
    output.append(#","input":"#)
    let inputRange = output.written(input)
    let members = membersStart..<output.count
    output.append(seqKey)
    return PrefixParts(prefix: start..<output.count, members: members, id: idRange, input: inputRange)
  }

  private static let open: StaticString = "{"
  private static let seqKey: StaticString = #","seq":"#

  /// Appends the suffix of every request of `suite`, newline included; returns its range.
  @discardableResult
  public static func writeSuffix(suite: String, into output: inout [UInt8]) -> Range<Int> {
    output.written { bytes in
      bytes.append(#","suite":"#)
      JSONWriter.writeString(suite, into: &bytes)
      bytes.append(#","type":"case"}"#)
      bytes.append(0x0A)
    }
  }

  /// Appends a request line from its prefix and suffix and the `seq` between them.
  public static func write(
    prefix: UnsafeBufferPointer<UInt8>, seq: Int64, suffix: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]
  ) {
    output.append(contentsOf: prefix)
    JSONWriter.writeInteger(seq, into: &output)
    output.append(contentsOf: suffix)
  }

  /// Appends a request line from the members before `seq` (`PrefixParts.members`, or a fixture
  /// line's `requestMembers`), `seq` and the suffix: the line is made where it is sent, and the
  /// case's bytes need not be copied anywhere before.
  public static func write(
    members: UnsafeBufferPointer<UInt8>, seq: Int64, suffix: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]
  ) {
    output.append(open)
    output.append(contentsOf: members)
    output.append(seqKey)
    JSONWriter.writeInteger(seq, into: &output)
    output.append(contentsOf: suffix)
  }
}
