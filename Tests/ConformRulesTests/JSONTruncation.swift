import ConformJSON

/// Inputs with one integer narrowed as a 32-bit port narrows it, for the boundary tables' tests.
enum JSONTruncation {
  /// `value` with the integer at `path` (object keys, or `"[i]"` for an array's entry) replaced by
  /// its low 32 bits read as a signed `Int32`; nil when there is no integer there or nothing changes.
  static func truncating(_ value: JSONValue, at path: [String]) -> JSONValue? {
    guard let key = path.first else {
      guard let number = value.intValue else { return nil }
      let narrowed = Int64(Int32(truncatingIfNeeded: number))
      return narrowed == number ? nil : .int(narrowed)
    }
    if key.hasPrefix("["), let index = Int(key.dropFirst().dropLast()), var array = value.arrayValue,
      array.indices.contains(index)
    {
      guard let changed = truncating(array[index], at: Array(path.dropFirst())) else { return nil }
      array[index] = changed
      return .array(array)
    }
    guard var object = value.objectValue, let member = object[key],
      let changed = truncating(member, at: Array(path.dropFirst()))
    else { return nil }
    object[key] = changed
    return .object(object)
  }
}
