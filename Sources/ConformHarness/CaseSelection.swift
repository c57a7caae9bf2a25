import ConformFixtures

/// Which cases a run sends: `--suite`, `--case` and `--tag` filters.
///
/// Within one kind of filter any match selects (`--suite a --suite b` is a or b); across kinds
/// every kind must match (`--suite a --tag seed` is the seed cases of a). No filter selects all.
package struct CaseFilters: Sendable, Equatable {
  package var suites: [Glob] = []
  package var cases: [Glob] = []
  package var tags: [String] = []

  package init(suites: [Glob] = [], cases: [Glob] = [], tags: [String] = []) {
    self.suites = suites
    self.cases = cases
    self.tags = tags
  }

  package var isEmpty: Bool { suites.isEmpty && cases.isEmpty && tags.isEmpty }

  func selects(_ fixture: FixtureCase) -> Bool {
    (suites.isEmpty || suites.contains { $0.matches(fixture.suite) })
      && (cases.isEmpty || cases.contains { $0.matches(fixture.id) })
      && (tags.isEmpty || tags.contains { fixture.tags.contains($0) })
  }

  /// The selected cases in fixture order; an error naming the filters when none is left.
  func select(from fixtures: FixtureSet) throws(ConformError) -> [FixtureCase] {
    try selectIndices(from: fixtures).map { fixtures.cases[$0] }
  }

  /// Where the selected cases are in `fixtures.cases`, in order; an error naming the filters
  /// when none is left.
  package func selectIndices(from fixtures: FixtureSet) throws(ConformError) -> [Int] {
    let selected = isEmpty ? Array(fixtures.cases.indices) : fixtures.cases.indices.filter { selects(fixtures.cases[$0]) }
    guard !selected.isEmpty else { throw noMatch(source: fixtures.source, manifest: fixtures.manifest) }
    return selected
  }

  /// The error for filters that leave no case of a set.
  func noMatch(source: String, manifest: FixtureManifest) -> ConformError {
    var given: [String] = []
    given += suites.map { "--suite \($0)" }
    given += cases.map { "--case \($0)" }
    given += tags.map { "--tag \($0)" }
    return .usage(
      "run: no case of \(source) matches \(given.joined(separator: " ")) "
        + "(suites: \(manifest.suites.map(\.name).joined(separator: ", ")))")
  }
}

/// Which cases of an indexed set a run sends, chosen as the set is checked (`visit` sees every
/// case once, in order): those the filters select, up to `limit`, and which of the `wanted` ids
/// (the known failures') are cases of the set at all.
package struct IndexedSelection: Sendable {
  let filters: CaseFilters
  let limit: Int
  let wanted: Set<String>
  /// The selected cases' indices when the filters leave some out; nil: the first `count`.
  package private(set) var indices: [Int32]?
  package private(set) var count = 0
  /// The suites of the selected cases.
  package private(set) var suites = Set<String>()
  /// The `wanted` ids found.
  package private(set) var found = Set<String>()

  /// `--shard K/N`: the part of the selection kept by `keepShard()`.
  let shard: Shard?
  /// With a shard, each selected case's id, suite and cost, to partition once all are seen.
  private var shardCases: [(id: [UInt8], cost: Int, suite: String)] = []

  package init(filters: CaseFilters, limit: Int?, shard: Shard? = nil, wanted: Set<String> = []) {
    self.filters = filters
    self.limit = limit ?? Int.max
    self.shard = shard
    self.wanted = wanted
    indices = filters.isEmpty && shard == nil ? nil : []
  }

  package mutating func visit(_ index: Int, _ fixture: FixtureCase) {
    if !wanted.isEmpty, wanted.contains(fixture.id) { found.insert(fixture.id) }
    guard count < limit, filters.selects(fixture) else { return }
    indices?.append(Int32(index))
    count += 1
    suites.insert(fixture.suite)
    if shard != nil { shardCases.append((Array(fixture.id.utf8), Shard.cost(of: fixture.input), fixture.suite)) }
  }

  /// Keeps the shard's part of the selection (as `Shard.part` does for a fixture set in memory).
  package mutating func keepShard() {
    guard let shard, let selected = indices else { return }
    let mine = shard.keeps(shardCases.map { ($0.id, $0.cost) })
    indices = zip(selected, mine).filter(\.1).map(\.0)
    suites = Set(zip(shardCases, mine).filter(\.1).map(\.0.suite))
    count = indices?.count ?? 0
    shardCases = []
  }

  /// The selected cases' indices, in order.
  package var all: [Int] { indices.map { $0.map(Int.init) } ?? Array(0..<count) }

  /// An error naming the filters when they selected nothing of `set`.
  package func checkNotEmpty(_ set: IndexedFixtures) throws(ConformError) {
    guard count == 0 else { return }
    throw filters.noMatch(source: set.source, manifest: set.manifest)
  }
}

/// One attempt at one case: what the harness sends, and what each results record is about.
package struct Attempt: Sendable, Equatable {
  /// Index into the run's prepared cases.
  var caseIndex: Int32
  /// 0-based repetition.
  var number: Int32

  package init(caseIndex: Int32, number: Int32) {
    self.caseIndex = caseIndex
    self.number = number
  }
}

/// The order attempts are handed out: every case once per round (`--repeat N` gives N rounds),
/// then, with `--shuffle SEED`, the whole list shuffled deterministically.
enum SendOrder {
  static func attempts(caseCount: Int, repeat rounds: Int, shuffleSeed: UInt64?) -> [Attempt] {
    var attempts: [Attempt] = []
    attempts.reserveCapacity(caseCount * rounds)
    for round in 0..<rounds {
      for index in 0..<caseCount { attempts.append(Attempt(caseIndex: Int32(index), number: Int32(round))) }
    }
    if let shuffleSeed { attempts.shuffle(seed: shuffleSeed) }
    return attempts
  }
}
