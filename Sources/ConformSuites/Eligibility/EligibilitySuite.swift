import ConformFixtures
import ConformJSON

/// The `eligibility` truth table: `shouldRequestReview` from the review-prompt story.
public struct EligibilitySuite: BuiltInSuite {
  public let name = "eligibility"
  public var specVersion: String { Self.written.suiteDescription.version }
  public var spec: [UInt8] { Self.written.published }
  package static let written = BuiltInSpec(
    json: PackageResources.eligibility_suite_json, prose: PackageResources.eligibility_md,
    file: "eligibility.suite.json")

  public init() {}

  public func expected(for input: JSONValue) throws -> JSONValue {
    if let reason = try Self.domainError(input) { return ["error": .string(reason)] }
    return Self.output(try EligibilityInput(json: input))
  }

  /// D10: the reason code of a well-formed input outside the spec's domain (a count outside
  /// 0...2147483647), checked before any rule; nil inside the domain.
  ///
  /// - Throws: `JSONShapeError` when a count is missing or not an integer.
  static func domainError(_ input: JSONValue) throws(JSONShapeError) -> String? {
    let fields = try JSONFields(input)
    let config = try fields.fields("config")
    let counts = [
      try config.int("winThreshold"), try config.int("cooldownDays"), try fields.int("wonCompletionCount"),
    ]
    return counts.allSatisfy(EligibilityInput.countRange.contains) ? nil : "count-out-of-range"
  }

  /// The reference model's output for `input`.
  static func output(_ input: EligibilityInput) -> JSONValue { ["eligible": .bool(Eligibility.isEligible(input))] }

  public func drafts(options: GeneratorOptions) -> AnySequence<CaseDraft> {
    AnySequence(
      Self.seedCases + Self.boundaryCases + Self.pitfallCases + Self.gridCases + Self.domainCases + Self.pairwiseCases)
  }
}

extension EligibilitySuite {
  static let today: Int64 = 20000
  static let story = ReviewConfig(winThreshold: 3, cooldownDays: 7)

  /// An input eligible under `story`, to be varied one field at a time.
  static func base(
    config: ReviewConfig = story, wins: Int64 = 3, last: Int64? = nil, today: Int64 = today,
    prompted: String? = nil, current: String = "1.0.0", force: Bool = false
  ) -> JSONValue {
    EligibilityInput(
      config: config, wonCompletionCount: wins, lastAttemptEpochDay: last, todayEpochDay: today,
      lastPromptedVersion: prompted, currentVersion: current, forceOverride: force
    ).json
  }

  static let seedCases: [CaseDraft] = [
    CaseDraft(
      "seed/threshold-met-never-attempted", tags: ["seed"],
      note: "enough wins and never asked before is eligible", input: base()),
    CaseDraft(
      "seed/below-threshold", tags: ["seed"], note: "one win short of the threshold is not eligible",
      input: base(wins: 2)),
    CaseDraft(
      "seed/cooldown-not-over", tags: ["seed"], note: "three days after an attempt, inside a 7-day cooldown, is not eligible",
      input: base(wins: 5, last: today - 3, prompted: "0.9.0")),
    CaseDraft(
      "seed/cooldown-over", tags: ["seed"], note: "30 days after an attempt, the cooldown is over: eligible again",
      input: base(wins: 5, last: today - 30, prompted: "0.9.0")),
    CaseDraft(
      "seed/same-version", tags: ["seed"], note: "the version already prompted is not eligible, although the cooldown is over",
      input: base(wins: 5, last: today - 30, prompted: "1.0.0")),
    CaseDraft(
      "seed/new-version", tags: ["seed"], note: "a new app version after the cooldown is eligible",
      input: base(wins: 5, last: today - 30, prompted: "0.9.0", current: "1.1.0")),
    CaseDraft(
      "seed/force-override", tags: ["seed"], note: "force override is eligible with 0 wins, today's attempt and the same version",
      input: base(wins: 0, last: today, prompted: "1.0.0", force: true)),
  ]

  static var boundaryCases: [CaseDraft] {
    var drafts: [CaseDraft] = []
    for config in [story, ReviewConfig(winThreshold: 0, cooldownDays: 0), ReviewConfig(winThreshold: 1, cooldownDays: 1)] {
      let label = "t\(config.winThreshold)c\(config.cooldownDays)"
      for offset: Int64 in [-1, 0, 1] where config.winThreshold + offset >= 0 {
        drafts.append(
          CaseDraft(
            "boundary/\(label)/wins-threshold\(signed(offset))", tags: ["boundary", "threshold"],
            note: "a count equal to the threshold is enough (>=, not >); one fewer is not",
            input: base(config: config, wins: config.winThreshold + offset)))
      }
      for offset: Int64 in [-1, 0, 1] {
        drafts.append(
          CaseDraft(
            "boundary/\(label)/days-cooldown\(signed(offset))", tags: ["boundary", "cooldown"],
            note: "exactly cooldownDays days after an attempt is enough (>=, not >); one day fewer is not",
            input: base(
              config: config, wins: config.winThreshold, last: today - config.cooldownDays - offset,
              prompted: "0.9.0")))
      }
    }
    return drafts
  }

