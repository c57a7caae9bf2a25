import ConformJSON

/// What the adapter says about one case.
enum Answer {
  case result(JSONValue)
  case skipped(reason: String)
  case error(message: String)
}

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

  /// Appends `{"id":…,"<payload>":…,"seq":…,"type":…}` and a newline.
  ///
  /// The payload keys (`message`, `output`, `reason`) all sort between `id` and `seq`, so writing
  /// the members in this fixed order is the canonical form without building an object.
  mutating func append(seq: Int64, id: String, _ answer: Answer) {
    bytes.append(contentsOf: #"{"id":"#.utf8)
    JSONWriter.writeString(id, into: &bytes)
    switch answer {
    case .result(let output):
      bytes.append(contentsOf: #","output":"#.utf8)
      JSONWriter.write(output, into: &bytes)
    case .skipped(let reason):
      bytes.append(contentsOf: #","reason":"#.utf8)
      JSONWriter.writeString(reason, into: &bytes)
    case .error(let message):
      bytes.append(contentsOf: #","message":"#.utf8)
      JSONWriter.writeString(message, into: &bytes)
    }
    bytes.append(contentsOf: #","seq":"#.utf8)
    JSONWriter.writeInteger(seq, into: &bytes)
    bytes.append(contentsOf: #","type":""#.utf8)
    bytes.append(contentsOf: answer.type.utf8)
    bytes.append(contentsOf: "\"}\n".utf8)
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

extension Answer {
  /// The answer's `type` on the wire.
  var type: String {
    switch self {
    case .result: "result"
    case .skipped: "skipped"
    case .error: "error"
    }
  }
}
