/// What every report of a run shares: the order problems are listed in, the suites, the labels.
extension RunSummary {
  /// The problems sorted by suite, then by case id (code point order), so every report of the
  /// same results is the same whatever order the answers arrived in.
  var sortedProblems: [CaseOutcome] {
    problems.sorted { a, b in
      a.suite == b.suite ? a.id.utf8.lexicographicallyPrecedes(b.id.utf8) : a.suite.utf8.lexicographicallyPrecedes(b.suite.utf8)
    }
  }

  /// Each suite with its own summary, in code point order, in one pass over the outcomes.
  var bySuite: [(name: String, summary: RunSummary)] {
    var groups: [String: [CaseOutcome]] = [:]
    for outcome in outcomes { groups[outcome.suite, default: []].append(outcome) }
    for name in unlisted.keys where groups[name] == nil { groups[name] = [] }
    return groups.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { name in
      var copy = self
      copy.outcomes = groups[name]!
      copy.unlisted = unlisted[name].map { [name: $0] } ?? [:]
      return (name, copy)
    }
  }

  /// `swift-ports 0.1.0 (swift)`.
  var implementationLabel: String {
    let implementation = header.implementation
    var label = implementation.displayName
    if let version = implementation.version { label += " \(version)" }
    if let language = implementation.language { label += " (\(language))" }
    return label
  }

  /// `sha256:0123456789ab` — enough of the digest to tell two fixture sets apart by eye.
  var shortFixturesDigest: String { ShortDigest.of(header.fixtures.manifestDigest) }
}

enum ShortDigest {
  /// `sha256:` and the first 12 hex digits.
  static func of(_ digest: String) -> String {
    let parts = digest.split(separator: ":", maxSplits: 1)
    guard parts.count == 2 else { return String(digest.prefix(19)) }
    return "\(parts[0]):\(parts[1].prefix(12))"
  }
}
