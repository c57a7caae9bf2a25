import Foundation

/// How an implementation's process ended.
package enum Termination: Sendable, Equatable, CustomStringConvertible {
  case exited(Int32)
  case signaled(Int32)

  /// Decodes a `waitpid` status.
  package init(waitStatus status: Int32) {
    let signal = status & 0x7F
    self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
  }

  package var description: String {
    switch self {
    case .exited(let code): "exited with status \(code)"
    case .signaled(let number): "was killed by signal \(number) (\(Self.signalName(number)))"
    }
  }

  /// The number of a stopping signal named as a results footer names it ("SIGHUP"), if it is one
  /// conform stops on.
  package static func stopSignal(named name: String) -> Int32? {
    [SIGINT, SIGTERM, SIGHUP].first { signalName($0) == name }
  }

  package static func signalName(_ number: Int32) -> String {
    switch number {
    case SIGHUP: "SIGHUP"
    case SIGINT: "SIGINT"
    case SIGQUIT: "SIGQUIT"
    case SIGILL: "SIGILL"
    case SIGTRAP: "SIGTRAP"
    case SIGABRT: "SIGABRT"
    case SIGBUS: "SIGBUS"
    case SIGFPE: "SIGFPE"
    case SIGKILL: "SIGKILL"
    case SIGSEGV: "SIGSEGV"
    case SIGPIPE: "SIGPIPE"
    case SIGALRM: "SIGALRM"
    case SIGTERM: "SIGTERM"
    default: "signal \(number)"
    }
  }
}

/// Why an implementation could not be started: the whole message, ready for the user.
package struct ProcessStartFailure: Error, CustomStringConvertible {
  package var message: String
  package init(message: String) { self.message = message }
  package var description: String { message }
}

