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
