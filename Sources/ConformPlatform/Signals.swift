#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Signal dispositions and masks of the running process.
package enum Signals {
  /// Ignores `number` (SIGPIPE: a write to a closed pipe then fails with EPIPE instead).
  package static func ignore(_ number: Int32) {
    _ = signal(number, SIG_IGN)
  }

  /// Unblocks `numbers` for the calling thread (threads created afterwards inherit its mask).
  package static func unblock(_ numbers: [Int32]) {
    var set = sigset_t()
    sigemptyset(&set)
    for number in numbers { sigaddset(&set, number) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// Installs `handler` for each of `numbers` with `sigaction` (SA_RESTART, nothing else
  /// blocked while it runs). The handler must be async-signal-safe.
  package static func handle(_ numbers: [Int32], with handler: @convention(c) (Int32) -> Void) {
    for number in numbers {
      var action = sigaction()
      #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
      #elseif canImport(Musl)
        action.__sa_handler.sa_handler = handler
      #else
        action.__sigaction_handler.sa_handler = handler
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(number, &action, nil)
    }
  }
}
