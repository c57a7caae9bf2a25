import Foundation
import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// The prefix-sharing walk over step sequences that the timeline-shaped tables are made from.
@Suite struct StepSequencesTests {
  /// Every sequence of `letters` up to `maxLength`, shortest first, then in order, made
  /// independently: sequence n of a length is n written in base `letters`.
  static func expectedOrder(letters: Int, maxLength: Int) -> [[Int]] {
    (0...maxLength).flatMap { length in
      (0..<Int(pow(Double(letters), Double(length)))).map { number in
        var digits: [Int] = []
        var rest = number
        for _ in 0..<length {
          digits.insert(rest % letters, at: 0)
          rest /= letters
        }
        return digits
      }
    }
  }

  /// With a state that records its steps, each state is its sequence: every sequence comes
  /// once, in order, with the state of taking its steps from the start, then nil for good.
  @Test(arguments: [(1, 3), (2, 0), (2, 4), (3, 3), (7, 2)])
  func theWalkVisitsEverySequenceInOrderWithItsState(_ letters: Int, _ maxLength: Int) {
    var walk = PrefixStates(start: [Int](), letters: letters, maxLength: maxLength) { $0.append($1) }
    var visited: [[Int]] = []
    while let state = walk.next() {
      #expect(state == walk.sequence)
      visited.append(state)
    }
    #expect(visited == Self.expectedOrder(letters: letters, maxLength: maxLength))
    #expect(visited.count == StepSequences.count(letters: letters, maxLength: maxLength))
    #expect(walk.next() == nil)
  }

  /// A prefix's state is taken once and shared: about one step per sequence, not one per letter.
  @Test func aSequenceCostsAboutOneStep() {
    var steps = 0
    var walk = PrefixStates(start: 0, letters: 6, maxLength: 5) { state, _ in
      state += 1
      steps += 1
    }
    var sequences = 0
    while walk.next() != nil { sequences += 1 }
    #expect(sequences == 9331)
    // Per length L, each prefix of length 1 to L is stepped once: Σ_L Σ_{d ≤ L} 6^d.
    #expect(steps == 11_190)
    // From scratch, every letter of every sequence: Σ_L L · 6^L.
    let fromScratch = (0...5).reduce(0) { $0 + $1 * Int(pow(6, Double($1))) }
    #expect(fromScratch == 44_790 && steps * 4 < fromScratch)
  }

  /// The lines a timeline-shaped suite writes straight from its model are, byte for byte and
  /// part for part, the lines of its drafts made into cases (`JSONWriter` of their values), in
  /// the same order, with their tags; with a shard's `keep`, those of the drafts it keeps.
  @Test(arguments: [(TimelineSuite() as any Suite, 3), (RestartPromptSuite(), 3), (TimelineSuite(), 0)])
  func writtenLinesAreTheDraftsLines(_ suite: any Suite, _ depth: Int) throws {
    let options = GeneratorOptions(parameters: ["depth": depth])
    let everyThird: @Sendable (Int) -> Bool = { $0 % 3 == 1 }
    for keep in [nil, everyThird] {
      let source = try #require(suite.tierFixtureLines(options: options, keeping: keep))
      var written: [UInt8] = []
      var canonical: [UInt8] = []
      var count = 0
      for draft in suite.drafts(options: options, keeping: keep) {
        let fixture = suite.fixture(for: draft)
        let expectedParts = FixtureSet.writeLine(fixture, into: &canonical)
        let (parts, tags, decisions) = try #require(source.next(into: &written), "\(fixture.id)")
        try #require(written == canonical, "\(fixture.id)")
        #expect(parts == expectedParts && tags == fixture.tags && decisions == fixture.decisions)
        count += 1
      }
      #expect(source.next(into: &written) == nil)
      #expect(count > 0)
    }
    // The smoke tier is chosen from the drafts: it is not written from the model.
    #expect(suite.tierFixtureLines(options: GeneratorOptions(parameters: ["depth": depth], tier: .smoke)) == nil)
  }
}
