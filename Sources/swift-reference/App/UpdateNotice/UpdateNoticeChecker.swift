/// What the store lookup returned: nil when no response came back at all.
struct StoreLookupReply: Sendable {
  var statusCode: Int
  var body: String
}

/// The update notice at launch: the story's `check()` with `fetchLatestVersionInfo()`, its
/// decoder, its version comparison and its schedule as the app under test wires them.
struct UpdateNoticeChecker: Sendable {
  var decoder: any AppStoreLookupDecoding.Type
  var versions: any VersionComparing.Type
  var schedule: any UpdateNoticeScheduling.Type

  /// One launch's result, with the reason the dialog does not show.
  struct Outcome: Sendable {
    var checked = false
    var storeURL: String?
    var reason: String?
    var defaults: UpdateNoticeDefaults
  }

  /// Runs the check; when the dialog shows, `answer` is what the user taps ("update" or "later").
  func launch(
    now: Int64, utcOffsetSeconds: Int64, defaults: UpdateNoticeDefaults, installedVersion: String, snoozeSeconds: Int64,
    reply: StoreLookupReply?, answer: String
  ) -> Outcome {
    var outcome = Outcome(defaults: defaults)
    switch schedule.gate(now: now, utcOffsetSeconds: utcOffsetSeconds, defaults: defaults) {
    case .snoozed:
      outcome.reason = "snoozed"
      return outcome
    case .checkedToday:
      outcome.reason = "checked-today"
      return outcome
    case .check(let today):
      outcome.checked = true
      outcome.defaults.lastCheckDay = today
    }
    let info: AppStoreLookupResult
    switch fetchLatestVersionInfo(reply) {
    case .failure(let noUpdate):
      outcome.reason = noUpdate.reason
      return outcome
    case .success(let result):
      info = result
    }
    guard let version = info.version else {
      outcome.reason = "no-version"
      return outcome
    }
    guard versions.isNewerVersion(version, than: installedVersion) else {
      outcome.reason = "not-newer"
      return outcome
    }
    guard let url = info.trackViewUrl, !url.isEmpty else {
      outcome.reason = "no-store-url"
      return outcome
    }
    outcome.storeURL = url
    if answer == "later" {
      outcome.defaults.nextDisplayAt = schedule.nextDisplayAfterLater(now: now, snoozeSeconds: snoozeSeconds)
    }
    return outcome
  }

  /// The first lookup result, or why there is none: every failure is "no update".
  func fetchLatestVersionInfo(_ reply: StoreLookupReply?) -> Result<AppStoreLookupResult, NoUpdate> {
    guard let reply else { return .failure(NoUpdate(reason: "offline")) }
    guard (200..<300).contains(reply.statusCode) else { return .failure(NoUpdate(reason: "http-status")) }
    let decoded: AppStoreLookupResponse
    do {
      decoded = try decoder.decode(reply.body)
    } catch .notJSON {
      return .failure(NoUpdate(reason: "not-json"))
    } catch {
      return .failure(NoUpdate(reason: "decode-failed"))
    }
    guard (decoded.resultCount ?? 0) > 0, let first = decoded.results?.first else {
      return .failure(NoUpdate(reason: "no-results"))
    }
    return .success(first)
  }
}

/// Why there is no update, as the `update-notice` output names it ("offline", "not-json", ...).
struct NoUpdate: Error {
  var reason: String
}
