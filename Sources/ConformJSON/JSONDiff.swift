/// A readable difference of two JSON values, in the style of swift-custom-dump.
///
/// One line per change, named by its path; changed lines carry `-` (the first side) and `+` (the
/// second side), and runs of unchanged fields or elements collapse to `… (N unchanged)`:
///
///     (- expected, + actual)
///       effects: … (1 unchanged)
///     - effects[1]: {"at":2000,"effect":"requestReview"}
///       final: … (3 unchanged)
///     - final.pending: false
///     + final.pending: true
///       final: … (3 unchanged)
///
/// Nested objects are expanded field by field; a field on one side only shows `(absent)` on the
/// other. Arrays are aligned by a longest common subsequence, so one inserted element is one `+`
/// line, not a change of every element after it; a removed element paired with an inserted one of
/// the same kind is compared field by field. Values are canonical JSON. Two strings that differ only in
/// non-ASCII or invisible scalars (`"é"` against `"e\u{301}"`, a no-break space, a zero-width
/// space) show those scalars escaped, `"e\u{301}"`, so a person can see the difference.
///
/// The work is bounded whatever the values' size: arrays are aligned only where they differ
/// (their common ends are skipped), and past `alignmentLimit` elements left to align the diff
/// says `N elements vs M; first difference at [i]` and compares that pair alone; a value longer
/// than `valueLimit` characters is shown cut, around where the two sides first differ.
///
/// The output depends only on the two values: fields in code point order, arrays in order.
public enum JSONDiff {
  /// The most array elements, both sides together, aligned element by element (beyond their
  /// common ends): the alignment costs up to this many squared steps.
  public static let alignmentLimit = 2_000
  /// The most characters of one value shown; a longer one is cut.
  public static let valueLimit = 1_000

  /// The difference of `expected` and `actual`, nil when they are equal.
  ///
  /// The first line is the legend: `(- first, + second)` with `legend`'s two names.
  public static func diff(_ expected: JSONValue, _ actual: JSONValue, legend: (String, String)) -> String? {
    guard expected != actual else { return nil }
    return (["(- \(legend.0), + \(legend.1))"] + lines(expected, actual)).joined(separator: "\n")
  }

  /// The diff's lines without the legend; empty when the values are equal.
  public static func lines(_ expected: JSONValue, _ actual: JSONValue) -> [String] {
    guard expected != actual else { return [] }
    var walker = Walker()
    walker.value(expected, actual, path: Path())
    return walker.lines
  }
}

/// Where a change is, on each side: array alignment can put one element at different indices.
private struct Path {
  var first = ""
  var second = ""

  func key(_ key: String) -> Path {
    let component = JSONDiffText.pathComponent(key)
    return Path(first: Self.join(first, component), second: Self.join(second, component))
  }

  func index(_ first: Int, _ second: Int) -> Path {
    Path(first: self.first + "[\(first)]", second: self.second + "[\(second)]")
  }

  private static func join(_ path: String, _ component: String) -> String {
    if path.isEmpty { return component }
    return component.hasPrefix("[") ? path + component : path + "." + component
  }
}

private struct Walker {
  var lines: [String] = []

  /// Two values known to differ.
  mutating func value(_ a: JSONValue, _ b: JSONValue, path: Path) {
    switch (a, b) {
    case (.object(let x), .object(let y)): object(x, y, path: path)
    case (.array(let x), .array(let y)): array(x, y, path: path)
    default:
      let (first, second) = JSONDiffText.pair(a, b)
      removed(first, at: path.first)
      added(second, at: path.second)
    }
  }

  mutating func object(_ x: JSONObject, _ y: JSONObject, path: Path) {
    let a = x.members
    let b = y.members
    var i = 0
    var j = 0
    var unchanged = 0
    while i < a.count || j < b.count {
      let order: Int
      if i == a.count {
        order = 1
      } else if j == b.count {
        order = -1
      } else if a[i].key.utf8.elementsEqual(b[j].key.utf8) {
        order = 0
      } else {
        order = a[i].key.utf8.lexicographicallyPrecedes(b[j].key.utf8) ? -1 : 1
      }
      if order == 0, a[i].value == b[j].value {
        unchanged += 1
        i += 1
        j += 1
        continue
      }
      collapse(&unchanged, at: path.first)
      switch order {
      case 0:
        value(a[i].value, b[j].value, path: path.key(a[i].key))
        i += 1
        j += 1
      case -1:
        let field = path.key(a[i].key)
        removed(JSONDiffText.render(a[i].value), at: field.first)
        added(JSONDiffText.absent, at: field.second)
        i += 1
      default:
        let field = path.key(b[j].key)
        removed(JSONDiffText.absent, at: field.first)
        added(JSONDiffText.render(b[j].value), at: field.second)
        j += 1
      }
    }
    collapse(&unchanged, at: path.first)
  }

