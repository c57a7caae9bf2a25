import ConformFixtures
import ConformSuites

extension SuiteParameter {
  /// The option that sets it: `--depth`.
  var option: String { "--" + name }

  /// The help text: the parameter's own, the suites that read it (from the registry), the
  /// default as `stated` and the range, wrapped for `--help`.
  func optionHelp(stated: String) -> String {
    let suites = SuiteRegistry.suites(declaring: name).map(\.name).joined(separator: ", ")
    let range = "\(range.lowerBound) to \(range.upperBound)"
    return Manual.wrapped("\(help). Read by \(suites) (default \(stated), the published tables; \(range))")
  }

  /// Every parameter's option as a usage line shows it: `--depth N`.
  static var synopses: [String] { SuiteRegistry.parameters.map { "\($0.option) N" } }

  /// The parameters given as options (`--depth N`), each within its range: none when none is given.
  static func parse(_ arguments: inout Arguments) throws(ConformError) -> [String: Int] {
    var given: [String: Int] = [:]
    for parameter in SuiteRegistry.parameters {
      if let number = try arguments.integer(parameter.option, in: parameter.range) { given[parameter.name] = number }
    }
    return given
  }
}

extension OptionDeclaration {
  /// One `--NAME N` per parameter the suites declare (`SuiteRegistry.parameters`: `--depth`),
  /// each a whole number in the parameter's range read into `path` under its name, its help
  /// stating the default the options value starts with (the published tables').
  static func suiteParameters(_ path: WritableKeyPath<Options, [String: Int]>) -> [Self] {
    SuiteRegistry.parameters.map { parameter in
      let stated = String(initial(path)[parameter.name] ?? parameter.defaultValue)
      return Self(
        options: [Option(parameter.option, "N", parameter.optionHelp(stated: stated))], statedDefault: stated,
        read: { arguments, options throws(ConformError) in
          if let number = try arguments.integer(parameter.option, in: parameter.range) {
            options[keyPath: path][parameter.name] = number
          }
        })
    }
  }
}