  static func signed(_ offset: Int64) -> String { offset < 0 ? "\(offset)" : offset == 0 ? "" : "+\(offset)" }

  static let pitfallCases: [CaseDraft] = [
    CaseDraft(
      "pitfall/last-attempt-int64-min-sentinel", tags: ["pitfall", "overflow"],
      note: "a last attempt at Int64.min is long over: today - last must neither trap nor wrap",
      input: base(last: .min, prompted: "0.9.0")),
    CaseDraft(
      "pitfall/today-int64-max-last-int64-min", tags: ["pitfall", "overflow"],
      note: "a day difference past Int64.max is over the cooldown, not wrapped to -1",
      input: base(last: .min, today: .max, prompted: "0.9.0")),
    CaseDraft(
      "pitfall/today-int64-min-last-int64-max-no-cooldown", tags: ["pitfall", "overflow"],
      note: "a day difference below Int64.min is inside even a cooldown of 0, not wrapped to 1",
      input: base(config: ReviewConfig(winThreshold: 3, cooldownDays: 0), last: .max, today: .min, prompted: "0.9.0")),
    CaseDraft(
      "pitfall/today-int64-max-last-zero", tags: ["pitfall", "overflow"],
      note: "a difference of Int64.max days is over the cooldown, not narrowed to 32 bits",
      input: base(last: 0, today: .max, prompted: "0.9.0")),
    CaseDraft(
      "pitfall/last-attempt-zero-is-a-day", tags: ["pitfall"],
      note: "a last attempt on day 0 is a day, not 'never': with today 3 it is inside the cooldown",
      input: base(last: 0, today: 3, prompted: "0.9.0")),
    CaseDraft(
      "pitfall/last-attempt-in-the-future", tags: ["pitfall"],
      note: "a last attempt in the future (the clock went back) is inside the cooldown",
      input: base(last: today + 1, prompted: "0.9.0")),
    CaseDraft(
      "pitfall/canonically-equivalent-versions", tags: ["pitfall", "unicode"],
      note: "canonically equivalent versions differ: compare scalars (e.g. Swift String == says equal)",
      input: base(last: today - 30, prompted: "1.0-\u{E9}", current: "1.0-e\u{301}")),
    CaseDraft(
      "pitfall/canonically-equivalent-versions-reversed", tags: ["pitfall", "unicode"],
      note: "canonically equivalent versions differ both ways: a decomposed e + U+0301 prompted, U+00E9 running",
      input: base(last: today - 30, prompted: "1.0-e\u{301}", current: "1.0-\u{E9}")),
    CaseDraft(
      "pitfall/canonically-equivalent-hangul", tags: ["pitfall", "unicode"],
      note: "a precomposed Hangul syllable and its conjoining jamo differ (e.g. Swift String == says equal)",
      input: base(last: today - 30, prompted: "2.1.0-\u{D55C}", current: "2.1.0-\u{1112}\u{1161}\u{11AB}")),
    CaseDraft(
      "pitfall/canonically-equivalent-angstrom-sign", tags: ["pitfall", "unicode"],
      note: "the Angstrom sign U+212B and U+00C5 differ although one decomposes to the other",
      input: base(last: today - 30, prompted: "1.0.0-\u{212B}", current: "1.0.0-\u{C5}")),
    CaseDraft(
      "pitfall/canonically-equivalent-mark-order", tags: ["pitfall", "unicode"],
      note: "two combining marks in either order differ: U+0323 U+0302 is not U+0302 U+0323 scalar for scalar",
      input: base(last: today - 30, prompted: "1.0-e\u{323}\u{302}", current: "1.0-e\u{302}\u{323}")),
    CaseDraft(
      "pitfall/canonically-equivalent-leading-letter-never-attempted", tags: ["pitfall", "unicode"],
      note: "a decomposed letter leading the version, never attempted: U+00C9 and E + U+0301 differ",
      input: base(prompted: "\u{C9}dition 2", current: "E\u{301}dition 2")),
    CaseDraft(
      "pitfall/identical-non-ascii-versions", tags: ["pitfall", "unicode"],
      note: "the same non-ASCII version, scalar for scalar, is the version already prompted",
      input: base(last: today - 30, prompted: "1.0-\u{E9}", current: "1.0-\u{E9}")),
    CaseDraft(
      "pitfall/version-case-differs", tags: ["pitfall"],
      note: "versions differing in case are different (e.g. not equalsIgnoreCase)",
      input: base(last: today - 30, prompted: "1.0.0-RC", current: "1.0.0-rc")),
    CaseDraft(
      "pitfall/version-case-differs-running-upper", tags: ["pitfall"],
      note: "a running version upper-cased where the prompted one is not is another version (e.g. not lower-cased first)",
      input: base(last: today - 30, prompted: "1.0.0-rc", current: "1.0.0-RC")),
    CaseDraft(
      "pitfall/version-case-differs-one-letter", tags: ["pitfall"],
      note: "one letter's case makes another version: 2.0-beta prompted, 2.0-Beta running",
      input: base(last: today - 30, prompted: "2.0-beta", current: "2.0-Beta")),
    CaseDraft(
      "pitfall/version-case-differs-non-ascii", tags: ["pitfall", "unicode"],
      note: "case differs beyond ASCII: 1.0-\u{E9} prompted, 1.0-\u{C9} running (e.g. not lowercased())",
      input: base(last: today - 30, prompted: "1.0-\u{E9}", current: "1.0-\u{C9}")),
    CaseDraft(
      "pitfall/version-trailing-space", tags: ["pitfall"],
      note: "a trailing space makes another version: no trimming before comparing",
      input: base(last: today - 30, prompted: "1.0.0 ", current: "1.0.0")),
    CaseDraft(
      "pitfall/empty-versions-equal", tags: ["pitfall"],
      note: "an empty version is a version: the same empty version is not eligible",
      input: base(last: today - 30, prompted: "", current: "")),
    CaseDraft(
      "pitfall/no-prompted-version-empty-current", tags: ["pitfall"],
      note: "never prompted (null) is not the empty string: an empty current version is eligible",
      input: base(last: today - 30, prompted: nil, current: "")),
    CaseDraft(
      "pitfall/int32-max-wins-and-threshold", tags: ["pitfall", "int32"],
      note: "wins and threshold at 2147483647, the largest count, meet the threshold",
      input: base(config: ReviewConfig(winThreshold: 2_147_483_647, cooldownDays: 7), wins: 2_147_483_647)),
    CaseDraft(
      "pitfall/int32-max-cooldown-met", tags: ["pitfall", "int32"],
      note: "a cooldown of 2147483647 days is over exactly that many days later",
      input: base(
        config: ReviewConfig(winThreshold: 3, cooldownDays: 2_147_483_647), last: 0, today: 2_147_483_647,
        prompted: "0.9.0")),
    CaseDraft(
      "pitfall/int32-max-cooldown-not-met", tags: ["pitfall", "int32"],
      note: "a cooldown of 2147483647 days, one day short, counted from day 0, is not over",
      input: base(
        config: ReviewConfig(winThreshold: 3, cooldownDays: 2_147_483_647), last: 0, today: 2_147_483_646,
        prompted: "0.9.0")),
    CaseDraft(
      "pitfall/force-override-with-extremes", tags: ["pitfall", "force"],
      note: "force override is eligible before any day arithmetic, even at the 64-bit extremes",
      input: base(wins: 0, last: .max, today: .min, prompted: "1.0.0", force: true)),
    CaseDraft(
      "pitfall/force-override-below-threshold", tags: ["pitfall", "force"],
      note: "force override is eligible below the threshold",
      input: base(wins: 0, force: true)),
    CaseDraft(
      "pitfall/force-override-in-cooldown", tags: ["pitfall", "force"],
      note: "force override is eligible inside the cooldown",
      input: base(last: today, prompted: "0.9.0", force: true)),
    CaseDraft(
      "pitfall/force-override-same-version", tags: ["pitfall", "force"],
      note: "force override is eligible for the version already prompted",
      input: base(last: today - 30, prompted: "1.0.0", force: true)),
  ]

