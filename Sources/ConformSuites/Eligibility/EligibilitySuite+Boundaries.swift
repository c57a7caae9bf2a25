import ConformFixtures
import ConformJSON

/// The `domain/` and `pairwise/` families: each field's boundary values, alone among ordinary
/// values and crossed pairwise with every other field's (`Pairwise.rows(levels:)`).
extension EligibilitySuite {
  /// One value of one field, with the label case ids and notes give it.
  struct Level<Value> {
    var label: String
    var value: Value
  }

  static func levels<Value>(_ pairs: [(String, Value)]) -> [Level<Value>] {
    pairs.map { Level(label: $0.0, value: $0.1) }
  }

  /// The 64-bit boundaries every day number takes; a 32-bit truncation changes 2^31 and beyond.
  static let dayBoundaries: [(String, Int64)] = [
    ("0", 0), ("1", 1), ("minus-1", -1), ("int32-max", 2_147_483_647), ("int32-max+1", 2_147_483_648), ("2to32", 4_294_967_296),
    ("int64-min", .min), ("int64-max", .max),
  ]

  /// The count values inside D4's domain, then those outside it (D10).
  static let countsInside: [(String, Int64)] = [("0", 0), ("1", 1), ("int32-max-1", 2_147_483_646), ("int32-max", 2_147_483_647)]
  static let countsOutside: [(String, Int64)] = [
    ("minus-1", -1), ("int32-max+1", 2_147_483_648), ("2to32", 4_294_967_296), ("int64-min", .min), ("int64-max", .max),
  ]

  /// Empty, blank and every kind of white space, and the ordinary version with a trailing space.
  static let versionBoundaries: [(String, String)] = [
    ("empty", ""), ("space", " "), ("tab", "\t"), ("lf", "\n"), ("cr", "\r"), ("nbsp", "\u{A0}"),
    ("line-separator", "\u{2028}"), ("ideographic-space", "\u{3000}"), ("trailing-space", "1.0.0 "),
  ]

  /// The fields of an input, each with its levels: level 0 is the ordinary value, and an input of
  /// ordinary values only is eligible (D9), so a boundary alone shows in the answer.
  struct Fields {
    var winThreshold = levels([("3", 3)] + countsInside)
    var cooldownDays = levels([("7", 7)] + countsInside)
    var wins = levels([("5", 5)] + countsInside)
    var last = levels([("19970", 19970), ("never", nil)] as [(String, Int64?)] + dayBoundaries.map { ($0.0, Int64?.some($0.1)) })
    var today = levels([("20000", 20000)] + dayBoundaries)
    var prompted = levels(
      [("0.9.0", "0.9.0"), ("never", nil)] as [(String, String?)] + versionBoundaries.map { ($0.0, String?.some($0.1)) })
    var current = levels([("1.0.0", "1.0.0")] + versionBoundaries)
    var force = levels([("off", false), ("on", true)])

    var names: [String] {
      [
        "winThreshold", "cooldownDays", "wonCompletionCount", "lastAttemptEpochDay", "todayEpochDay", "lastPromptedVersion",
        "currentVersion", "forceOverride",
      ]
    }
    var counts: [Int] {
      [winThreshold.count, cooldownDays.count, wins.count, last.count, today.count, prompted.count, current.count, force.count]
    }

    /// The input of one row of level indices, one per field in `names` order.
    func input(_ row: [Int]) -> JSONValue {
      base(
        config: ReviewConfig(winThreshold: winThreshold[row[0]].value, cooldownDays: cooldownDays[row[1]].value),
        wins: wins[row[2]].value, last: last[row[3]].value, today: today[row[4]].value, prompted: prompted[row[5]].value,
        current: current[row[6]].value, force: force[row[7]].value)
    }

    /// `field=label` for each field of `row` off its ordinary value.
    func labels(_ row: [Int]) -> [String] {
      let labels = [
        winThreshold[row[0]].label, cooldownDays[row[1]].label, wins[row[2]].label, last[row[3]].label,
        today[row[4]].label, prompted[row[5]].label, current[row[6]].label, force[row[7]].label,
      ]
      return row.indices.filter { row[$0] != 0 }.map { "\(names[$0])/\(labels[$0])" }
    }
  }

  /// Each boundary alone among ordinary values (`pairwise/one/...`), then the all-pairs rows
  /// (`pairwise/all-pairs/NNN`).
  static var pairwiseCases: [CaseDraft] {
    let fields = Fields()
    return Pairwise.cases(counts: fields.counts, labels: fields.labels, input: fields.input)
  }

  /// D10: each count just inside and outside 0...2147483647, alone, with the force override, and
  /// all three outside at once.
  static var domainCases: [CaseDraft] {
    var drafts: [CaseDraft] = []
    let fields: [(name: String, input: (Int64, Bool) -> JSONValue)] = [
      ("winThreshold", { base(config: ReviewConfig(winThreshold: $0, cooldownDays: 7), wins: 5, force: $1) }),
      (
        "cooldownDays",
        { base(config: ReviewConfig(winThreshold: 3, cooldownDays: $0), last: today - 30, prompted: "0.9.0", force: $1) }
      ),
      ("wonCompletionCount", { base(wins: $0, force: $1) }),
    ]
    for field in fields {
      for level in levels(countsInside) where level.value == 0 || level.value == 2_147_483_647 {
        drafts.append(
          CaseDraft(
            "domain/\(field.name)/\(level.label)", tags: ["domain"],
            note: "\(field.name) \(level.value) is inside the domain: an ordinary answer, not an error",
            input: field.input(level.value, false)))
      }
      for level in levels(countsOutside) {
        drafts.append(
          CaseDraft(
            "domain/\(field.name)/\(level.label)", tags: ["domain"],
            note:
              "\(field.name) \(level.value) is outside 0...2147483647: count-out-of-range (e.g. Kotlin toInt() reads 2^32 as 0)",
            input: field.input(level.value, false)))
      }
      drafts.append(
        CaseDraft(
          "domain/\(field.name)/minus-1/force", tags: ["domain", "force"],
          note: "the domain is checked before the force override: count-out-of-range even when forced",
          input: field.input(-1, true)))
    }
    drafts.append(
      CaseDraft(
        "domain/every-count/2to32", tags: ["domain"],
        note: "every count at 2^32: one reason, count-out-of-range (32-bit truncation reads 0 >= 0, eligible)",
        input: base(config: ReviewConfig(winThreshold: 1 << 32, cooldownDays: 1 << 32), wins: 1 << 32)))
    return drafts
  }
}
