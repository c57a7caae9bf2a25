import ConformJSON

/// A drifting port: the reference app with one realistic bug, or with two or three independent
/// ones at once (so reports can be seen keeping distinct causes apart), with what the fixtures
/// must show of it.
///
/// A port's entry in `all` is its one line in the catalogue: `swift-ports --catalogue` prints it
/// for `conform mutants` (through `harness/mutants.jsonl`) and for `SwiftReferencePortsTests`,
/// which check that every port is caught. Adding a port means its file in `Ports/` and one entry
/// here, nothing else.
struct Mutant: Sendable {
  /// The name that selects it on the command line, follows `swift-ports/` in the hello and names
  /// it in `conform mutants`' table: unique across the whole catalogue, Kotlin ports included.
  var name: String
  /// What the porter got wrong, in one sentence: the bug column of `conform mutants`' table (two
  /// or three bugs for the ports that carry several).
  var bug: String
  /// Fixture case ids it must get wrong, one for each of its bugs; a case id starts with its
  /// suite, the suite where that bug shows.
  var fails: [String]
  /// Suites its bugs cannot reach: it must agree with every case of each.
  var passes: [String]
  /// For a port with several bugs, the ports whose bugs it carries: it must fail every case each
  /// of them fails, in the suites of their `fails`.
  var carries: [String]
  var app: AppUnderTest

  init(_ name: String, bug: String, fails: [String], passes: [String], carries: [String] = [], app: AppUnderTest) {
    (self.name, self.bug, self.fails, self.passes, self.carries, self.app) = (name, bug, fails, passes, carries, app)
  }

