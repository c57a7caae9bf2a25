import Testing

@testable import ConformFixtures
@testable import ConformHarness

/// The ring of requests in flight behaves as a dictionary by `seq` would, whatever the order of
/// answers, across growth and puts-back.
@Suite struct InFlightRequestsTests {
  static let item = TableAttempt(
    table: CaseTable(Array(Testbed.cases.prefix(1))), attempt: Attempt(caseIndex: 0, number: 0))

  /// `sentAt` carries the seq, so that an entry found under the wrong seq shows.
  static func entry(_ seq: Int64) -> InFlight { InFlight(item: item, sentAt: UInt64(seq)) }

  static func expectSame(
    _ ring: InFlightRequests, _ model: [Int64: UInt64], newest: Int64?,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(ring.count == model.count, sourceLocation: sourceLocation)
    #expect(ring.isEmpty == model.isEmpty, sourceLocation: sourceLocation)
    #expect(ring.all.map(\.seq) == model.keys.sorted(), sourceLocation: sourceLocation)
    #expect(ring.all.allSatisfy { UInt64($0.seq) == $0.entry.sentAt }, sourceLocation: sourceLocation)
    #expect(ring.first?.seq == model.keys.min(), sourceLocation: sourceLocation)
    // From the oldest in flight to the newest ever added (answered or not).
    if let oldest = model.keys.min(), let newest {
      #expect(ring.span == newest - oldest + 1, sourceLocation: sourceLocation)
    } else {
      #expect(ring.span == 0, sourceLocation: sourceLocation)
    }
  }

  @Test func answersInOrderReuseTheSameSlots() {
    var ring = InFlightRequests(capacity: 4)
    var model: [Int64: UInt64] = [:]
    for seq in Int64(1)...100 {
      ring.add(Self.entry(seq), seq: seq)
      model[seq] = UInt64(seq)
      if seq >= 3 {
        #expect(ring.remove(seq - 2)?.sentAt == UInt64(seq - 2))
        model[seq - 2] = nil
      }
      Self.expectSame(ring, model, newest: seq)
    }
    #expect(ring.remove(1) == nil, "removed twice")
    #expect(ring[1000] == nil)
  }

  @Test func anOldRequestLeftUnansweredMakesTheRingGrow() {
    var ring = InFlightRequests(capacity: 4)
    var model: [Int64: UInt64] = [:]
    ring.add(Self.entry(1), seq: 1)
    model[1] = 1
    for seq in Int64(2)...50 {
      ring.add(Self.entry(seq), seq: seq)
      model[seq] = UInt64(seq)
      #expect(ring.remove(seq)?.sentAt == UInt64(seq))
      model[seq] = nil
      Self.expectSame(ring, model, newest: seq)
    }
    // Keep 40 in flight behind the old one, then answer the old one last.
    for seq in Int64(51)...90 {
      ring.add(Self.entry(seq), seq: seq)
      model[seq] = UInt64(seq)
    }
    Self.expectSame(ring, model, newest: 90)
    #expect(ring.span == 90)
    #expect(ring[1]?.sentAt == 1)
    #expect(ring.remove(1)?.sentAt == 1)
    model[1] = nil
    Self.expectSame(ring, model, newest: 90)
    #expect(ring.first?.seq == 51)
  }

  @Test func randomAnswerOrdersAndPutsBackMatchADictionary() {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<50 {
      var ring = InFlightRequests(capacity: 2)
      var model: [Int64: UInt64] = [:]
      var next: Int64 = 1
      for _ in 0..<400 {
        switch generator.below(4) {
        case 0, 1:
          ring.add(Self.entry(next), seq: next)
          model[next] = UInt64(next)
          next += 1
        case 2:
          guard !model.isEmpty else { continue }
          let seq = generator.pick(model.keys.sorted())
          #expect(ring.remove(seq)?.sentAt == UInt64(seq))
          model[seq] = nil
        default:
          // A malformed answer: its request is taken out, then put back.
          guard !model.isEmpty else { continue }
          let seq = generator.pick(model.keys.sorted())
          let entry = ring.remove(seq)
          #expect(entry?.sentAt == UInt64(seq))
          if let entry { ring.add(entry, seq: seq) }
        }
        Self.expectSame(ring, model, newest: next > 1 ? next - 1 : nil)
      }
      ring.removeAll()
      Self.expectSame(ring, [:], newest: nil)
      ring.add(Self.entry(next), seq: next)
      Self.expectSame(ring, [next: UInt64(next)], newest: next)
    }
  }
}
