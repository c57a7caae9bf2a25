import Foundation

/// The cheapest answer to read: a `result` written in canonical form by `AnswerLine`,
/// `{"id":"…","output":…,"seq":N,"type":"result"}`, as the Swift and Kotlin adapters write it.
///
/// Found from the line's two ends, without walking the output: the harness compares the bytes
/// between them with the expected output's canonical bytes. When they are equal the line can
/// only be that answer (a valid JSON value between those ends), so a pass costs two `memcmp`s.
/// Anything else, a different output included, is read by `AnswerScanner` or `Answer.parse`,
/// which decide what it is: this never rejects a line.
public struct CanonicalResult: Sendable, Equatable {
  public var seq: Int64
  /// The id string's content (no escapes in it).
  public var id: Range<Int>
  /// The bytes between `"output":` and `,"seq":`.
  public var output: Range<Int>

  private static var head: StaticString { AnswerLine.head }
  private static var afterID: StaticString { AnswerLine.payloadKey(.result) }
  private static var seqKey: StaticString { AnswerLine.seqKey }
  private static var tail: StaticString { AnswerLine.tail(.result) }

  public static func match(_ line: UnsafeBufferPointer<UInt8>) -> CanonicalResult? {
    let count = line.count
    // The id's two quotes, then the pieces around it.
    guard count > 2 + head.utf8CodeUnitCount + afterID.utf8CodeUnitCount + seqKey.utf8CodeUnitCount + tail.utf8CodeUnitCount,
      has(head, in: line, at: 0), has(tail, in: line, at: count - tail.utf8CodeUnitCount),
      line[head.utf8CodeUnitCount] == UInt8(ascii: "\"")
    else { return nil }
    // The seq: digits just before the tail, no leading zero, at most 18 (no overflow).
    let digitsEnd = count - tail.utf8CodeUnitCount
    var digitsStart = digitsEnd
    while digitsStart > 0, line[digitsStart - 1] >= 0x30, line[digitsStart - 1] <= 0x39 { digitsStart -= 1 }
    let digits = digitsEnd - digitsStart
    guard digits > 0, digits <= 18, line[digitsStart] != 0x30 else { return nil }
    var seq: Int64 = 0
    for index in digitsStart..<digitsEnd { seq = seq * 10 + Int64(line[index] - 0x30) }
    let outputEnd = digitsStart - seqKey.utf8CodeUnitCount
    guard outputEnd > 0, has(seqKey, in: line, at: outputEnd) else { return nil }
    // The id: plain characters up to the first quote.
    let idStart = head.utf8CodeUnitCount + 1
    var idEnd = idStart
    while idEnd < outputEnd {
      let byte = line[idEnd]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      idEnd += 1
    }
    let outputStart = idEnd + 1 + afterID.utf8CodeUnitCount
    guard idEnd < outputEnd, outputStart < outputEnd, has(afterID, in: line, at: idEnd + 1) else { return nil }
    return CanonicalResult(seq: seq, id: idStart..<idEnd, output: outputStart..<outputEnd)
  }

  private static func has(_ word: StaticString, in line: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    let length = word.utf8CodeUnitCount
    guard offset >= 0, offset + length <= line.count else { return false }
    return memcmp(line.baseAddress! + offset, word.utf8Start, length) == 0
  }
}
