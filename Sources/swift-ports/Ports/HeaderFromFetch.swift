import Foundation

/// Port `header-from-fetch`: the lotto app's 1.0.4 bug. The header is bound to the newest round
/// the API mentioned while the list still shows the cached round, so before a new round is
/// announced the header says 1154 above round 1153's stores.
enum HeaderFromFetchDrawRefresher: DrawRefreshing {
  static func headerRound(shown: LottoDraw?, fetched: LottoDraw?) -> Int? { fetched?.round ?? shown?.round }
}
