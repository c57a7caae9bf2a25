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

  /// Starts a task that takes a slot (`ahead` of the rest or not) and then logs `entry`, and
  /// returns it once it waits.
  private func waiter(
    _ slots: ProcessSlots, ahead: Bool = false, logging entry: String, in log: Log
  ) async -> Task<Void, Never> {
    let waiting = await slots.waitingCount
    let task = Task {
      await slots.take(ahead: ahead)
      await log.append(entry)
    }
    while await slots.waitingCount == waiting { await Task.yield() }
    return task
  }

  @Test func takersWaitWhileEverySlotIsTakenAndAreServedInOrder() async {
    let slots = ProcessSlots(1)
    let log = Log()
    await slots.take()
    let first = await waiter(slots, logging: "first waiter took", in: log)
    let second = await waiter(slots, logging: "second waiter took", in: log)
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
    let early = await waiter(slots, logging: "the earlier waiter took", in: log)
    let ahead = await waiter(slots, ahead: true, logging: "the waiter ahead took", in: log)
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
