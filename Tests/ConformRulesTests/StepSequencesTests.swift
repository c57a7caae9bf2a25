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
}
