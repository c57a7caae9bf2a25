import Foundation

/// Bytes read from a non-blocking pipe, handed out a line at a time without copying.
///
/// Memory is bounded: a line longer than `maxLine` is reported instead of buffered.
package final class LineBuffer {
  /// The longest answer line accepted, in bytes (16 MiB).
  package static let maxLine = 16 << 20
  private static let chunk = 1 << 16

  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var start = 0
  private var end = 0
  /// Where to resume the newline search, so a long partial line is scanned once.
  private var scanned = 0

  package init() {
    capacity = Self.chunk * 2
    storage = .allocate(capacity: capacity)
  }

  deinit { storage.deallocate() }

  package enum Fill {
    /// This many bytes were read.
    case data(Int)
    case endOfFile, wouldBlock, failed(Int32)
  }

  /// One `read(2)` into the buffer, of at most `limit` bytes.
  package func fill(from descriptor: Int32, atMost limit: Int = .max) -> Fill {
    if start > 0 && (start == end || capacity - end < Self.chunk) {
      // Move the partial line to the front.
      let pending = end - start
      if pending > 0 { memmove(storage, storage + start, pending) }
      scanned -= start
      start = 0
      end = pending
    }
    if capacity - end < Self.chunk {
      let bigger = capacity * 2
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
      grown.update(from: storage, count: end)
      storage.deallocate()
      storage = grown
      capacity = bigger
    }
    let count = read(descriptor, storage + end, min(capacity - end, limit))
    if count > 0 {
      end += count
      return .data(count)
    }
    if count == 0 { return .endOfFile }
    let error = errno
    if error == EAGAIN || error == EWOULDBLOCK || error == EINTR { return .wouldBlock }
    return .failed(error)
  }

  package enum Line {
    case line(UnsafeBufferPointer<UInt8>)
    /// A line is still arriving.
    case none
    /// The pending line is longer than `maxLine`; its first bytes, for the message.
    case tooLong(UnsafeBufferPointer<UInt8>)
  }

  /// The next complete line (without its `\n`); valid until the next `fill`. A line longer than
  /// `maxLine` is `tooLong` however its bytes arrived (in one read or many, its newline with
  /// them or not).
  package func nextLine() -> Line {
    let searchFrom = max(scanned, start)
    if searchFrom < end, let found = memchr(storage + searchFrom, 0x0A, end - searchFrom) {
      let newline = storage.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if newline - start > Self.maxLine {
        scanned = newline
        return .tooLong(UnsafeBufferPointer(start: storage + start, count: 512))
      }
      let line = UnsafeBufferPointer(start: storage + start, count: newline - start)
      start = newline + 1
      scanned = start
      return .line(line)
    }
    scanned = end
    if end - start > Self.maxLine {
      return .tooLong(UnsafeBufferPointer(start: storage + start, count: min(end - start, 512)))
    }
    return .none
  }

  /// True when bytes of an unfinished line are waiting.
  package var hasPartialLine: Bool { end > start }

  /// The unfinished line, for a message when the stream ends in the middle of one.
  package var partialLine: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage + start, count: end - start) }

  /// Whether a line holds only JSON white space.
  package static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }
}
