import ConformJSON
import ConformProtocol
import Foundation

/// Matching the answer lines read from a process to its requests in flight, by `seq`: a pass
/// recorded from the bytes alone when the answer is byte for byte the expected output (the hot
/// path), anything else parsed and compared as values, and the first line that breaks the
/// protocol named. No I/O: the pump calls it under its lock with what the reader took.
enum AnswerMatching {
  /// An answer line as read: a canonical result (the usual case: a pass if its output is the
  /// expected bytes), scanned in place, or parsed in full.
  enum Incoming {
    case canonical(CanonicalResult, line: UnsafeBufferPointer<UInt8>)
    case other(Reading, line: UnsafeBufferPointer<UInt8>)
  }

  /// An answer line that is not a canonical pass: scanned in place, or parsed in full.
  enum Reading {
    case scanned(ScannedAnswer)
    case parsed(Answer)

    var seq: Int64 {
      switch self {
      case .scanned(let scanned): scanned.seq
      case .parsed(let answer): answer.seq
      }
    }

    /// Scans `line`, else parses it (a protocol violation when it is no answer).
    init(_ line: UnsafeBufferPointer<UInt8>) throws(ProtocolViolation) {
      if let scanned = AnswerScanner.scan(line) {
        self = .scanned(scanned)
      } else {
        self = .parsed(try Answer.parse(line))
      }
    }
  }

  /// Records each answer read at `now` against its request in `rules`, into `records`; the
  /// protocol violation that stops the process, if a line is one (the answers before it count).
  static func match(
    _ incoming: [Incoming], at now: UInt64, rules: inout SessionRules, context: RunContext, records: inout ResultBatch
  ) -> ProtocolViolation? {
    // Each answer's service time: from when the implementation could start on it (its request
    // written, or its previous answer read) to now. Answers read together: the first takes the
    // interval, the rest 0, so a process's case times never overlap (JUnit's times add up).
    var idleSince = rules.lastAnswerAt
    func serviceMicroseconds(_ entry: InFlight) -> Int64 {
      let start = max(entry.sentAt, idleSince)
      idleSince = now
      return now > start ? Int64((now - start) / 1000) : 0
    }
    defer {
      if !records.isEmpty { rules.answersRecorded(at: now, passed: records.entries.filter { $0.other < 0 }.map(\.item)) }
    }
    // Made once for the answers read together (its buffers kept from answer to answer).
    var canonical = CanonicalOutput()
    for next in incoming {
      let reading: Reading
      let line: UnsafeBufferPointer<UInt8>
      switch next {
      case .canonical(let canonical, let bytes):
        if let entry = rules.inFlight[canonical.seq], Self.isExpected(canonical, line: bytes, of: entry.item) {
          _ = rules.answer(canonical.seq)
          let attempt = entry.item
          attempt.table.arena.withUnsafeBufferPointer { arena in
            records.pass(attempt, microseconds: serviceMicroseconds(entry), arena: arena)
          }
          continue
        }
        // Not the expected output (or not a request in flight): read it as any other line.
        do {
          reading = try Reading(bytes)
        } catch {
          return error
        }
        line = bytes
      case .other(let other, let bytes):
        reading = other
        line = bytes
      }
      let seq = reading.seq
      guard let entry = rules.answer(seq) else {
        // A second answer names the case it was sent for: that case's answer cannot be trusted.
        let remembered = rules.sentAttempt(seq) != nil
        let cause =
          if remembered {
            "answered seq \(seq) a second time: "
          } else if seq >= 1 && seq < rules.nextSeq {
            "answered seq \(seq) a second time, too long after the first to name its case: "
          } else {
            "answered seq \(seq), which was never sent: "
          }
        return ProtocolViolation(cause + LineQuote.quote(line), seq: remembered ? seq : nil)
      }
      let attempt = entry.item
      let microseconds = serviceMicroseconds(entry)
      let payload: Answer.Payload
      switch reading {
      case .scanned(let scanned):
        switch Self.check(scanned, line: line, of: attempt, microseconds: microseconds, into: &records, canonical: &canonical) {
        case .recorded: continue
        case .payload(let value): payload = value
        case .violation(let message):
          rules.putBack(entry, seq: seq)
          return ProtocolViolation(message, seq: seq)
        }
      case .parsed(let answer):
        let expectedID = attempt.id
        // Bytes, as on the scanned path: String's == would take "\u{212A}" (KELVIN SIGN) for "K".
        guard answer.id.utf8.elementsEqual(expectedID.utf8) else {
          rules.putBack(entry, seq: seq)
          return ProtocolViolation(
            "answered seq \(seq) with id \"\(answer.id)\", but seq \(seq) is \(expectedID): \(LineQuote.quote(line))", seq: seq)
        }
        payload = answer.payload
      }
      records.add(context.answered(attempt, payload, microseconds: microseconds), of: attempt)
    }
    return nil
  }

