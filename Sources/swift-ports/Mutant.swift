/// A drifting port: the reference app with one realistic bug, or with two or three independent
/// ones at once (so reports can be seen keeping distinct causes apart).
struct Mutant: Sendable {
  /// The name that selects it on the command line and follows `swift-ports/` in the hello.
  var name: String
  /// What the porter got wrong, in one line (two or three bugs for the ports that carry several).
  var summary: String
  var app: AppUnderTest

  static let all: [Mutant] = [
    Mutant(
      name: "no-zero-padding", summary: "version-compare: the longer version wins after the common parts",
      app: AppUnderTest(versions: NoZeroPaddingVersionChecker.self)),
    Mutant(
      name: "grapheme-split", summary: "version-compare: split on \".\" Characters, not on U+002E scalars",
      app: AppUnderTest(versions: GraphemeSplitVersionChecker.self)),
    Mutant(
      name: "leading-number", summary: "version-compare: a part read as the number it starts with (\"2rc1\" is 2)",
      app: AppUnderTest(versions: LeadingNumberVersionChecker.self)),
    Mutant(
      name: "canonical-equality", summary: "eligibility: versions compared with String ==",
      app: AppUnderTest(rules: CanonicalEqualityEligibility.self)),
    Mutant(
      name: "threshold-gt", summary: "eligibility: > instead of >= at the win threshold",
      app: AppUnderTest(rules: ThresholdGreaterThanEligibility.self)),
    Mutant(
      name: "cooldown-gt", summary: "eligibility: > instead of >= at the cooldown",
      app: AppUnderTest(rules: CooldownGreaterThanEligibility.self)),
    Mutant(
      name: "day-overflow-traps", summary: "eligibility: never attempted stored as Int64.min, plain subtraction traps",
      app: AppUnderTest(rules: DayOverflowTrapsEligibility.self)),
    Mutant(
      name: "no-cancel-guard", summary: "timeline: no guard !Task.isCancelled after the sleep",
      app: AppUnderTest(scheduler: NoCancelGuardScheduler.self)),
    Mutant(
      name: "no-foreground-check", summary: "timeline: fire() checks only the window, not the scene",
      app: AppUnderTest(scheduler: NoForegroundCheckScheduler.self)),
    Mutant(
      name: "record-at-pending", summary: "timeline: the attempt is recorded in markPending(), not at fire time",
      app: AppUnderTest(scheduler: RecordAtPendingScheduler.self)),
    Mutant(
      name: "later-without-snooze", summary: "update-notice: \"later\" stores now, without the snooze period",
      app: AppUnderTest(updateSchedule: LaterWithoutSnoozeSchedule.self)),
    Mutant(
      name: "missing-key-never-shows", summary: "update-notice: a missing next-display key reads as never show",
      app: AppUnderTest(updateSchedule: MissingKeyNeverShowsSchedule.self)),
    Mutant(
      name: "utc-check-day", summary: "update-notice: once a day counted in UTC days, not local days",
      app: AppUnderTest(updateSchedule: UTCCheckDaySchedule.self)),
    Mutant(
      name: "status-only-label", summary: "widget-location: the sheet's label from authorizationStatus alone",
      app: AppUnderTest(widgetLocation: StatusOnlyLabelGate.self)),
    Mutant(
      name: "invalid-accuracy-cache", summary: "widget-location: a negative (invalid) accuracy passes <= 100 m",
      app: AppUnderTest(widgetLocation: InvalidAccuracyCacheGate.self)),
    Mutant(
      name: "round-only", summary: "draw-freshness: any newer round replaces the cache, even an empty one (1.0.1)",
      app: AppUnderTest(draws: RoundOnlyDrawRefresher.self)),
    Mutant(
      name: "header-from-fetch", summary: "draw-freshness: the header shows the fetched round, the list the cached one (1.0.4)",
      app: AppUnderTest(draws: HeaderFromFetchDrawRefresher.self)),
    Mutant(
      name: "device-time-zone", summary: "draw-freshness: Saturday 20:00 read in the device's time zone",
      app: AppUnderTest(draws: DeviceTimeZoneDrawRefresher.self)),
    Mutant(
      name: "forget-dismissal", summary: "restart-prompt: a dismissed prompt comes back on the next DOWNLOADED report",
      app: AppUnderTest(restartPrompt: ForgetDismissalController.self)),
    Mutant(
      name: "dismissal-persists", summary: "restart-prompt: the dismissal is saved and silences every later launch",
      app: AppUnderTest(restartPrompt: DismissalPersistsController.self)),
    Mutant(
      name: "version-padding-and-empty", summary: "version-compare, two bugs: no zero padding; empty pieces kept as 0",
      app: AppUnderTest(versions: VersionPaddingAndEmptyChecker.self)),
    Mutant(
      name: "version-three-bugs", summary: "version-compare, three bugs: no zero padding; empty pieces kept; any Unicode digit",
      app: AppUnderTest(versions: VersionThreeBugsChecker.self)),
    Mutant(
      name: "timeline-two-faults", summary: "timeline, two bugs: no cancel guard after the sleep; no foreground check",
      app: AppUnderTest(scheduler: TimelineTwoFaultsScheduler.self)),
  ]

  static func named(_ name: String) -> Mutant? { all.first { $0.name == name } }
}
