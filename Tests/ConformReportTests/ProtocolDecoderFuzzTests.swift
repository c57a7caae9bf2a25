import ConformJSON
import ConformPlatform
import ConformProtocol
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// Seeded, deterministic fuzzing of what the harness reads from an implementation: answer lines
/// (the fast `AnswerScanner` and the strict `Answer.parse`), hello lines, and the line framing of
/// `LineBuffer`. Random lines, valid lines written in unusual ways, and mutations of them.
///
/// Each test checks: no crash; the scanner never accepts a line the strict parser refuses or
/// reads it differently (the harness takes the scanner's word for the envelope and parses only
/// the payload); every accepted line re-encodes canonically to the same value.
/// `CONFORM_FUZZ_INPUTS` scales the number of inputs (default below).
@Suite struct ProtocolDecoderFuzzTests {
  static let seed: UInt64 = 0xC0FF_EE00_2026_1130
  static let inputs = Int(ProcessInfo.processInfo.environment["CONFORM_FUZZ_INPUTS"] ?? "") ?? 60_000

  // MARK: - Answers

  @Test func answerLinesAreReadTheSameByTheScannerAndTheParser() throws {
    var fuzz = Fuzz(seed: Self.seed)
    var tally = Tally()
    for index in 0..<Self.inputs {
      let line: [UInt8]
      switch index % 4 {
      case 0: line = fuzz.answerLine()
      case 1, 2: line = fuzz.mutate(fuzz.answerLine())
      default: line = fuzz.noise()
      }
      try check(answer: line, tally: &tally)
    }
    print("fuzzed \(Self.inputs) answer lines: \(tally)")
    // The generator must reach every branch, or the test proves little.
    #expect(tally.scanned > Self.inputs / 20)
    #expect(tally.parsed > Self.inputs / 10)
    #expect(tally.parsedNotScanned > Self.inputs / 100)
    #expect(tally.scannedButInvalid > Self.inputs / 200)
    #expect(tally.refused > Self.inputs / 10)
  }

  struct Tally: CustomStringConvertible {
    var scanned = 0
    var parsed = 0
    var parsedNotScanned = 0
    var scannedButInvalid = 0
    var refused = 0

    var description: String {
      "\(scanned) scanned, \(parsed) parsed, \(parsedNotScanned) parsed but left to the parser by the scanner, "
        + "\(scannedButInvalid) scanned with an invalid payload or id, \(refused) refused by both"
    }
  }

