import ConformFixtures
import ConformHarness
import ConformJSON

/// What `conform run` and `conform fuzz` share: the implementations they start and how, with
/// one default and one range each.
struct ImplementationOptions {
  /// Each `--impl` with its `--impl-arg`s (a run's also with the arguments after `--`).
  var commands: [[String]] = []
  /// `--env` and `--inherit-env`.
  var environment = ImplementationEnvironment.standard
  /// `--timeout`: seconds per case, by default the harness's.
  var timeout = HarnessSettings().timeout
  /// `--max-restarts`: restarts in a row after crashes, hangs and protocol errors of a process
  /// that answered no case since it started (one that answered cases is restarted freely); by
  /// default the harness's.
  var maxRestarts = HarnessSettings().maxRestarts
}

/// The options value of a command that starts implementations.
protocol StartsImplementations: CommandOptions {
  var implementation: ImplementationOptions { get set }
}

extension OptionDeclaration where Options: StartsImplementations {
  /// `--impl PROGRAM`, each with the `--impl-arg ARG`s after it (those before the first belong
  /// to the first), read together. Declare it first, so that it is read before the other
  /// options: an argument may look like one of conform's own options. `counted` refuses a
  /// number of programs the command does not take (given the options read so far), as soon as
  /// they are read.
  static func implementations(
    program: String, argument: String, recordedAs key: String? = nil,
    counted: @escaping (Int, Options) throws(ConformError) -> Void
  ) -> Self {
    Self(
      options: [Option("--impl", "PROGRAM", program), Option("--impl-arg", "ARG", recordedAs: key, argument)],
      read: { arguments, options throws(ConformError) in
        let groups = try arguments.groups("--impl", members: "--impl-arg")
        try counted(groups.count, options)
        options.implementation.commands = groups.map { [$0.value] + $0.members }
      },
      record: recorder(key) { .array(($0.implementation.commands.first ?? []).dropFirst().map(JSONValue.string)) })
  }

  /// `--env KEY=VALUE` (repeatable) and `--inherit-env`, read together into the environment;
  /// recorded under `keys`, when given.
  static func environment(
    set: String, inherit: String, recordedAs keys: (set: String, inherit: String)? = nil
  ) -> Self {
    Self(
      options: [
        Option("--env", "KEY=VALUE", recordedAs: keys?.set, set),
        Option("--inherit-env", recordedAs: keys?.inherit, inherit),
      ],
      read: { arguments, options throws(ConformError) in
        let inherit = arguments.flag("--inherit-env")
        let assignments = try arguments.values("--env")
        do throws(ConformError) {
          options.implementation.environment = try ImplementationEnvironment(inherit: inherit, assignments: assignments)
        } catch .usage(let message) {
          throw .usage("\(arguments.command): \(message)")
        } catch {
          throw error
        }
      },
      record: { options, header in
        guard let keys else { return }
        let environment = options.implementation.environment
        header[keys.set] = .array(environment.overrides.map { .string("\($0.key)=\($0.value)") })
        header[keys.inherit] = .bool(environment.inherit)
      })
  }

  /// `--timeout SECONDS`, per case: at most `Arguments.longestCaseTimeout` in every command.
  static func timeout(recordedAs key: String? = nil, help: (String) -> String) -> Self {
    .seconds("--timeout", atMost: Arguments.longestCaseTimeout, \.implementation.timeout, recordedAs: key, help: help)
  }

  /// `--max-restarts N`: restarts in a row without progress after crashes, hangs and protocol errors.
  static func maxRestarts(recordedAs key: String? = nil, help: (String) -> String) -> Self {
    .integer("--max-restarts", in: 0...1_000_000, \.implementation.maxRestarts, recordedAs: key, help: help)
  }
}

extension ImplementationEnvironment {
  /// Without `--env` or `--inherit-env`: the fixed variables and the few passed through.
  static let standard: Self = {
    do { return try ImplementationEnvironment(inherit: false, assignments: []) } catch {
      preconditionFailure("no assignment to refuse")
    }
  }()
}
