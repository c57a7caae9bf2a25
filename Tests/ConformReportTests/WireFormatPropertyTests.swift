import ConformJSON
import ConformProtocol
import Testing

@testable import ConformFixtures
@testable import ConformHarness
@testable import ConformResults
@testable import ConformSuites

/// Every fast encoder of `ConformProtocol` against the canonical encoder (`JSONWriter` on the
/// line's model), on values drawn by the kit's `SeededGenerator`: the same bytes, and the parts
/// each reports are where those parts' canonical bytes are.
@Suite struct WireFormatPropertyTests {
  /// Values per encoder: a few thousand lines, well under a second.
  static let count = 1500

  @Test func answerLinesAreCanonicalAndTheirReadersFindTheirParts() throws {
    var values = WireValues(seed: FuzzSettings.seed)
    for _ in 0..<Self.count {
      let answer = Answer(seq: values.seq(), id: values.id(), payload: values.payload())
      var bytes: [UInt8] = [0x20]
      let parts = AnswerLine.write(seq: answer.seq, id: answer.id, payload: answer.payload, into: &bytes)
      let line = Array(bytes[parts.line])
      try #require(line == JSONWriter.bytes(answer.json) + [0x0A], "\(answer)")
      try #require(Array(bytes[parts.id]) == JSONWriter.bytes(.string(answer.id)))
      try #require(Array(bytes[parts.payload]) == JSONWriter.bytes(answer.payload.value))
      try #require(Array(bytes[parts.seq]) == JSONWriter.bytes(.int(answer.seq)))
      // The harness's readers find the same parts in the line as written.
      let local = parts.line.lowerBound
      let text = line.dropLast()
      try #require(try Answer.parse(String(decoding: text, as: UTF8.self)) == answer)
      let plainID = !bytes[parts.id.insideQuotes].contains(UInt8(ascii: "\\"))
      let scanned = Array(text).withUnsafeBufferPointer { AnswerScanner.scan($0) }
      if plainID {
        let scanned = try #require(scanned, "\(answer)")
        #expect(scanned.kind == answer.payload.kind && scanned.seq == answer.seq)
        #expect(scanned.id == parts.id.insideQuotes.shifted(by: -local))
        #expect(scanned.payload == parts.payload.shifted(by: -local))
      } else {
        #expect(scanned == nil)
      }
      let canonical = Array(text).withUnsafeBufferPointer { CanonicalResult.match($0) }
      if plainID, answer.payload.kind == .result, (1...999_999_999_999_999_999).contains(answer.seq) {
        let found = try #require(canonical, "\(answer)")
        #expect(found.seq == answer.seq)
        #expect(found.id == parts.id.insideQuotes.shifted(by: -local))
        #expect(found.output == parts.payload.shifted(by: -local))
      } else {
        #expect(canonical == nil)
      }
    }
  }

  @Test func requestsAreCanonical() throws {
    var values = WireValues(seed: FuzzSettings.seed &+ 1)
    for _ in 0..<Self.count {
      let (id, suite, input, seq) = (values.id(), values.string(), values.json.value(), values.seq())
      var bytes: [UInt8] = [0x20]
      let parts = CaseRequest.writePrefix(id: id, input: input, into: &bytes)
      let suffix = CaseRequest.writeSuffix(suite: suite, into: &bytes)
      try #require(Array(bytes[parts.id]) == JSONWriter.bytes(.string(id)))
      try #require(Array(bytes[parts.input]) == JSONWriter.bytes(input))
      var line: [UInt8] = []
      bytes.withUnsafeBufferPointer { bytes in
        CaseRequest.write(
          prefix: UnsafeBufferPointer(rebasing: bytes[parts.prefix]), seq: seq,
          suffix: UnsafeBufferPointer(rebasing: bytes[suffix]),
          into: &line)
      }
      let canonical = JSONWriter.bytes(CaseRequest.json(seq: seq, id: id, suite: suite, input: input)) + [0x0A]
      try #require(line == canonical, "\(id)")
      // From the members before `seq`, and as a request made once: the same line.
      try #require(Array(bytes[parts.members]) == JSONWriter.bytes(["id": .string(id), "input": input]).dropFirst().dropLast())
      var fromMembers: [UInt8] = []
      bytes.withUnsafeBufferPointer { bytes in
        CaseRequest.write(
          members: UnsafeBufferPointer(rebasing: bytes[parts.members]), seq: seq,
          suffix: UnsafeBufferPointer(rebasing: bytes[suffix]), into: &fromMembers)
      }
      #expect(fromMembers == canonical)
      var once: [UInt8] = []
      CaseRequest(id: id, suite: suite, input: input).write(seq: seq, into: &once)
      #expect(once == canonical)
    }
  }

