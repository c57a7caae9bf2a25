import ConformFixtures
import ConformJSON
import ConformProtocol

extension SuiteParameter {
  /// The step-sequence suites' `depth`: the longest sequence of their exhaustive searches (an
  /// alphabet may stop shorter, `depthOffset`). Each step more makes about six times the cases.
  static let depth = SuiteParameter(
    name: "depth", defaultValue: 5, range: 1...12,
    help: "the longest step sequence of the exhaustive searches; each step more makes about six times the "
      + "cases (8: 2 to 3 million a suite)")
}

/// Every sequence of `0..<letters` of length 0 to `maxLength`, shortest first, then in order
/// (`PrefixStates` walks them), made into the cases of timeline-shaped tables.
enum StepSequences {
  /// How many sequences of `0..<letters` have a length of 0 to `maxLength`.
  static func count(letters: Int, maxLength: Int) -> Int {
    (0...maxLength).reduce(0) { total, length in total + (0..<length).reduce(1) { product, _ in product * letters } }
  }

  /// One alphabet of a timeline-shaped table: its sequences are run through a model from
  /// `start`, `apply` taking one letter's step; the case of a sequence is named
  /// `<name>/<labels joined by ->` ("empty" for none), its input is `base` with its `steps`
  /// member the letters' JSON, and its expected output is `output` of the model's state after
  /// it: the timeline's and the restart prompt's shape; `decisions`, when the table lists them,
  /// the spec's decisions the sequence exercises (`Suite.decisions(for:)` of its input), read
  /// from the state (`DecisionProbe`).
  struct Alphabet<State> {
    var name: String
    var tags: [String]
    var note: String
    var labels: [String]
    var maxLength: Int
    var start: State
    var apply: (inout State, Int) -> Void
    var output: (State) -> JSONValue
    var decisions: ((State) -> [Int])?
    /// Appends `output`'s canonical bytes straight from the state (checked against `output` by
    /// `WireFormatPropertyTests`); nil: `JSONWriter` of `output`.
    var writeOutput: ((State, inout [UInt8]) -> Void)?
    /// The input's bytes, from each letter's JSON written once.
    let input: ElementsTemplate
    /// The base's members, and which one is `steps`: each draft's input is made from them.
    private let members: [(key: String, value: JSONValue)]
    private let stepsMember: Int
    private let steps: [JSONValue]

    var letters: Int { labels.count }

    init(
      name: String, tags: [String], note: String, labels: [String], steps: [JSONValue], base: JSONValue, maxLength: Int,
      start: State, apply: @escaping (inout State, Int) -> Void, output: @escaping (State) -> JSONValue,
      writeOutput: ((State, inout [UInt8]) -> Void)? = nil, decisions: ((State) -> [Int])?
    ) {
      guard case .object(let object) = base, let stepsMember = object.members.firstIndex(where: { $0.key == "steps" }) else {
        preconditionFailure("a step-sequence input is an object with steps")
      }
      (self.name, self.tags, self.note, self.labels, self.maxLength) = (name, tags, note, labels, maxLength)
      (self.start, self.apply, self.output, self.writeOutput) = (start, apply, output, writeOutput)
      self.decisions = decisions
      members = object.members
      self.stepsMember = stepsMember
      self.steps = steps
      let members = members
      input = ElementsTemplate(
        { elements in
          var input = members
          input[stepsMember].value = .array(elements)
          return .object(JSONObject(sortedMembers: input))
        }, elements: steps)
    }

    /// The case of `sequence`, the model in `state` after it; each letter's JSON and the base's
    /// members are made once, not per case.
    func draft(_ sequence: [Int], _ state: State) -> CaseDraft {
      var label = "\(name)/"
      label.reserveCapacity(name.count + 1 + sequence.count * 8)
      if sequence.isEmpty { label += "empty" }
      for (position, letter) in sequence.enumerated() {
        if position > 0 { label += "-" }
        label += labels[letter]
      }
      return CaseDraft(
        label, tags: tags, note: note, input: input(of: sequence), expected: output(state), decisions: decisions?(state))
    }

