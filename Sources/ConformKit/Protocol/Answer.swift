import ConformJSON

/// One answer line: `result`, `skipped` or `error`, with the request's `seq` and `id`.
public struct Answer: Sendable, Equatable {
  public enum Payload: Sendable, Equatable {
    /// The implementation's output, compared with the fixture's `expected`.
    case result(output: JSONValue)
    /// The implementation chose not to run the case.
    case skipped(reason: String)
    /// The implementation threw or could not decode the input.
    case error(message: String)
  }

  public var seq: Int64
  public var id: String
  public var payload: Payload

  public init(seq: Int64, id: String, payload: Payload) {
    self.seq = seq
    self.id = id
    self.payload = payload
  }

  public var json: JSONValue {
    var object: JSONObject = ["id": .string(id), "seq": .int(seq)]
    switch payload {
    case .result(let output):
      object["type"] = "result"
      object["output"] = output
    case .skipped(let reason):
      object["type"] = "skipped"
      object["reason"] = .string(reason)
    case .error(let message):
      object["type"] = "error"
      object["message"] = .string(message)
    }
    return .object(object)
  }
}

extension Answer {
  /// The field that carries each answer type's payload.
  static let payloadKey = ["result": "output", "skipped": "reason", "error": "message"]

  /// Reads one answer line strictly: exactly `type`, `seq`, `id` and the type's payload field.
  ///
  /// The violation carries the `seq` whenever the line is an object with an integer `seq`, so a
  /// malformed answer is pinned on its own case rather than on every case in flight.
  public static func parse(_ line: UnsafeBufferPointer<UInt8>) throws(ProtocolViolation) -> Answer {
    let value: JSONValue
    do {
      value = try JSONReader.parse(line)
    } catch {
      throw ProtocolViolation("not a JSON answer (\(error)): \(LineQuote.quote(line))")
    }
    guard case .object(let object) = value else {
      throw ProtocolViolation("an answer must be a JSON object, found \(value.typeName): \(LineQuote.quote(line))")
    }
    let seq = object["seq"]?.intValue
    do {
      let fields = try JSONFields(value)
      let type = try fields.string("type")
      guard let key = payloadKey[type] else {
        throw JSONShapeError(path: "type", message: "expected \"result\", \"skipped\" or \"error\", found \"\(type)\"")
      }
      try fields.rejectUnknown(["id", "seq", "type", key])
      let seqValue = try fields.int("seq")
      let id = try fields.string("id")
      let payload: Payload
      switch type {
      case "result": payload = .result(output: try fields.value("output"))
      case "skipped": payload = .skipped(reason: try fields.string("reason"))
      default: payload = .error(message: try fields.string("message"))
      }
      return Answer(seq: seqValue, id: id, payload: payload)
    } catch {
      throw ProtocolViolation("not a valid answer (\(error)): \(LineQuote.quote(line))", seq: seq)
    }
  }

  public static func parse(_ line: String) throws(ProtocolViolation) -> Answer {
    var line = line
    return try line.withUTF8 { buffer in Result { () throws(ProtocolViolation) in try parse(buffer) } }.get()
  }
}
