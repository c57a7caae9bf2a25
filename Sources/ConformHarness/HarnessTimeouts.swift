/// Every wait of the pump's teardown, in milliseconds, in one value: how long an implementation
/// is given to exit on its own, the grace between SIGTERM and SIGKILL, and how long a worker
/// waits for a process's threads before it leaves their descriptors open.
///
/// None of them is a case's timeout (`--timeout`) or the handshake's (`HarnessSettings`): they
/// bound the end of a process, so a run with a hostile implementation still ends (harness/README.md,
/// "The harness under fire", gives the wall times these add up to). `HarnessTimeoutsTests` checks
/// the sums the messages and the README quote.
///
/// A team suite's model client (`ModelClient`) ends its model with the same waits.
package struct HarnessTimeouts: Equatable, Sendable {
  /// Every case answered and stdin closed: how long the implementation has to exit by itself
  /// before its process group is killed (the note says "did not exit within 2 s").
  package var exitAtEndOfInput = 2000
  /// Between SIGTERM and SIGKILL when a process is stopped after a failure or at the end.
  package var grace = 200
  /// Between SIGTERM and SIGKILL when the run is interrupted, or a process is given up before
  /// the run (or after a failed handshake): shorter, since nothing more is read from it.
  var interruptGrace = 100
  /// A process that died: how long its reader has to take the answers still in the pipe.
  var readerAfterDeath = 1000
  /// A process that died: how long it has to be reaped, once its reader is done.
  var reapAfterDeath = 500
  /// How long a worker waits for a process's reader or writer to finish, after it was stopped.
  var threadJoin = 1000
  /// How long a failed process's stderr has to drain before its tail is quoted.
  var stderrDrain = 500
  /// How long the stderr drainer has to finish as a process ends (its descriptors are left open
  /// past it).
  var stderrJoin = 1000
  /// A handshake that failed: how long the implementation has to exit on its own, so that its
  /// stderr can be quoted (PROTOCOL.md asks it to say why and exit).
  var exitAfterRefusedHandshake = 1000

  /// The waits the harness uses.
  package static let standard = HarnessTimeouts()

  /// `exitAtEndOfInput` as the note reads it: `2 s`.
  var exitAtEndOfInputText: String {
    exitAtEndOfInput % 1000 == 0 ? "\(exitAtEndOfInput / 1000) s" : "\(Double(exitAtEndOfInput) / 1000) s"
  }

  /// The longest a failed process's teardown waits (a death whose pipes never close, a child
  /// holding them): reader and reaping, the grace, the reader, stderr, then the threads at the end.
  var failureTeardown: Int {
    readerAfterDeath + reapAfterDeath + grace + threadJoin + stderrDrain + 2 * threadJoin + stderrJoin
  }

  /// The longest an interrupted process's teardown waits: the grace, the reader and the writer,
  /// then the threads at the end.
  var interruptTeardown: Int { interruptGrace + 2 * threadJoin + 2 * threadJoin + stderrJoin }
}
