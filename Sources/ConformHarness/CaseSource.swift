import ConformFixtures
import ConformPlatform
import ConformProtocol
import Foundation

/// An attempt and the table that holds its case: what a worker sends, retries and records.
package struct TableAttempt: Sendable {
  package let table: CaseTable
  let attempt: Attempt

  package init(table: CaseTable, attempt: Attempt) {
    self.table = table
    self.attempt = attempt
  }

  package var index: Int { Int(attempt.caseIndex) }
  var fixture: FixtureCase { table.fixture(index) }
  var id: String { table.id(index) }
  /// The case's suite, as an index into the run's suites.
  var suiteSlot: Int { Int(table.suiteOfCase[index]) }
  /// The case's position in the run, which orders the outcomes a summary keeps.
  var ordinal: Int { table.ordinal(of: index) }
}

/// Where a run's attempts come from, shared by every worker: each takes a batch when its
/// window has room, so a slow suite on one worker never leaves another idle.
package protocol CaseSource: AnyObject, Sendable {
  /// The attempts the run will make (for the header and the progress bar).
  var plannedCount: Int { get }
  /// Up to `count` attempts, in send order; empty once every attempt is taken. May take time
  /// (a generated source makes the cases): never call it holding a lock others wait on.
  func take(_ count: Int) -> [TableAttempt]
  /// Whether every attempt has been taken.
  var isEmpty: Bool { get }
  /// The attempts not taken, to be recorded as not run; empties the source. A generated source
  /// returns none: making cases only to record them unsent is not worth the time.
  func drain() -> [TableAttempt]
  /// Why the source stopped handing out attempts before the end (a fixture file that changed
  /// during the run); nil when it did not.
  var failure: ConformError? { get }
}

extension CaseSource {
  package var failure: ConformError? { nil }
}

/// The attempts of a fixture set, all made before the run: every case once per round
/// (`--repeat`), shuffled with `--shuffle`.
final class PlannedAttempts: CaseSource {
  let table: CaseTable
  private let attempts: [Attempt]
  private let next = Locked(0)

  init(table: CaseTable, attempts: [Attempt]) {
    self.table = table
    self.attempts = attempts
  }

  var plannedCount: Int { attempts.count }

  func take(_ count: Int) -> [TableAttempt] {
    let taken = next.withLock { next in
      let start = next
      next += min(count, attempts.count - next)
      return start..<next
    }
    return attempts[taken].map { TableAttempt(table: table, attempt: $0) }
  }

  var isEmpty: Bool { next.withLock { $0 == attempts.count } }

  func drain() -> [TableAttempt] { take(Int.max) }
}

/// A suite's generated cases (`conform run --generate`), made a batch at a time as workers take
/// them, their expected outputs from the reference model: a search of millions of cases runs
/// with no fixture file and in memory that does not grow with it.
///
/// A timeline-shaped table's cases are written as their fixture lines straight from the model
/// (`FixtureLineSource`), in order under a lock; other suites' drafts are taken in order under
/// the lock (the cheap part) and made into cases outside it. Either way the case table is made
/// outside it, by the worker's thread that took the batch.
///
/// A shard (`--shard K/N`) makes only its part of the stream (every Nth case, `Shard.keeps`).
package final class GeneratedCases: CaseSource {
  let suite: any Suite
  package let plannedCount: Int
  /// The cases of the stream, every shard's (at most the limit).
  let streamCount: Int
  private let suites: [String]
  private let stream: Locked<Stream>

  /// Where the cases come from (fixture lines when the suite writes them, else drafts) and how
  /// far the run has got.
  private struct Stream {
    var lines: FixtureLineSource?
    var drafts: AnyIterator<CaseDraft>?
    var made = 0
    var exhausted = false
  }

  /// - Parameter limit: send only the first `limit` cases (of them, `shard`'s part).
  init(suite: any Suite, options: GeneratorOptions, limit: Int? = nil, shard: Shard? = nil) {
    var options = options
    options.listsDecisions = false  // listed for the cases that do not pass, when recorded
    self.suite = suite
    suites = [suite.name]
    streamCount = min(suite.tierCaseCount(options: options), limit ?? Int.max)
    plannedCount = shard?.count(of: streamCount) ?? streamCount
    var stream = Stream()
    stream.lines = suite.tierFixtureLines(options: options, keeping: shard?.keeps)
    if stream.lines == nil { stream.drafts = suite.tierDrafts(options: options, keeping: shard?.keeps).makeIterator() }
    self.stream = Locked(stream)
  }

  /// The cases made so far.
  var generated: Int { stream.withLock { $0.made } }

  package func take(_ count: Int) -> [TableAttempt] {
    let writesLines = stream.withLock { $0.lines != nil }
    guard let table = writesLines ? tableFromLines(count) : tableFromDrafts(count) else { return [] }
    return (0..<table.count).map { TableAttempt(table: table, attempt: Attempt(caseIndex: Int32($0), number: 0)) }
  }

  /// The next `count` cases' lines, written under the lock, as a table; nil when none is left.
  private func tableFromLines(_ count: Int) -> CaseTable? {
    var chunk: [UInt8] = []
    chunk.reserveCapacity(min(count, 4096) * 1024)
    var parts: [FixtureLine.Parts] = []
    parts.reserveCapacity(min(count, 4096))
    let base = stream.withLock { stream in
      let base = stream.made
      while parts.count < count, stream.made < plannedCount, !stream.exhausted {
        guard let (line, _, _) = stream.lines!.next(into: &chunk) else {
          stream.exhausted = true
          break
        }
        parts.append(line)
        stream.made += 1
      }
      return base
    }
    guard !parts.isEmpty else { return nil }
    return CaseTable(
      lines: chunk, parts: parts, caseSuites: Array(repeating: suite.name, count: parts.count), suites: suites, base: base)
  }

  /// The next `count` drafts, taken under the lock, made into a table outside it; nil when none
  /// is left.
  private func tableFromDrafts(_ count: Int) -> CaseTable? {
    var batch: [CaseDraft] = []
    batch.reserveCapacity(min(count, 4096))
    let base = stream.withLock { stream in
      let base = stream.made
      while batch.count < count, stream.made < plannedCount, !stream.exhausted {
        guard let draft = stream.drafts!.next() else {
          stream.exhausted = true
          break
        }
        batch.append(draft)
        stream.made += 1
      }
      return base
    }
    guard !batch.isEmpty else { return nil }
    return CaseTable(batch.map(suite.fixture(for:)), suites: suites, base: base)
  }

  package var isEmpty: Bool { stream.withLock { $0.made >= plannedCount || $0.exhausted } }

  package func drain() -> [TableAttempt] {
    stream.withLock { $0.exhausted = true }
    return []
  }

  /// Makes every case as a run would take them, 256 at a time, and counts them (`conform bench`).
  package static func makeAll(suite: any Suite, options: GeneratorOptions, limit: Int?, shard: Shard? = nil) -> Int {
    let source = GeneratedCases(suite: suite, options: options, limit: limit, shard: shard)
    var made = 0
    while true {
      let batch = source.take(256)
      if batch.isEmpty { return made }
      made += batch.count
    }
  }
}

