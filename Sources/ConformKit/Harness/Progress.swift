import Foundation

/// `N/M cases` on stderr, redrawn in place, only when stderr is a terminal.
final class Progress: @unchecked Sendable {
  private let total: Int
  private var last = -1

  private init(total: Int) { self.total = total }

  static func onTerminal(total: Int) -> Progress? {
    isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb" ? Progress(total: total) : nil
  }

  func show(done: Int) {
    guard done != last else { return }
    last = done
    Terminal.writeStandardError("\r\(done)/\(total) cases")
  }

  func clear() {
    guard last >= 0 else { return }
    Terminal.writeStandardError("\r" + String(repeating: " ", count: 12 + 2 * String(total).count) + "\r")
  }
}
