import ConformPlatform

/// A pause after a short read, while many requests are still in flight: an implementation that
/// flushes every answer would otherwise wake the reading thread once for each, and both sides
/// pay a context switch per answer. After the pause one read takes the answers written meanwhile
/// (a pipe holds 64 KiB, far more than a pause's worth). The pump's reader and a team suite's
/// model client (`ModelClient`) pause alike.
package enum AnswerGathering {
  /// A read of fewer bytes than this is short.
  package static let shortRead = 1 << 12
  /// The pump's reader pauses only while this many requests are in flight: the implementation
  /// has that much work queued, so the pause never leaves it waiting (a window of one never
  /// pauses).
  static let backlog = 64
  /// How long a pause lasts.
  static let pauseMicroseconds: UInt32 = 200

  /// Pauses the calling thread.
  package static func pause() { MonotonicClock.pause(microseconds: pauseMicroseconds) }
}
