import ConformJSON

/// The `eligibility` truth table: `shouldRequestReview` from the review-prompt story.
public struct EligibilitySuite: Suite {
  public let name = "eligibility"
  public let specVersion = "1.0.0"
  public var spec: [UInt8] { PackageResources.eligibility_md }

  public init() {}

  public func expected(for input: JSONValue) throws -> JSONValue {
    Self.output(try EligibilityInput(json: input))
  }

  /// The reference model's output for `input`.
  static func output(_ input: EligibilityInput) -> JSONValue { ["eligible": .bool(Eligibility.isEligible(input))] }

  public func drafts(options: GeneratorOptions) -> AnySequence<CaseDraft> {
    AnySequence(Self.seedCases + Self.boundaryCases + Self.pitfallCases + Self.gridCases)
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
      note: "the happy path: enough wins, never asked before", input: base()),
    CaseDraft(
      "seed/below-threshold", tags: ["seed"], note: "asking before the user has won enough games",
      input: base(wins: 2)),
    CaseDraft(
      "seed/cooldown-not-over", tags: ["seed"], note: "asking again three days after an attempt",
      input: base(wins: 5, last: today - 3, prompted: "0.9.0")),
    CaseDraft(
      "seed/cooldown-over", tags: ["seed"], note: "refusing forever after one attempt",
      input: base(wins: 5, last: today - 30, prompted: "0.9.0")),
    CaseDraft(
      "seed/same-version", tags: ["seed"], note: "asking twice in one app version",
      input: base(wins: 5, last: today - 30, prompted: "1.0.0")),
    CaseDraft(
      "seed/new-version", tags: ["seed"], note: "refusing after an update although the cooldown is over",
      input: base(wins: 5, last: today - 30, prompted: "0.9.0", current: "1.1.0")),
    CaseDraft(
      "seed/force-override", tags: ["seed"], note: "the debug switch must skip every rule",
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
            note: "'>' instead of '>=' at the win threshold, or off by one",
            input: base(config: config, wins: config.winThreshold + offset)))
      }
      for offset: Int64 in [-1, 0, 1] {
        drafts.append(
          CaseDraft(
            "boundary/\(label)/days-cooldown\(signed(offset))", tags: ["boundary", "cooldown"],
            note: "'>' instead of '>=' at the cooldown, or counting days off by one",
            input: base(config: config, wins: config.winThreshold, last: today - config.cooldownDays - offset,
                        prompted: "0.9.0")))
      }
    }
    return drafts
  }

  static func signed(_ offset: Int64) -> String { offset < 0 ? "\(offset)" : offset == 0 ? "" : "+\(offset)" }

  static let pitfallCases: [CaseDraft] = [
    CaseDraft(
      "pitfall/last-attempt-int64-min-sentinel", tags: ["pitfall", "overflow"],
      note: "never-attempted stored as Int64.min: today - last traps in Swift and wraps negative in Kotlin",
      input: base(last: .min, prompted: "0.9.0")),
    CaseDraft(
      "pitfall/today-int64-max-last-int64-min", tags: ["pitfall", "overflow"],
      note: "a difference past Int64.max: wraps to -1 in Kotlin and refuses",
      input: base(last: .min, today: .max, prompted: "0.9.0")),
    CaseDraft(
      "pitfall/today-int64-min-last-int64-max-no-cooldown", tags: ["pitfall", "overflow"],
      note: "a difference below Int64.min: wraps to 1 in Kotlin and wrongly passes a cooldown of 0",
      input: base(config: ReviewConfig(winThreshold: 3, cooldownDays: 0), last: .max, today: .min, prompted: "0.9.0")),
    CaseDraft(
      "pitfall/today-int64-max-last-zero", tags: ["pitfall", "overflow"],
      note: "the largest day that fits, with a last attempt at the epoch",
      input: base(last: 0, today: .max, prompted: "0.9.0")),
    CaseDraft(
      "pitfall/last-attempt-zero-is-a-day", tags: ["pitfall"],
      note: "0 is 1970-01-01, not 'never': a last attempt on day 0 with today 3 is in the cooldown",
      input: base(last: 0, today: 3, prompted: "0.9.0")),
    CaseDraft(
      "pitfall/last-attempt-in-the-future", tags: ["pitfall"],
      note: "the clock went back: a negative difference is inside the cooldown",
      input: base(last: today + 1, prompted: "0.9.0")),
    CaseDraft(
      "pitfall/canonically-equivalent-versions", tags: ["pitfall", "unicode"],
      note: "Swift String == treats U+00E9 and e+U+0301 as equal; versions compare scalar by scalar",
      input: base(last: today - 30, prompted: "1.0-\u{E9}", current: "1.0-e\u{301}")),
    CaseDraft(
      "pitfall/identical-non-ascii-versions", tags: ["pitfall", "unicode"],
      note: "the same non-ASCII version, byte for byte, is the same version",
      input: base(last: today - 30, prompted: "1.0-\u{E9}", current: "1.0-\u{E9}")),
    CaseDraft(
      "pitfall/version-case-differs", tags: ["pitfall"],
      note: "a case-insensitive comparison (equalsIgnoreCase, lowercased) refuses a new build",
      input: base(last: today - 30, prompted: "1.0.0-RC", current: "1.0.0-rc")),
    CaseDraft(
      "pitfall/version-trailing-space", tags: ["pitfall"],
      note: "trimming versions before comparing refuses a different version string",
      input: base(last: today - 30, prompted: "1.0.0 ", current: "1.0.0")),
    CaseDraft(
      "pitfall/empty-versions-equal", tags: ["pitfall"],
      note: "an empty version is a version: equal empty strings refuse",
      input: base(last: today - 30, prompted: "", current: "")),
    CaseDraft(
      "pitfall/no-prompted-version-empty-current", tags: ["pitfall"],
      note: "null is not the empty string: never prompted allows an empty current version",
      input: base(last: today - 30, prompted: nil, current: "")),
    CaseDraft(
      "pitfall/int32-max-wins-and-threshold", tags: ["pitfall", "int32"],
      note: "the largest count both platforms hold",
      input: base(config: ReviewConfig(winThreshold: 2_147_483_647, cooldownDays: 7), wins: 2_147_483_647)),
    CaseDraft(
      "pitfall/int32-max-cooldown-met", tags: ["pitfall", "int32"],
      note: "a cooldown of Int32.max days, exactly over",
      input: base(config: ReviewConfig(winThreshold: 3, cooldownDays: 2_147_483_647), last: 0, today: 2_147_483_647,
                  prompted: "0.9.0")),
    CaseDraft(
      "pitfall/int32-max-cooldown-not-met", tags: ["pitfall", "int32"],
      note: "a cooldown of Int32.max days, one day short",
      input: base(config: ReviewConfig(winThreshold: 3, cooldownDays: 2_147_483_647), last: 0, today: 2_147_483_646,
                  prompted: "0.9.0")),
    CaseDraft(
      "pitfall/force-override-with-extremes", tags: ["pitfall", "force"],
      note: "force override checked after the other rules: it must win even over an overflow",
      input: base(wins: 0, last: .max, today: .min, prompted: "1.0.0", force: true)),
    CaseDraft(
      "pitfall/force-override-below-threshold", tags: ["pitfall", "force"],
      note: "force override checked after the threshold",
      input: base(wins: 0, force: true)),
    CaseDraft(
      "pitfall/force-override-in-cooldown", tags: ["pitfall", "force"],
      note: "force override checked after the cooldown",
      input: base(last: today, prompted: "0.9.0", force: true)),
    CaseDraft(
      "pitfall/force-override-same-version", tags: ["pitfall", "force"],
      note: "force override checked after the version rule",
      input: base(last: today - 30, prompted: "1.0.0", force: true)),
  ]

  /// Every combination over small domains, for three configs.
  static var gridCases: [CaseDraft] {
    var drafts: [CaseDraft] = []
    let configs = [story, ReviewConfig(winThreshold: 1, cooldownDays: 0), ReviewConfig(winThreshold: 0, cooldownDays: 1)]
    for config in configs {
      let label = "t\(config.winThreshold)c\(config.cooldownDays)"
      let wins = Array(Set([0, config.winThreshold - 1, config.winThreshold, config.winThreshold + 1].filter { $0 >= 0 })).sorted()
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
