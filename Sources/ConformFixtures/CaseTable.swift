import ConformJSON
import ConformProtocol
import Foundation

/// The run's cases, with every byte the hot path needs in one arena: each request's members
/// before its `seq` and its suite's suffix, its id, its expected output in canonical JSON, and
/// the two parts of the middle of its `pass` record (the case's id member, its suite's part).
///
/// One contiguous buffer read through a pointer costs no reference counting per case, which is
/// most of what a harness would otherwise spend at hundreds of thousands of cases a second. Made
/// from canonical fixture lines, the arena is the lines themselves: a case's parts are all in
/// its line, in the order a request and a pass record need them, so nothing is copied per case.
package final class CaseTable: Sendable {
  package struct Slices: Sendable {
    /// `"id":…,"input":…` (`CaseRequest.write(members:seq:suffix:into:)`).
    var requestMembers: Range<Int>
    var requestSuffix: Range<Int>
    package var id: Range<Int>
    package var expected: Range<Int>
    /// `,"id":…`
    var passID: Range<Int>
    /// `,"status":"pass","suite":…,"type":"case","us":`
    var passSuite: Range<Int>

    func shifted(by offset: Int) -> Slices {
      func shift(_ range: Range<Int>) -> Range<Int> { range.lowerBound + offset..<range.upperBound + offset }
      return Slices(
        requestMembers: shift(requestMembers), requestSuffix: shift(requestSuffix), id: shift(id), expected: shift(expected),
        passID: shift(passID), passSuite: shift(passSuite))
    }
  }

  /// Each case, when the table was made from cases; nil when it was made from their canonical
  /// lines (`lines`), which a case is parsed from when a record needs more than its id.
  private let parsed: [FixtureCase]?
  private let lines: EncodedCases?
  package let count: Int
  package let arena: [UInt8]
  package let slices: [Slices]
  /// The suites of the run, and each case's index into them.
  package let suites: [String]
  package let suiteOfCase: [Int32]
  /// The run's position of the first case (a generated run makes one table per batch): with a
  /// case's index, orders the outcomes a summary keeps.
  package let base: Int
  /// Each case's position in the run, when the cases are not consecutive (a batch of a shuffled
  /// run); nil: `base` plus the case's index.
  let ordinals: [Int32]?

  /// - Parameters:
  ///   - suites: the run's suites, every case's among them; nil: those of `fixtures`, in
  ///     first-seen order.
  ///   - base: the position in the run of the first case.
  ///   - ordinals: each case's position in the run, in place of `base`.
  ///   - onEveryCore: encode many cases in chunks on every core; false: on this thread alone.
  ///   - inputs: each case's input already encoded (nil for one that is not), copied as it is.
  package convenience init(
    _ fixtures: [FixtureCase], suites runSuites: [String]? = nil, base: Int = 0, ordinals: [Int32]? = nil,
    onEveryCore: Bool = true, inputs: [ArraySlice<UInt8>?]? = nil
  ) {
    let (arena, slices) =
      onEveryCore && inputs == nil ? Self.encode(fixtures) : Self.encode(fixtures[...], inputs: inputs ?? [])
    self.init(
      parsed: fixtures, lines: nil, caseSuites: fixtures.map(\.suite), arena: arena, slices: slices, suites: runSuites,
      base: base, ordinals: ordinals)
  }

  /// Cases from their canonical fixture lines (`FixtureLine`'s bytes), one after another in
  /// `bytes` in the table's order, each with its parts: `bytes` becomes the arena as it is (each
  /// suite's shared parts appended), neither parsed nor copied.
  ///
  /// - Parameters:
  ///   - base: the position in the run of the first case.
  ///   - ordinals: each case's position in the run, in place of `base`.
  package convenience init(
    lines bytes: [UInt8], parts: [FixtureLine.Parts], caseSuites: [String], suites runSuites: [String], base: Int = 0,
    ordinals: [Int32]? = nil
  ) {
    var arena = bytes
    let slices = Self.slices(of: parts, suites: caseSuites, arena: &arena)
    let lines = EncodedCases(chunks: [arena], lines: parts.map { EncodedCases.Line($0, chunk: 0) })
    self.init(
      parsed: nil, lines: lines, caseSuites: caseSuites, arena: arena, slices: slices, suites: runSuites, base: base,
      ordinals: ordinals)
  }

  /// The selected cases of a set (indices into `set.cases`), copied from the lines it was
  /// generated as when it has them, else encoded.
  package convenience init(_ set: FixtureSet, selected: [Int], suites runSuites: [String]) {
    let fixtures = selected.map { set.cases[$0] }
    guard let encoded = set.encoded else {
      self.init(fixtures, suites: runSuites)
      return
    }
    let (arena, slices) = Self.copy(selected, from: encoded, suites: fixtures.map(\.suite))
    self.init(
      parsed: fixtures, lines: nil, caseSuites: fixtures.map(\.suite), arena: arena, slices: slices, suites: runSuites,
      base: 0)
  }

  /// A chunk of generated tables, all of `suite`: its lines, which hold its cases in order,
  /// become the arena; its cases are parsed from them when it kept none.
  package convenience init(_ chunk: GeneratedTables.Chunk, suite: String, suites runSuites: [String], base: Int) {
    let caseSuites = Array(repeating: suite, count: chunk.count)
    guard let fixtures = chunk.fixtures else {
      self.init(lines: chunk.lines, parts: chunk.spans.map(\.parts), caseSuites: caseSuites, suites: runSuites, base: base)
      return
    }
    var arena = chunk.lines
    let slices = Self.slices(of: chunk.spans.map(\.parts), suites: caseSuites, arena: &arena)
    self.init(
      parsed: fixtures, lines: nil, caseSuites: caseSuites, arena: arena, slices: slices, suites: runSuites, base: base)
  }

  private init(
    parsed: [FixtureCase]?, lines: EncodedCases?, caseSuites: [String], arena: [UInt8], slices: [Slices],
    suites runSuites: [String]?, base: Int, ordinals: [Int32]? = nil
  ) {
    self.ordinals = ordinals
    self.arena = arena
    self.slices = slices
    var suites = runSuites ?? []
    var suiteOfCase: [Int32] = []
    suiteOfCase.reserveCapacity(caseSuites.count)
    var last: (name: String, index: Int32)?
    for suite in caseSuites {
      if let last, last.name == suite {
        suiteOfCase.append(last.index)
        continue
      }
      if !suites.contains(suite) {
        precondition(runSuites == nil, "a case of suite \(suite), not one of the run's")
        suites.append(suite)
      }
      let index = Int32(suites.firstIndex(of: suite)!)
      last = (suite, index)
      suiteOfCase.append(index)
    }
    self.base = base
    self.parsed = parsed
    self.lines = lines
    count = caseSuites.count
    self.suites = suites
    self.suiteOfCase = suiteOfCase
  }

  /// Case `index`: as made, or parsed from its line (checked when the set was loaded).
  package func fixture(_ index: Int) -> FixtureCase {
    if let parsed { return parsed[index] }
    let line = lines!.lines[index]
    let bytes = lines!.chunks[Int(line.chunk)]
    guard let json = try? JSONReader.parse(bytes[line.parts.line]), let fixture = try? FixtureCase(json: json) else {
      preconditionFailure("a fixture line checked when the set was loaded no longer parses")
    }
    return fixture
  }

  /// Case `index`'s id, from the arena.
  package func id(_ index: Int) -> String {
    arena.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[slices[index].id]), as: UTF8.self) }
  }

  /// Case `index`'s position in the run.
  package func ordinal(of index: Int) -> Int { ordinals.map { Int($0[index]) } ?? base + index }

  /// Copies the canonical fixture lines of the `selected` cases one after another, each whole,
  /// and finds each case's slices in them.
  private static func copy(
    _ selected: [Int], from encoded: EncodedCases, suites: [String]
  ) -> (arena: [UInt8], slices: [Slices]) {
    var arena: [UInt8] = []
    arena.reserveCapacity(selected.reduce(0) { $0 + encoded.lines[$1].line.count } + 1024)
    var parts: [FixtureLine.Parts] = []
    parts.reserveCapacity(selected.count)
    for index in selected {
      let line = encoded.lines[index].parts
      let start = arena.count
      encoded.chunks[Int(encoded.lines[index].chunk)].withUnsafeBufferPointer { chunk in
        arena.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[line.line]))
      }
      parts.append(line.moved(to: start))
    }
    let slices = Self.slices(of: parts, suites: suites, arena: &arena)
    return (arena, slices)
  }

  /// The slices of cases whose canonical fixture lines are in `arena` at `parts`: each suite's
  /// request suffix and pass-record part are appended to it, once.
  private static func slices(of parts: [FixtureLine.Parts], suites: [String], arena: inout [UInt8]) -> [Slices] {
    var slices: [Slices] = []
    slices.reserveCapacity(parts.count)
    var shared = SuiteParts()
    for (suite, line) in zip(suites, parts) {
      let suiteParts = shared.ranges(of: suite, in: &arena)
      // An id is plain ASCII, without escapes: its content is its bytes.
      slices.append(
        Slices(
          requestMembers: line.requestMembers, requestSuffix: suiteParts.requestSuffix, id: line.id.insideQuotes,
          expected: line.expected, passID: line.idMember, passSuite: suiteParts.passSuite))
    }
    return slices
  }

  /// Encodes every case, in chunks on every core when there are many.
  private static func encode(_ fixtures: [FixtureCase]) -> (arena: [UInt8], slices: [Slices]) {
    let chunkSize = 1024
    guard fixtures.count > chunkSize else { return encode(fixtures[...]) }
    let chunks = stride(from: 0, to: fixtures.count, by: chunkSize).map {
      fixtures[$0..<min($0 + chunkSize, fixtures.count)]
    }
    var parts = [(arena: [UInt8], slices: [Slices])](repeating: ([], []), count: chunks.count)
    parts.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let slots = buffer
      DispatchQueue.concurrentPerform(iterations: chunks.count) { slots[$0] = encode(chunks[$0]) }
    }
    var arena: [UInt8] = []
    arena.reserveCapacity(parts.reduce(0) { $0 + $1.arena.count })
    var slices: [Slices] = []
    slices.reserveCapacity(fixtures.count)
    for part in parts {
      let shift = arena.count
      arena += part.arena
      for slice in part.slices { slices.append(slice.shifted(by: shift)) }
    }
    return (arena, slices)
  }

  /// Encodes cases into one arena, straight from their values (an input from its bytes in
  /// `inputs`, where they are given); a suite's request suffix is written once and shared.
  private static func encode(
    _ fixtures: ArraySlice<FixtureCase>, inputs: [ArraySlice<UInt8>?] = []
  ) -> (arena: [UInt8], slices: [Slices]) {
    var arena: [UInt8] = []
    arena.reserveCapacity(fixtures.count * 512)
    var slices: [Slices] = []
    slices.reserveCapacity(fixtures.count)
    var shared = SuiteParts()
    for (position, fixture) in fixtures.enumerated() {
      let suffix = shared.ranges(of: fixture.suite, in: &arena).requestSuffix
      let request =
        if position < inputs.count, let encoded = inputs[position] {
          CaseRequest.writePrefix(id: fixture.id, encodedInput: encoded, into: &arena)
        } else {
          CaseRequest.writePrefix(id: fixture.id, input: fixture.input, into: &arena)
        }
      let id = arena.count..<arena.count + fixture.id.utf8.count
      arena.append(contentsOf: fixture.id.utf8)
      let expectedStart = arena.count
      JSONWriter.write(fixture.expected, into: &arena)
      let expected = expectedStart..<arena.count
      let pass = PassRecord.writeMiddle(id: fixture.id, suite: fixture.suite, into: &arena)
      slices.append(
        Slices(
          requestMembers: request.members, requestSuffix: suffix, id: id, expected: expected, passID: pass.idMember,
          passSuite: pass.suitePart))
    }
    return (arena, slices)
  }

  /// The request suffix and pass-record part of each suite met, written once into the arena and
  /// shared by its cases.
  private struct SuiteParts {
    private var known: [(suite: String, requestSuffix: Range<Int>, passSuite: Range<Int>)] = []

    mutating func ranges(of suite: String, in arena: inout [UInt8]) -> (requestSuffix: Range<Int>, passSuite: Range<Int>) {
      if let found = known.last(where: { $0.suite == suite }) { return (found.requestSuffix, found.passSuite) }
      let parts = (
        suite: suite, requestSuffix: CaseRequest.writeSuffix(suite: suite, into: &arena),
        passSuite: PassRecord.writeSuitePart(suite: suite, into: &arena)
      )
      known.append(parts)
      return (parts.requestSuffix, parts.passSuite)
    }
  }

  /// Appends the request line of case `index` with `seq`.
  package static func writeRequest(
    _ slices: Slices, seq: Int64, arena: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]
  ) {
    CaseRequest.write(
      members: UnsafeBufferPointer(rebasing: arena[slices.requestMembers]), seq: seq,
      suffix: UnsafeBufferPointer(rebasing: arena[slices.requestSuffix]), into: &output)
  }

  /// Appends a `pass` record line: the same bytes as `ResultRecord.result(...).json` plus a newline.
  package static func writePassRecord(
    _ slices: Slices, attempt: Int64, microseconds: Int64, arena: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]
  ) {
    PassRecord.write(
      attempt: attempt, idMember: UnsafeBufferPointer(rebasing: arena[slices.passID]),
      suitePart: UnsafeBufferPointer(rebasing: arena[slices.passSuite]), microseconds: microseconds, into: &output)
  }
}

/// The request lines of a run, as conform writes them to an implementation (`conform bench`).
package enum RequestLines {
  /// The hello for `suites`, then every case `repeats` times, seq from 1.
  package static func run(_ cases: [FixtureCase], suites: [String], repeats: Int = 1) -> [UInt8] {
    var bytes = HarnessHello(suites: suites).line
    let table = CaseTable(cases, suites: suites)
    var seq: Int64 = 1
    table.arena.withUnsafeBufferPointer { arena in
      for _ in 0..<repeats {
        for slices in table.slices {
          CaseTable.writeRequest(slices, seq: seq, arena: arena, into: &bytes)
          seq += 1
        }
      }
    }
    return bytes
  }
}
