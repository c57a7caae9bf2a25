import ConformJSON

/// A `case` request, encoded once and stamped with a fresh `seq` each time it is sent.
///
/// Canonical key order puts `seq` between `input` and `suite`, so the line is a fixed prefix,
/// the number, and a fixed suffix: sending a case costs two copies and a few digits.
public struct CaseRequest: Sendable {
  /// `{"id":…,"input":…,"seq":`
  public let prefix: [UInt8]
  /// `,"suite":…,"type":"case"}` and the newline.
  public let suffix: [UInt8]

  public init(id: String, suite: String, input: JSONValue) {
    var prefix: [UInt8] = Array(#"{"id":"#.utf8)
    JSONWriter.writeString(id, into: &prefix)
    prefix.append(contentsOf: #","input":"#.utf8)
    JSONWriter.write(input, into: &prefix)
    prefix.append(contentsOf: #","seq":"#.utf8)
    var suffix: [UInt8] = Array(#","suite":"#.utf8)
    JSONWriter.writeString(suite, into: &suffix)
    suffix.append(contentsOf: #","type":"case"}"#.utf8)
    suffix.append(0x0A)
    self.prefix = prefix
    self.suffix = suffix
  }

  /// Appends the request line for `seq`, newline included.
  public func write(seq: Int64, into output: inout [UInt8]) {
    output.append(contentsOf: prefix)
    JSONWriter.writeInteger(seq, into: &output)
    output.append(contentsOf: suffix)
  }

  /// The JSON of the request, as the schema describes it (for tests and documentation).
  public static func json(seq: Int64, id: String, suite: String, input: JSONValue) -> JSONValue {
    ["id": .string(id), "input": input, "seq": .int(seq), "suite": .string(suite), "type": "case"]
  }
}