  private func check(answer line: [UInt8], tally: inout Tally) throws {
    let text = Self.show(line)
    let scanned = line.withUnsafeBufferPointer { AnswerScanner.scan($0) }
    let outcome = line.withUnsafeBufferPointer { buffer in
      Result { () throws(ProtocolViolation) in try Answer.parse(buffer) }
    }
    let parsed = try? outcome.get()
    if case .failure(let violation) = outcome { #expect(violation.message.utf8.count < 2000, "\(text)") }
    Self.expectReadIsParse(line, outcome, text)
    if parsed != nil { tally.parsed += 1 }
    if let scanned {
      tally.scanned += 1
      // What the harness does with a scanned line: parse the payload strictly, require a string
      // for a reason or message, and compare the id's bytes with a fixture id (valid UTF-8).
      let payload = try? JSONReader.parse(Array(line[scanned.payload]))
      let idBytes = Array(line[scanned.id])
      let idText = String(validating: idBytes, as: UTF8.self)
      let payloadFits = payload.map { scanned.kind == .result || $0.stringValue != nil } ?? false
      let harnessAccepts = payloadFits && idText != nil
      #expect(harnessAccepts == (parsed != nil), "scanner and parser disagree on \(text)")
      if !harnessAccepts { tally.scannedButInvalid += 1 }
      if let parsed, let payload, let idText {
        #expect(parsed.seq == scanned.seq, "\(text)")
        #expect(Array(parsed.id.utf8) == Array(idText.utf8), "\(text)")
        switch parsed.payload {
        case .result(let output): #expect(scanned.kind == .result && output == payload, "\(text)")
        case .skipped(let reason): #expect(scanned.kind == .skipped && payload == .string(reason), "\(text)")
        case .error(let message): #expect(scanned.kind == .error && payload == .string(message), "\(text)")
        }
      }
    } else if parsed != nil {
      tally.parsedNotScanned += 1
    } else {
      tally.refused += 1
    }
    guard let parsed else { return }
    // Round trip: the canonical line reads back as the same answer, on both paths.
    let canonical = JSONWriter.bytes(parsed.json)
    let again = try canonical.withUnsafeBufferPointer { buffer in
      try Result { () throws(ProtocolViolation) in try Answer.parse(buffer) }.get()
    }
    #expect(again == parsed && Array(again.id.utf8) == Array(parsed.id.utf8), "\(text)")
    let plainID = !parsed.id.unicodeScalars.contains { $0 == "\"" || $0 == "\\" || $0.value < 0x20 }
    if plainID {
      let rescanned = try #require(canonical.withUnsafeBufferPointer { AnswerScanner.scan($0) }, "\(text)")
      #expect(rescanned.seq == parsed.seq && Array(canonical[rescanned.id]) == Array(parsed.id.utf8), "\(text)")
    }
  }

  /// `Answer.read` (a model's answers: the envelope scanned, only the output built) is `parse`
  /// exactly: the same answer, its id's bytes included, or the same refusal.
  static func expectReadIsParse(
    _ line: [UInt8], _ parsed: Result<Answer, ProtocolViolation>, _ text: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let read = line.withUnsafeBufferPointer { buffer in
      Result { () throws(ProtocolViolation) in try Answer.read(buffer) }
    }
    switch (read, parsed) {
    case (.success(let a), .success(let b)):
      #expect(a == b && Array(a.id.utf8) == Array(b.id.utf8), "\(text)", sourceLocation: sourceLocation)
    case (.failure(let a), .failure(let b)):
      #expect(a.message == b.message && a.seq == b.seq, "\(text)", sourceLocation: sourceLocation)
    default:
      Issue.record("read and parse disagree on \(text): \(read) / \(parsed)", sourceLocation: sourceLocation)
    }
  }

  /// At the edges of the reader's limits, counted on the whole line: an output nested 127 deep
  /// (128 with the answer's object) and one of 1,000,000 values are read; one more of either is
  /// refused, with the same message on both paths.
  @Test(arguments: [(127, true), (128, false)])
  func readCountsTheDepthOfTheWholeLine(depth: Int, accepted: Bool) throws {
    let output = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let line = Array(#"{"type":"result","seq":1,"id":"s/a","output":\#(output)}"#.utf8)
    let parsed = line.withUnsafeBufferPointer { buffer in Result { () throws(ProtocolViolation) in try Answer.parse(buffer) } }
    #expect(((try? parsed.get()) != nil) == accepted)
    Self.expectReadIsParse(line, parsed, "an output nested \(depth) deep")
  }

  @Test(arguments: [(Answer.maxValues, true), (Answer.maxValues + 1, false)])
  func readCountsTheValuesOfTheOutput(values: Int, accepted: Bool) throws {
    // An array of values - 1 zeros is `values` values, the array included.
    let output = "[" + Array(repeating: "0", count: values - 1).joined(separator: ",") + "]"
    let line = Array(#"{"type":"result","seq":1,"id":"s/a","output":\#(output)}"#.utf8)
    let parsed = line.withUnsafeBufferPointer { buffer in Result { () throws(ProtocolViolation) in try Answer.parse(buffer) } }
    #expect(((try? parsed.get()) != nil) == accepted)
    Self.expectReadIsParse(line, parsed, "an output of \(values) values")
  }

  // MARK: - Hellos

  @Test func helloLinesNeverCrashAndAcceptedOnesRoundTrip() throws {
    var fuzz = Fuzz(seed: Self.seed ^ 0x4845_4C4C_4F00)
    var accepted = 0
    var otherVersion = 0
    let count = Self.inputs / 3
    for index in 0..<count {
      let line: [UInt8]
      switch index % 3 {
      case 0: line = fuzz.helloLine()
      case 1: line = fuzz.mutate(fuzz.helloLine())
      default: line = fuzz.noise()
      }
      let outcome = line.withUnsafeBufferPointer { buffer in
        Result { () throws(HandshakeProblem) in try ImplementationHello.parse(buffer) }
      }
      switch outcome {
      case .success(let hello):
        accepted += 1
        #expect(hello.protocolVersion == ProtocolVersion.current)
        let canonical = JSONWriter.bytes(hello.json)
        let again = canonical.withUnsafeBufferPointer { buffer in
          Result { () throws(HandshakeProblem) in try ImplementationHello.parse(buffer) }
        }
        #expect((try? again.get()) == hello, "\(Self.show(line))")
      case .failure(.versionMismatch(let theirs, let ours)):
        otherVersion += 1
        #expect(theirs != ours)
      case .failure(.invalid(let message)):
        #expect(message.utf8.count < 2000)
      }
    }
    print("fuzzed \(count) hello lines: \(accepted) accepted, \(otherVersion) of another protocol version")
    #expect(accepted > count / 20)
    #expect(otherVersion > count / 100)
  }

  // MARK: - Framing

  /// Bytes written to a pipe in random pieces come out of `LineBuffer` as the same lines, and a
  /// line over the cap is reported, not buffered.
  @Test func theLineBufferSplitsAnyStreamIntoItsLines() throws {
    var fuzz = Fuzz(seed: Self.seed ^ 0x4C49_4E45)
    let streams = max(Self.inputs / 100, 20)
    for _ in 0..<streams {
      var stream: [UInt8] = []
      for _ in 0..<fuzz.below(40) {
        stream += fuzz.below(4) == 0 ? fuzz.noise() : fuzz.answerLine()
        if fuzz.below(8) != 0 { stream.append(0x0A) }
      }
      let expected = stream.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
      let (lines, rest) = try Self.frame(stream, pieces: &fuzz)
      #expect(lines + [rest] == expected)
    }
    print("fuzzed \(streams) streams through LineBuffer")
  }

  /// Feeds `stream` through a non-blocking pipe in random pieces and collects what the buffer gives.
  static func frame(_ stream: [UInt8], pieces fuzz: inout Fuzz) throws -> (lines: [[UInt8]], rest: [UInt8]) {
    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    defer { descriptors.forEach { close($0) } }
    _ = fcntl(descriptors[0], F_SETFL, fcntl(descriptors[0], F_GETFL) | O_NONBLOCK)
    let buffer = LineBuffer()
    var lines: [[UInt8]] = []
    var offset = 0
    while true {
      if offset < stream.count {
        let size = min(stream.count - offset, 1 + Int(fuzz.below(3000)))
        let written = stream[offset..<offset + size].withUnsafeBytes { write(descriptors[1], $0.baseAddress!, size) }
        try #require(written == size)
        offset += size
      } else if descriptors[1] >= 0 {
        close(descriptors[1])
        descriptors[1] = -1
      }
      reading: while true {
        switch buffer.fill(from: descriptors[0]) {
        case .data:
          while case .line(let line) = buffer.nextLine() { lines.append(Array(line)) }
        case .endOfFile: return (lines, Array(buffer.partialLine))
        case .wouldBlock: break reading
        case .failed(let code):
          Issue.record("read failed: \(code)")
          return (lines, [])
        }
      }
    }
  }

  /// The cap is the same however the bytes arrive: here a regular file, whose reads bring a long
  /// line and its newline together after a short line. `maxLine` bytes pass; one more does not.
  @Test(arguments: [(LineBuffer.maxLine, true), (LineBuffer.maxLine + 1, false), (LineBuffer.maxLine + 5_000, false)])
  func theCapDoesNotDependOnHowTheBytesArrive(length: Int, accepted: Bool) throws {
    let path = TestSupport.temporaryDirectory("conform-line-cap").appendingPathComponent("stream").path
    try FileIO.write(Array("{}\n".utf8) + [UInt8](repeating: 0x20, count: length) + [0x0A], to: path)
    let descriptor = open(path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let buffer = LineBuffer()
    var lengths: [Int] = []
    var refused = false
    reading: while true {
      switch buffer.fill(from: descriptor) {
      case .data:
        lines: while true {
          switch buffer.nextLine() {
          case .line(let line): lengths.append(line.count)
          case .tooLong:
            refused = true
            break reading
          case .none: break lines
          }
        }
      case .endOfFile, .wouldBlock, .failed: break reading
      }
    }
    #expect(lengths == (accepted ? [2, length] : [2]))
    #expect(refused == !accepted)
  }

  @Test func aLineOverTheCapIsReportedWithItsStartNotBuffered() throws {
    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    defer { descriptors.forEach { close($0) } }
    _ = fcntl(descriptors[0], F_SETFL, fcntl(descriptors[0], F_GETFL) | O_NONBLOCK)
    _ = fcntl(descriptors[1], F_SETFL, fcntl(descriptors[1], F_GETFL) | O_NONBLOCK)
    let buffer = LineBuffer()
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 16)
    var sent = 0
    var head: [UInt8]?
    while head == nil && sent <= LineBuffer.maxLine + (4 << 20) {
      sent += chunk.withUnsafeBytes { max(0, write(descriptors[1], $0.baseAddress!, chunk.count)) }
      while case .data = buffer.fill(from: descriptors[0]) {
        if case .tooLong(let start) = buffer.nextLine() {
          head = Array(start)
          break
        }
      }
    }
    let start = try #require(head, "no line was reported too long")
    #expect(start.count == 512 && start.allSatisfy { $0 == UInt8(ascii: "x") })
    #expect(sent <= LineBuffer.maxLine + (1 << 20))
  }

  static func show(_ line: [UInt8]) -> String {
    let text = String(decoding: line.prefix(300), as: UTF8.self)
    return "\(line.count) bytes: \(text.debugDescription)"
  }
}

/// A seeded source of JSON-ish lines.
struct Fuzz {
  var generator: SeededGenerator

  init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

  mutating func below(_ bound: Int) -> Int { Int(generator.below(UInt64(bound))) }
  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
  mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

  /// Fisher–Yates with this generator (the standard library's shuffle may change between versions).
  mutating func shuffle<T>(_ items: inout [T]) {
    for index in stride(from: items.count - 1, to: 0, by: -1) { items.swapAt(index, below(index + 1)) }
  }

  // MARK: Values

  mutating func whitespace() -> String {
    guard chance(15) else { return "" }
    return String((0..<1 + below(3)).map { _ in pick([" ", "\t", "\r", " "]) })
  }

  /// A JSON string literal for `scalars`, escaped in one of the ways JSON allows.
  mutating func stringLiteral(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      case _ where chance(3) && scalar.value < 0x10000: out += String(format: "\\u%04X", scalar.value)
      case _ where chance(3) && scalar.value >= 0x10000:
        let value = scalar.value - 0x10000
        out += String(format: "\\u%04x\\u%04x", 0xD800 + (value >> 10), 0xDC00 + (value & 0x3FF))
      case "/" where chance(10): out += "\\/"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  mutating func text() -> String {
    let alphabet: [String] = [
      "a", "b", "z", "0", "9", "/", "-", ".", "_", " ", "\"", "\\", "\n", "\t", "\u{0}", "\u{1F}", "é", "e\u{301}",
      "\u{212A}", "K", "€", "😀", "\u{FFFF}", "\u{7F}", "{", "}", "[", "]", ":", ",",
    ]
    return (0..<below(12)).map { _ in pick(alphabet) }.joined()
  }

  mutating func number() -> String {
    pick([
      "0", "-0", "1", "-1", "7", "42", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
      "99999999999999999999", "1.5", "-0.0", "1e3", "1E-2", "2.50", "0.1e+1", "123456789012345678901234567890",
    ])
  }

  mutating func value(depth: Int = 0) -> String {
    let kind = depth > 3 ? below(4) : below(7)
    switch kind {
    case 0: return pick(["null", "true", "false"])
    case 1: return number()
    case 2, 3: return stringLiteral(text())
    case 4:
      let items = (0..<below(4)).map { _ in whitespace() + value(depth: depth + 1) + whitespace() }
      return "[" + items.joined(separator: ",") + "]"
    default:
      var keys = Set<String>()
      var members: [String] = []
      for _ in 0..<below(4) {
        let key = text()
        guard keys.insert(key).inserted else { continue }
        members.append(whitespace() + stringLiteral(key) + whitespace() + ":" + whitespace() + value(depth: depth + 1))
      }
      return "{" + members.joined(separator: ",") + "}"
    }
  }

  // MARK: Lines

  /// An answer line, usually valid, its keys in any order and written in any legal way; now and
  /// then with a field missing, extra, doubled, of the wrong type or of the wrong kind.
  mutating func answerLine() -> [UInt8] {
    let type = pick(["result", "skipped", "error"])
    let payloadKey = ["result": "output", "skipped": "reason", "error": "message"][type]!
    let seq: String =
      chance(85) ? String(1 + below(1 << 20)) : pick(["0", "-3", "9223372036854775807", "1.0", "\"4\"", "01", "-0", "1e2"])
    let id: String = chance(70) ? "suite/\(pick(["seed", "grid", "pitfall"]))/case-\(below(500))" : text()
    let payload: String =
      type == "result" || chance(10) ? value() : stringLiteral(chance(90) ? text() : "reason \(below(9))")
    var members: [(String, String)] = [
      ("type", stringLiteral(type)), ("seq", seq), ("id", chance(90) ? stringLiteral(id) : value()),
      (payloadKey, payload),
    ]
    if chance(5) { members.remove(at: below(members.count)) }
    if chance(4) { members.append((pick(["extra", "output", "reason", "message", "seq", "type"]), value())) }
    if chance(3) { members.append(members[below(members.count)]) }
    shuffle(&members)
    let body = members.map { key, value in
      whitespace() + (chance(5) ? stringLiteral(key) : "\"\(key)\"") + whitespace() + ":" + whitespace() + value + whitespace()
    }
    return Array((whitespace() + "{" + body.joined(separator: ",") + "}" + whitespace()).utf8)
  }

  mutating func helloLine() -> [UInt8] {
    let suites = (0..<below(4)).map { _ in chance(90) ? stringLiteral(pick(["eligibility", "timeline", text()])) : value() }
    var members: [(String, String)] = [
      ("type", stringLiteral(chance(95) ? "hello" : "result")),
      ("protocol", chance(85) ? "1" : pick(["0", "2", "-1", "1.0", "\"1\"", "99999999999999999999"])),
      ("name", stringLiteral(text())), ("language", stringLiteral(text())), ("version", stringLiteral(text())),
      ("suites", chance(95) ? "[" + suites.joined(separator: ",") + "]" : value()),
    ]
    if chance(5) { members.remove(at: below(members.count)) }
    if chance(4) { members.append((pick(["extra", "name"]), value())) }
    shuffle(&members)
    let body = members.map { key, value in whitespace() + "\"\(key)\"" + whitespace() + ":" + whitespace() + value }
    return Array(("{" + body.joined(separator: ",") + "}").utf8)
  }

  /// Random bytes: from the whole range, or from JSON's own alphabet.
  mutating func noise() -> [UInt8] {
    let json = Array(#"{}[]":,"01-9.eE+\u abtrfnlsx "#.utf8) + [0x00, 0x0D, 0xC3, 0xA9, 0xFF, 0xED, 0xA0, 0x80]
    return (0..<below(80)).map { _ in chance(50) ? UInt8(truncatingIfNeeded: generator.next()) : pick(json) }
  }

  /// One to three edits: a byte flipped, deleted, inserted or doubled, a cut, a swap.
  mutating func mutate(_ line: [UInt8]) -> [UInt8] {
    var bytes = line
    for _ in 0..<1 + below(3) {
      guard !bytes.isEmpty else { return [pick([0x7B, 0x22, 0x00])] }
      let at = below(bytes.count)
      let interesting: [UInt8] = [0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x00, 0x0A, 0x0D, 0x20, 0x30, 0x2D, 0x80, 0xFF]
      switch below(7) {
      case 0: bytes[at] ^= UInt8(1 << below(8))
      case 1: bytes.remove(at: at)
      case 2: bytes.insert(pick(interesting), at: at)
      case 3: bytes[at] = pick(interesting)
      case 4: bytes = Array(bytes.prefix(at))
      case 5:
        let end = min(bytes.count, at + 1 + below(12))
        bytes.insert(contentsOf: bytes[at..<end], at: at)
      default: bytes.swapAt(at, below(bytes.count))
      }
    }
    return bytes
  }
}
