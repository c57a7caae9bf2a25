import ConformFixtures
import ConformSuites

/// The checks every suite's decision lists pass (`Suite.decisions(for:)`), shared by the
/// `<Suite>DecisionsTests`.
public enum DecisionListChecks {
  /// The numbers of the spec's `### D<n>. ` headings, in the order written, read here rather than
  /// by the kit's reader (`SpecDecisions`), so that each checks the other; a heading whose number
  /// does not parse, or that lacks the `. ` after it, is -1.
  public static func headingNumbers(_ spec: [UInt8]) -> [Int] {
    String(decoding: spec, as: UTF8.self).split(separator: "\n").compactMap { line in
      guard line.hasPrefix("### D") else { return nil }
      let digits = line.dropFirst(5).prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, line.dropFirst(5 + digits.count).hasPrefix(". ") else { return -1 }
      return Int(digits) ?? -1
    }
  }

  /// What is wrong with the decisions the cases of `suite`'s published and smoke tables get, one
  /// line each: a case with none, or with a list out of order, repeated, or naming a decision
  /// the spec does not number; a case whose generator listed other decisions than
  /// `decisions(for:)` gives for its input (`CaseDraft.decisions`); a decision of the spec that
  /// no published case gets. Empty when all is well.
  public static func problems(_ suite: some Suite) throws -> [String] {
    let numbered = Set(headingNumbers(suite.spec))
    var problems: [String] = []
    var published = Set<Int>()
    for tier in [Tier.full, .smoke] {
      var options = GeneratorOptions.published
      options.tier = tier
      let drafts = Array(suite.tierDrafts(options: options))
      if drafts.isEmpty { problems.append("the \(tier.rawValue) tier has no case") }
      for draft in drafts {
        let decisions = try suite.decisions(for: draft.input)
        if decisions.isEmpty { problems.append("\(draft.name): no decision") }
        if decisions != decisions.sorted() || Set(decisions).count != decisions.count {
          problems.append("\(draft.name): \(decisions) is not ascending without repeats")
        }
        if !Set(decisions).isSubset(of: numbered) {
          problems.append("\(draft.name): \(decisions) names a decision the spec does not number")
        }
        if let listed = draft.decisions, listed != decisions {
          problems.append("\(draft.name): the generator listed \(listed), decisions(for:) gives \(decisions)")
        }
        if tier == .full { published.formUnion(decisions) }
      }
    }
    let unexercised = numbered.subtracting(published).sorted()
    if !unexercised.isEmpty { problems.append("decisions no published case gets: \(unexercised)") }
    return problems
  }
}
