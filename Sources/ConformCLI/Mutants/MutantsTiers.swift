import ConformFixtures

/// Each tier's size and kill rate side by side, from one run of each port on the full tables:
/// a smaller tier's verdicts are the full run's, filtered to its case ids, so `conform mutants`
/// takes no longer for showing them.
struct TierKillRates {
  /// The case ids of each tier below the full one (the smoke tier of the built-in tables).
  var tiers: [(tier: Tier, ids: Set<String>)]
  /// How many cases the full tables hold.
  var fullCount: Int

  /// The tiers of the built-in tables; nil for a fixtures folder or bundle, which is one tier.
  static func builtIn(fullCount: Int) -> TierKillRates {
    let smoke = Set(FixtureSet.builtIn(tier: .smoke).cases.map(\.id))
    return TierKillRates(tiers: [(.smoke, smoke)], fullCount: fullCount)
  }

  /// How many of `verdict`'s failing cases are in `ids`.
  static func failing(_ verdict: MutantVerdict, in ids: Set<String>) -> Int {
    verdict.failing.count { ids.contains($0.id) }
  }

  /// A Markdown table: tier, cases, share of the full tables, kill rate; then the mutants that
  /// escape a smaller tier.
  func table(_ verdicts: [MutantVerdict]) -> String {
    let mutants = verdicts.filter { $0.entry.kind == .mutant }
    var text = "\n| tier | cases | share of full | kill rate |\n| --- | ---: | ---: | --- |\n"
    text += "| full | \(fullCount) | 100% | \(MutantVerdict.rate(mutants.filter(\.isCaught).count, of: mutants.count)) |\n"
    var escapes: [String] = []
    for (tier, ids) in tiers {
      let caught = mutants.filter { $0.isCaught && Self.failing($0, in: ids) > 0 }
      let share = Double(ids.count) * 100 / Double(max(fullCount, 1))
      text +=
        "| \(tier.rawValue) | \(ids.count) | \(formatShare(share)) | \(MutantVerdict.rate(caught.count, of: mutants.count)) |\n"
      let escaped = mutants.filter { $0.isCaught && Self.failing($0, in: ids) == 0 }.map(\.entry.name)
      if !escaped.isEmpty { escapes.append("- escaped the \(tier.rawValue) tier: \(escaped.joined(separator: ", "))") }
    }
    return text + (escapes.isEmpty ? "" : "\n" + escapes.joined(separator: "\n") + "\n")
  }

  private func formatShare(_ percent: Double) -> String {
    let tenths = Int((percent * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)%"
  }
}
