import ConformJSON

/// One failing input being shrunk: the smallest input known to fail the same way, and the
/// implementation calls spent on it.
///
/// Each round tries every candidate smaller than the current input (smallest first, within the
/// budget) as one batch; the smallest that still fails becomes the current input. It ends when no
/// candidate of a round fails, none is left, or the budget is spent.
public struct ShrinkProgress: Sendable {
  /// The smallest input known to fail.
  public private(set) var current: JSONValue
  /// Implementation calls spent (candidates tried).
  public private(set) var calls = 0
  /// The most calls it may spend.
  public let budget: Int
  public private(set) var isDone = false
  /// Rounds that found a smaller failing input.
  public private(set) var steps = 0
  private var order: ShrinkOrder
  private var tried: Set<JSONValue> = []

  /// The most candidates one round sends.
  public let roundLimit: Int

  /// - Parameter roundLimit: the most candidates a round sends (fewer when each failing
  ///   candidate is costly, such as a crash that restarts the implementation).
  public init(_ input: JSONValue, budget: Int, roundLimit: Int = 100) {
    current = input
    order = ShrinkOrder(input)
    self.budget = budget
    self.roundLimit = roundLimit
    isDone = budget <= 0
  }

  /// The next round: the candidates (already inside the domain) that are smaller than the
  /// current input and not tried yet, smallest first, within the budget. Empty: shrinking is done.
  public mutating func round(from candidates: [JSONValue]) -> [JSONValue] {
    guard !isDone else { return [] }
    let smaller = candidates.filter { !tried.contains($0) }.map { ($0, ShrinkOrder($0)) }.filter { $0.1 < order }
    let round = smaller.sorted { $0.1 < $1.1 }.prefix(min(roundLimit, budget - calls)).map(\.0)
    if round.isEmpty { isDone = true }
    return round
  }

  /// Records which of the round's candidates (in its order) still fail the same way.
  public mutating func record(_ round: [JSONValue], failing: [Bool]) {
    calls += round.count
    tried.formUnion(round)
    if let index = failing.firstIndex(of: true) {
      current = round[index]
      order = ShrinkOrder(current)
      steps += 1
    } else {
      isDone = true
    }
    if calls >= budget { isDone = true }
  }

  /// Shrinks `input` one candidate at a time against a predicate: for tests and callers that need
  /// no process.
  public static func shrink(
    _ input: JSONValue, budget: Int, candidates: (JSONValue) -> [JSONValue], fails: (JSONValue) -> Bool
  ) -> ShrinkProgress {
    var progress = ShrinkProgress(input, budget: budget)
    while !progress.isDone {
      let round = progress.round(from: candidates(progress.current))
      guard !round.isEmpty else { break }
      progress.record(round, failing: round.map(fails))
    }
    return progress
  }
}
