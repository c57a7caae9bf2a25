import Foundation

/// A lottery draw as the app stores it and as the API returns it.
struct LottoDraw: Sendable, Equatable {
  var round: Int
  var numbers: [Int]
  var bonus: Int?
  /// The first-prize stores: the list the app shows.
  var stores: [String]
}

/// What the screen and the widget do after a refresh.
struct DrawRefresh: Sendable, Equatable {
  /// Whether the fetched draw is written to the cache.
  var storesFetched: Bool
  /// The round whose stores the list shows, nil when nothing can be shown.
  var listRound: Int?
  /// The round number in the header, nil when none is shown.
  var headerRound: Int?
  var latestRound: Int
  var retry: Bool
  /// When the widget's timeline reloads.
  var refreshAt: Date
}

/// The lotto app's refresh decision. The reference is `LottoDrawRefresher`; each requirement has
/// the reference's behaviour as its default, and a port replaces one.
protocol DrawRefreshing: Sendable {
  /// Whether the app may show `draw`: its numbers, bonus and stores are in.
  static func hasContent(_ draw: LottoDraw) -> Bool
  /// The round the header shows above the list of `shown`.
  static func headerRound(shown: LottoDraw?, fetched: LottoDraw?) -> Int?
  /// The calendar the draw schedule is computed in.
  static var drawCalendar: Calendar { get }
  /// The last draw at or before `now` (Saturday 20:00 in Korea).
  static func lastDraw(atOrBefore now: Date) -> Date
}

extension DrawRefreshing {
  /// Six different numbers from 1 to 45, a bonus from 1 to 45 that is not one of them, and at
  /// least one first-prize store: the API sends the round number before the rest ("빈 회차 정보").
  static func hasContent(_ draw: LottoDraw) -> Bool {
    let valid = 1...45
    guard draw.numbers.count == 6, draw.numbers.allSatisfy(valid.contains), Set(draw.numbers).count == 6 else { return false }
    guard let bonus = draw.bonus, valid.contains(bonus), !draw.numbers.contains(bonus) else { return false }
    return !draw.stores.isEmpty
  }

  /// The header shows the round of the list below it (the 1.0.4 fix), never the fetched one.
  static func headerRound(shown: LottoDraw?, fetched: LottoDraw?) -> Int? { shown?.round }

  /// Gregorian, in Korea time (UTC+9, no daylight saving time), whatever the device's zone.
  static var drawCalendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 9 * 3600)!
    return calendar
  }

  static func lastDraw(atOrBefore now: Date) -> Date {
    let calendar = drawCalendar
    // Foundation numbers weekdays from Sunday = 1, so Saturday is 7.
    let daysSinceSaturday = (calendar.component(.weekday, from: now) - 7 + 7) % 7
    let saturday = calendar.date(byAdding: .day, value: -daysSinceSaturday, to: now)!
    let draw = calendar.date(bySettingHour: 20, minute: 0, second: 0, of: saturday)!
    return draw > now ? calendar.date(byAdding: .day, value: -7, to: draw)! : draw
  }
}

enum LottoSchedule {
  /// Round 1: Saturday 2002-12-07, 20:00 in Korea.
  static let firstDraw = Date(timeIntervalSince1970: 1_039_258_800)
  static let week: TimeInterval = 7 * 86_400
}

extension DrawRefreshing {
  /// The latest round drawn at `now`, 0 before the first draw.
  static func latestRound(at now: Date) -> Int {
    let draw = lastDraw(atOrBefore: now)
    guard draw >= LottoSchedule.firstDraw else { return 0 }
    return Int((draw.timeIntervalSince(LottoSchedule.firstDraw) / LottoSchedule.week).rounded(.down)) + 1
  }

  /// Keeps the newest draw with content, shows it, and says when to look again.
  static func refresh(cached: LottoDraw?, fetched: LottoDraw?, now: Date, retryAfter: TimeInterval) -> DrawRefresh {
    let cachedDraw = cached.flatMap { hasContent($0) ? $0 : nil }
    var storesFetched = false
    if let fetched, hasContent(fetched) {
      // A newer round without content never replaces the cache; an older one never does either.
      storesFetched = fetched.round >= (cachedDraw?.round ?? 0)
    }
    let shown = storesFetched ? fetched : cachedDraw
    let latest = latestRound(at: now)
    let retry = (shown?.round ?? 0) < latest
    // Before round 1 the next draw is round 1, not the Saturday after `now`.
    let nextDraw =
      latest == 0 ? LottoSchedule.firstDraw : drawCalendar.date(byAdding: .day, value: 7, to: lastDraw(atOrBefore: now))!
    return DrawRefresh(
      storesFetched: storesFetched, listRound: shown?.round, headerRound: headerRound(shown: shown, fetched: fetched),
      latestRound: latest, retry: retry, refreshAt: retry ? now.addingTimeInterval(retryAfter) : nextDraw)
  }
}

/// The app's refresh decision, conformant to the `draw-freshness` spec.
enum LottoDrawRefresher: DrawRefreshing {}
