/// A whole number a suite's generator reads from the options (`GeneratorOptions.parameters`),
/// such as the step-sequence suites' `depth`.
///
/// A suite declares the parameters it reads (`Suite.parameters`); the engine, the manifest and
/// the command line pass them on by name and know no suite that reads them. Suites that declare
/// the same name share its meaning, default and range (`SuiteRegistry.parameters`).
public struct SuiteParameter: Sendable, Equatable {
  /// The name in the options, the manifest's `generator.options`, a generated run's source and
  /// header, and the command line (`--depth`).
  public var name: String
  /// The value the published tables are generated with.
  public var defaultValue: Int
  /// The values the command line accepts.
  public var range: ClosedRange<Int>
  /// What it sets, for `--help`: lower-case, no final stop.
  public var help: String

  public init(name: String, defaultValue: Int, range: ClosedRange<Int>, help: String) {
    (self.name, self.defaultValue, self.range, self.help) = (name, defaultValue, range, help)
  }

  /// The names a parameter cannot take: they sit beside the parameters in the manifest's
  /// `generator.options` (`tier`) and in a generated run's header (`suite`, `count`).
  public static let reservedNames: Set<String> = ["count", "suite", "tier"]
}