  @Test func fixtureLinesAreCanonicalAndTheirPartsKeptAsOffsets() throws {
    var values = WireValues(seed: FuzzSettings.seed &+ 2)
    for _ in 0..<Self.count {
      let fixture = values.fixture()
      var bytes: [UInt8] = [0x20]
      let parts = FixtureSet.writeLine(fixture, into: &bytes)
      try #require(Array(bytes[parts.line]) + [0x0A] == JSONWriter.bytes(fixture.json) + [0x0A], "\(fixture.id)")
      try #require(bytes.last == 0x0A && bytes.count == parts.line.upperBound + 1)
      try #require(Array(bytes[parts.expected]) == JSONWriter.bytes(fixture.expected))
      try #require(Array(bytes[parts.id]) == JSONWriter.bytes(.string(fixture.id)))
      try #require(Array(bytes[parts.input]) == JSONWriter.bytes(fixture.input))
      // The members a request and a pass record take from the line: the same bytes as theirs.
      var request: [UInt8] = []
      let prefix = CaseRequest.writePrefix(id: fixture.id, input: fixture.input, into: &request)
      #expect(bytes[parts.requestMembers].elementsEqual(request[prefix.members]), "\(fixture.id)")
      var middle: [UInt8] = []
      let middleParts = PassRecord.writeMiddle(id: fixture.id, suite: fixture.suite, into: &middle)
      #expect(bytes[parts.idMember].elementsEqual(middle[middleParts.idMember]), "\(fixture.id)")
      // Kept as offsets and read back at the line's place in another buffer: the same parts.
      let offsets = try #require(FixtureLine.Offsets(parts))
      let shift = Int(values.random.below(1000))
      let moved = offsets.parts(start: parts.line.lowerBound + shift, end: parts.line.upperBound + shift)
      #expect(
        moved
          == FixtureLine.Parts(
            line: parts.line.shifted(by: shift), expected: parts.expected.shifted(by: shift), id: parts.id.shifted(by: shift),
            input: parts.input.shifted(by: shift)), "\(fixture.id)")
    }
  }

  @Test func passRecordsAreCanonical() throws {
    var values = WireValues(seed: FuzzSettings.seed &+ 3)
    for _ in 0..<Self.count {
      let result = CaseResult(
        id: values.id(), suite: values.string(), status: .pass, attempt: values.seq(),
        microseconds: values.random.chance(10) ? nil : values.seq())
      let canonical = JSONWriter.bytes(ResultRecord.result(result).json) + [0x0A]
      var bytes: [UInt8] = [0x20]
      let parts = PassRecord.write(
        attempt: result.attempt, id: result.id, suite: result.suite, microseconds: result.microseconds, into: &bytes)
      try #require(Array(bytes[parts.line]) == canonical, "\(result)")
      try #require(Array(bytes[parts.attempt]) == JSONWriter.bytes(.int(result.attempt)))
      try #require(Array(bytes[parts.id]) == JSONWriter.bytes(.string(result.id)))
      try #require(Array(bytes[parts.suite]) == JSONWriter.bytes(.string(result.suite)))
      try #require(Array(bytes[parts.microseconds]) == JSONWriter.bytes(result.microseconds.map(JSONValue.int) ?? .null))
      // Stamped around a case's id member and its suite's part, as the harness writes passes:
      // the same line.
      var middle: [UInt8] = []
      let middleParts = PassRecord.writeMiddle(id: result.id, suite: result.suite, into: &middle)
      #expect(Array(middle[middleParts.id]) == Array(bytes[parts.id]))
      #expect(middleParts.middle == middleParts.idMember.lowerBound..<middleParts.suitePart.upperBound)
      #expect(middleParts.idMember.upperBound == middleParts.suitePart.lowerBound)
      var suitePart: [UInt8] = []
      PassRecord.writeSuitePart(suite: result.suite, into: &suitePart)
      #expect(suitePart == Array(middle[middleParts.suitePart]))
      var stamped: [UInt8] = []
      middle.withUnsafeBufferPointer { middle in
        suitePart.withUnsafeBufferPointer { suitePart in
          PassRecord.write(
            attempt: result.attempt, idMember: UnsafeBufferPointer(rebasing: middle[middleParts.idMember]), suitePart: suitePart,
            microseconds: result.microseconds, into: &stamped)
        }
      }
      #expect(stamped == canonical)
      var encoded: [UInt8] = []
      ResultEncoding.write(result, into: &encoded)
      #expect(encoded == canonical)
    }
  }

  /// An `ElementsTemplate` writes the bytes `JSONWriter` writes for the value with those
  /// elements, wherever its array is in it and whatever the elements are.
  @Test func elementsTemplatesWriteTheValueWithThoseElements() throws {
    var values = WireValues(seed: FuzzSettings.seed &+ 5)
    for _ in 0..<Self.count / 10 {
      // An object with the array at a key of its own among others, sometimes inside another.
      let key = values.string()
      let others = (0..<values.random.below(5)).map { _ in (values.string(), values.json.value()) }.filter { $0.0 != key }
      let wrapped = values.random.chance(30) ? values.string() : nil
      let value = { (elements: [JSONValue]) -> JSONValue in
        var members: [String: JSONValue] = [:]
        for (name, member) in others { members[name] = member }
        members[key] = .array(elements)
        let object = JSONValue.object(JSONObject(uniqueKeysWithValues: members.map { ($0.key, $0.value) }))
        return wrapped.map { .array([.string($0), object]) } ?? object
      }
      let elements = (0..<1 + values.random.below(6)).map { _ in values.json.value() }
      let template = ElementsTemplate(value, elements: elements)
      for _ in 0..<10 {
        let indices = (0..<values.random.below(8)).map { _ in values.random.below(elements.count) }
        var bytes: [UInt8] = [0x20]
        let range = template.write(indices, into: &bytes)
        try #require(Array(bytes[range]) == JSONWriter.bytes(value(indices.map { elements[$0] })), "\(indices)")
        #expect(range == 1..<bytes.count)
      }
    }
  }

  /// The timeline model's output written from its fields is `JSONWriter`'s bytes of its
  /// `output`, after random timelines (the fuzzer's: every kind of step, effects, nulls).
  @Test func timelineOutputsWrittenFromTheModelAreCanonical() throws {
    var random = SeededGenerator(seed: FuzzSettings.seed &+ 6)
    let suite = TimelineSuite()
    for _ in 0..<Self.count {
      let timeline = try TimelineInput(json: try #require(suite.fuzzInput(using: &random)))
      var model = TimelineModel(start: timeline.start)
      for step in timeline.steps { model.apply(step) }
      var bytes: [UInt8] = []
      model.writeOutput(into: &bytes)
      try #require(bytes == JSONWriter.bytes(model.output), "\(timeline.steps)")
    }
  }

  /// A line written from its parts' bytes (as the step-sequence tables write them) is the line
  /// written from the case's values.
  @Test func fixtureLinesWrittenFromTheirPartsAreCanonical() throws {
    var values = WireValues(seed: FuzzSettings.seed &+ 7)
    for _ in 0..<Self.count {
      let fixture = values.fixture()
      var canonical: [UInt8] = [0x20]
      let canonicalParts = FixtureSet.writeLine(fixture, into: &canonical)
      var tail: [UInt8] = []
      FixtureLine.writeTail(note: fixture.note, suite: fixture.suite, tags: fixture.tags, into: &tail)
      var bytes: [UInt8] = [0x20]
      let parts = FixtureLine.write(
        into: &bytes, expected: { $0 += JSONWriter.bytes(fixture.expected) }, id: { $0 += JSONWriter.bytes(.string(fixture.id)) },
        input: { $0 += JSONWriter.bytes(fixture.input) }, tail: { $0 += tail })
      try #require(bytes == canonical, "\(fixture.id)")
      #expect(parts == canonicalParts)
    }
  }

  /// The case table, encoded from cases and copied from their fixture lines: each request and
  /// pass record is the canonical line, and the expected output and id point at their bytes.
  @Test func caseTablesMadeEitherWayWriteCanonicalLines() throws {
    var values = WireValues(seed: FuzzSettings.seed &+ 4)
    // Copying from lines needs plain ids, as fixture tables have.
    let fixtures = (0..<300).map { _ in values.fixture(plainID: true) }
    var chunk: [UInt8] = []
    let parts = fixtures.map { FixtureSet.writeLine($0, into: &chunk) }
    let suites = Array(Set(fixtures.map(\.suite))).sorted()
    let tables = [
      CaseTable(fixtures, suites: suites),
      CaseTable(
        lines: chunk, parts: parts, caseSuites: fixtures.map(\.suite), suites: suites, ordinals: fixtures.indices.map(Int32.init)),
    ]
    for table in tables {
      for (index, fixture) in fixtures.enumerated() {
        let slices = table.slices[index]
        let (seq, attempt, microseconds) = (values.seq(), values.seq(), values.seq())
        var request: [UInt8] = []
        var record: [UInt8] = []
        table.arena.withUnsafeBufferPointer { arena in
          CaseTable.writeRequest(slices, seq: seq, arena: arena, into: &request)
          CaseTable.writePassRecord(slices, attempt: attempt, microseconds: microseconds, arena: arena, into: &record)
        }
        let requestJSON = CaseRequest.json(seq: seq, id: fixture.id, suite: fixture.suite, input: fixture.input)
        try #require(request == JSONWriter.bytes(requestJSON) + [0x0A], "\(fixture.id)")
        let result = CaseResult(id: fixture.id, suite: fixture.suite, status: .pass, attempt: attempt, microseconds: microseconds)
        try #require(record == JSONWriter.bytes(ResultRecord.result(result).json) + [0x0A])
        #expect(Array(table.arena[slices.expected]) == JSONWriter.bytes(fixture.expected))
        #expect(table.id(index) == fixture.id)
      }
    }
  }
}

