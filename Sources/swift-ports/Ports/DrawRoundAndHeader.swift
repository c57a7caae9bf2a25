import Foundation

/// Port `draw-round-and-header`, the lotto app's two early bugs at once: only the round is checked,
/// so any draw counts as content (D1, as `round-only`), and the header shows the fetched round
/// while the list shows the cached one (D4, as `header-from-fetch`).
enum DrawRoundAndHeaderRefresher: DrawRefreshing {
  static func hasContent(_ draw: LottoDraw) -> Bool { true }
  static func headerRound(shown: LottoDraw?, fetched: LottoDraw?) -> Int? { fetched?.round ?? shown?.round }
}
