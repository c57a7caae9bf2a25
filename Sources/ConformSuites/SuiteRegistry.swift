import ConformFixtures
import ConformJSON

/// Every suite the kit knows, in the order reports list them.
public enum SuiteRegistry {
  public static let all: [any Suite] = [
    EligibilitySuite(),
    VersionCompareSuite(),
    TimelineSuite(),
    UpdateNoticeSuite(),
    WidgetLocationSuite(),
    DrawFreshnessSuite(),
    RestartPromptSuite(),
  ]

  public static func named(_ name: String) -> (any Suite)? { all.first { $0.name == name } }

  public static var names: [String] { all.map(\.name) }
}

extension SuiteRegistry {
  /// The built-in suites, as the harness and the fixtures are given them.
  public static let catalogue = SuiteList(all)
}

extension GeneratorOptions {
  /// The published tables' options: every parameter the suites declare, at its default.
  public static let published = GeneratorOptions(
    parameters: Dictionary(uniqueKeysWithValues: SuiteRegistry.parameters.map { ($0.name, $0.defaultValue) }))
}

extension SuiteRegistry {
  /// Every parameter the suites declare, once per name, in name order.
  public static let parameters: [SuiteParameter] = {
    var byName: [String: SuiteParameter] = [:]
    for suite in all {
      for parameter in suite.parameters {
        precondition(
          !SuiteParameter.reservedNames.contains(parameter.name),
          "\(suite.name): the parameter name \(parameter.name) is reserved")
        precondition(
          byName[parameter.name].map { $0 == parameter } ?? true,
          "\(suite.name) declares the parameter \(parameter.name) otherwise than another suite does")
        byName[parameter.name] = parameter
      }
    }
    return byName.values.sorted { $0.name < $1.name }
  }()

  /// The suites that declare the parameter `name`, in the registry's order.
  public static func suites(declaring name: String) -> [any Suite] {
    all.filter { suite in suite.parameters.contains { $0.name == name } }
  }
}
