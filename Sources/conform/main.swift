import ConformCLI
import ConformHarness
import ConformPlatform
import Foundation

// The executable owns the process: its signal dispositions, its signal handling and its exit.
Signals.ignore(SIGPIPE)
// Past the file-size limit (ulimit -f) a write fails with EFBIG, reported like a full disk,
// instead of the signal killing conform mid-line.
Signals.ignore(SIGXFSZ)
// SIGINT, SIGTERM or SIGHUP stops the runs in progress, which write the results so far; with
// none in progress, conform ends as the signal ends a process that does not catch it. A second one kills the
// implementations, gives the runs a moment to write their not-run records and footers, and ends
// conform at once.
SignalWatcher.install { number, count in
  if count == 1 {
    if CLI.stop.stop(signal: number) { return }
    SignalWatcher.endAsUnhandled(signal: number)
  }
  CLI.stop.noteSecondSignal(number)
  ImplementationProcess.killUnreapedGroups()
  _ = CLI.stop.waitForRunsToEnd(seconds: StopHandle.secondSignalGrace)
  SignalWatcher.exitNow(signal: number)
}
exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
