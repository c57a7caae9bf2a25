import ConformJSON

/// Every sequence of `0..<letters` of length 0 to `maxLength`, shortest first, then in order
/// (`PrefixStates` walks them), made into the cases of timeline-shaped tables.
enum StepSequences {
  /// How many sequences of `0..<letters` have a length of 0 to `maxLength`.
  static func count(letters: Int, maxLength: Int) -> Int {
    (0...maxLength).reduce(0) { total, length in total + (0..<length).reduce(1) { product, _ in product * letters } }
  }

  /// One alphabet of a timeline-shaped table: its sequences are run through a model from
  /// `start`, `apply` taking one letter's step, and `draft` makes the case of a sequence from
  /// the model's state after it.
  struct Alphabet<State> {
    var letters: Int
    var maxLength: Int
    var start: State
    var apply: (inout State, Int) -> Void
    var draft: ([Int], State) -> CaseDraft
  }

  /// The drafts of a timeline-shaped table: the seeds, then, per alphabet, every sequence up to
  /// its depth made into a case by its `draft`, the empty sequence only in the first alphabet
  /// (what `tableCount` counts). With `keep`, only the drafts at the positions it accepts (from
  /// 0, seeds included), the others never made: a shard's part (`Suite.drafts(options:keeping:)`).
  ///
  /// The model's states come from a `PrefixStates` walk: each sequence costs about one model
  /// step, not one per letter.
  static func tableDrafts<State>(
    seeds: [CaseDraft], alphabets: [Alphabet<State>], keeping keep: (@Sendable (Int) -> Bool)? = nil
  ) -> AnySequence<CaseDraft> {
    let keptSeeds = keep.map { keep in seeds.indices.filter(keep).map { seeds[$0] } } ?? seeds
    let exhaustive = AnySequence { () -> AnyIterator<CaseDraft> in
      var position = seeds.count
      var alphabetIndex = 0
      var walk: PrefixStates<State>?
      return AnyIterator {
        while alphabetIndex < alphabets.count {
          let alphabet = alphabets[alphabetIndex]
          if walk == nil {
            walk = PrefixStates(
              start: alphabet.start, letters: alphabet.letters, maxLength: alphabet.maxLength, apply: alphabet.apply)
            // The empty sequence is the first alphabet's only.
            if alphabetIndex > 0 { _ = walk!.next() }
          }
          while let state = walk!.next() {
            position += 1
            if let keep, !keep(position - 1) { continue }
            return alphabet.draft(walk!.sequence, state)
          }
          walk = nil
          alphabetIndex += 1
        }
        return nil
      }
    }
    return AnySequence([AnySequence(keptSeeds), exhaustive].joined())
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
}

/// The sequences of `StepSequences`, in its order, each with the state its letters lead to
/// from a start: the state after every prefix of the current sequence is kept, so the next
/// sequence, which mostly differs in its last letter only, costs one `apply` instead of one
/// per letter (about 1.2 per sequence over a whole search of 6 or 7 letters).
struct PrefixStates<State>: IteratorProtocol {
  let letters: Int
  let maxLength: Int
  let apply: (inout State, Int) -> Void
  /// The sequence `next()` last returned the state of.
  private(set) var sequence: [Int] = []
  /// `states[i]`: the state after the first `i` letters of `sequence`.
  private var states: [State]
  private var started = false
  private var finished = false

  init(start: State, letters: Int, maxLength: Int, apply: @escaping (inout State, Int) -> Void) {
    self.letters = letters
    self.maxLength = maxLength
    self.apply = apply
    states = [start]
    states.reserveCapacity(maxLength + 1)
    sequence.reserveCapacity(maxLength)
  }

  /// Moves to the next sequence and returns the state after it; nil after the last.
  mutating func next() -> State? {
    guard started else {
      started = true
      return states[0]
    }
    guard !finished else { return nil }
    // The first position that changes: the last one that can still count up.
    var changed = sequence.count - 1
    while changed >= 0, sequence[changed] + 1 == letters { changed -= 1 }
    if changed >= 0 {
      sequence[changed] += 1
      for position in changed + 1..<sequence.count { sequence[position] = 0 }
    } else {
      guard sequence.count < maxLength, letters > 0 else {
        finished = true
        return nil
      }
      sequence = [Int](repeating: 0, count: sequence.count + 1)
      changed = 0
    }
    states.removeSubrange((changed + 1)...)
    for position in changed..<sequence.count {
      var state = states[position]
      apply(&state, sequence[position])
      states.append(state)
    }
    return states[sequence.count]
  }
}

extension StepSequences.Alphabet {
  /// The alphabet of a table whose cases are named `<name>/<labels joined by ->` ("empty" for
  /// none), whose input is `base` with its `steps` member the letters' JSON, and whose expected
  /// output is `output` of the model's state: the timeline's and the restart prompt's shape.
  /// Each letter's JSON and the base's members are made once, not per case.
  init(
    name: String, tags: [String], note: String, labels: [String], steps: [JSONValue], base: JSONValue, maxLength: Int,
    start: State, apply: @escaping (inout State, Int) -> Void, output: @escaping (State) -> JSONValue
  ) {
    guard case .object(let object) = base, let stepsMember = object.members.firstIndex(where: { $0.key == "steps" }) else {
      preconditionFailure("a step-sequence input is an object with steps")
    }
    let members = object.members
    self.init(letters: labels.count, maxLength: maxLength, start: start, apply: apply) { sequence, state in
      var label = "\(name)/"
      label.reserveCapacity(name.count + 1 + sequence.count * 8)
      if sequence.isEmpty { label += "empty" }
      for (position, letter) in sequence.enumerated() {
        if position > 0 { label += "-" }
        label += labels[letter]
      }
      var input = members
      input[stepsMember].value = .array(sequence.map { steps[$0] })
      return CaseDraft(label, tags: tags, note: note, input: .object(JSONObject(sortedMembers: input)), expected: output(state))
    }
  }
}
