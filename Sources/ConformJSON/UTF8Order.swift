/// Compares strings by their UTF-8 bytes, which is Unicode code point order.
///
/// Swift's `String` comparison follows canonical equivalence (`"é" == "e\u{301}"`); JSON keys and
/// values here are compared by their scalars instead, as every other language compares them.
enum UTF8Order {
  /// Negative when `a` sorts first, zero when the two hold the same scalars, positive otherwise.
  static func compare(_ a: String, _ b: String) -> Int {
    let order = a.utf8.withContiguousStorageIfAvailable { left in
      b.utf8.withContiguousStorageIfAvailable { right in compare(left, right) }
    }
    if let order = order ?? nil { return order }
    // Only a string that is not stored as UTF-8 gets here (bridged from elsewhere).
    if a.utf8.elementsEqual(b.utf8) { return 0 }
    return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
  }

  static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
    let common = min(left.count, right.count)
    var position = 0
    while position < common {
      let a = left[position]
      let b = right[position]
      if a != b { return Int(a) - Int(b) }
      position += 1
    }
    return left.count - right.count
  }

  static func equal(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && compare(a, b) == 0
  }

  /// Feeds the UTF-8 bytes of `text` and its length to `hasher`, matching `equal`.
  static func hash(_ text: String, into hasher: inout Hasher) {
    hasher.combine(text.utf8.count)
    let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    if hashed == nil { text.utf8.forEach { hasher.combine($0) } }
  }
}
