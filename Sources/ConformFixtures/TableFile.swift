import ConformArchive
import ConformPlatform
import Foundation

/// A suite's table (JSON lines) left where it is, a file read a chunk at a time or bytes already
/// in memory, and where each of its lines starts: cases are read back by line when a run sends
/// them, so a table of any size costs 8 bytes a case.
package final class TableFile: @unchecked Sendable {
  private enum Storage {
    /// An open file descriptor, read with `pread` (safe from several threads at once).
    case file(Int32)
    case memory([UInt8])
  }

  /// The table's path, for messages.
  let path: String
  private let storage: Storage
  /// Where each line starts, in bytes, then the table's size: line `i` is
  /// `starts[i]..<starts[i + 1]`, its newline included. Set by `scan`, read-only afterwards.
  private(set) var starts: [Int64] = [0]
  /// Whether the table ends with a newline (an empty one does), once scanned.
  private(set) var endsWithNewline = true

  /// The file's size and modification time when it was scanned: a file that changes after
  /// stops the run instead of giving other cases.
  private var scanned: [Int64] = []

  /// Bytes read at a time while scanning.
  static let chunkSize = 1 << 20

  /// Opens the file at `path` for reading; `name` names it in messages (a bundle's member
  /// unpacked elsewhere), by default its path.
  package init(path: String, named name: String? = nil) throws(ConformError) {
    let descriptor: Int32
    do {
      descriptor = try DescriptorIO.openForReading(path)
    } catch {
      throw .file(path: name ?? path, message: "cannot be read: \(error.reason)")
    }
    self.path = name ?? path
    storage = .file(descriptor)
  }

  /// A table already in memory; `path` names it in messages.
  init(bytes: [UInt8], path: String) {
    self.path = path
    storage = .memory(bytes)
  }

  deinit {
    if case .file(let descriptor) = storage { DescriptorIO.close(descriptor) }
  }

  /// The lines found by `scan`.
  var lineCount: Int { starts.count - 1 }

  /// The table's size in bytes, once scanned.
  var size: Int64 { starts.last! }

  /// Reads the whole table once, in order: feeds every byte to `hasher` and each line, without
  /// its newline, to `line` (a last line without one too), and records where lines start, with
  /// room made at once for `expectedLines` of them.
  func scan(hasher: inout SHA256, expectedLines: Int = 0, line: (UnsafeBufferPointer<UInt8>) -> Void) throws(ConformError) {
    starts = [0]
    starts.reserveCapacity(expectedLines + 1)
    endsWithNewline = true
    switch storage {
    case .memory(let bytes):
      bytes.withUnsafeBufferPointer { buffer in
        hasher.update(buffer)
        let used = splitLines(buffer, offset: 0, line: line)
        if used < buffer.count { finishLastLine(UnsafeBufferPointer(rebasing: buffer[used...]), line: line) }
      }
    case .file(let descriptor):
      var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
      var filled = 0
      var offset: Int64 = 0
      while true {
        // A line longer than the buffer: make room for it.
        if filled == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
        let transfer = buffer.withUnsafeMutableBytes {
          DescriptorIO.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...]))
        }
        let got: Int
        switch transfer {
        case .bytes(let count): got = count
        case .endOfFile: got = 0
        case .wouldBlock: continue
        case .failed(let code): throw .file(path: path, message: "cannot be read: \(Errno.describe(code))")
        }
        if got == 0 { break }
        let used = buffer.withUnsafeBufferPointer { buffer in
          hasher.update(UnsafeBufferPointer(rebasing: buffer[filled..<filled + got]))
          return splitLines(UnsafeBufferPointer(rebasing: buffer[..<(filled + got)]), offset: offset, line: line)
        }
        filled += got
        buffer.withUnsafeMutableBufferPointer { buffer in
          _ = memmove(buffer.baseAddress!, buffer.baseAddress! + used, filled - used)
        }
        filled -= used
        offset += Int64(used)
      }
      if filled > 0 {
        buffer.withUnsafeBufferPointer { finishLastLine(UnsafeBufferPointer(rebasing: $0[..<filled]), line: line) }
      }
      scanned = Descriptors.identity(descriptor)
    }
  }

  /// Passes each complete line of `bytes` (which start at `offset` in the table) to `line`;
  /// returns how many bytes they took.
  private func splitLines(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int64, line: (UnsafeBufferPointer<UInt8>) -> Void) -> Int {
    var start = 0
    while start < bytes.count, let found = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start) {
      let end = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
      line(UnsafeBufferPointer(rebasing: bytes[start..<end]))
      start = end + 1
      starts.append(offset + Int64(start))
    }
    return start
  }

  private func finishLastLine(_ bytes: UnsafeBufferPointer<UInt8>, line: (UnsafeBufferPointer<UInt8>) -> Void) {
    endsWithNewline = false
    line(bytes)
    starts.append(starts.last! + Int64(bytes.count))
  }

  /// The length of line `number` (from 0), its newline included.
  func length(ofLine number: Int) -> Int { Int(starts[number + 1] - starts[number]) }

  /// The length of lines `lines` (from 0), their newlines included.
  func length(ofLines lines: Range<Int>) -> Int { Int(starts[lines.upperBound] - starts[lines.lowerBound]) }

  /// The bytes of lines `lines`, newlines included, read again from the table.
  func read(lines: Range<Int>) throws(ConformError) -> [UInt8] {
    var bytes: [UInt8] = []
    try read(lines: lines, appendingTo: &bytes)
    return bytes
  }

  /// Appends the bytes of lines `lines`, newlines included, read again from the table, to
  /// `bytes`: a run reads the lines of a batch into one buffer, with no copy between.
  func read(lines: Range<Int>, appendingTo bytes: inout [UInt8]) throws(ConformError) {
    let start = starts[lines.lowerBound]
    let count = Int(starts[lines.upperBound] - start)
    switch storage {
    case .memory(let table):
      bytes.append(contentsOf: table[Int(start)..<Int(start) + count])
    case .file(let descriptor):
      // While it is scanned (a duplicate id's first line is looked up), it is being checked.
      guard scanned.isEmpty || Descriptors.identity(descriptor) == scanned else {
        throw .file(path: path, message: "changed during the run; run again with fixtures that stay put")
      }
      var failure: ConformError?
      let first = bytes.count
      bytes.append(contentsOf: repeatElement(0, count: count))
      bytes.withUnsafeMutableBufferPointer { buffer in
        var initialized = 0
        while initialized < count {
          let transfer = DescriptorIO.read(
            descriptor,
            into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[(first + initialized)...])),
            at: Int64(start) + Int64(initialized))
          guard case .bytes(let got) = transfer else {
            let reason = if case .failed(let code) = transfer { Errno.describe(code) } else { "" }
            failure = .file(
              path: path,
              message: reason.isEmpty
                ? "is shorter than when it was checked: it changed during the run; run again with fixtures that stay put"
                : "cannot be read: \(reason)")
            return
          }
          initialized += got
        }
      }
      if let failure { throw failure }
    }
  }
}
