import Foundation

/// Port `device-time-zone`: the draw schedule computed with `Calendar.current`, so "Saturday
/// 20:00" is read in the device's time zone: right in Korea, 9 hours late under the harness's
/// `TZ=UTC` (and for every user abroad).
enum DeviceTimeZoneDrawRefresher: DrawRefreshing {
  static var drawCalendar: Calendar { Calendar.current }
}
