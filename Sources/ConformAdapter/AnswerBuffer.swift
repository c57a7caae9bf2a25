import ConformJSON
import ConformPlatform
import ConformProtocol

/// Answers written as canonical JSON lines into memory, then to a descriptor in one `write(2)`.
struct AnswerBuffer {
  let descriptor: Int32
  private(set) var bytes: [UInt8] = []

  init(descriptor: Int32) {
    self.descriptor = descriptor
    bytes.reserveCapacity(1 << 16)
  }

  /// Appends one value and a newline (used for the `hello` answer).
  mutating func append(line value: JSONValue) {
    JSONWriter.write(value, into: &bytes)
    bytes.append(UInt8(ascii: "\n"))
  }

  /// Appends the answer line for `seq` and `id` (`AnswerLine`).
  mutating func append(seq: Int64, id: String, _ payload: Answer.Payload) {
    AnswerLine.write(seq: seq, id: id, payload: payload, into: &bytes)
  }

  /// Writes out everything buffered.
  mutating func flush() throws(SystemCallError) {
    guard !bytes.isEmpty else { return }
    let descriptor = descriptor
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(SystemCallError) in try SystemIO.writeAll(descriptor, buffer) }
    }.get()
    bytes.removeAll(keepingCapacity: true)
  }
}