  /// Whether a canonical result is its case's: the same id, the expected output's bytes.
  private static func isExpected(
    _ canonical: CanonicalResult, line: UnsafeBufferPointer<UInt8>, of attempt: TableAttempt
  ) -> Bool {
    let table = attempt.table
    let slices = table.slices[attempt.index]
    return table.arena.withUnsafeBufferPointer { arena in
      sameBytes(UnsafeBufferPointer(rebasing: line[canonical.output]), UnsafeBufferPointer(rebasing: arena[slices.expected]))
        && sameBytes(UnsafeBufferPointer(rebasing: line[canonical.id]), UnsafeBufferPointer(rebasing: arena[slices.id]))
    }
  }

  /// What a scanned answer is.
  private enum Checked {
    /// A pass, byte for byte the expected output: recorded.
    case recorded
    /// Anything else, parsed: to compare as values.
    case payload(Answer.Payload)
    case violation(String)
  }

  /// Checks a scanned answer's id against its case, and records it when its payload is the
  /// expected output's canonical bytes (an exact match, nothing to parse): the hot path; or, made
  /// canonical (`CanonicalOutput`: members in another order, spaces), those bytes.
  private static func check(
    _ scanned: ScannedAnswer, line: UnsafeBufferPointer<UInt8>, of attempt: TableAttempt, microseconds: Int64,
    into records: inout ResultBatch, canonical: inout CanonicalOutput
  ) -> Checked {
    let table = attempt.table
    let slices = table.slices[attempt.index]
    return table.arena.withUnsafeBufferPointer { arena -> Checked in
      let id = UnsafeBufferPointer(rebasing: line[scanned.id])
      guard sameBytes(id, UnsafeBufferPointer(rebasing: arena[slices.id])) else {
        let seq = scanned.seq
        return .violation(
          "answered seq \(seq) with id \"\(String(decoding: id, as: UTF8.self))\", but seq \(seq) is "
            + "\(attempt.id): \(LineQuote.quote(line))")
      }
      let payloadBytes = UnsafeBufferPointer(rebasing: line[scanned.payload])
      let expected = UnsafeBufferPointer(rebasing: arena[slices.expected])
      if scanned.kind == .result, sameBytes(payloadBytes, expected) || canonical.matches(payloadBytes, expected: expected) {
        records.pass(attempt, microseconds: microseconds, arena: arena)
        return .recorded
      }
      do {
        let value = try JSONReader.parse(payloadBytes, maxValues: Answer.maxValues)
        switch scanned.kind {
        case .result: return .payload(.result(output: value))
        case .skipped, .error:
          guard let text = value.stringValue else {
            throw JSONShapeError(
              path: scanned.kind == .skipped ? "reason" : "message", message: "expected a string, found \(value.typeName)")
          }
          return .payload(scanned.kind == .skipped ? .skipped(reason: text) : .error(message: text))
        }
      } catch {
        // The strict parser locates the fault in the whole line; the payload's own line and
        // column would mislead.
        var message = "not a valid answer (\(error)): \(LineQuote.quote(line))"
        do throws(ProtocolViolation) { _ = try Answer.parse(line) } catch { message = error.message }
        return .violation(message)
      }
    }
  }
}

