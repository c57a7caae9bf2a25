import ConformJSON
import ConformResults
import ConformSuites

/// What every report of a run shares: the order problems are listed in, the suites, the labels.
extension RunSummary {
  /// The problems in the order a person should read them, so every report of the same results
  /// is the same whatever order the answers arrived in: by suite (code point order), then named
  /// cases before exhaustive ones (`CaseOutcome.familyRank`), the smallest input first, then by id.
  var sortedProblems: [CaseOutcome] { CaseOutcome.bestFirst(problems) { $0 } }

  /// The spec decisions the problems break (`DecisionProfile`).
  public var profile: DecisionProfile {
    var unlistedPerDecision: [String: Int] = [:]
    for part in unlisted.values { unlistedPerDecision.merge(part.problemsPerDecision, uniquingKeysWith: +) }
    return DecisionProfile(
      problems: problems, totals: header.fixtures.decisions, unlisted: unlistedPerDecision,
      suites: SuiteRegistry.all + teamModels, titles: header.fixtures.decisionTitles)
  }

  /// The sorted problems with those that fail the same way gathered behind the first of them:
  /// within a suite, the same cause in `profile` (never merged across causes) and the same kind,
  /// diff and message (`CaseOutcome.sameWayKey`). Groups come cause by cause in the profile's
  /// order (problems with no decision last), each cause's in the order of their first.
  func problemGroups(profile: DecisionProfile) -> [[CaseOutcome]] {
    var groups: [[CaseOutcome]] = []
    var indexOfKey: [String: Int] = [:]
    for problem in sortedProblems {
      let key = problem.suite + "\u{0}" + (profile.causeOfCase[problem.id] ?? "") + "\u{0}" + problem.sameWayKey
      if let index = indexOfKey[key] {
        groups[index].append(problem)
      } else {
        indexOfKey[key] = groups.count
        groups.append([problem])
      }
    }
    var rank: [String: Int] = [:]
    for (index, cause) in profile.causes.enumerated() { rank[cause.decision] = index }
    let order = { (group: [CaseOutcome]) -> Int in profile.causeOfCase[group[0].id].flatMap { rank[$0] } ?? Int.max }
    return groups.enumerated().sorted { a, b in
      if a.element[0].suite != b.element[0].suite { return a.offset < b.offset }
      let (x, y) = (order(a.element), order(b.element))
      return x != y ? x < y : a.offset < b.offset
    }.map(\.element)
  }

  var problemGroups: [[CaseOutcome]] { problemGroups(profile: profile) }

  /// The command that runs one case again with the same implementation and fixtures, as a person
  /// pastes it into a shell: `conform run --impl ./app --case 'timeline/seed/cancel-after-sleep'`.
  /// A generated run's case is run again from the results file, which holds its input (a merged
  /// run's: the shard's that ran it).
  func rerunCommand(_ problem: CaseOutcome, resultsPath: String?) -> String {
    let command = header.implementation.command
    var words = ["conform", "run", "--impl", command.first ?? "PROGRAM"]
    for argument in command.dropFirst() { words += ["--impl-arg", argument] }
    let source = header.fixtures.source
    if source.hasPrefix("generated:") || source.hasPrefix("rerun:") {
      words += ["--rerun-failed", shardPaths[problem.id] ?? resultsPath ?? "RESULTS"]
    } else if source != "built-in" {
      words += ["--fixtures", source]
    }
    words += ["--case", problem.id]
    return words.map(ShellWord.quote).joined(separator: " ")
  }

  /// Each suite with its own summary, in code point order, in one pass over the outcomes.
  package var bySuite: [(name: String, summary: RunSummary)] {
    var groups: [String: [CaseOutcome]] = [:]
    for outcome in outcomes { groups[outcome.suite, default: []].append(outcome) }
    for name in unlisted.keys where groups[name] == nil { groups[name] = [] }
    return groups.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { name in
      var copy = self
      copy.isSuitePart = true
      copy.outcomes = groups[name]!
      copy.unlisted = unlisted[name].map { [name: $0] } ?? [:]
      return (name, copy)
    }
  }

  /// `swift-ports 0.1.0 (swift)`.
  package var implementationLabel: String {
    let implementation = header.implementation
    var label = implementation.displayName
    if let version = implementation.version { label += " \(version)" }
    if let language = implementation.language { label += " (\(language))" }
    return label
  }

  /// `sha256:0123456789ab` — enough of the pinned digest (the bundle archive's, else
  /// `manifest sha256:…`) to tell two fixture sets apart by eye.
  var shortFixturesDigest: String { header.fixtures.shortPinnedDigest }
}

extension CaseOutcome {
  /// `items` in the order reports list cases: by suite (code point order), then named cases before
  /// exhaustive ones (`familyRank`), the case exercising the fewest spec decisions first (the one
  /// that shows its cause alone), the smallest input first, then by id. `outcome` gives the case
  /// an item stands for; every report that orders cases (problems, drift groups, the HTML matrix's
  /// rows) orders them with this. With `limit`, only the first `limit` of that order, found
  /// without sorting the rest (a depth-7 run has half a million cases; a page lists 500).
  static func bestFirst<Item>(_ items: [Item], limit: Int? = nil, by outcome: (Item) -> CaseOutcome) -> [Item] {
    typealias Key = (suite: String, rank: Int, decisions: Int, size: Int, id: String, index: Int)
    let keys: [Key] = items.indices.map { index in
      let outcome = outcome(items[index])
      return (outcome.suite, outcome.familyRank, outcome.decisions.count, outcome.inputSize, outcome.id, index)
    }
    let precedes = { (a: Key, b: Key) -> Bool in
      if a.suite != b.suite { return a.suite.utf8.lexicographicallyPrecedes(b.suite.utf8) }
      if a.rank != b.rank { return a.rank < b.rank }
      if a.decisions != b.decisions { return a.decisions < b.decisions }
      if a.size != b.size { return a.size < b.size }
      return a.id.utf8.lexicographicallyPrecedes(b.id.utf8)
    }
    guard let limit, limit < keys.count else { return keys.sorted(by: precedes).map { items[$0.index] } }
    guard limit > 0 else { return [] }
    // A max-heap of the best `limit` keys so far: its root is the worst of them.
    var heap: [Key] = []
    heap.reserveCapacity(limit)
    func siftDown(_ start: Int) {
      var parent = start
      while true {
        var worst = parent
        for child in [2 * parent + 1, 2 * parent + 2] where child < heap.count && precedes(heap[worst], heap[child]) {
          worst = child
        }
        if worst == parent { return }
        heap.swapAt(parent, worst)
        parent = worst
      }
    }
    for key in keys {
      if heap.count < limit {
        heap.append(key)
        var child = heap.count - 1
        while child > 0, precedes(heap[(child - 1) / 2], heap[child]) {
          heap.swapAt(child, (child - 1) / 2)
          child = (child - 1) / 2
        }
      } else if precedes(key, heap[0]) {
        heap[0] = key
        siftDown(0)
      }
    }
    return heap.sorted(by: precedes).map { items[$0.index] }
  }
}

/// Words for a POSIX shell.
package enum ShellWord {
  /// The word as is when it holds only characters no shell treats specially, else in single quotes.
  package static func quote(_ word: String) -> String {
    let plain =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy { scalar in
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "/", ":", "=", "@", "+", ",": true
        default: false
        }
      }
    return plain ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
  }
}