  /// Every port, in the order `conform mutants` lists them.
  static let all: [Mutant] = [
    Mutant(
      "no-zero-padding",
      bug: "compares the common parts only, then calls the longer version newer (2.0.0 > 2.0)",
      fails: ["version-compare/seed/2.0-vs-2.0.0/reversed"],
      passes: ["eligibility"],
      app: AppUnderTest(versions: NoZeroPaddingVersionChecker.self)),
    Mutant(
      "numeric-compare",
      bug: "compares whole versions as text with compare(options: .numeric): 2.0.0 > 2.0, and non-digits by character",
      fails: ["version-compare/seed/2.0-vs-2.0.0/reversed"],
      passes: ["eligibility"],
      app: AppUnderTest(versions: NumericCompareVersionChecker.self)),
    Mutant(
      "grapheme-split",
      bug: "splits on Character, so a dot followed by a combining mark is not a separator",
      fails: ["version-compare/pitfall/combining-mark-after-dot-major"],
      passes: ["eligibility"],
      app: AppUnderTest(versions: GraphemeSplitVersionChecker.self)),
    Mutant(
      "leading-number",
      bug: "a part read as the number it starts with, as Scanner or NSString.integerValue read it: 2rc1 is 2",
      fails: ["version-compare/fuzz/digits-then-letters"],
      passes: ["eligibility"],
      app: AppUnderTest(versions: LeadingNumberVersionChecker.self)),
    Mutant(
      "canonical-equality",
      bug: "compares versions with String ==, which treats canonically equivalent strings as equal",
      fails: ["eligibility/pitfall/canonically-equivalent-versions"],
      passes: ["version-compare"],
      app: AppUnderTest(rules: CanonicalEqualityEligibility.self)),
    Mutant(
      "threshold-gt",
      bug: "'>' instead of '>=' at the win threshold",
      fails: ["eligibility/boundary/t3c7/wins-threshold", "timeline/seed/fires-after-delay"],
      passes: ["version-compare"],
      app: AppUnderTest(rules: ThresholdGreaterThanEligibility.self)),
    Mutant(
      "cooldown-gt",
      bug: "'>' instead of '>=' at the cooldown",
      fails: ["eligibility/boundary/t3c7/days-cooldown"],
      passes: ["version-compare"],
      app: AppUnderTest(rules: CooldownGreaterThanEligibility.self)),
    Mutant(
      "day-overflow-traps",
      bug: "the seed's today - lastAttempt with never stored as Int64.min: traps",
      fails: ["eligibility/seed/threshold-met-never-attempted"],
      passes: ["version-compare"],
      app: AppUnderTest(rules: DayOverflowTrapsEligibility.self)),
    Mutant(
      "no-cancel-guard",
      bug: "no guard !Task.isCancelled after the sleep: a late cancel still fires",
      fails: ["timeline/seed/cancel-after-sleep"],
      passes: ["eligibility", "version-compare"],
      app: AppUnderTest(scheduler: NoCancelGuardScheduler.self)),
    Mutant(
      "no-foreground-check",
      bug: "fires with a window in the background: no foregroundActive check",
      fails: ["timeline/seed/backgrounded-during-wait"],
      passes: ["eligibility", "version-compare"],
      app: AppUnderTest(scheduler: NoForegroundCheckScheduler.self)),
    Mutant(
      "record-at-pending",
      bug: "records the attempt when the prompt becomes pending, not when it fires",
      fails: ["timeline/seed/pending-is-not-an-attempt"],
      passes: ["eligibility", "version-compare"],
      app: AppUnderTest(scheduler: RecordAtPendingScheduler.self)),
    Mutant(
      "later-without-snooze",
      bug: "\"later\" stores now as the next display time, without the snooze period",
      fails: ["update-notice/seed/later-snoozes"],
      passes: ["version-compare", "widget-location"],
      app: AppUnderTest(updateSchedule: LaterWithoutSnoozeSchedule.self)),
    Mutant(
      "missing-key-never-shows",
      bug: "a missing next-display key reads as never show (getLong(key, Long.MAX_VALUE)), not as 0",
      fails: ["update-notice/seed/missing-next-display-key"],
      passes: ["version-compare", "widget-location"],
      app: AppUnderTest(updateSchedule: MissingKeyNeverShowsSchedule.self)),
    Mutant(
      "utc-check-day",
      bug: "once a day counted in UTC days: at 08:00 in Korea yesterday's check counts as today's",
      fails: ["update-notice/pitfall/utc-day-is-not-local-day"],
      passes: ["version-compare", "widget-location"],
      app: AppUnderTest(updateSchedule: UTCCheckDaySchedule.self)),
    Mutant(
      "status-only-label",
      bug: "the settings sheet judges by authorizationStatus alone: while using the app (4) reads granted",
      fails: ["widget-location/seed/app-only-label"],
      passes: ["update-notice"],
      app: AppUnderTest(widgetLocation: StatusOnlyLabelGate.self)),
    Mutant(
      "invalid-accuracy-cache",
      bug: "a cached fix with a negative (invalid) horizontalAccuracy passes accuracy <= 100 m",
      fails: ["widget-location/pitfall/invalid-accuracy"],
      passes: ["update-notice"],
      app: AppUnderTest(widgetLocation: InvalidAccuracyCacheGate.self)),
    Mutant(
      "round-only",
      bug: "checks only the round (1.0.1): a newer round with empty content replaces the cache",
      fails: ["draw-freshness/seed/saturday-night-empty-new-round"],
      passes: ["restart-prompt", "version-compare"],
      app: AppUnderTest(draws: RoundOnlyDrawRefresher.self)),
    Mutant(
      "header-from-fetch",
      bug: "the header shows the fetched round while the list shows the cached one (1.0.4)",
      fails: ["draw-freshness/seed/header-matches-list-before-announcement"],
      passes: ["restart-prompt", "eligibility"],
      app: AppUnderTest(draws: HeaderFromFetchDrawRefresher.self)),
    Mutant(
      "device-time-zone",
      bug: "Saturday 20:00 computed with Calendar.current, in the device's time zone instead of Korea's",
      fails: ["draw-freshness/boundary/r1154/kst-sunday"],
      passes: ["restart-prompt", "eligibility"],
      app: AppUnderTest(draws: DeviceTimeZoneDrawRefresher.self)),
    Mutant(
      "forget-dismissal",
      bug: "a dismissal is not remembered: the next DOWNLOADED report in the session shows the prompt again",
      fails: ["restart-prompt/seed/dismissed-then-query-answers"],
      passes: ["draw-freshness", "eligibility"],
      app: AppUnderTest(restartPrompt: ForgetDismissalController.self)),
    Mutant(
      "dismissal-persists",
      bug: "the dismissal is saved across launches: the next launch's query never prompts again",
      fails: ["restart-prompt/seed/dismissed-then-next-launch"],
      passes: ["draw-freshness", "version-compare"],
      app: AppUnderTest(restartPrompt: DismissalPersistsController.self)),
    Mutant(
      "version-padding-and-empty",
      bug:
        "two bugs: compares the common parts only, then calls the longer version newer (2.0.0 > 2.0); keeps empty pieces as 0, as Kotlin split(\".\") does (1..2 reads as 1.0.2)",
      fails: ["version-compare/seed/2.0-vs-2.0.0/reversed", "version-compare/pitfall/double-dot"],
      passes: ["eligibility"], carries: ["no-zero-padding"],
      app: AppUnderTest(versions: VersionPaddingAndEmptyChecker.self)),
    Mutant(
      "version-three-bugs",
      bug:
        "three bugs: compares the common parts only, then calls the longer version newer (2.0.0 > 2.0); keeps empty pieces as 0 (1..2 reads as 1.0.2); accepts any Unicode decimal digit, as Character.wholeNumberValue does (Arabic-Indic ٣ reads 3)",
      fails: [
        "version-compare/seed/2.0-vs-2.0.0/reversed", "version-compare/pitfall/double-dot",
        "version-compare/pitfall/arabic-indic-digit",
      ],
      passes: ["eligibility"], carries: ["version-padding-and-empty"],
      app: AppUnderTest(versions: VersionThreeBugsChecker.self)),
    Mutant(
      "timeline-two-faults",
      bug:
        "two bugs: no guard !Task.isCancelled after the sleep (a late cancel still fires); fires with a window in the background (no foregroundActive check)",
      fails: ["timeline/seed/cancel-after-sleep", "timeline/seed/backgrounded-during-wait"],
      passes: ["eligibility", "version-compare"], carries: ["no-cancel-guard", "no-foreground-check"],
      app: AppUnderTest(scheduler: TimelineTwoFaultsScheduler.self)),
    Mutant(
      "strip-non-digits",
      bug:
        "each dot-separated part keeps only its ASCII digits (2rc1 is 21, v2 is 2, -3 is 3), an empty part is 0 (1..2 is 1.0.2)",
      fails: ["version-compare/pitfall/double-dot"],
      passes: ["eligibility"],
      app: AppUnderTest(versions: StripNonDigitsVersionChecker.self)),
    Mutant(
      "saturating-parts",
      bug: "a part past Int64 saturates at Int64.max instead of reading 0",
      fails: ["version-compare/pitfall/int64-overflow-part"],
      passes: ["eligibility"],
      app: AppUnderTest(versions: SaturatingPartsVersionChecker.self)),
    Mutant(
      "dash-segmenter",
      bug: "a character-class scanner that ends the version at the first -: a pre-release suffix or a signed part is dropped",
      fails: ["version-compare/pitfall/minus-sign/reversed"],
      passes: ["eligibility"],
      app: AppUnderTest(versions: DashSegmenterVersionChecker.self)),
    Mutant(
      "grapheme-split-empty-zero",
      bug:
        "two bugs: a dot followed by a combining mark is no separator (Character matching); a version with no parts reads as 0",
      fails: ["version-compare/seed/empty-vs-1.0/reversed", "version-compare/pitfall/combining-mark-after-dot-major"],
      passes: ["eligibility"],
      app: AppUnderTest(versions: GraphemeSplitEmptyZeroVersionChecker.self)),
    Mutant(
      "notice-snooze-and-utc",
      bug: "two bugs: \"later\" stores now, without the snooze period; once a day counted in UTC days",
      fails: ["update-notice/seed/later-snoozes", "update-notice/pitfall/utc-day-is-not-local-day"],
      passes: ["version-compare", "widget-location"], carries: ["later-without-snooze", "utc-check-day"],
      app: AppUnderTest(updateSchedule: NoticeSnoozeAndUTCSchedule.self)),
    Mutant(
      "widget-label-cache-unknown",
      bug:
        "three bugs: the label judged by authorizationStatus alone (while using the app reads granted); a cached fix with a negative accuracy passes <= 100 m; @unknown default read as while using the app (no documented drift)",
      fails: ["widget-location/seed/app-only-label", "widget-location/pitfall/invalid-accuracy"],
      passes: ["update-notice"], carries: ["status-only-label", "invalid-accuracy-cache"],
      app: AppUnderTest(widgetLocation: WidgetLabelCacheUnknownGate.self)),
    Mutant(
      "draw-round-and-header",
      bug: "two bugs: checks only the round (an empty newer round replaces the cache); the header shows the fetched round",
      fails: [
        "draw-freshness/seed/saturday-night-empty-new-round", "draw-freshness/seed/header-matches-list-before-announcement",
      ],
      passes: ["restart-prompt", "version-compare"], carries: ["round-only", "header-from-fetch"],
      app: AppUnderTest(draws: DrawRoundAndHeaderRefresher.self)),
    Mutant(
      "every-download-any-restart",
      bug:
        "two bugs: every DOWNLOADED report shows the prompt, over a visible or a dismissed one; Restart calls completeUpdate() with no prompt visible",
      fails: ["restart-prompt/seed/dismissed-then-duplicate-callback", "restart-prompt/seed/restart-without-prompt"],
      passes: ["draw-freshness", "version-compare"],
      app: AppUnderTest(restartPrompt: EveryDownloadAnyRestartController.self)),
  ]

  static func named(_ name: String) -> Mutant? { all.first { $0.name == name } }

  /// Its catalogue line, as `conform mutants` reads it (see `MutantCatalogue`): every field of a
  /// `harness/mutants.jsonl` line but `impl`, which is the binary that printed it.
  var catalogueLine: JSONValue {
    func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
    var line: JSONObject = [
      "args": strings([name]), "bug": .string(bug), "fails": strings(fails), "kind": "mutant", "language": "swift",
      "name": .string(name), "passes": strings(passes),
    ]
    if !carries.isEmpty { line["carries"] = strings(carries) }
    return .object(line)
  }
}
