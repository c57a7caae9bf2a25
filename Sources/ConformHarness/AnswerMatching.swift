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
        switch Self.check(scanned, line: line, of: attempt, microseconds: microseconds, into: &records) {
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
  /// expected output's canonical bytes (an exact match, nothing to parse): the hot path.
  private static func check(
    _ scanned: ScannedAnswer, line: UnsafeBufferPointer<UInt8>, of attempt: TableAttempt, microseconds: Int64,
    into records: inout ResultBatch
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
      if scanned.kind == .result, sameBytes(payloadBytes, UnsafeBufferPointer(rebasing: arena[slices.expected])) {
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
