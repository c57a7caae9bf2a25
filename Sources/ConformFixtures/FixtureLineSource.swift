import ConformProtocol

/// A table's cases as their canonical fixture lines (`FixtureLine`), written one at a time by
/// the suite's generator straight from its model: no `JSONValue` is built for a case, which is
/// most of what making a case would otherwise cost. The same bytes, in the same order, as the
/// suite's drafts made into cases and written by `FixtureSet.writeLine`.
///
/// A class around the generator's function rather than a protocol: the function is made where
/// the model's type is known, so its code is specialised for it (a generic type's conformance
/// would run unspecialised, looking up type metadata on every case).
package final class FixtureLineSource {
  /// Where a written line's parts are, and the case's tags and decisions.
  package typealias Line = (parts: FixtureLine.Parts, tags: [String], decisions: [String])

  private let nextLine: (inout [UInt8]) -> Line?

  package init(_ nextLine: @escaping (inout [UInt8]) -> Line?) {
    self.nextLine = nextLine
  }

  /// Appends the next case's line to `output`; returns where its parts are, the case's tags and
  /// decisions, or nil after the last case.
  package func next(into output: inout [UInt8]) -> Line? { nextLine(&output) }
}

/// A suite that writes its full tables as fixture lines itself (the timeline-shaped ones).
package protocol WritesFixtureLines: Suite {
  /// The lines of `drafts(options:keeping:)`, in order.
  func fixtureLines(options: GeneratorOptions, keeping keep: (@Sendable (Int) -> Bool)?) -> FixtureLineSource
}

extension Suite {
  /// The lines of `tierDrafts(options:keeping:)` written straight from the model, when the suite
  /// can (the full tier of a timeline-shaped table); nil: make them from the drafts.
  package func tierFixtureLines(options: GeneratorOptions, keeping keep: (@Sendable (Int) -> Bool)? = nil)
    -> FixtureLineSource?
  {
    guard options.tier == .full, let writer = self as? any WritesFixtureLines else { return nil }
    return writer.fixtureLines(options: options, keeping: keep)
  }
}

/// What the generator counts of a table as it writes it: its size and digest, its cases' tags
/// and decisions.
package struct TableSummary {
  package var size: Int64 = 0
  /// SHA-256 of the table, lower-case hex.
  package var sha256 = ""
  package var count: Int64 = 0
  package var tags: [String: Int64] = [:]
  package var decisions: [String: Int64] = [:]
  /// How many cases list no decision (none is a generator bug: `DecisionTable`).
  package var undecided: Int64 = 0

  package init() {}

  /// Counts one more case.
  mutating func count(tags caseTags: [String], decisions caseDecisions: [String]) {
    count += 1
    for tag in caseTags { tags[tag, default: 0] += 1 }
    for decision in caseDecisions { decisions[decision, default: 0] += 1 }
    if caseDecisions.isEmpty { undecided += 1 }
  }
}

/// A suite whose full table is written, and summed up, before the generator asks for it: a team
/// suite's is written and hashed while its model answers, so that nothing is left to do once
/// the model exits.
package protocol HasWrittenTable: Suite {
  var writtenTable: (bytes: [UInt8], summary: TableSummary) { get }
}