/// Byte equality with `memcmp`.
private func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
  guard a.count == b.count else { return false }
  guard a.count > 0 else { return true }
  return memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
}

/// The canonical bytes (`JSONWriter`'s) of an answer's output, made from the answer's own bytes
/// without building a `JSONValue`: an implementation that writes its members in another order,
/// or with spaces, passes at the cost of a copy (a Python port's `json.dumps` keeps its dict's
/// order). Only plain values are made: ASCII strings without escapes, integers, `true`, `false`,
/// `null`, arrays and objects of them; anything else (an escape, a fraction, a duplicate key,
/// anything malformed) makes nothing, and the answer is parsed and compared as before, which
/// says exactly what is wrong with it. So a pass here is exactly a pass there.
struct CanonicalOutput {
  /// The canonical bytes made last.
  private var output: [UInt8] = []
  /// The members of the objects being made: each key's bytes in the answer (quotes included)
  /// and the member's bytes in `output`.
  private var members: [(key: Range<Int>, member: Range<Int>)] = []
  /// An object's members in key order, before they replace the object's bytes in `output`.
  private var reordered: [UInt8] = []
  private var values = 0

  /// Whether `answer`, made canonical, is byte for byte `expected` (canonical bytes); false when
  /// it is not, or is not a plain value.
  mutating func matches(_ answer: UnsafeBufferPointer<UInt8>, expected: UnsafeBufferPointer<UInt8>) -> Bool {
    output.removeAll(keepingCapacity: true)
    members.removeAll(keepingCapacity: true)
    values = 0
    var at = 0
    guard value(answer, &at, depth: 0) else { return false }
    skipSpace(answer, &at)
    guard at == answer.count, output.count == expected.count else { return false }
    return output.withUnsafeBufferPointer { made in
      made.isEmpty || memcmp(made.baseAddress!, expected.baseAddress!, made.count) == 0
    }
  }

