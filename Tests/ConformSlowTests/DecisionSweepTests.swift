import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// The decision lists' checks that sweep a whole table: the rules tier runs them on a sample.
@Suite struct DecisionSweepTests {
  /// Skipping the drifts that cannot matter gives the lists running every drift gives, on every
  /// published version-compare case and 5,000 fuzzed pairs (`VersionCompareDecisionsTests` checks
  /// a tenth of them).
  @Test func skippingVersionCompareDriftsChangesNoListOnTheWholeTable() {
    var pairs: [(String, String)] = VersionCompareSuite().drafts(options: .published).compactMap { draft in
      guard let remote = draft.input["remote"]?.stringValue, let local = draft.input["local"]?.stringValue else { return nil }
      return (remote, local)
    }
    var generator = SeededGenerator(seed: 99)
    for _ in 0..<5_000 { pairs.append(VersionCompareFuzzer.pair(using: &generator)) }
    #expect(pairs.count > 7_000)
    for (remote, local) in pairs {
      #expect(
        VersionCompareSuite.decisions(remote: remote, local: local, skippingDriftsThatCannotMatter: true)
          == VersionCompareSuite.decisions(remote: remote, local: local, skippingDriftsThatCannotMatter: false),
        "\(remote) vs \(local)")
    }
  }
}