/// The built-in tables sent as they are made (`conform run` with no fixture options): the first
/// case goes out while the rest are still being generated on the other cores, instead of after
/// all of them. The set's digest, which only the results header needs, comes when all are made.
///
/// Every case once per round (`--repeat`), in the tables' order, at most `limit` a round; each
/// chunk's case table is built once, the first time it is sent.
final class StreamedTables: CaseSource {
  let tables: GeneratedTables
  let plannedCount: Int
  /// The run's suites (those with cases within the limit).
  let suites: [String]
  /// Cases sent per round.
  let casesPerRound: Int
  private let repeats: Int
  private let position = Locked(Position())

  /// The chunks' tables built so far, and where the next attempt comes from.
  private struct Position {
    var built: [CaseTable] = []
    var round = 0
    var chunk = 0
    var index = 0
    var sentInRound = 0
    var taken = 0
  }

  /// - Parameter counts: each suite's case count, in the tables' order.
  init(tables: GeneratedTables, counts: [Int], repeats: Int, limit: Int?) {
    self.tables = tables
    self.repeats = repeats
    let total = counts.reduce(0, +)
    casesPerRound = min(total, limit ?? Int.max)
    plannedCount = casesPerRound * repeats
    var suites: [String] = []
    var start = 0
    for (suite, count) in zip(tables.suites, counts) {
      if count > 0, start < casesPerRound { suites.append(suite.name) }
      start += count
    }
    self.suites = suites
  }

  func take(_ count: Int) -> [TableAttempt] {
    position.withLock { at in
      var batch: [TableAttempt] = []
      while batch.count < count, at.round < repeats {
        guard at.sentInRound < casesPerRound, let table = table(at.chunk, &at.built) else {
          at.round += 1
          at.chunk = 0
          at.index = 0
          at.sentInRound = 0
          continue
        }
        if at.index >= table.count {
          at.chunk += 1
          at.index = 0
          continue
        }
        let end = at.index + min(count - batch.count, table.count - at.index, casesPerRound - at.sentInRound)
        for position in at.index..<end {
          batch.append(TableAttempt(table: table, attempt: Attempt(caseIndex: Int32(position), number: Int32(at.round))))
        }
        at.sentInRound += end - at.index
        at.index = end
      }
      at.taken += batch.count
      return batch
    }
  }

  /// Chunk `id`'s table, waiting for the chunk to be made; nil past the last. Chunks are asked
  /// for in order, so each is built once, right after the one before it.
  private func table(_ id: Int, _ built: inout [CaseTable]) -> CaseTable? {
    if id < built.count { return built[id] }
    guard let made = tables.chunk(id) else { return nil }
    let base = built.last.map { $0.base + $0.count } ?? 0
    let table = CaseTable(made, suite: tables.suites[made.suite].name, suites: suites, base: base)
    built.append(table)
    return table
  }

  var isEmpty: Bool { position.withLock { $0.taken >= plannedCount } }

  func drain() -> [TableAttempt] { take(Int.max) }
}