  /// Every combination over small domains, for three configs.
  static var gridCases: [CaseDraft] {
    var drafts: [CaseDraft] = []
    let configs = [story, ReviewConfig(winThreshold: 1, cooldownDays: 0), ReviewConfig(winThreshold: 0, cooldownDays: 1)]
    for config in configs {
      let label = "t\(config.winThreshold)c\(config.cooldownDays)"
      let wins = Array(Set([0, config.winThreshold - 1, config.winThreshold, config.winThreshold + 1].filter { $0 >= 0 }))
        .sorted()
      let lasts: [Int64?] = [nil] + Array(Set([-1, 0, 1, 2].map { today - config.cooldownDays + $0 } + [today + 1])).sorted()
      let prompted: [(String, String?)] = [("none", nil), ("same", "1.0.0"), ("older", "0.9.0")]
      for win in wins {
        for last in lasts {
          for (promptedLabel, promptedVersion) in prompted {
            for force in [false, true] {
              let lastLabel = last.map { "d\($0)" } ?? "never"
              drafts.append(
                CaseDraft(
                  "grid/\(label)/w\(win)-\(lastLabel)-\(promptedLabel)\(force ? "-force" : "")", tags: ["grid"],
                  note: "exhaustive product: a rule misordered, skipped or off by one",
                  input: base(config: config, wins: win, last: last, prompted: promptedVersion, force: force)))
            }
          }
        }
      }
    }
    return drafts
  }
}
