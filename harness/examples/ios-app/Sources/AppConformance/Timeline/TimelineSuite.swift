import ConformAdapter
import ConformJSON

/// Suite `timeline`: plays the case's steps against the app's scheduler on a virtual clock and
/// answers `{"effects": [...], "final": {...}}`, or `{"error": reason}` for a case outside the
/// spec's domain (D17), which is not played at all.
enum TimelineSuite {
  static func answer(_ input: CaseInput) async throws -> JSONValue {
    let timeline: TimelineCase
    do {
      timeline = try TimelineCase(input)
    } catch let refusal as OutOfDomain {
      return ["error": .string(refusal.reason)]
    }
    return try await TimelinePlayer.play(timeline)
  }
}
