/// The last bytes an implementation wrote on stderr, in a fixed-size ring: memory stays bounded
/// however much it logs.
package struct StderrTail: Sendable {
  /// How much is kept, in bytes.
  package static let capacity = 4096

  private var ring = [UInt8](repeating: 0, count: StderrTail.capacity)
  private var end = 0
  /// Every byte ever appended.
  package private(set) var total = 0

  package init() {}

  package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    total += bytes.count
    // Only the last `capacity` bytes can survive; copy them in at most two runs.
    var source = UnsafeBufferPointer(rebasing: bytes[max(0, bytes.count - Self.capacity)...])
    while !source.isEmpty {
      let run = min(source.count, Self.capacity - end)
      ring.withUnsafeMutableBufferPointer { ring in
        _ = UnsafeMutableBufferPointer(rebasing: ring[end..<end + run]).initialize(fromContentsOf: source.prefix(run))
      }
      end = (end + run) % Self.capacity
      source = UnsafeBufferPointer(rebasing: source.dropFirst(run))
    }
  }

  /// The kept bytes in order.
  package var bytes: [UInt8] {
    total < Self.capacity ? Array(ring[0..<end]) : Array(ring[end...] + ring[..<end])
  }

  /// The tail as text, trimmed; nil when nothing was written. A cut start is marked.
  package var text: String? {
    guard total > 0 else { return nil }
    var kept = bytes[...]
    if total > Self.capacity {
      // Drop a partial UTF-8 character or line at the cut.
      if let newline = kept.firstIndex(of: 0x0A), newline - kept.startIndex < 200 { kept = kept[(newline + 1)...] }
      while let first = kept.first, first & 0xC0 == 0x80 { kept = kept.dropFirst() }
    }
    var text = String(decoding: kept, as: UTF8.self)
    while let last = text.last, last.isWhitespace { text.removeLast() }
    if total > Self.capacity { text = "[… \(total - kept.count) earlier bytes not kept]\n" + text }
    return text.isEmpty ? nil : text
  }
}