/// Values for the wire-format properties, from one seed.
struct WireValues {
  var random: SeededGenerator
  var json: JSONValueGenerator

  init(seed: UInt64) {
    random = SeededGenerator(seed: seed)
    json = JSONValueGenerator(random: SeededGenerator(seed: seed &+ 0x5EED))
  }

  mutating func string() -> String { json.string() }

  /// Mostly an id as suites make them (plain ASCII), sometimes any string.
  mutating func id(plain: Bool = false) -> String {
    if plain || random.chance(70) {
      return "suite-\(random.below(9))/\(random.pick(["seed", "edge", "random"]))/\(random.below(100_000))"
    }
    return json.string()
  }

  mutating func seq() -> Int64 {
    switch random.below(4) {
    case 0: random.pick([0, 1, -1, 9, 10, .max, .min, 999_999_999_999_999_999, 1_000_000_000_000_000_000])
    case 1: Int64(bitPattern: random.next())
    default: Int64(random.below(1_000_000))
    }
  }

  mutating func payload() -> Answer.Payload {
    switch random.below(4) {
    case 0: .skipped(reason: json.string())
    case 1: .error(message: json.string())
    default: .result(output: json.value())
    }
  }

  mutating func fixture(plainID: Bool = false) -> FixtureCase {
    FixtureCase(
      id: id(plain: plainID), suite: random.pick(["eligibility", "draw-freshness", json.string()]),
      tags: (0..<random.below(3)).map { _ in json.string() }, note: json.string(), input: json.value(),
      expected: json.value())
  }
}

extension Range<Int> {
  func shifted(by offset: Int) -> Range<Int> { lowerBound + offset..<upperBound + offset }
}
