import ConformPlatform
import Foundation

/// A one-line progress bar with rate and ETA, redrawn in place on stderr.
///
/// Safe to call from any thread, as often as every case: `update` only redraws when a tenth of a
/// second has passed since the last redraw, so a run of a million cases costs a few hundred
/// writes. It draws nothing unless stderr is a terminal and `TERM` is not `dumb`, so CI logs and
/// pipes never receive carriage returns. `finish()` clears the line for the report.
///
///     eligibility  [==============>               ]  4521/10000  45%  3 failed  1234/s  ETA 0:05
public final class ProgressBar: Sendable {
  private struct State {
    var done = 0
    var total = 0
    var failed = 0
    /// Nanoseconds on the monotonic clock.
    var started: UInt64?
    var lastDraw: UInt64?
    var finished = false
  }

  /// The shortest time between two redraws, in nanoseconds.
  static let redrawInterval: UInt64 = 100_000_000

  /// Whether anything is drawn at all.
  public let isEnabled: Bool
  private let label: String
  private let width: Int
  private let now: @Sendable () -> UInt64
  private let output: @Sendable (String) -> Void
  private let state = Locked(State())

  /// A bar drawn on `output` (the command line's is stderr, when it is a terminal).
  ///
  /// - Parameter label: shown before the bar, for example the implementation's name.
  public convenience init(label: String = "", output: ProgressOutput) {
    self.init(
      isEnabled: output.isEnabled, label: label, width: output.width, now: { DispatchTime.now().uptimeNanoseconds },
      output: output.write)
  }

  /// A bar with its clock and output given, for tests.
  init(
    isEnabled: Bool, label: String = "", width: Int = 80, now: @escaping @Sendable () -> UInt64,
    output: @escaping @Sendable (String) -> Void
  ) {
    self.isEnabled = isEnabled
    self.label = label
    self.width = width
    self.now = now
    self.output = output
  }

  /// Records that `done` of `total` cases are finished, `failed` of them failing; redraws at
  /// most ten times a second.
  public func update(done: Int, total: Int, failed: Int = 0) {
    guard isEnabled else { return }
    let time = now()
    state.withLock { state in
      guard !state.finished else { return }
      state.done = done
      state.total = total
      state.failed = failed
      let started = state.started ?? time
      state.started = started
      if let last = state.lastDraw, time &- last < Self.redrawInterval, done < total { return }
      state.lastDraw = time
      output(
        "\r"
          + Self.render(
            done: done, total: total, failed: failed, elapsedNanoseconds: time &- started, label: label, width: width)
          + "\u{1B}[K"
      )
    }
  }

  /// Clears the bar's line; later updates draw nothing.
  public func finish() {
    guard isEnabled else { return }
    state.withLock { state in
      guard !state.finished else { return }
      state.finished = true
      if state.lastDraw != nil { output("\r\u{1B}[K") }
    }
  }

  /// The bar's text, `width` columns at most.
  static func render(done: Int, total: Int, failed: Int = 0, elapsedNanoseconds: UInt64, label: String, width: Int) -> String {
    let total = max(total, 0)
    let done = min(max(done, 0), total)
    let seconds = Double(elapsedNanoseconds) / 1e9
    let percent = total == 0 ? 100 : done * 100 / total
    var rate = "--/s"
    var eta = "ETA --:--"
    // Under a quarter of a second the rate is noise.
    if seconds >= 0.25, done > 0 {
      let perSecond = Double(done) / seconds
      rate = "\(Int(perSecond.rounded()))/s"
      eta = "ETA " + clock(Int((Double(total - done) / perSecond).rounded(.up)))
    }
    let counts = "\(done)/\(total)"
    let failures = failed > 0 ? "  \(failed) failed" : ""
    let tail = "  \(counts)  \(percent)%\(failures)  \(rate)  \(eta)"
    let head = label.isEmpty ? "" : label + "  "
    let barWidth = min(40, width - head.count - tail.count - 2)
    guard barWidth >= 10 else { return String((head + counts + " " + eta).prefix(max(width, 1))) }
    let filled = total == 0 ? barWidth : done * barWidth / total
    var bar = String(repeating: "=", count: filled)
    if filled < barWidth { bar += ">" + String(repeating: " ", count: barWidth - filled - 1) }
    return head + "[" + bar + "]" + tail
  }

  /// `0:05`, `12:34`, `1:02:03`.
  static func clock(_ seconds: Int) -> String {
    let seconds = max(0, seconds)
    let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    if seconds >= 3600 { return "\(seconds / 3600):\(two(seconds / 60 % 60)):\(two(seconds % 60))" }
    return "\(seconds / 60):\(two(seconds % 60))"
  }

  /// The terminal's columns (stderr), else `COLUMNS`, else 80; one less, so the cursor never wraps.
  public static func terminalWidth(environment: [String: String]) -> Int {
    var size = winsize()
    if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) - 1 }
    if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns - 1 }
    return 79
  }
}

/// Where a progress bar draws, and whether it draws at all: the command line's draws on stderr
/// when it is a terminal; the kit draws nowhere of its own.
public struct ProgressOutput: Sendable {
  public var isEnabled: Bool
  /// The terminal's width, in columns.
  public var width: Int
  public var write: @Sendable (String) -> Void

  public init(isEnabled: Bool, width: Int, write: @escaping @Sendable (String) -> Void) {
    self.isEnabled = isEnabled
    self.width = width
    self.write = write
  }

  /// Draws nothing.
  public static let none = ProgressOutput(isEnabled: false, width: 80) { _ in }
}
