import ConformFixtures
import ConformHarness
import ConformProtocol

/// A subcommand of `conform`: `conform NAME [options]`.
///
/// Its options are declared once, in its manual: parsing reads no other, `--help` is the manual,
/// and `parse` reads the arguments without touching a file or a process, so the option tests
/// can give every declared option to every command.
public protocol Command: Sendable {
  associatedtype Options
  static var name: String { get }
  /// One line for `conform --help`.
  static var summary: String { get }
  /// The whole `--help`: every option and the exit statuses.
  static var manual: Manual { get }
  /// Reads and checks the arguments; nothing is started or read.
  static func parse(_ arguments: inout Arguments) throws(ConformError) -> Options
  static func run(_ options: Options) throws(ConformError) -> ExitStatus
}

extension Command {
  public static var help: String { manual.text }

  /// `conform NAME ARGUMENTS...` from the arguments after the name.
  static func main(_ arguments: inout Arguments) throws(ConformError) -> ExitStatus {
    try run(try parse(&arguments))
  }

  /// Parses the arguments and drops the result: what the option tests call.
  public static func check(_ arguments: [String]) throws(ConformError) {
    var arguments = Arguments(arguments, command: name, options: manual.options)
    _ = try parse(&arguments)
  }
}

/// The front end: dispatches to a command, prints errors on stderr, returns the exit status.
public enum CLI {
  public static let commands: [any Command.Type] = [
    RunCommand.self,
    GenerateCommand.self,
    ReportCommand.self,
    DiffCommand.self,
    MutantsCommand.self,
    BundleCommand.self,
    BenchCommand.self,
    FuzzCommand.self,
    SuiteCommand.self,
    GateCommand.self,
    PinCommand.self,
  ]

  /// What the executable's signal handling stops: every run a command starts is given it.
  package static let stop = StopHandle()

  public static func main(_ arguments: [String]) -> Int32 {
    // `conform help VERB` is `conform VERB --help`.
    if arguments.count > 2, arguments[0] == "help" {
      Terminal.error("usage: help takes one command, not \(arguments.count - 1) (conform help COMMAND)")
      return ExitStatus.couldNotRun.rawValue
    }
    if arguments.count == 2, arguments[0] == "help" {
      guard let command = command(named: arguments[1]) else { return ExitStatus.couldNotRun.rawValue }
      print(command.help)
      return ExitStatus.success.rawValue
    }
    guard let name = arguments.first, name != "--help", name != "-h", name != "help" else {
      print(usage)
      return arguments.isEmpty ? ExitStatus.couldNotRun.rawValue : ExitStatus.success.rawValue
    }
    if name == "--version" {
      print("conform \(ConformVersion.current) (protocol \(ProtocolVersion.current))")
      return ExitStatus.success.rawValue
    }
    guard let command = command(named: name) else { return ExitStatus.couldNotRun.rawValue }
    var rest = Arguments(Array(arguments.dropFirst()), command: name, options: command.manual.options)
    if rest.wantsHelp() {
      print(command.help)
      return ExitStatus.success.rawValue
    }
    do {
      return try command.main(&rest).rawValue
    } catch {
      Terminal.error(error.description)
      return ExitStatus.couldNotRun.rawValue
    }
  }

  /// The command called `name`, or nil after saying on stderr that there is none (and which one
  /// was probably meant).
  static func command(named name: String) -> (any Command.Type)? {
    if let command = commands.first(where: { $0.name == name }) { return command }
    let suggestion = Suggestion.phrase(for: name, among: commands.map { $0.name } + ["help"])
    Terminal.error("usage: unknown command \"\(name)\"\(suggestion) (see conform --help)")
    return nil
  }

  static var usage: String {
    var width = 0
    for command in commands { width = max(width, command.name.count) }
    var lines: [String] = []
    for command in commands {
      lines.append("  " + command.name + String(repeating: " ", count: width + 2 - command.name.count) + command.summary)
    }
    return """
      conform \(ConformVersion.current): a cross-platform conformance test kit

      USAGE
        conform <command> [options]      conform <command> --help      conform help <command>

      COMMANDS
      \(lines.joined(separator: "\n"))

      \(ExitStatus.helpText)
      """
  }
}

extension Diagnostics {
  /// The harness's notes on stderr, as `conform: message` lines.
  static let standardError = Diagnostics { Terminal.note($0) }
}
