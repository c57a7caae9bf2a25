import ConformFixtures
import ConformJSON

/// The `domain/` and `pairwise/` families: each field's boundary values, alone among ordinary
/// values and crossed pairwise with every other field's (`Pairwise.rows(levels:)`).
extension EligibilitySuite {
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
  static var pairwiseTable: Pairwise.Table<EligibilityInput> {
    let versions = versionBoundaries.map { ($0.0, String?.some($0.1)) }
    return Pairwise.Table(
      base: EligibilityInput(
        config: story, wonCompletionCount: 5, lastAttemptEpochDay: 19970, todayEpochDay: today, lastPromptedVersion: "0.9.0",
        currentVersion: "1.0.0", forceOverride: false),
      fields: [
        .init("winThreshold", [("3", 3)] + countsInside) { $0.config.winThreshold = $1 },
        .init("cooldownDays", [("7", 7)] + countsInside) { $0.config.cooldownDays = $1 },
        .init("wonCompletionCount", [("5", 5)] + countsInside) { $0.wonCompletionCount = $1 },
        .init("lastAttemptEpochDay", [("19970", 19970), ("never", nil)] + dayBoundaries.map { ($0.0, Int64?.some($0.1)) }) {
          $0.lastAttemptEpochDay = $1
        },
        .init("todayEpochDay", [("20000", 20000)] + dayBoundaries) { $0.todayEpochDay = $1 },
        .init("lastPromptedVersion", [("0.9.0", "0.9.0"), ("never", nil)] + versions) { $0.lastPromptedVersion = $1 },
        .init("currentVersion", [("1.0.0", "1.0.0")] + versionBoundaries) { $0.currentVersion = $1 },
        .init("forceOverride", [("off", false), ("on", true)]) { $0.forceOverride = $1 },
      ])
  }

  /// Each boundary alone among ordinary values (`pairwise/one/...`), then the all-pairs rows
  /// (`pairwise/all-pairs/NNN`).
  static var pairwiseCases: [CaseDraft] {
    let table = pairwiseTable
    return Pairwise.cases(counts: table.counts, labels: table.labels) { table.input($0).json }
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
      for (label, value) in countsInside where value == 0 || value == 2_147_483_647 {
        drafts.append(
          CaseDraft(
            "domain/\(field.name)/\(label)", tags: ["domain"],
            note: "\(field.name) \(value) is inside the domain: an ordinary answer, not an error",
            input: field.input(value, false)))
      }
      for (label, value) in countsOutside {
        drafts.append(
          CaseDraft(
            "domain/\(field.name)/\(label)", tags: ["domain"],
            note:
              "\(field.name) \(value) is outside 0...2147483647: count-out-of-range (e.g. Kotlin toInt() reads 2^32 as 0)",
            input: field.input(value, false)))
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
