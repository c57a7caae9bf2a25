import Foundation

/// Port `round-only`: the lotto app's 1.0.1, which "단순히 회차만 체크해서" (checked only the round):
/// any draw counts as content, so a newer round that the API sends empty on Saturday night
/// replaces the cache and the screen shows empty information.
enum RoundOnlyDrawRefresher: DrawRefreshing {
  static func hasContent(_ draw: LottoDraw) -> Bool { true }
}