  mutating func array(_ x: [JSONValue], _ y: [JSONValue], path: Path) {
    // The common ends cost a linear pass; only what lies between them is aligned.
    var head = 0
    while head < x.count, head < y.count, x[head] == y[head] { head += 1 }
    var tail = 0
    while tail < x.count - head, tail < y.count - head, x[x.count - 1 - tail] == y[y.count - 1 - tail] { tail += 1 }
    if (x.count - head - tail) + (y.count - head - tail) > JSONDiff.alignmentLimit {
      unaligned(x, y, firstDifference: head, path: path)
      return
    }
    var removedOffsets = Set<Int>()
    var insertedOffsets = Set<Int>()
    for change in y[head..<(y.count - tail)].difference(from: x[head..<(x.count - tail)]) {
      switch change {
      case .remove(let offset, _, _): removedOffsets.insert(head + offset)
      case .insert(let offset, _, _): insertedOffsets.insert(head + offset)
      }
    }
    var i = 0
    var j = 0
    var unchanged = 0
    while i < x.count || j < y.count {
      if i < x.count, j < y.count, !removedOffsets.contains(i), !insertedOffsets.contains(j) {
        unchanged += 1
        i += 1
        j += 1
        continue
      }
      collapse(&unchanged, at: path.first)
      // One hunk: the removals here, then the insertions here; pairs are compared in depth.
      var removals: [Int] = []
      while i < x.count, removedOffsets.contains(i) {
        removals.append(i)
        i += 1
      }
      var insertions: [Int] = []
      while j < y.count, insertedOffsets.contains(j) {
        insertions.append(j)
        j += 1
      }
      if removals.isEmpty, insertions.isEmpty { break }  // cannot happen: the alignment is exact
      // Pair each removal with the next insertion of the same kind, so a changed object is
      // compared field by field rather than shown whole.
      var waiting: [Int: ArraySlice<Int>] = [:]
      for insertion in insertions { waiting[Self.kind(y[insertion]), default: []].append(insertion) }
      var pairedWith: [Int: Int] = [:]
      var used = Set<Int>()
      for removal in removals {
        guard let match = waiting[Self.kind(x[removal])]?.popFirst() else { continue }
        pairedWith[removal] = match
        used.insert(match)
      }
      for removal in removals {
        if let insertion = pairedWith[removal] {
          value(x[removal], y[insertion], path: path.index(removal, insertion))
        } else {
          removed(JSONDiffText.render(x[removal]), at: path.first + "[\(removal)]")
        }
      }
      for insertion in insertions where !used.contains(insertion) {
        added(JSONDiffText.render(y[insertion]), at: path.second + "[\(insertion)]")
      }
    }
    collapse(&unchanged, at: path.first)
  }

  /// Two arrays too far apart to align: their lengths, then the first pair that differs.
  mutating func unaligned(_ x: [JSONValue], _ y: [JSONValue], firstDifference index: Int, path: Path) {
    if index > 0 { lines.append("  " + (path.first.isEmpty ? "" : path.first + ": ") + "… (\(index) unchanged)") }
    lines.append(
      "  " + (path.first.isEmpty ? "" : path.first + ": ")
        + "\(x.count) elements vs \(y.count); first difference at [\(index)] (too far apart to align element by element)")
    switch (index < x.count, index < y.count) {
    case (true, true): value(x[index], y[index], path: path.index(index, index))
    case (true, false): removed(JSONDiffText.render(x[index]), at: path.first + "[\(index)]")
    case (false, true): added(JSONDiffText.render(y[index]), at: path.second + "[\(index)]")
    case (false, false): break
    }
  }

  /// Objects pair with objects, arrays with arrays, anything else with anything else.
  static func kind(_ value: JSONValue) -> Int {
    switch value {
    case .object: 0
    case .array: 1
    default: 2
    }
  }

