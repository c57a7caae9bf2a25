import ConformJSON

/// Where two JSON values differ, field by field: `- path: expected` and `+ path: actual` lines,
/// nothing for the fields that are equal. Empty when the values are equal.
enum JSONDifference {
  static func lines(expected: JSONValue, actual: JSONValue, path: String = "output") -> [String] {
    switch (expected, actual) {
    case (.object(let want), .object(let got)):
      var lines: [String] = []
      for (key, value) in want.members {
        if let other = got[key] {
          lines += Self.lines(expected: value, actual: other, path: "\(path).\(key)")
        } else {
          lines.append("- \(path).\(key): \(value)")
        }
      }
      for (key, value) in got.members where want[key] == nil { lines.append("+ \(path).\(key): \(value)") }
      return lines
    case (.array(let want), .array(let got)):
      var lines: [String] = []
      for index in 0..<max(want.count, got.count) {
        let item = "\(path)[\(index)]"
        // (JSONValue is ExpressibleByNilLiteral: spell out the optionals, or nil would mean null.)
        let wanted: JSONValue? = index < want.count ? .some(want[index]) : .none
        let gotten: JSONValue? = index < got.count ? .some(got[index]) : .none
        switch (wanted, gotten) {
        case (let value?, let other?): lines += Self.lines(expected: value, actual: other, path: item)
        case (let value?, nil): lines.append("- \(item): \(value)")
        case (.none, let other?): lines.append("+ \(item): \(other)")
        case (.none, .none): break
        }
      }
      return lines
    default:
      return expected == actual ? [] : ["- \(path): \(expected)", "+ \(path): \(actual)"]
    }
  }
}
