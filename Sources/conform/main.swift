import ConformCLI
import Foundation

signal(SIGPIPE, SIG_IGN)
exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
