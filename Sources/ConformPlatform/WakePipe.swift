import Foundation

/// How a thread leaves `poll` without a timeout: it waits on its own descriptor and on this
/// pipe's read end. Signalled once (a process is over, the run is stopping), the pipe stays
/// readable, so every thread that waits on it afterwards returns at once: a grandchild that
/// keeps a pipe open cannot hold a thread in `poll`. Closed when the last thread that can wait
/// on it lets it go.
package final class WakePipe: Sendable {
  /// The events `wait(for:events:until:)` waits for: readable (`POLLIN`), writable (`POLLOUT`).
  package static let readable = Int32(POLLIN)
  package static let writable = Int32(POLLOUT)

  private let read: Int32
  private let write: Int32

  package init() throws(SystemCallError) {
    (read, write) = try Descriptors.pipe()
    Descriptors.setNonBlocking(read)
    Descriptors.setNonBlocking(write)
  }

  /// Makes the pipe readable for good (a second signal adds nothing that matters).
  package func signal() {
    var byte: UInt8 = 1
    _ = Foundation.write(write, &byte, 1)
  }

  /// Waits until `descriptor` is ready for `events` (`POLLIN`, `POLLOUT`), one of `others` is
  /// readable, the pipe is signalled, or `deadline` (monotonic nanoseconds) passes; with no
  /// deadline, as long as it takes. Returns whether one of `others` was ready. One thread reads
  /// a process's stdout, its stderr and its exit this way: `others` are its stderr while that is
  /// open (at its end it would always be ready) and its `exitFD` until the exit is seen.
  @discardableResult
  package func wait(
    for descriptor: Int32, events: Int32, alsoReadable others: [Int32] = [], until deadline: UInt64? = nil
  ) -> Bool {
    var entries = [
      pollfd(fd: descriptor, events: Int16(events), revents: 0), pollfd(fd: read, events: Int16(POLLIN), revents: 0),
    ]
    for other in others { entries.append(pollfd(fd: other, events: Int16(POLLIN), revents: 0)) }
    var milliseconds: Int32 = -1
    if let deadline {
      let now = MonotonicClock.now()
      guard deadline > now else { return false }
      milliseconds = Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max)))
    }
    guard poll(&entries, nfds_t(entries.count), milliseconds) > 0 else { return false }
    return entries.dropFirst(2).contains { $0.revents != 0 }
  }

  deinit {
    Foundation.close(read)
    Foundation.close(write)
  }
}
