import ConformFixtures
import ConformPlatform

extension ImplementationProcess {
  /// Starts `command` with exactly `environment` (see `spawn`), its failure worded as the
  /// harness reports it: `ConformError.implementation` with the whole message.
  package static func start(command: [String], environment: [String]) throws(ConformError) -> ImplementationProcess {
    do {
      return try spawn(command: command, environment: environment)
    } catch {
      throw .implementation(error.message)
    }
  }
}

extension WakePipe {
  /// A new wake pipe, its failure worded as the harness reports it.
  static func opened() throws(ConformError) -> WakePipe {
    do {
      return try WakePipe()
    } catch {
      throw .implementation(error.description)
    }
  }
}

extension ImplementationProcess {
  /// The wait of every reader of a process (the pump's, a team suite's model client's) when its
  /// stdout has nothing: keeps what stderr holds now (`keep`; `stderrOpen` turns false once it
  /// has ended), then waits in `poll` until stdout is readable, stderr has more, the process
  /// exits (its exit descriptor, watched until `exitSeen`), `wake` is signalled, or `deadline`
  /// (monotonic nanoseconds) passes. No reader needs a thread of its own for stderr or the exit.
  ///
  /// - Returns: true when the process is seen to have exited now (it was not `exitSeen`): its
  ///   output may still hold answers, or a child of it keep the pipe open, never writing.
  package func awaitOutput(
    wake: WakePipe, stderrOpen: inout Bool, exitSeen: Bool, until deadline: UInt64? = nil,
    keep: (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Bool {
    if stderrOpen { stderrOpen = drainStderr(into: keep) }
    let others = (stderrOpen ? [stderrFD] : []) + (exitSeen ? [] : [exitFD])
    let ready = wake.wait(for: stdoutFD, events: WakePipe.readable, alsoReadable: others, until: deadline)
    return ready && !exitSeen && hasExited
  }
}

extension ImplementationProcess {
  /// The end of a process whose input is closed with every answer in, as the pump and a team
  /// suite's model client both end one: `exitAtEndOfInput` to exit by itself (what its stderr
  /// holds handed to `keep` meanwhile, when given: a reader that still drains stderr passes
  /// none), then its process group stopped (`grace`), which also kills the children it left
  /// behind, and reaped.
  ///
  /// - Returns: whether it exited by itself in time, and how it ended.
  package func endAtEndOfInput(
    _ timeouts: HarnessTimeouts, keepingStderr keep: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil
  ) -> (exited: Bool, termination: Termination) {
    let milliseconds = timeouts.exitAtEndOfInput
    let exited =
      if let keep { waitForExit(milliseconds: milliseconds, keepingStderr: keep) } else {
        waitForExit(milliseconds: milliseconds)
      }
    return (exited, stop(graceMilliseconds: timeouts.grace))
  }
}