    /// The input of `sequence`'s case.
    func input(of sequence: [Int]) -> JSONValue {
      var input = members
      input[stepsMember].value = .array(sequence.map { steps[$0] })
      return .object(JSONObject(sortedMembers: input))
    }
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
      var walk = TableWalk(seeds: seeds.count, alphabets: alphabets, keeping: keep)
      return AnyIterator { walk.next().map { alphabets[$0.alphabet].draft(walk.sequence, $0.state) } }
    }
    return AnySequence([AnySequence(keptSeeds), exhaustive].joined())
  }

  /// The sequences of a table's alphabets in `tableDrafts`' order, each with its alphabet and
  /// the model's state after it; those at the positions `keep` refuses skipped.
  struct TableWalk<State> {
    let alphabets: [Alphabet<State>]
    let keep: (@Sendable (Int) -> Bool)?
    private var position: Int
    private var alphabetIndex = 0
    private var walk: PrefixStates<State>?

    init(seeds: Int, alphabets: [Alphabet<State>], keeping keep: (@Sendable (Int) -> Bool)?) {
      self.alphabets = alphabets
      self.keep = keep
      position = seeds
    }

    /// The sequence `next()` last returned.
    var sequence: [Int] { walk?.sequence ?? [] }

    /// The next kept sequence's alphabet (an index into `alphabets`) and state; nil after the last.
    mutating func next() -> (alphabet: Int, state: State)? {
      while alphabetIndex < alphabets.count {
        if walk == nil {
          let alphabet = alphabets[alphabetIndex]
          walk = PrefixStates(
            start: alphabet.start, letters: alphabet.letters, maxLength: alphabet.maxLength, apply: alphabet.apply)
          // The empty sequence is the first alphabet's only.
          if alphabetIndex > 0 { _ = walk!.next() }
        }
        while let state = walk!.next() {
          position += 1
          if let keep, !keep(position - 1) { continue }
          return (alphabetIndex, state)
        }
        walk = nil
        alphabetIndex += 1
      }
      return nil
    }
  }

  /// The lines of `tableDrafts`' cases, the seeds made into cases by `suite`; the exhaustive
  /// cases' decisions left out where their alphabet lists none.
  static func tableLines<State>(
    suite: some Suite, seeds: [CaseDraft], alphabets: [Alphabet<State>], keeping keep: (@Sendable (Int) -> Bool)?
  ) -> FixtureLineSource {
    var lines = StepSequenceLines(
      suite: suite.name, seeds: seeds.map(suite.fixture(for:)), alphabets: alphabets,
      decisionNumbers: suite.specDecisions.map(\.number), keeping: keep)
    return FixtureLineSource { lines.next(into: &$0) }
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

/// A timeline-shaped table's cases as fixture lines (`StepSequences.tableDrafts`' cases, in its
/// order), each exhaustive case's line written from its sequence and the model's state: the id
/// from each label's bytes, the input from the alphabet's `ElementsTemplate`, the expected output
/// by the alphabet's `writeOutput`, and the note, suite and tags, the same for a whole alphabet,
/// written once.
struct StepSequenceLines<State> {
  /// What an alphabet's cases are written from, and the bytes they all share; a class, so that
  /// writing a case copies one reference, not every field.
  private final class Family {
    let alphabet: StepSequences.Alphabet<State>
    /// The id's opening quote and `<suite>/<alphabet>/`.
    let idHead: [UInt8]
    /// Each letter's label, then the separator and the empty sequence's name, as they appear
    /// inside the id's quotes.
    let labels: [[UInt8]]
    let separator: [UInt8]
    let empty: [UInt8]
    /// What follows the input (`FixtureLine.writeTail`).
    let tail: [UInt8]

    init(suite: String, alphabet: StepSequences.Alphabet<State>) {
      self.alphabet = alphabet
      idHead = Array(JSONWriter.bytes(.string("\(suite)/\(alphabet.name)/")).dropLast())
      labels = alphabet.labels.map(Self.plain)
      separator = Self.plain("-")
      empty = Self.plain("empty")
      var tail: [UInt8] = []
      FixtureLine.writeTail(note: alphabet.note, suite: suite, tags: alphabet.tags, into: &tail)
      self.tail = tail
    }

    /// A piece of an id as it is inside the id's JSON string: its bytes, which must need no
    /// escape (ids are plain ASCII), so that pieces side by side are the whole id's string.
    private static func plain(_ piece: String) -> [UInt8] {
      let inside = Array(JSONWriter.bytes(.string(piece)).dropFirst().dropLast())
      precondition(inside == Array(piece.utf8), "an id piece that needs an escape: \(piece)")
      return inside
    }

    /// Appends the line of `sequence`, the model in `state` after it, exercising `decisions`.
    func write(_ sequence: [Int], _ state: State, decisions: [String], into output: inout [UInt8]) -> FixtureLine.Parts {
      FixtureLine.write(
        into: &output, decisions: decisions,
        expected: { output in
          if let writeOutput = alphabet.writeOutput {
            writeOutput(state, &output)
          } else {
            JSONWriter.write(alphabet.output(state), into: &output)
          }
        },
        id: { output in
          output.append(contentsOf: idHead)
          if sequence.isEmpty { output.append(contentsOf: empty) }
          for (position, letter) in sequence.enumerated() {
            if position > 0 { output.append(contentsOf: separator) }
            output.append(contentsOf: labels[letter])
          }
          output.append(idHead[0])  // the closing quote, the same byte as the opening one
        },
        input: { alphabet.input.write(sequence, into: &$0) },
        tail: { $0.append(contentsOf: tail) })
    }
  }

  private var seeds: IndexingIterator<[FixtureCase]>
  private var walk: StepSequences.TableWalk<State>
  private let families: [Family]
  /// The ids of the suite's decisions by number (`Decision.id`), each made once.
  private var decisionIDs: [Int: String]

  /// - Parameter seeds: every seed, as a case (those `keep` accepts are written).
  init(
    suite: String, seeds: [FixtureCase], alphabets: [StepSequences.Alphabet<State>],
    decisionNumbers: [Int], keeping keep: (@Sendable (Int) -> Bool)?
  ) {
    self.seeds = (keep.map { keep in seeds.indices.filter(keep).map { seeds[$0] } } ?? seeds).makeIterator()
    walk = StepSequences.TableWalk(seeds: seeds.count, alphabets: alphabets, keeping: keep)
    families = alphabets.map { Family(suite: suite, alphabet: $0) }
    decisionIDs = [:]
    for decision in decisionNumbers { decisionIDs[decision] = Decision.id(suite: suite, number: decision) }
  }

  mutating func next(into output: inout [UInt8]) -> FixtureLineSource.Line? {
    if let seed = seeds.next() { return (FixtureSet.writeLine(seed, into: &output), seed.tags, seed.decisions) }
    guard let (index, state) = walk.next() else { return nil }
    let family = families[index]
    let decisions = family.alphabet.decisions.map { $0(state).map { decisionIDs[$0]! } } ?? []
    return (family.write(walk.sequence, state, decisions: decisions, into: &output), family.alphabet.tags, decisions)
  }
}
