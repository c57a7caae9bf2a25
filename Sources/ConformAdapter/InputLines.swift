import ConformPlatform

/// Reads a descriptor in large chunks and hands out its complete lines without copying them.
///
/// The buffer starts at 64 KiB (a pipe's capacity on Linux) and doubles whenever a single line does
/// not fit, so a line of any length is read whole.
struct InputLines {
  let descriptor: Int32
  private var storage: [UInt8]
  /// Bytes `0..<filled` of `storage` hold input not handed out yet.
  private var filled = 0
  /// Whether `read(2)` reported the end of input.
  private(set) var reachedEnd = false

  init(descriptor: Int32, initialCapacity: Int = 1 << 16) {
    self.descriptor = descriptor
    storage = [UInt8](repeating: 0, count: initialCapacity)
  }

  /// Blocks until more input arrives or the input ends.
  mutating func read() throws(SystemCallError) {
    if filled == storage.count { storage.append(contentsOf: repeatElement(0, count: storage.count)) }
    let start = filled
    let count = try storage.withUnsafeMutableBytes { buffer in
      Result { () throws(SystemCallError) in
        try SystemIO.read(descriptor, into: buffer.baseAddress! + start, count: buffer.count - start)
      }
    }.get()
    if count == 0 { reachedEnd = true }
    filled += count
  }

  /// Calls `body` with each complete line read so far (without its `\n`) and, once the input has
  /// ended, with a last line that has no `\n`; then forgets them. Stops at the first error `body`
  /// throws.
  mutating func consumeLines<E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void) throws(E) {
    let available = filled
    let atEnd = reachedEnd
    let consumed = try storage.withUnsafeBufferPointer { (buffer) throws(E) -> Int in
      var start = 0
      while start < available {
        let rest = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[start..<available])
        guard let length = SystemIO.firstNewline(in: rest) else {
          if atEnd {
            try body(UnsafeBufferPointer(rebasing: buffer[start..<available]))
            start = available
          }
          break
        }
        try body(UnsafeBufferPointer(rebasing: buffer[start..<start + length]))
        start += length + 1
      }
      return start
    }
    guard consumed > 0 else { return }
    let remaining = available - consumed
    if remaining > 0 {
      storage.withUnsafeMutableBytes { buffer in
        buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + consumed, byteCount: remaining)
      }
    }
    filled = remaining
  }
}
