extension Array where Element == UInt8 {
  /// Appends a fixed piece of a line.
  public mutating func append(_ word: StaticString) {
    append(contentsOf: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
  }

  /// Runs `body` on the array and returns the range of what it appended: how the encoders
  /// report where a line's parts land.
  mutating func written(_ body: (inout [UInt8]) -> Void) -> Range<Int> {
    let start = count
    body(&self)
    return start..<count
  }
}

extension Range<Int> {
  /// The content of the JSON string at this range, its quotes left out (the bytes themselves
  /// when the string has no escapes).
  public var insideQuotes: Range<Int> { lowerBound + 1..<upperBound - 1 }
}