/// A started implementation: its own process group, three pipes, no shell in between.
///
/// Started with `posix_spawn` and reaped with our own `waitid`/`waitpid`, never Foundation's
/// `Process` (whose exit detection a grandchild can block). Every pipe end is close-on-exec and
/// at descriptor 3 or above, and spawns are serialised, so no implementation inherits another
/// worker's pipe and misses its end of input. The parent's ends are non-blocking: the threads
/// that use them wait in `poll` on them and on the session's `WakePipe`, so none can be stuck
/// by a grandchild that keeps a pipe open. Its exit is a descriptor too (`exitFD`, readable once
/// it has ended, not reaped): those threads wait on it beside their pipe, so nothing checks for
/// an exit on a timer, and on Linux (a pidfd) no thread waits for it either.
package final class ImplementationProcess: Sendable {
  package let pid: pid_t
  /// Write end of the implementation's stdin.
  package let stdinFD: Int32
  /// Read ends of its stdout and stderr.
  package let stdoutFD: Int32
  package let stderrFD: Int32
  /// Readable once the process has ended (before it is reaped): a pidfd on Linux; elsewhere (or
  /// on a kernel without pidfds) the read end of a pipe that a thread waiting for the exit
  /// writes to.
  package let exitFD: Int32

  /// Whether it is known to have ended, and how, once reaped. One lock: it also keeps a signal
  /// from racing the reaping.
  ///
  /// Lock order: `life` (or `spawnLock`, never both) before `unreaped`, a leaf that takes nothing:
  /// reaping removes the pid under `life`, spawning adds it under `spawnLock`.
  private let life = Locked(Life())

  /// What `life` guards.
  private struct Life {
    var exited = false
    var reaped: Termination?
    /// Its stdin, then its other descriptors, are closed (`closeInput`, `closeOutputs`).
    var inputClosed = false
    var outputsClosed = false
  }

  /// Serialises pipe creation and spawning across workers (see the type's comment).
  private static let spawnLock = NSLock()
  /// The pids of the processes started and not yet reaped: each is its process group's id.
  private static let unreaped = Locked<Set<pid_t>>([])

  /// Kills every process group conform started and has not reaped: for a second signal, when
  /// conform ends at once and must not leave implementations (or their children) running.
  package static func killUnreapedGroups() {
    for pid in unreaped.withLock({ $0 }) { Spawn.signalGroup(pid, SIGKILL) }
  }

  private init(pid: pid_t, stdinFD: Int32, stdoutFD: Int32, stderrFD: Int32, exitFD: Int32) {
    self.pid = pid
    self.stdinFD = stdinFD
    self.stdoutFD = stdoutFD
    self.stderrFD = stderrFD
    self.exitFD = exitFD
  }

  /// Starts `command` (the program, then its arguments) with exactly `environment`. The error's
  /// text is the whole message (`cannot start PROGRAM: REASON`).
  package static func spawn(command: [String], environment: [String]) throws(ProcessStartFailure) -> ImplementationProcess {
    spawnLock.lock()
    defer { spawnLock.unlock() }
    let stdinPipe = try makePipe()
    let stdoutPipe = try makePipe()
    let stderrPipe = try makePipe()
    // Without pidfds, a thread makes this pipe readable at the exit (both ends are the parent's).
    let exitPipe = Spawn.hasExitDescriptors ? nil : try makePipe()
    let childEnds = [stdinPipe.read, stdoutPipe.write, stderrPipe.write]
    let parentEnds = [stdinPipe.write, stdoutPipe.read, stderrPipe.read]

    // Its own process group (so one kill reaches its children too), default signal
    // dispositions (conform ignores SIGPIPE; the implementation should not inherit that),
    // and nothing blocked.
    let attributes = Spawn.Attributes(
      ownProcessGroup: true, defaultSignals: [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD], emptySignalMask: true)
    let files = childEnds.enumerated().map { Spawn.FileAction.duplicate($0.element, onto: Int32($0.offset)) }
    let pid: pid_t
    do {
      pid = try Spawn.start(command, environment: environment, files: files, attributes: attributes)
    } catch {
      childEnds.forEach { close($0) }
      parentEnds.forEach { close($0) }
      if let exitPipe { [exitPipe.read, exitPipe.write].forEach { close($0) } }
      throw ProcessStartFailure(message: SpawnFailure.message(program: command[0], status: error.code))
    }
    childEnds.forEach { close($0) }
    parentEnds.forEach { Descriptors.setNonBlocking($0) }
    unreaped.withLock { _ = $0.insert(pid) }
    let exitFD: Int32
    if let exitPipe {
      exitFD = exitPipe.read
      let watcher = Thread {
        Spawn.waitUntilExited(pid)
        var byte: UInt8 = 1
        _ = Foundation.write(exitPipe.write, &byte, 1)
        close(exitPipe.write)
      }
      watcher.name = "conform exit \(pid)"
      watcher.stackSize = 1 << 16
      watcher.start()
    } else {
      switch Spawn.exitDescriptor(pid) {
      case .success(let descriptor):
        exitFD = descriptor
      case .failure(let error):
        Spawn.signalGroup(pid, SIGKILL)
        _ = Spawn.wait(pid)
        unreaped.withLock { _ = $0.remove(pid) }
        parentEnds.forEach { close($0) }
        throw ProcessStartFailure(message: "cannot watch \(command[0]) for its exit: \(error)")
      }
    }
    return ImplementationProcess(
      pid: pid, stdinFD: stdinPipe.write, stdoutFD: stdoutPipe.read, stderrFD: stderrPipe.read, exitFD: exitFD)
  }

  private static func makePipe() throws(ProcessStartFailure) -> (read: Int32, write: Int32) {
    do { return try Descriptors.pipe() } catch { throw ProcessStartFailure(message: error.description) }
  }

  /// Whether the process has ended, without reaping it (its pid stays reserved, so signalling
  /// its group afterwards cannot reach a stranger).
  package var hasExited: Bool { waitForExit(milliseconds: 0) }

  /// Waits up to `milliseconds` for the process to end on its own; true when it did.
  package func waitForExit(milliseconds: Int) -> Bool {
    waitForExit(milliseconds: milliseconds, draining: false) { _ in }
  }

  /// Waits up to `milliseconds` for the process to end on its own, handing what its stderr
  /// holds meanwhile to `take` (`drainStderr`): a process that writes much there as it ends is
  /// not held up by a full pipe. True when it ended.
  package func waitForExit(milliseconds: Int, keepingStderr take: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
    waitForExit(milliseconds: milliseconds, draining: true, take)
  }

  private func waitForExit(
    milliseconds: Int, draining: Bool, _ take: (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Bool {
    if life.withLock({ $0.exited }) { return true }
    let deadline = MonotonicClock.now() + UInt64(max(milliseconds, 0)) * 1_000_000
    var stderrOpen = draining
    while true {
      if stderrOpen { stderrOpen = drainStderr(into: take) }
      let now = MonotonicClock.now()
      let left = deadline > now ? Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max))) : 0
      var entries = [pollfd(fd: exitFD, events: Int16(POLLIN), revents: 0)]
      if stderrOpen { entries.append(pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)) }
      let ready = poll(&entries, nfds_t(entries.count), left)
      if ready > 0 && entries[0].revents != 0 {
        life.withLock { $0.exited = true }
        return true
      }
      if ready < 0 && errno == EINTR { continue }
      if left == 0 || (ready == 0 && !stderrOpen) { return false }
    }
  }

  /// Sends `signal` to the whole process group (the implementation and its children).
  package func signalGroup(_ signal: Int32) {
    // Once reaped, the group id may belong to someone else: never signal it then.
    life.withLock { life in if life.reaped == nil { Spawn.signalGroup(pid, signal) } }
  }

  /// Ends the process: SIGTERM to its group, `graceMilliseconds` to go, then SIGKILL to the group
  /// (which also reaches children that outlived it), then reaps it. Returns how it ended.
  @discardableResult
  package func stop(graceMilliseconds: Int = 200) -> Termination {
    if !hasExited {
      signalGroup(SIGTERM)
      _ = waitForExit(milliseconds: graceMilliseconds)
    }
    signalGroup(SIGKILL)
    return reap()
  }

  /// Reaps the process, waiting for it (call once it has exited or been killed).
  @discardableResult
  package func reap() -> Termination {
    // After its exit is seen on `exitFD`: an exit watcher's `waitid` must not meet a pid reaped,
    // then reused.
    while !waitForExit(milliseconds: Int(Int32.max)) {}
    return life.withLock { life -> Termination in
      if let reaped = life.reaped { return reaped }
      var status: Int32 = 0  // a failed wait (never expected: it is our own child) reads as 0
      if case .ended(let ended) = Spawn.wait(pid) { status = ended }
      let termination = Termination(waitStatus: status)
      life.reaped = termination
      Self.unreaped.withLock { _ = $0.remove(pid) }
      return termination
    }
  }

  /// Reads what its stderr holds now, handing each chunk to `take`, without waiting: true while
  /// the pipe is open (it would block), false once it has ended (or cannot be read). The thread
  /// that reads stdout calls it whenever stdout has nothing, and waits on both, so no thread of
  /// its own is needed for stderr.
  package func drainStderr(into take: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { chunk in
      while true {
        switch DescriptorIO.read(stderrFD, into: UnsafeMutableRawBufferPointer(chunk)) {
        case .bytes(let count): take(UnsafeBufferPointer(rebasing: chunk[0..<count]))
        case .wouldBlock: return true
        case .endOfFile, .failed: return false
        }
      }
    }
  }

  /// How a write of every byte to the process's stdin ended (`writeInput`).
  package enum InputWrite: Equatable {
    case done
    /// The caller's `stopped` said so (or the process ended, for `stopsAtExit`) while the pipe
    /// was full: not the process's fault.
    case stopped
    /// Writing failed with this errno: `Errno.brokenPipe` when it closed its stdin,
    /// `Errno.timedOut` when the deadline passed with the pipe full.
    case failed(Int32)
  }

  /// Writes every byte of `raw` to its stdin, the one way both the harness and a team model's
  /// client write: while the pipe is full, asks `stopped`, then waits in `poll` on stdin and
  /// `wake` (and, with `stopsAtExit`, on its exit, which then stops the write) until `deadline`
  /// (monotonic nanoseconds) when there is one.
  package func writeInput(
    _ raw: UnsafeRawBufferPointer, wake: WakePipe, deadline: UInt64? = nil, stopsAtExit: Bool = false,
    stopped: () -> Bool
  ) -> InputWrite {
    var offset = 0
    while offset < raw.count {
      switch DescriptorIO.write(stdinFD, from: UnsafeRawBufferPointer(rebasing: raw[offset...])) {
      case .bytes(let count):
        offset += count
      case .wouldBlock:
        if stopped() || (stopsAtExit && hasExited) { return .stopped }
        if let deadline, MonotonicClock.now() >= deadline { return .failed(Errno.timedOut) }
        wake.wait(for: stdinFD, events: WakePipe.writable, alsoReadable: stopsAtExit ? [exitFD] : [], until: deadline)
      case .endOfFile: return .failed(Errno.brokenPipe)
      case .failed(let code): return .failed(code)
      }
    }
    return .done
  }

  /// How many bytes wait unread in the stdout pipe now (`FIONREAD`).
  package var unreadOutputBytes: Int {
    Descriptors.unreadBytes(stdoutFD)
  }

  /// Closes its stdin: the end of its input. Once: a later call (a writer thread slower than
  /// the teardown's wait for it) does nothing, so it can never close a number that has since
  /// been given to another pipe.
  package func closeInput() {
    guard setsFirst(\.inputClosed) else { return }
    close(stdinFD)
  }

  /// Closes the parent's pipe ends and the exit descriptor (after the threads that use them
  /// are done), once, as `closeInput`.
  package func closeOutputs() {
    guard setsFirst(\.outputsClosed) else { return }
    close(stdoutFD)
    close(stderrFD)
    if exitFD >= 0 { close(exitFD) }
  }

  /// Sets `flag`; whether this call was the first to set it.
  private func setsFirst(_ flag: WritableKeyPath<Life, Bool>) -> Bool {
    life.withLock { life -> Bool in
      defer { life[keyPath: flag] = true }
      return !life[keyPath: flag]
    }
  }
}
