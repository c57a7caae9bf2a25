import ConformAdapter
import ConformJSON
import Foundation

// Drifting ports of the Swift reference: `swift-ports <mutant>` answers every suite with the
// reference app in which one piece is replaced by a copy carrying one realistic bug (or two or
// three, for the ports that carry several independent bugs at once). `swift-ports --catalogue`
// prints every port's catalogue line, one JSON object a line, for `conform mutants`.

let nameWidth = Mutant.all.map(\.name.count).max() ?? 0
let usage = """
  usage: swift-ports <mutant>
         swift-ports --catalogue

  Serves the conform protocol on standard input and output as the Swift reference with the mutant's bugs.
  --catalogue prints each mutant's catalogue line (JSON) for conform mutants.
  Mutants:
  \(Mutant.all.map { "  \($0.name)\(String(repeating: " ", count: nameWidth + 2 - $0.name.count))\($0.bug)" }.joined(separator: "\n"))

  """

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--help"] || arguments == ["-h"] {
  print(usage, terminator: "")
  exit(0)
}
if arguments == ["--catalogue"] {
  for mutant in Mutant.all { print(JSONWriter.string(mutant.catalogueLine)) }
  exit(0)
}
guard arguments.count == 1, let mutant = Mutant.named(arguments[0]) else {
  let problem = arguments.isEmpty ? "no mutant named" : "unknown mutant \"\(arguments.joined(separator: " "))\""
  let message = Array("swift-ports: \(problem)\n\(usage)".utf8)
  _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
  exit(2)
}

// The ports' own version, as swift-reference's: not conform's (ConformVersion.current).
var adapter = Adapter(name: "swift-ports/\(mutant.name)", version: "0.1.0")
// A port may trap (day-overflow-traps does): write each answer before the next case runs, so the
// harness keeps every case answered before the crash.
adapter.flushPolicy = .everyAnswer
adapter.registerSuites(of: mutant.app)
adapter.run()
