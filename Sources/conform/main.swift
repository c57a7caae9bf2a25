import ConformCLI
import Foundation

signal(SIGPIPE, SIG_IGN)
// Past the file-size limit (ulimit -f) a write fails with EFBIG, reported like a full disk,
// instead of the signal killing conform mid-line.
signal(SIGXFSZ, SIG_IGN)
exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