  private func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ at: inout Int) {
    while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0D || bytes[at] == 0x0A { at += 1 }
  }

  private mutating func value(_ bytes: UnsafeBufferPointer<UInt8>, _ at: inout Int, depth: Int) -> Bool {
    skipSpace(bytes, &at)
    values += 1
    guard at < bytes.count, values <= Answer.maxValues else { return false }
    switch bytes[at] {
    // Not as deep as the reader allows: the answer's own object holds the output.
    case UInt8(ascii: "{"): return depth < JSONReader.maxDepth - 2 && object(bytes, &at, depth: depth + 1)
    case UInt8(ascii: "["): return depth < JSONReader.maxDepth - 2 && array(bytes, &at, depth: depth + 1)
    case UInt8(ascii: "\""):
      guard let range = string(bytes, &at) else { return false }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
      return true
    case UInt8(ascii: "t"): return word("true", bytes, &at)
    case UInt8(ascii: "f"): return word("false", bytes, &at)
    case UInt8(ascii: "n"): return word("null", bytes, &at)
    default: return integer(bytes, &at)
    }
  }

  /// A string of printable ASCII without escapes, quotes included: its bytes are canonical.
  private func string(_ bytes: UnsafeBufferPointer<UInt8>, _ at: inout Int) -> Range<Int>? {
    let start = at
    at += 1
    while at < bytes.count {
      let byte = bytes[at]
      if byte == UInt8(ascii: "\"") {
        at += 1
        return start..<at
      }
      guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
      at += 1
    }
    return nil
  }

  private mutating func word(_ word: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, _ at: inout Int) -> Bool {
    let length = word.utf8CodeUnitCount
    guard at + length <= bytes.count, memcmp(bytes.baseAddress! + at, word.utf8Start, length) == 0 else { return false }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[at..<at + length]))
    at += length
    return true
  }

  /// An integer of at most 18 digits, no leading zero, not `-0`: its bytes are canonical.
  private mutating func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ at: inout Int) -> Bool {
    let start = at
    if bytes[at] == UInt8(ascii: "-") { at += 1 }
    let digitsStart = at
    while at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x39 { at += 1 }
    let digits = at - digitsStart
    guard digits > 0, digits <= 18, digits == 1 || bytes[digitsStart] != 0x30,
      !(digitsStart > start && digits == 1 && bytes[digitsStart] == 0x30)
    else { return false }
    if at < bytes.count, bytes[at] == UInt8(ascii: ".") || bytes[at] | 0x20 == UInt8(ascii: "e") { return false }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<at]))
    return true
  }

  private mutating func array(_ bytes: UnsafeBufferPointer<UInt8>, _ at: inout Int, depth: Int) -> Bool {
    at += 1
    output.append(UInt8(ascii: "["))
    skipSpace(bytes, &at)
    if at < bytes.count, bytes[at] == UInt8(ascii: "]") {
      at += 1
      output.append(UInt8(ascii: "]"))
      return true
    }
    while true {
      guard value(bytes, &at, depth: depth) else { return false }
      skipSpace(bytes, &at)
      guard at < bytes.count else { return false }
      at += 1
      switch bytes[at - 1] {
      case UInt8(ascii: ","): output.append(UInt8(ascii: ","))
      case UInt8(ascii: "]"):
        output.append(UInt8(ascii: "]"))
        return true
      default: return false
      }
    }
  }

  /// An object, its members written in key order (code point order: for ASCII keys, byte order).
  private mutating func object(_ bytes: UnsafeBufferPointer<UInt8>, _ at: inout Int, depth: Int) -> Bool {
    at += 1
    let start = output.count
    output.append(UInt8(ascii: "{"))
    let base = members.count
    defer { members.removeSubrange(base...) }
    var inOrder = true
    skipSpace(bytes, &at)
    if at < bytes.count, bytes[at] == UInt8(ascii: "}") {
      at += 1
      output.append(UInt8(ascii: "}"))
      return true
    }
    while true {
      skipSpace(bytes, &at)
      guard at < bytes.count, bytes[at] == UInt8(ascii: "\""), let key = string(bytes, &at) else { return false }
      skipSpace(bytes, &at)
      guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return false }
      at += 1
      if members.count > base {
        let order = Self.compare(members[members.count - 1].key, key, in: bytes)
        guard order != 0 else { return false }
        if order > 0 { inOrder = false }
        output.append(UInt8(ascii: ","))
      }
      let memberStart = output.count
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[key]))
      output.append(UInt8(ascii: ":"))
      guard value(bytes, &at, depth: depth) else { return false }
      members.append((key, memberStart..<output.count))
      skipSpace(bytes, &at)
      guard at < bytes.count else { return false }
      at += 1
      if bytes[at - 1] == UInt8(ascii: "}") { break }
      guard bytes[at - 1] == UInt8(ascii: ",") else { return false }
    }
    if !inOrder {
      let sorted = members[base...].sorted { Self.compare($0.key, $1.key, in: bytes) < 0 }
      for index in sorted.indices.dropFirst() where Self.compare(sorted[index - 1].key, sorted[index].key, in: bytes) == 0 {
        return false
      }
      reordered.removeAll(keepingCapacity: true)
      for (position, member) in sorted.enumerated() {
        if position > 0 { reordered.append(UInt8(ascii: ",")) }
        reordered.append(contentsOf: output[member.member])
      }
      output.replaceSubrange(start + 1..<output.count, with: reordered)
    }
    output.append(UInt8(ascii: "}"))
    return true
  }

  /// The order of two keys (quoted, in `bytes`) by their contents' bytes: negative, 0 or positive.
  private static func compare(_ a: Range<Int>, _ b: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let (lengthA, lengthB) = (a.count - 2, b.count - 2)
    let order = memcmp(bytes.baseAddress! + a.lowerBound + 1, bytes.baseAddress! + b.lowerBound + 1, min(lengthA, lengthB))
    return order != 0 ? Int(order) : lengthA - lengthB
  }
}
