import ConformFixtures
import ConformJSON

/// All-pairs combination of a suite's fields: rows of level indices in which every level of each
/// field meets every level of every other field at least once, so a boundary in one field is seen
/// beside the ordinary and the boundary values of each other field without the full product.
///
/// Deterministic: the same level counts give the same rows in the same order, so tables built from
/// them stay byte-identical. Greedy (in the manner of AETG): each row starts from the first pair not
/// yet covered and takes, field by field, the level that covers the most new pairs (the lowest index
/// on a tie). Fields not constrained by a new pair take level 0, each suite's ordinary value.
public enum Pairwise {
  /// Rows of indices, one per field: `row[f]` is in `0..<levels[f]`. One field gives one row per
  /// level; no field or a field with no level gives none.
  public static func rows(levels: [Int]) -> [[Int]] {
    guard !levels.isEmpty, levels.allSatisfy({ $0 > 0 }) else { return [] }
    if levels.count == 1 { return (0..<levels[0]).map { [$0] } }
    var uncovered = Uncovered(levels: levels)
    var rows: [[Int]] = []
    while let (first, second) = uncovered.first {
      var row = [Int?](repeating: nil, count: levels.count)
      row[first.field] = first.level
      row[second.field] = second.level
      for field in levels.indices where row[field] == nil {
        var best = (level: 0, gain: -1)
        for level in 0..<levels[field] {
          let gain = row.indices.reduce(0) { gain, other in
            guard let chosen = row[other] else { return gain }
            return gain + (uncovered.contains((field, level), (other, chosen)) ? 1 : 0)
          }
          if gain > best.gain { best = (level, gain) }
        }
        row[field] = best.level
      }
      let complete = row.map { $0! }
      uncovered.cover(complete)
      rows.append(complete)
    }
    return rows
  }

  /// The pairs of (field, level) no row has yet, as one flag per pair of levels of each pair of
  /// fields.
  private struct Uncovered {
    let levels: [Int]
    /// `flags[pairIndex(a, b)]`: true while level pair (a, b) of fields (a.field < b.field) is missing.
    private var flags: [Bool]
    private var offsets: [[Int]]
    private var remaining: Int

    init(levels: [Int]) {
      self.levels = levels
      var offsets = [[Int]](repeating: [Int](repeating: 0, count: levels.count), count: levels.count)
      var total = 0
      for a in levels.indices {
        for b in levels.indices where b > a {
          offsets[a][b] = total
          total += levels[a] * levels[b]
        }
      }
      self.offsets = offsets
      flags = [Bool](repeating: true, count: total)
      remaining = total
    }

    private func index(_ x: (field: Int, level: Int), _ y: (field: Int, level: Int)) -> Int {
      let (a, b) = x.field < y.field ? (x, y) : (y, x)
      return offsets[a.field][b.field] + a.level * levels[b.field] + b.level
    }

    func contains(_ x: (field: Int, level: Int), _ y: (field: Int, level: Int)) -> Bool {
      x.field != y.field && flags[index(x, y)]
    }

    /// The first missing pair in field order, then level order.
    var first: ((field: Int, level: Int), (field: Int, level: Int))? {
      guard remaining > 0 else { return nil }
      for a in levels.indices {
        for b in levels.indices where b > a {
          for i in 0..<levels[a] {
            for j in 0..<levels[b] where flags[index((a, i), (b, j))] { return ((a, i), (b, j)) }
          }
        }
      }
      return nil
    }

    mutating func cover(_ row: [Int]) {
      for a in row.indices {
        for b in row.indices where b > a {
          let at = index((a, row[a]), (b, row[b]))
          if flags[at] {
            flags[at] = false
            remaining -= 1
          }
        }
      }
    }
  }
}

extension Pairwise {
  /// A suite's pairwise cases, for fields of `counts` levels each (level 0 its ordinary value):
  /// each boundary alone among ordinary values (`pairwise/one/<label>`), then the all-pairs rows
  /// (`pairwise/all-pairs/NNN`, numbered from 001 so they sort in order). `labels` names the
  /// fields of a row off their ordinary value (`field/label`); `input` builds a row's input.
  static func cases(counts: [Int], labels: ([Int]) -> [String], input: ([Int]) -> JSONValue) -> [CaseDraft] {
    var drafts: [CaseDraft] = []
    for (field, count) in counts.enumerated() {
      for level in 1..<count {
        var row = [Int](repeating: 0, count: counts.count)
        row[field] = level
        let label = labels(row)[0]
        drafts.append(
          CaseDraft(
            "pairwise/one/\(label)", tags: ["pairwise"],
            note: "\(label) alone, every other field ordinary: nothing else masks it", input: input(row)))
      }
    }
    for (index, row) in rows(levels: counts).enumerated() {
      let named = labels(row)
      let number = String(index + 1)
      drafts.append(
        CaseDraft(
          "pairwise/all-pairs/\(String(repeating: "0", count: max(0, 3 - number.count)) + number)", tags: ["pairwise"],
          note: "all-pairs row: " + (named.isEmpty ? "every field ordinary" : named.joined(separator: ", ")),
          input: input(row)))
    }
    return drafts
  }
}

extension Pairwise {
  /// One field of a pairwise table: its name and its levels, level 0 its ordinary value, each
  /// with the label case ids and notes give it and how it sets the field in an input.
  struct Field<Input> {
    var name: String
    var levels: [(label: String, set: (inout Input) -> Void)]

    init(name: String, levels: [(label: String, set: (inout Input) -> Void)]) {
      self.name = name
      self.levels = levels
    }

    /// A field whose levels are `values`, each labelled as given, set by `set`.
    init<Value>(_ name: String, _ values: [(String, Value)], _ set: @escaping (inout Input, Value) -> Void) {
      self.init(name: name, levels: values.map { label, value in (label, { set(&$0, value) }) })
    }
  }

  /// A pairwise table's fields in order: a row of level indices, one per field, is `base` with
  /// each field set to its level, first field first.
  struct Table<Input> {
    var base: Input
    var fields: [Field<Input>]

    /// Each field's number of levels, for `rows(levels:)` and `cases(counts:labels:input:)`.
    var counts: [Int] { fields.map(\.levels.count) }

    /// `base` with every field of `row` set to its level.
    func input(_ row: [Int]) -> Input {
      var input = base
      for (field, level) in zip(fields, row) { field.levels[level].set(&input) }
      return input
    }

    /// `field/label` for each field of `row` off its ordinary value.
    func labels(_ row: [Int]) -> [String] {
      zip(fields, row).filter { $0.1 != 0 }.map { "\($0.0.name)/\($0.0.levels[$0.1].label)" }
    }
  }
}
