import ConformTestSupport
import Testing

@testable import ConformFixtures

/// `ProcessSlots`, the bound on the processes `TestSupport.run` lets live at once: a taker waits
/// while every slot is taken, and the longest waiter gets the next slot given back, one waiting
/// ahead (a test marked `.aheadInLine`) before the rest.
@Suite(.timeLimit(.minutes(1))) struct ProcessSlotsTests {
  /// The order events happened in.
  actor Log {
    var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
  }

  @Test func takersWaitWhileEverySlotIsTakenAndAreServedInOrder() async {
    let slots = ProcessSlots(1)
    let log = Log()
    await slots.take()
    let first = Task {
      await slots.take()
      await log.append("first waiter took")
    }
    while await slots.waitingCount < 1 { await Task.yield() }
    let second = Task {
      await slots.take()
      await log.append("second waiter took")
    }
    while await slots.waitingCount < 2 { await Task.yield() }
    await log.append("gave")
    await slots.give()
    await first.value
    #expect(await slots.waitingCount == 1, "the second still waits: one slot, taken by the first")
    await log.append("gave again")
    await slots.give()
    await second.value
    #expect(await log.entries == ["gave", "first waiter took", "gave again", "second waiter took"])
  }

  @Test func aTakerAheadIsServedBeforeThoseThatCameEarlier() async {
    let slots = ProcessSlots(1)
    let log = Log()
    await slots.take()
    let early = Task {
      await slots.take()
      await log.append("the earlier waiter took")
    }
    while await slots.waitingCount < 1 { await Task.yield() }
    let ahead = Task {
      await slots.take(ahead: true)
      await log.append("the waiter ahead took")
    }
    while await slots.waitingCount < 2 { await Task.yield() }
    await slots.give()
    await ahead.value
    #expect(await slots.waitingCount == 1, "the earlier waiter still waits: one slot, taken by the one ahead")
    await slots.give()
    await early.value
    #expect(await log.entries == ["the waiter ahead took", "the earlier waiter took"])
  }

  @Test(.aheadInLine) func aTestMarkedAheadInLineWaitsAhead() {
    #expect(TestSupport.aheadInLine)
  }

  @Test func anUnmarkedTestWaitsWithTheRest() {
    #expect(!TestSupport.aheadInLine)
  }

  @Test func aFreeSlotIsTakenAtOnce() async {
    let slots = ProcessSlots(2)
    await slots.take()
    await slots.take()
    #expect(await slots.waitingCount == 0)
    await slots.give()
    await slots.take()
    #expect(await slots.waitingCount == 0)
  }
}
