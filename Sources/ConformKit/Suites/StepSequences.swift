/// Every sequence of `0..<letters` of length 0 to `maxLength`, shortest first, then in order.
struct StepSequences: Sequence, IteratorProtocol {
  let letters: Int
  let maxLength: Int
  private var current: [Int]? = []

  init(letters: Int, maxLength: Int) {
    self.letters = letters
    self.maxLength = maxLength
  }

  static func count(letters: Int, maxLength: Int) -> Int {
    (0...maxLength).reduce(0) { total, length in total + (0..<length).reduce(1) { product, _ in product * letters } }
  }

  /// The drafts of a timeline-shaped table: the seeds, then, per alphabet, every sequence up to
  /// its depth made into a case by its `draft`, the empty sequence only in the first alphabet
  /// (what `tableCount` counts). With `keep`, only the drafts at the positions it accepts (from
  /// 0, seeds included), the others never made: a shard's part (`Suite.drafts(options:keeping:)`).
  static func tableDrafts(
    seeds: [CaseDraft], alphabets: [(letters: Int, maxLength: Int, draft: ([Int]) -> CaseDraft)],
    keeping keep: (@Sendable (Int) -> Bool)? = nil
  ) -> AnySequence<CaseDraft> {
    if let keep {
      let sequences = alphabets.enumerated().lazy.flatMap { position, alphabet in
        StepSequences(letters: alphabet.letters, maxLength: alphabet.maxLength)
          .lazy.filter { position == 0 || !$0.isEmpty }
          .map { (sequence: $0, draft: alphabet.draft) }
      }
      let kept = zip(seeds.count..., sequences).lazy.filter { keep($0.0) }.map { $0.1.draft($0.1.sequence) }
      let keptSeeds = seeds.indices.filter(keep).map { seeds[$0] }
      return AnySequence([AnySequence(keptSeeds), AnySequence(kept)].joined())
    }
    let exhaustive = alphabets.enumerated().lazy.flatMap { position, alphabet in
      StepSequences(letters: alphabet.letters, maxLength: alphabet.maxLength)
        .lazy.filter { position == 0 || !$0.isEmpty }
        .map(alphabet.draft)
    }
    return AnySequence([AnySequence(seeds), AnySequence(exhaustive)].joined())
  }

  /// The cases of a table of `seeds` named cases and, per alphabet, every sequence up to its
  /// depth, the empty sequence once (in the first alphabet): the timeline-shaped suites' count.
  static func tableCount(seeds: Int, alphabets: [(letters: Int, maxLength: Int)]) -> Int {
    var count = seeds
    for (position, alphabet) in alphabets.enumerated() {
      count += Self.count(letters: alphabet.letters, maxLength: alphabet.maxLength)
      if position > 0 { count -= 1 }
    }
    return count
  }

  mutating func next() -> [Int]? {
    guard let sequence = current else { return nil }
    current = Self.successor(of: sequence, letters: letters, maxLength: maxLength)
    return sequence
  }

  private static func successor(of sequence: [Int], letters: Int, maxLength: Int) -> [Int]? {
    var next = sequence
    var position = next.count - 1
    while position >= 0 {
      if next[position] + 1 < letters {
        next[position] += 1
        return next
      }
      next[position] = 0
      position -= 1
    }
    guard sequence.count < maxLength, letters > 0 else { return nil }
    return [Int](repeating: 0, count: sequence.count + 1)
  }
}
