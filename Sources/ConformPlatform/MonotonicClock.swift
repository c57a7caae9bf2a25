import Foundation

/// Nanoseconds on the monotonic clock: immune to the wall clock being set, for deadlines and durations.
package enum MonotonicClock {
  package static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }

  /// Sleeps the calling thread about `microseconds`: a pause that lets a pipe's writes gather
  /// before the next read (never to order events).
  package static func pause(microseconds: UInt32) {
    _ = usleep(microseconds)
  }
}

/// The wall clock, as the results file writes it.
package enum WallClock {
  /// UTC, ISO 8601 with seconds: `2026-11-30T12:00:00Z`.
  package static func iso8601(_ date: Date = Date()) -> String {
    var seconds = time_t(date.timeIntervalSince1970)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
  }
}
