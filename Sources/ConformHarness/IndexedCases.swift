import ConformFixtures
import ConformPlatform
import Foundation

/// The selected cases of an indexed fixture set (`conform run --fixtures DIR`), read from their
/// tables a batch at a time as workers take them: every case once per round (`--repeat`), in
/// order or shuffled (`--shuffle`).
///
/// Each batch gets its own case table, which lives while one of its attempts is in flight or
/// waits to be sent again after a crash: the run holds the cases it is sending, not the tables.
final class IndexedCases: CaseSource {
  let fixtures: IndexedFixtures
  /// The run's suites, in the manifest's order.
  let suites: [String]
  let plannedCount: Int
  /// Cases per round.
  private let caseCount: Int
  /// The selected cases' indices in the set, in order; nil: the first `caseCount`.
  private let selected: [Int32]?
  /// With `--shuffle`, every attempt in send order (`caseIndex`: a position among the selected
  /// cases); nil: in order, round after round, made as they are taken.
  private let order: [Attempt]?
  /// The next attempt to hand out, and what stopped the source early.
  private let progress = Locked<(next: Int, stopped: ConformError?)>((0, nil))

  init(fixtures: IndexedFixtures, selection: IndexedSelection, suites: [String], repeats: Int, shuffleSeed: UInt64?) {
    self.fixtures = fixtures
    self.suites = suites
    caseCount = selection.count
    selected = selection.indices
    plannedCount = selection.count * repeats
    order = shuffleSeed.map { SendOrder.attempts(caseCount: selection.count, repeat: repeats, shuffleSeed: $0) }
  }

  func take(_ count: Int) -> [TableAttempt] {
    let (start, end) = progress.withLock { progress in
      let start = progress.stopped == nil ? progress.next : plannedCount
      progress.next = start + min(count, plannedCount - start)
      return (start, progress.next)
    }
    guard start < end else { return [] }
    let attempts = (start..<end).map { order?[$0] ?? Attempt(caseIndex: Int32($0 % caseCount), number: Int32($0 / caseCount)) }
    let positions = attempts.map(\.caseIndex)
    let table: CaseTable
    do {
      table = try fixtures.caseTable(
        positions.map { position in selected.map { Int($0[Int(position)]) } ?? Int(position) }, suites: suites,
        ordinals: positions)
    } catch {
      progress.withLock { $0.stopped = $0.stopped ?? error }
      return []
    }
    return attempts.indices.map {
      TableAttempt(table: table, attempt: Attempt(caseIndex: Int32($0), number: attempts[$0].number))
    }
  }

  var isEmpty: Bool { progress.withLock { $0.next >= plannedCount } }

  func drain() -> [TableAttempt] { take(Int.max) }

  var failure: ConformError? { progress.withLock { $0.stopped } }
}