  mutating func removed(_ text: String, at path: String) {
    lines.append("- " + (path.isEmpty ? "" : path + ": ") + text)
  }

  mutating func added(_ text: String, at path: String) {
    lines.append("+ " + (path.isEmpty ? "" : path + ": ") + text)
  }

  mutating func collapse(_ count: inout Int, at path: String) {
    guard count > 0 else { return }
    lines.append("  " + (path.isEmpty ? "" : path + ": ") + "… (\(count) unchanged)")
    count = 0
  }
}

/// How values, keys and strings are written in a diff.
package enum JSONDiffText {
  /// Shown for a field that one side does not have; never valid JSON, so never mistaken for a value.
  static let absent = "(absent)"

  /// A value as canonical JSON, cut to `JSONDiff.valueLimit` characters.
  static func render(_ value: JSONValue) -> String { cut(JSONWriter.string(value), around: 0) }

  /// Two differing values as text; strings that would look alike are shown with escapes. Long
  /// ones are cut around the first character where they differ.
  static func pair(_ a: JSONValue, _ b: JSONValue) -> (String, String) {
    var (first, second) = (JSONWriter.string(a), JSONWriter.string(b))
    if case .string(let x) = a, case .string(let y) = b, differOnlyInvisibly(x, y) {
      (first, second) = (escaped(first), escaped(second))
    }
    let x = first.unicodeScalars
    let y = second.unicodeScalars
    var offset = 0
    var (i, j) = (x.startIndex, y.startIndex)
    while i != x.endIndex, j != y.endIndex, x[i] == y[j] {
      offset += 1
      (i, j) = (x.index(after: i), y.index(after: j))
    }
    return (cut(first, around: offset), cut(second, around: offset))
  }

  /// `text` when it is at most `JSONDiff.valueLimit` scalars long; else that many around
  /// `offset`, each cut end saying how much is left out.
  ///
  /// Walks the text's scalars in place: an array of them would take 4 bytes a scalar (60 MB for
  /// a 15 MiB answer).
  static func cut(_ text: String, around offset: Int) -> String {
    let limit = JSONDiff.valueLimit
    // No more scalars than UTF-8 bytes.
    guard text.utf8.count > limit else { return text }
    let scalars = text.unicodeScalars
    let count = scalars.count
    guard count > limit else { return text }
    let start = max(0, min(offset - limit / 4, count - limit))
    let end = start + limit
    let from = scalars.index(scalars.startIndex, offsetBy: start)
    var result = start > 0 ? "…(\(start) characters) " : ""
    result.unicodeScalars.append(contentsOf: scalars[from..<scalars.index(from, offsetBy: limit)])
    if end < count { result += " …(\(count - end) characters more)" }
    return result
  }

  /// Whether the scalars where two strings differ include one a person cannot tell apart on
  /// screen: anything outside printable ASCII (combining marks, look-alike letters, unusual
  /// spaces, zero-width and format characters).
  static func differOnlyInvisibly(_ a: String, _ b: String) -> Bool {
    let x = Array(a.unicodeScalars)
    let y = Array(b.unicodeScalars)
    var prefix = 0
    while prefix < x.count, prefix < y.count, x[prefix] == y[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < x.count - prefix, suffix < y.count - prefix, x[x.count - 1 - suffix] == y[y.count - 1 - suffix] {
      suffix += 1
    }
    let isPlain = { (scalar: Unicode.Scalar) in scalar.value >= 0x20 && scalar.value < 0x7F }
    return !x[prefix..<(x.count - suffix)].allSatisfy(isPlain) || !y[prefix..<(y.count - suffix)].allSatisfy(isPlain)
  }

  /// Every scalar outside printable ASCII written as `\u{HEX}`.
  package static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar.value >= 0x20, scalar.value < 0x7F {
        result.unicodeScalars.append(scalar)
      } else {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return result
  }

  /// A key as a path component: bare when it is a plain name, else `["key"]` with escapes.
  static func pathComponent(_ key: String) -> String {
    let isPlainName =
      !key.isEmpty
      && key.unicodeScalars.allSatisfy { scalar in
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-": true
        default: false
        }
      }
    return isPlainName ? key : "[" + escaped(render(.string(key))) + "]"
  }
}
