#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starting and reaping child processes with `posix_spawn` and `waitpid`, never Foundation's
/// `Process` (whose exit detection a grandchild can block).
package enum Spawn {
  /// What the child's descriptors are set to before its program starts.
  package enum FileAction: Sendable {
    /// `dup2(source, target)` in the child.
    case duplicate(Int32, onto: Int32)
    /// Opens `path` with `flags` (and `mode` when it creates the file) as descriptor `target`.
    case open(String, onto: Int32, flags: Int32, mode: mode_t)
  }

  /// The spawn attributes the kit uses.
  package struct Attributes: Sendable {
    /// Starts the child in a process group of its own (its pid), so one signal reaches its children.
    package var ownProcessGroup = false
    /// Signals whose disposition is reset to the default in the child (the kit ignores SIGPIPE;
    /// a child should not inherit that).
    package var defaultSignals: [Int32] = []
    /// Starts the child with no signal blocked.
    package var emptySignalMask = false

    package init(ownProcessGroup: Bool = false, defaultSignals: [Int32] = [], emptySignalMask: Bool = false) {
      self.ownProcessGroup = ownProcessGroup
      self.defaultSignals = defaultSignals
      self.emptySignalMask = emptySignalMask
    }
  }

  /// `posix_spawn`'s failure: the errno it returned.
  package struct Failure: Error, Sendable {
    package var code: Int32
  }

  /// Starts `command` (a program, then its arguments) with exactly `environment`
  /// (`NAME=value` entries): `posix_spawn` when the program names a path, else `posix_spawnp`
  /// (searching PATH). Returns the child's pid.
  package static func start(
    _ command: [String], environment: [String], files: [FileAction] = [], attributes: Attributes = Attributes()
  ) throws(Failure) -> pid_t {
    #if canImport(Darwin)
      // Opaque pointers on Darwin, filled in by the init calls.
      var actions: posix_spawn_file_actions_t? = nil
      var spawnAttributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var spawnAttributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for action in files {
      switch action {
      case .duplicate(let source, let target): posix_spawn_file_actions_adddup2(&actions, source, target)
      case .open(let path, let target, let flags, let mode): posix_spawn_file_actions_addopen(&actions, target, path, flags, mode)
      }
    }
    posix_spawnattr_init(&spawnAttributes)
    defer { posix_spawnattr_destroy(&spawnAttributes) }
    var flags: Int32 = 0
    if attributes.ownProcessGroup {
      flags |= Int32(POSIX_SPAWN_SETPGROUP)
      posix_spawnattr_setpgroup(&spawnAttributes, 0)
    }
    if !attributes.defaultSignals.isEmpty {
      flags |= Int32(POSIX_SPAWN_SETSIGDEF)
      var defaults = sigset_t()
      sigemptyset(&defaults)
      for number in attributes.defaultSignals { sigaddset(&defaults, number) }
      posix_spawnattr_setsigdefault(&spawnAttributes, &defaults)
    }
    if attributes.emptySignalMask {
      flags |= Int32(POSIX_SPAWN_SETSIGMASK)
      var empty = sigset_t()
      sigemptyset(&empty)
      posix_spawnattr_setsigmask(&spawnAttributes, &empty)
    }
    posix_spawnattr_setflags(&spawnAttributes, Int16(flags))

    let argv = command.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let program = command[0]
    // A program just written may still be open for writing in a process another thread of its
    // writer forked before the file was closed, until that process's exec: ETXTBSY for a moment.
    // It is tried again for up to five seconds (a loaded machine is slow to reach that exec)
    // before it counts as a failure.
    var status: Int32 = 0
    for attempt in 0..<500 {
      status =
        program.contains("/")
        ? posix_spawn(&pid, program, &actions, &spawnAttributes, argv, envp)
        : posix_spawnp(&pid, program, &actions, &spawnAttributes, argv, envp)
      guard status == ETXTBSY, attempt < 499 else { break }
      usleep(10_000)
    }
    guard status == 0 else { throw Failure(code: status) }
    return pid
  }

  /// How a wait for a child came out.
  package enum WaitOutcome: Sendable, Equatable {
    /// Still running (only when not blocking).
    case running
    /// Reaped, with its `waitpid` status.
    case ended(Int32)
    /// `waitpid` failed (no such child).
    case failed
  }

  /// Reaps `pid` with `waitpid`, retrying when interrupted; `blocking: false` returns
  /// `.running` at once when it has not ended.
  package static func wait(_ pid: pid_t, blocking: Bool = true) -> WaitOutcome {
    var status: Int32 = 0
    while true {
      let reaped = waitpid(pid, &status, blocking ? 0 : WNOHANG)
      if reaped == pid { return .ended(status) }
      if reaped == 0 { return .running }
      if errno != EINTR { return .failed }
    }
  }

  #if os(Linux)
    private typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32
    /// glibc's `pidfd_open` (2.36 and later), looked up once: Swift's Glibc module does not
    /// import `<sys/pidfd.h>`. Nil when this C library has none, or the kernel refuses it.
    private static let pidfdOpen: PidfdOpen? = {
      guard let symbol = dlsym(nil, "pidfd_open") else { return nil }
      let open = unsafeBitCast(symbol, to: PidfdOpen.self)
      let probe = open(getpid(), 0)
      guard probe >= 0 else { return nil }
      close(probe)
      return open
    }()
  #endif

  /// Whether `exitDescriptor` gives descriptors here (Linux 5.3 and later, glibc 2.36 and later);
  /// else a thread has to wait for each exit.
  package static var hasExitDescriptors: Bool {
    #if os(Linux)
      pidfdOpen != nil
    #else
      false
    #endif
  }

  /// A close-on-exec descriptor that becomes readable once the child `pid` has ended (a pidfd),
  /// before it is reaped; only where `hasExitDescriptors`.
  package static func exitDescriptor(_ pid: pid_t) -> Result<Int32, SystemCallError> {
    #if os(Linux)
      if let pidfdOpen {
        let descriptor = pidfdOpen(pid, 0)
        if descriptor >= 0 { return .success(descriptor) }
        return .failure(SystemCallError(operation: "pidfd_open", code: errno))
      }
    #endif
    return .failure(SystemCallError(operation: "pidfd_open", code: ENOSYS))
  }

  /// Waits until `pid` has ended, without reaping it (`waitid` with `WNOWAIT`), as long as it takes.
  package static func waitUntilExited(_ pid: pid_t) {
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
  }

  /// Sends `signal` to the process `pid`.
  package static func signal(_ pid: pid_t, _ signal: Int32) {
    _ = kill(pid, signal)
  }

  /// Sends `signal` to the process group whose id is `group`.
  package static func signalGroup(_ group: pid_t, _ signal: Int32) {
    _ = kill(-group, signal)
  }
}
