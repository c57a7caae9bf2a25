import Testing

@testable import ConformFixtures
@testable import ConformHarness

/// The pump's teardown waits, in one value: what the messages and harness/README.md quote, and
/// the bounds the hostile tests allow each fault.
@Suite struct HarnessTimeoutsTests {
  let standard = HarnessTimeouts.standard

  /// The note for an implementation that stays alive after its input ends quotes the wait
  /// ("did not exit within 2 s of the end of its input"), and the README's "after 2.2 s" is it
  /// plus the grace.
  @Test func theEndOfInputWaitIsTheOneTheNoteQuotes() {
    #expect(standard.exitAtEndOfInput == 2000)
    #expect(standard.exitAtEndOfInputText == "2 s")
    #expect(standard.exitAtEndOfInput + standard.grace == 2200)
    var other = standard
    other.exitAtEndOfInput = 1500
    #expect(other.exitAtEndOfInputText == "1.5 s")
  }

  /// An interrupted run reads nothing more from its processes: their grace is shorter.
  @Test func anInterruptIsGivenLessGraceThanAFailure() {
    #expect(standard.interruptGrace == 100)
    #expect(standard.grace == 200)
    #expect(standard.interruptGrace < standard.grace)
  }

  /// The longest teardown of a failed process (its pipes held open by a child that escaped the
  /// process group) fits in the 20 s each catalogue fault is allowed beyond its timeouts
  /// (`Fault.seconds` in HostileImplementationTests), with room for a restart.
  @Test func theLongestTeardownsFitTheHostileTestsBounds() {
    #expect(standard.failureTeardown == 6200)
    #expect(standard.interruptTeardown == 5100)
    #expect(2 * standard.failureTeardown < 20_000)
  }
}
