/// Draws for the fuzzers, built on `next()` alone so that a seed gives the same inputs on every
/// platform and Swift version (the standard library's `random(in:using:)` promises no algorithm).
extension SeededGenerator {
  /// A uniform index in `0..<count`; `count` must be above 0.
  public mutating func index(_ count: Int) -> Int {
    Int(below(UInt64(count)))
  }

  /// True with probability `numerator / denominator`.
  public mutating func chance(_ numerator: UInt64, in denominator: UInt64) -> Bool {
    below(denominator) < numerator
  }

  /// One of `items`, uniformly; `items` must not be empty.
  public mutating func pick<T>(_ items: [T]) -> T {
    items[index(items.count)]
  }

  /// A uniform integer in `range`, the whole 64-bit range included.
  public mutating func int64(in range: ClosedRange<Int64>) -> Int64 {
    let width = UInt64(bitPattern: range.upperBound &- range.lowerBound)
    if width == UInt64.max { return Int64(bitPattern: next()) }
    return range.lowerBound &+ Int64(bitPattern: below(width + 1))
  }

  /// `value + offset`, held inside `range` instead of overflowing.
  public static func clamped(_ value: Int64, plus offset: Int64, in range: ClosedRange<Int64>) -> Int64 {
    let (sum, overflow) = value.addingReportingOverflow(offset)
    if overflow { return offset > 0 ? range.upperBound : range.lowerBound }
    return min(max(sum, range.lowerBound), range.upperBound)
  }
}
