/// Thrown by a handler to decline a case: the adapter answers `skipped` with the reason.
///
/// A skipped case is reported by the harness, never counted as a pass. Use it for inputs the app
/// deliberately does not handle yet, not for failures (throw any other error for those).
///
/// ```swift
/// adapter.register("timeline") { input in
///   throw SkipCase(reason: "the scheduler is not ported yet")
/// }
/// ```
public struct SkipCase: Error, Sendable, CustomStringConvertible {
  public var reason: String

  public init(reason: String) { self.reason = reason }

  public var description: String { "skipped: \(reason)" }
}
