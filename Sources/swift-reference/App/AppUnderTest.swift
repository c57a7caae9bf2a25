import ConformAdapter

/// The app code the suites exercise, piece by piece. `reference` is the conformant app; a port
/// replaces exactly one piece with its own copy.
struct AppUnderTest: Sendable {
  /// `shouldRequestReview`, used by `eligibility` and by the scheduler's `markPending()`.
  var rules: any ReviewRules.Type = ReviewEligibility.self
  /// `isNewerVersion`, used by `version-compare`.
  var versions: any VersionComparing.Type = AppStoreVersionChecker.self
  /// The review-prompt scheduler, used by `timeline`.
  var scheduler: ReviewPromptScheduler.Type = ReviewPromptScheduler.self
  /// The iTunes Lookup body decoder, used by `update-notice`.
  var lookupDecoder: any AppStoreLookupDecoding.Type = StrictAppStoreLookupDecoder.self
  /// The snooze and the daily check, used by `update-notice`.
  var updateSchedule: any UpdateNoticeScheduling.Type = UpdateNoticeSchedule.self
  /// The settings sheet's label and the widget's guard, used by `widget-location`.
  var widgetLocation: any WidgetLocationDeciding.Type = WidgetLocationGate.self
  /// The lotto screen's refresh decision, used by `draw-freshness`.
  var draws: any DrawRefreshing.Type = LottoDrawRefresher.self
  /// The restart prompt of a flexible in-app update, used by `restart-prompt`.
  var restartPrompt: RestartPromptController.Type = RestartPromptController.self

  static let reference = AppUnderTest()
}

extension Adapter {
  /// Registers every suite, each answered by `app`'s code.
  mutating func registerSuites(of app: AppUnderTest) {
    registerEligibility(app.rules)
    registerVersionCompare(app.versions)
    registerTimeline(app)
    registerUpdateNotice(UpdateNoticeChecker(decoder: app.lookupDecoder, versions: app.versions, schedule: app.updateSchedule))
    registerWidgetLocation(app.widgetLocation)
    registerDrawFreshness(app.draws)
    registerRestartPrompt(app.restartPrompt)
  }
}
