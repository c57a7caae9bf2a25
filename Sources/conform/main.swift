import ConformCLI
import ConformPlatform
import Foundation

Signals.ignore(SIGPIPE)
// Past the file-size limit (ulimit -f) a write fails with EFBIG, reported like a full disk,
// instead of the signal killing conform mid-line.
Signals.ignore(SIGXFSZ)
exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
