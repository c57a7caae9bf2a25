import ConformJSON

/// One answer line: `result`, `skipped` or `error`, with the request's `seq` and `id`.
///
/// The one answer type of the protocol: the harness reads it, the Swift adapter writes its
/// payload (`AnswerLine`).
public struct Answer: Sendable, Equatable {
  /// The three kinds of answer, and how each is named on the wire.
  public enum Kind: Sendable, Equatable, CaseIterable {
    case result, skipped, error

    /// The answer's `type`.
    public var type: StaticString {
      switch self {
      case .result: "result"
      case .skipped: "skipped"
      case .error: "error"
      }
    }

    /// The member that carries this kind's payload.
    public var payloadKey: StaticString {
      switch self {
      case .result: "output"
      case .skipped: "reason"
      case .error: "message"
      }
    }
  }

  public enum Payload: Sendable, Equatable {
    /// The implementation's output, compared with the fixture's `expected`.
    case result(output: JSONValue)
    /// The implementation chose not to run the case.
    case skipped(reason: String)
    /// The implementation threw or could not decode the input.
    case error(message: String)

    public var kind: Kind {
      switch self {
      case .result: .result
      case .skipped: .skipped
      case .error: .error
      }
    }

    /// The payload member's value.
    public var value: JSONValue {
      switch self {
      case .result(let output): output
      case .skipped(let reason): .string(reason)
      case .error(let message): .string(message)
      }
    }
  }

  /// The most JSON values one answer's payload (its output, reason or message) may hold, nested
  /// ones included (1,000,000): what the harness builds of one answer stays bounded.
  public static let maxValues = 1_000_000

  public var seq: Int64
  public var id: String
  public var payload: Payload

  public init(seq: Int64, id: String, payload: Payload) {
    self.seq = seq
    self.id = id
    self.payload = payload
  }

  /// The canonical model of the line, which `AnswerLine.write` writes without building it.
  public var json: JSONValue {
    let kind = payload.kind
    return [
      "id": .string(id), "seq": .int(seq), "type": .string("\(kind.type)"), "\(kind.payloadKey)": payload.value,
    ]
  }
}

extension Answer {
  /// Reads one answer line strictly: exactly `type`, `seq`, `id` and the type's payload field.
  ///
  /// The violation carries the `seq` whenever the line is an object with an integer `seq`, so a
  /// malformed answer is pinned on its own case rather than on every case in flight.
  public static func parse(_ line: UnsafeBufferPointer<UInt8>) throws(ProtocolViolation) -> Answer {
    let value: JSONValue
    do {
      // The line's own values: the object, its type, seq and id.
      value = try JSONReader.parse(line, maxValues: maxValues + 4)
    } catch {
      if error.tooManyValues {
        throw ProtocolViolation(
          "an answer whose payload holds more than \(maxValues) JSON values, the most conform reads (the "
            + "next one begins at column \(error.column)): \(LineQuote.quote(line))")
      }
      throw ProtocolViolation("not a JSON answer (\(error)): \(LineQuote.quote(line))")
    }
    guard case .object(let object) = value else {
      throw ProtocolViolation("an answer must be a JSON object, found \(value.typeName): \(LineQuote.quote(line))")
    }
    let seq = object["seq"]?.intValue
    do {
      let fields = try JSONFields(value)
      // Every answer comes here: the type and its payload's key are matched without building
      // strings from `Kind`'s static names.
      let kind: Kind
      let key: String
      switch try fields.string("type") {
      case "result": (kind, key) = (.result, "output")
      case "skipped": (kind, key) = (.skipped, "reason")
      case "error": (kind, key) = (.error, "message")
      case let type:
        throw JSONShapeError(path: "type", message: "expected \"result\", \"skipped\" or \"error\", found \"\(type)\"")
      }
      try fields.rejectUnknown(["id", "seq", "type", key])
      let seqValue = try fields.int("seq")
      let id = try fields.string("id")
      let payload: Payload
      switch kind {
      case .result: payload = .result(output: try fields.value(key))
      case .skipped: payload = .skipped(reason: try fields.string(key))
      case .error: payload = .error(message: try fields.string(key))
      }
      return Answer(seq: seqValue, id: id, payload: payload)
    } catch {
      throw ProtocolViolation("not a valid answer (\(error)): \(LineQuote.quote(line))", seq: seq)
    }
  }

  /// `parse`, for the usual answer read many times over (a model's): a `result` whose envelope
  /// `AnswerScanner` reads in place, so only its output is built. Any other line, or one that
  /// does not read, goes to `parse`, which accepts it or says exactly why not.
  public static func read(_ line: UnsafeBufferPointer<UInt8>) throws(ProtocolViolation) -> Answer {
    if let scanned = AnswerScanner.scan(line), scanned.kind == .result,
      let id = String(validating: UnsafeBufferPointer(rebasing: line[scanned.id]), as: UTF8.self),
      let output = try? JSONReader.parse(UnsafeBufferPointer(rebasing: line[scanned.payload]), maxValues: maxValues, nestedIn: 1)
    {
      return Answer(seq: scanned.seq, id: id, payload: .result(output: output))
    }
    return try parse(line)
  }

  public static func parse(_ line: String) throws(ProtocolViolation) -> Answer {
    var line = line
    return try line.withUTF8 { buffer in Result { () throws(ProtocolViolation) in try parse(buffer) } }.get()
  }
}
