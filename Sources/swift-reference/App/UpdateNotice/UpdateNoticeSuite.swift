import ConformAdapter
import ConformJSON

extension Adapter {
  /// Suite `update-notice`: one launch of the app's update check, and the stored keys it leaves.
  mutating func registerUpdateNotice(_ checker: UpdateNoticeChecker) {
    register("update-notice") { input in
      let stored = try input.fields("stored")
      let lookup = try input.fields().value("lookup")
      var reply: StoreLookupReply?
      if !lookup.isNull {
        let fields = try input.fields("lookup")
        reply = StoreLookupReply(statusCode: Int(try fields.int("status")), body: try fields.string("body"))
      }
      let now = try input.int("now")
      let utcOffsetSeconds = try input.int("utcOffsetSeconds")
      let snoozeSeconds = try input.fields("config").int("snoozeSeconds")
      let answer = try input.string("answer")
      if let outOfDomain = UpdateNoticeDomain.violation(
        snoozeSeconds: snoozeSeconds, now: now, utcOffsetSeconds: utcOffsetSeconds, status: reply?.statusCode,
        answer: answer)
      {
        return ["error": .string(outOfDomain.rawValue)]
      }
      let outcome = checker.launch(
        now: now, utcOffsetSeconds: utcOffsetSeconds,
        defaults: UpdateNoticeDefaults(
          nextDisplayAt: try stored.optionalInt("nextDisplayAt"), lastCheckDay: try stored.optionalInt("lastCheckDay")),
        installedVersion: try input.string("installedVersion"),
        snoozeSeconds: snoozeSeconds, reply: reply, answer: answer)
      return [
        "checked": .bool(outcome.checked), "reason": JSONValue(outcome.reason), "show": .bool(outcome.storeURL != nil),
        "stored": [
          "lastCheckDay": JSONValue(outcome.defaults.lastCheckDay), "nextDisplayAt": JSONValue(outcome.defaults.nextDisplayAt),
        ],
        "url": JSONValue(outcome.storeURL),
      ]
    }
  }
}
