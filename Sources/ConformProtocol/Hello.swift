import ConformJSON

/// The harness's first line: `{"type":"hello","protocol":1,"suites":[...]}`.
public struct HarnessHello: Sendable, Equatable {
  public var protocolVersion: Int64
  /// The suites this run may send, in fixture order.
  public var suites: [String]

  public init(protocolVersion: Int64 = ProtocolVersion.current, suites: [String]) {
    self.protocolVersion = protocolVersion
    self.suites = suites
  }

  public var json: JSONValue {
    ["protocol": .int(protocolVersion), "suites": .array(suites.map(JSONValue.string)), "type": "hello"]
  }

  /// The line as written on the pipe, newline included.
  public var line: [UInt8] { JSONWriter.bytes(json) + [0x0A] }
}

/// The implementation's answer to the hello: who it is and which suites it supports.
public struct ImplementationHello: Sendable, Equatable {
  public var protocolVersion: Int64
  public var name: String
  public var language: String
  public var version: String
  public var suites: [String]

  public init(protocolVersion: Int64 = ProtocolVersion.current, name: String, language: String, version: String, suites: [String])
  {
    self.protocolVersion = protocolVersion
    self.name = name
    self.language = language
    self.version = version
    self.suites = suites
  }

  public var json: JSONValue {
    [
      "language": .string(language), "name": .string(name), "protocol": .int(protocolVersion),
      "suites": .array(suites.map(JSONValue.string)), "type": "hello", "version": .string(version),
    ]
  }
}

/// Why a handshake failed.
public enum HandshakeProblem: Error, Sendable, Equatable, CustomStringConvertible {
  /// The implementation speaks another protocol version.
  case versionMismatch(theirs: Int64, ours: Int64)
  /// The line is not a valid hello.
  case invalid(String)

  public var description: String {
    switch self {
    case .versionMismatch(let theirs, let ours):
      "it speaks protocol \(theirs), this conform speaks protocol \(ours): "
        + (theirs > ours
          ? "upgrade conform, or use an adapter for protocol \(ours)"
          : "upgrade the implementation's adapter to protocol \(ours)")
    case .invalid(let message): message
    }
  }
}

extension ImplementationHello {
  /// Reads the hello answer strictly. The protocol version is checked first, so an
  /// implementation of another version gets a clear message whatever else its hello holds.
  public static func parse(_ line: UnsafeBufferPointer<UInt8>) throws(HandshakeProblem) -> ImplementationHello {
    let value: JSONValue
    do {
      value = try JSONReader.parse(line)
    } catch {
      throw .invalid("the hello is not JSON (\(error)): \(LineQuote.quote(line))")
    }
    do {
      let fields = try JSONFields(value)
      let type = try fields.string("type")
      guard type == "hello" else {
        throw JSONShapeError(path: "type", message: "expected \"hello\", found \"\(type)\"")
      }
      let version = try fields.int("protocol")
      guard version == ProtocolVersion.current else {
        throw HandshakeProblem.versionMismatch(theirs: version, ours: ProtocolVersion.current)
      }
      try fields.rejectUnknown(["language", "name", "protocol", "suites", "type", "version"])
      var suites: [String] = []
      for (index, suite) in try fields.array("suites").enumerated() {
        guard let name = suite.stringValue else {
          throw JSONShapeError(path: "suites[\(index)]", message: "expected a string, found \(suite.typeName)")
        }
        // The schema's uniqueItems.
        if let first = suites.firstIndex(of: name) {
          throw JSONShapeError(path: "suites[\(index)]", message: "\"\(name)\" is listed twice (first at suites[\(first)])")
        }
        suites.append(name)
      }
      // The schema's minLength: the name is in every report and in the results file's name.
      let name = try fields.string("name")
      guard !name.isEmpty else { throw JSONShapeError(path: "name", message: "empty: give the implementation a name") }
      return ImplementationHello(
        protocolVersion: version, name: name, language: try fields.string("language"),
        version: try fields.string("version"), suites: suites)
    } catch let problem as HandshakeProblem {
      throw problem
    } catch {
      throw .invalid("the hello is not valid: \(error): \(LineQuote.quote(line))")
    }
  }
}
