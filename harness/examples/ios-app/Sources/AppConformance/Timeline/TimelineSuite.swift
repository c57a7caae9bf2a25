import ConformAdapter
import ConformJSON

/// Suite `timeline`: plays the case's steps against the app's scheduler on a virtual clock and
/// answers `{"effects": [...], "final": {...}}`.
enum TimelineSuite {
  static func answer(_ input: CaseInput) async throws -> JSONValue {
    let timeline = try TimelineCase(input)
    return try await TimelinePlayer.play(timeline)
  }
}
