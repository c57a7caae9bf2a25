import ConformJSON

/// One-step simplifications of a JSON input, for shrinking a failing case: drop array elements
/// (halves, then one at a time), shorten and simplify strings (halves, one scalar dropped, one
/// scalar replaced by `0`, `1`, `.` or `a`), move integers toward zero and toward the nearest
/// boundary (the 32- and 64-bit limits, 2^52), make `true` false, and make any value `null`.
///
/// Object keys are never added or removed. Candidates may lie outside a suite's domain: the
/// caller keeps those the reference model accepts.
public enum JSONShrinker {
  /// Every candidate, each once, in a stable order.
  public static func candidates(of value: JSONValue) -> [JSONValue] {
    var seen = Set<JSONValue>()
    return raw(value).filter { $0 != value && seen.insert($0).inserted }
  }

  private static func raw(_ value: JSONValue) -> [JSONValue] {
    switch value {
    case .null: return []
    case .bool(let flag): return flag ? [.bool(false), .null] : [.null]
    case .int(let number): return [.null] + integers(toward: number).map(JSONValue.int)
    case .number: return [.null]
    case .string(let text): return [.null] + strings(simplifying: text).map(JSONValue.string)
    case .array(let items): return [.null] + arrays(shrinking: items).map(JSONValue.array)
    case .object(let object):
      var results: [JSONValue] = []
      for (key, member) in object.members {
        for candidate in raw(member) {
          var changed = object
          changed[key] = candidate
          results.append(.object(changed))
        }
      }
      return results
    }
  }

  /// `value` with one array or string in it shortened (elements or scalars dropped), the
  /// candidates a structural shrink tries first; nothing else changed.
  package static func shortened(_ value: JSONValue) -> [JSONValue] {
    switch value {
    case .string(let text):
      let count = text.unicodeScalars.count
      return strings(simplifying: text).filter { $0.unicodeScalars.count < count }.map(JSONValue.string)
    case .array(let items):
      var results = arrays(shrinking: items).filter { $0.count < items.count }.map(JSONValue.array)
      for (index, item) in items.enumerated() {
        for candidate in shortened(item) {
          var changed = items
          changed[index] = candidate
          results.append(.array(changed))
        }
      }
      return results
    case .object(let object):
      var results: [JSONValue] = []
      for (key, member) in object.members {
        for candidate in shortened(member) {
          var changed = object
          changed[key] = candidate
          results.append(.object(changed))
        }
      }
      return results
    default: return []
    }
  }

  /// The limits ports trip on, beside 0.
  static let boundaries: [Int64] = [
    Int64.min, Int64(Int32.min), -1, 1, Int64(Int32.max), Int64(Int32.max) + 1, 1 << 52, Int64.max,
  ]

  /// How far `a` is from `b`, exactly (the whole 64-bit range fits in `UInt64`).
  package static func distance(_ a: Int64, _ b: Int64) -> UInt64 {
    a >= b ? UInt64(bitPattern: a &- b) : UInt64(bitPattern: b &- a)
  }

  /// The boundary nearest to `number` (0 included), the first of equals.
  package static func nearestBoundary(to number: Int64) -> Int64 {
    ([0] + boundaries).min { distance(number, $0) < distance(number, $1) }!
  }

  /// Toward zero and toward the nearest other boundary: the target itself, then a half, a
  /// quarter, … of the way there (a binary search across rounds), then one step.
  static func integers(toward number: Int64) -> [Int64] {
    var results: [Int64] = []
    for target in [0, boundaries.min { distance(number, $0) < distance(number, $1) }!] where target != number {
      results.append(target)
      // Exact in 128 bits: number + (target - number) / 2^k, which always fits.
      let gap = distance(number, target)
      var shift: UInt64 = 1
      while shift < 64, gap >> shift > 0 {
        let step = Int64(bitPattern: gap >> shift)
        results.append(number < target ? number &+ step : number &- step)
        shift += 1
      }
      results.append(number < target ? number + 1 : number - 1)
    }
    return results.filter { $0 != number }
  }

  /// Shorter strings (empty, a half dropped, one scalar dropped), then one scalar replaced by a
  /// simpler one.
  static func strings(simplifying text: String) -> [String] {
    let scalars = Array(text.unicodeScalars)
    guard !scalars.isEmpty else { return [] }
    func make(_ part: some Sequence<Unicode.Scalar>) -> String {
      var view = String.UnicodeScalarView()
      view.append(contentsOf: part)
      return String(view)
    }
    var results = [""]
    if scalars.count >= 2 {
      results.append(make(scalars[(scalars.count / 2)...]))
      results.append(make(scalars[..<(scalars.count / 2)]))
    }
    let positions = scalars.indices.prefix(128)
    for position in positions {
      var shorter = scalars
      shorter.remove(at: position)
      results.append(make(shorter))
    }
    for position in positions {
      for simpler in simpler(than: scalars[position]) {
        var replaced = scalars
        replaced[position] = simpler
        results.append(make(replaced))
      }
    }
    return results
  }

  /// Simpler scalars to put in place of `scalar`: `0` and `1` for digits, `a` for letters, and
  /// `0`, `.`, `a` for anything else.
  static func simpler(than scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    switch scalar {
    case "0", ".", "a": []
    case "1": ["0"]
    case "2"..."9": ["0", "1"]
    case "b"..."z", "A"..."Z": ["a"]
    default: ["0", ".", "a"]
    }
  }

