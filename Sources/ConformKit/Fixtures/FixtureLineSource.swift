import ConformProtocol

/// A table's cases as their canonical fixture lines (`FixtureLine`), written one at a time by
/// the suite's generator straight from its model: no `JSONValue` is built for a case, which is
/// most of what making a case would otherwise cost. The same bytes, in the same order, as the
/// suite's drafts made into cases and written by `FixtureSet.writeLine`.
///
/// A class around the generator's function rather than a protocol: the function is made where
/// the model's type is known, so its code is specialised for it (a generic type's conformance
/// would run unspecialised, looking up type metadata on every case).
final class FixtureLineSource {
  /// Where a written line's parts are, and the case's tags and decisions.
  typealias Line = (parts: FixtureLine.Parts, tags: [String], decisions: [String])

  private let nextLine: (inout [UInt8]) -> Line?

  init(_ nextLine: @escaping (inout [UInt8]) -> Line?) {
    self.nextLine = nextLine
  }

  /// Appends the next case's line to `output`; returns where its parts are, the case's tags and
  /// decisions, or nil after the last case.
  func next(into output: inout [UInt8]) -> Line? { nextLine(&output) }
}

/// A suite that writes its full tables as fixture lines itself (the timeline-shaped ones).
protocol WritesFixtureLines: Suite {
  /// The lines of `drafts(options:keeping:)`, in order.
  func fixtureLines(options: GeneratorOptions, keeping keep: (@Sendable (Int) -> Bool)?) -> FixtureLineSource
}

extension Suite {
  /// The lines of `tierDrafts(options:keeping:)` written straight from the model, when the suite
  /// can (the full tier of a timeline-shaped table); nil: make them from the drafts.
  func tierFixtureLines(options: GeneratorOptions, keeping keep: (@Sendable (Int) -> Bool)? = nil)
    -> FixtureLineSource?
  {
    guard options.tier == .full, let writer = self as? any WritesFixtureLines else { return nil }
    return writer.fixtureLines(options: options, keeping: keep)
  }
}
