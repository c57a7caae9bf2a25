import Testing

@testable import ConformFixtures
@testable import ConformHarness

@Suite struct ReportProgressBarTests {
  /// A clock the test moves by hand, and the text the bar wrote.
  final class Recorder: @unchecked Sendable {
    var nanoseconds: UInt64 = 1_000_000_000
    var written: [String] = []
  }

  func bar(_ recorder: Recorder, enabled: Bool = true) -> ProgressBar {
    ProgressBar(
      isEnabled: enabled, label: "swift-ports", width: 80, now: { recorder.nanoseconds },
      output: { recorder.written.append($0) })
  }

  @Test func rendersCountsPercentRateAndETA() {
    let text = ProgressBar.render(done: 4_521, total: 10_000, elapsedNanoseconds: 4_000_000_000, label: "swift-ports", width: 80)
    #expect(text == "swift-ports  [=============>                ]  4521/10000  45%  1130/s  ETA 0:05")
    #expect(text.count <= 80)
  }

  @Test func failuresSoFarAreCountedLive() {
    let text = ProgressBar.render(
      done: 4_521, total: 10_000, failed: 3, elapsedNanoseconds: 4_000_000_000, label: "swift-ports", width: 80)
    #expect(text == "swift-ports  [=========>          ]  4521/10000  45%  3 failed  1130/s  ETA 0:05")
    #expect(text.count <= 80)
  }

  @Test func withoutEnoughTimeTheRateIsUnknown() {
    let text = ProgressBar.render(done: 3, total: 10, elapsedNanoseconds: 1_000, label: "", width: 60)
    #expect(text.hasSuffix("3/10  30%  --/s  ETA --:--"))
  }

  @Test func aNarrowTerminalGetsAShortLine() {
    let text = ProgressBar.render(done: 1, total: 2, elapsedNanoseconds: 1_000_000_000, label: "swift-ports", width: 30)
    #expect(text.count <= 30)
    #expect(text.contains("1/2"))
  }

  @Test(arguments: [(0, "0:00"), (5, "0:05"), (754, "12:34"), (3_723, "1:02:03")])
  func clock(_ seconds: Int, _ text: String) {
    #expect(ProgressBar.clock(seconds) == text)
  }

  @Test func redrawsAtMostTenTimesASecond() {
    let recorder = Recorder()
    let progress = bar(recorder)
    for done in 1...1_000 {
      progress.update(done: done, total: 2_000)
      recorder.nanoseconds += 1_000_000  // a case per millisecond: one second in all
    }
    #expect(recorder.written.count == 10)
    #expect(recorder.written.allSatisfy { $0.hasPrefix("\r") && $0.hasSuffix("\u{1B}[K") })
  }

  @Test func theLastCaseAlwaysDrawsAndFinishClearsTheLine() throws {
    let recorder = Recorder()
    let progress = bar(recorder)
    progress.update(done: 1, total: 2)
    progress.update(done: 2, total: 2)
    #expect(recorder.written.count == 2)
    #expect(try #require(recorder.written.last).contains("2/2  100%"))
    progress.finish()
    #expect(recorder.written.last == "\r\u{1B}[K")
    progress.update(done: 2, total: 2)
    #expect(recorder.written.count == 3)
  }

  @Test func disabledItWritesNothing() {
    let recorder = Recorder()
    let progress = bar(recorder, enabled: false)
    progress.update(done: 1, total: 2)
    progress.finish()
    #expect(recorder.written.isEmpty)
  }

  @Test func updatesFromManyThreadsAreSafe() async {
    let recorder = Recorder()
    let progress = ProgressBar(isEnabled: true, width: 80, now: { 0 }, output: { recorder.written.append($0) })
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<8 {
        group.addTask {
          for step in 0..<1_000 { progress.update(done: worker * 1_000 + step, total: 100_000) }
        }
      }
    }
    progress.finish()
    // The clock never moves: only the first update and the finish write.
    #expect(recorder.written.count == 2)
  }
}
