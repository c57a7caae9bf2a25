import ConformJSON

/// Minimal cases that show the same bug in different clothes (another version string, another
/// day an exact cooldown before today) are reported once, with a count.
extension FuzzFinding {
  /// What makes two minimal cases the same finding: the suite, how they fail (the judge's
  /// signature) and the shape of their difference, the changed paths with each value reduced to
  /// its kind (`true`, `false` and `null` kept, since they say which way a verdict went).
  var shape: [String] {
    let (left, right) = answers.count == 2 ? (answers[0].output, answers[1].output) : (expected, answers[0].output)
    var shape = [suite, signature]
    if let left, let right {
      shape += JSONDiff.lines(left, right).map(Self.shapeOf(line:))
    }
    return shape
  }

  /// A diff line with its value reduced to its kind: `- final.pending: true` stays, `+ effects[0].at: 2000`
  /// becomes `+ effects[0].at: #`, a string `"…"`, an object `{…}`, an array `[…]`.
  static func shapeOf(line: String) -> String {
    guard let colon = line.range(of: ": ") else { return line }
    let value = line[colon.upperBound...]
    let kind: String
    if let first = value.unicodeScalars.first, first == "-" || ("0"..."9").contains(first) {
      kind = "#"
    } else if value.hasPrefix("\"") {
      kind = "\"…\""
    } else if value.hasPrefix("{") {
      kind = "{…}"
    } else if value.hasPrefix("[") {
      kind = "[…]"
    } else {
      kind = String(value)  // true, false, null: which way a verdict went
    }
    return line[..<colon.upperBound] + kind
  }

  /// `findings` with those of the same shape merged into the smallest (by `ShrinkOrder`), in the
  /// order their first member was found; counts add up, the first failing case is the earliest.
  package static func merged(_ findings: [FuzzFinding]) -> [FuzzFinding] {
    var groups: [[String]: Int] = [:]
    var merged: [FuzzFinding] = []
    var inputs: [Set<JSONValue>] = []
    for finding in findings {
      // The same minimal case reached from two causes is one finding, never printed twice.
      let same = merged.firstIndex { $0.suite == finding.suite && $0.input == finding.input && $0.answers == finding.answers }
      guard let index = same ?? groups[finding.shape] else {
        groups[finding.shape] = merged.count
        merged.append(finding)
        inputs.append([finding.input])
        continue
      }
      var kept = ShrinkOrder(finding.input) < ShrinkOrder(merged[index].input) ? finding : merged[index]
      kept.count = merged[index].count + finding.count
      kept.firstID = merged[index].firstID
      kept.firstNumber = merged[index].firstNumber
      kept.originalBytes = merged[index].originalBytes
      inputs[index].insert(finding.input)
      kept.variants = inputs[index].count
      merged[index] = kept
    }
    return merged
  }
}