  /// Shorter arrays (empty, a half dropped, one element dropped), then one element shrunk.
  static func arrays(shrinking items: [JSONValue]) -> [[JSONValue]] {
    guard !items.isEmpty else { return [] }
    var results: [[JSONValue]] = [[]]
    if items.count >= 2 {
      results.append(Array(items[(items.count / 2)...]))
      results.append(Array(items[..<(items.count / 2)]))
    }
    for position in items.indices {
      var shorter = items
      shorter.remove(at: position)
      results.append(shorter)
    }
    for position in items.indices {
      for candidate in raw(items[position]) {
        var changed = items
        changed[position] = candidate
        results.append(changed)
      }
    }
    return results
  }
}

/// Moves that change several parts of the input at once, where one-step moves cannot keep a
/// relation that makes the case fail (`"1.99"` against `"1.99.0"`; a last attempt exactly a
/// cooldown before today, both near the 64-bit limit).
extension JSONShrinker {
  /// Joint candidates: one token replaced in every string, and a cluster of near integers moved
  /// together to 0 or to the nearest boundary.
  public static func jointCandidates(of value: JSONValue) -> [JSONValue] {
    var seen = Set<JSONValue>()
    return (tokenReplacements(value) + clusterShifts(value)).filter { $0 != value && seen.insert($0).inserted }
  }

  /// A token of a string: a run of ASCII digits, a run of ASCII letters, or one other scalar.
  static func tokens(_ text: String) -> [String] {
    var tokens: [String] = []
    var run = String.UnicodeScalarView()
    var runKind = 0
    func kind(_ scalar: Unicode.Scalar) -> Int {
      switch scalar {
      case "0"..."9": 1
      case "a"..."z", "A"..."Z": 2
      default: 0
      }
    }
    for scalar in text.unicodeScalars {
      let current = kind(scalar)
      if current == 0 || current != runKind, !run.isEmpty {
        tokens.append(String(run))
        run = String.UnicodeScalarView()
      }
      run.append(scalar)
      runKind = current
      if current == 0 {
        tokens.append(String(run))
        run = String.UnicodeScalarView()
      }
    }
    if !run.isEmpty { tokens.append(String(run)) }
    return tokens
  }

  /// Every string with one token replaced wherever it stands whole (by `0`, `1`, `a`, or
  /// nothing), and with it and the dot before it removed.
  static func tokenReplacements(_ value: JSONValue) -> [JSONValue] {
    var distinct: [String] = []
    var seen = Set<[UInt8]>()
    forEachString(value) { text in
      for token in tokens(text) where seen.insert(Array(token.utf8)).inserted { distinct.append(token) }
    }
    var results: [JSONValue] = []
    for token in distinct.prefix(40) {
      for replacement in ["0", "1", "a", ""] where !replacement.utf8.elementsEqual(token.utf8) {
        results.append(
          mapStrings(value) { text in
            tokens(text).map { $0.utf8.elementsEqual(token.utf8) ? replacement : $0 }.joined()
          })
      }
      results.append(
        mapStrings(value) { text in
          var kept: [String] = []
          for piece in tokens(text) {
            if piece.utf8.elementsEqual(token.utf8), let last = kept.last, last.utf8.elementsEqual(".".utf8) {
              kept.removeLast()
            } else {
              kept.append(piece)
            }
          }
          return kept.joined()
        })
    }
    return results
  }

  /// Integers within `spread` of one of them moved together, so that it lands on 0 or on its
  /// nearest boundary; moves that overflow are left out.
  static func clusterShifts(_ value: JSONValue) -> [JSONValue] {
    var distinct: [Int64] = []
    forEachInt(value) { if !distinct.contains($0) { distinct.append($0) } }
    var results: [JSONValue] = []
    for anchor in distinct.prefix(24) {
      for target in Set([0, nearestBoundary(to: anchor)]) where target != anchor {
        let (delta, overflow) = target.subtractingReportingOverflow(anchor)
        if overflow { continue }
        for spread: UInt64 in [0, 64, 65_536] {
          var failed = false
          let moved = mapInts(value) { number in
            guard distance(number, anchor) <= spread else { return number }
            let (result, overflow) = number.addingReportingOverflow(delta)
            if overflow { failed = true }
            return result
          }
          if !failed { results.append(moved) }
        }
      }
    }
    return results
  }

  static func forEachString(_ value: JSONValue, _ body: (String) -> Void) {
    switch value {
    case .string(let text): body(text)
    case .array(let items): items.forEach { forEachString($0, body) }
    case .object(let object): object.members.forEach { forEachString($0.value, body) }
    default: break
    }
  }

  static func forEachInt(_ value: JSONValue, _ body: (Int64) -> Void) {
    switch value {
    case .int(let number): body(number)
    case .array(let items): items.forEach { forEachInt($0, body) }
    case .object(let object): object.members.forEach { forEachInt($0.value, body) }
    default: break
    }
  }

  static func mapStrings(_ value: JSONValue, _ transform: (String) -> String) -> JSONValue {
    switch value {
    case .string(let text): return .string(transform(text))
    case .array(let items): return .array(items.map { mapStrings($0, transform) })
    case .object(var object):
      for (key, member) in object.members { object[key] = mapStrings(member, transform) }
      return .object(object)
    default: return value
    }
  }

  static func mapInts(_ value: JSONValue, _ transform: (Int64) -> Int64) -> JSONValue {
    switch value {
    case .int(let number): return .int(transform(number))
    case .array(let items): return .array(items.map { mapInts($0, transform) })
    case .object(var object):
      for (key, member) in object.members { object[key] = mapInts(member, transform) }
      return .object(object)
    default: return value
    }
  }
}
