import ConformFixtures

/// A built-in suite's written spec: its prose (`<name>.md`) and its description
/// (`<name>.suite.json`, a team's `suite.json` without a model, cases or a domain, as the model is
/// Swift), both in the suite's folder and embedded in the kit. They are read and published by the
/// same `SuiteDescription` as a team's suite, so both kinds publish their decisions and schemas
/// one way.
package struct BuiltInSpec: Sendable {
  /// What `<name>.suite.json` says: name, version, title, decisions, schemas.
  package var suiteDescription: SuiteDescription
  /// The Markdown as written: the decision entries are in `suiteDescription`.
  package var prose: [UInt8]
  /// The spec the suite publishes (`Suite.spec`): the prose with the schemas and the decisions.
  package var published: [UInt8]

  /// Reads the embedded `json` (`file` names it in a failure) and renders the published spec.
  ///
  /// - Precondition: `json` is a well-formed description; `BuiltInSuiteTests` reads every one.
  init(json: [UInt8], prose: [UInt8], file: String) {
    do {
      suiteDescription = try SuiteDescription(json: json, path: file)
    } catch {
      preconditionFailure("\(error)")
    }
    self.prose = prose
    published = suiteDescription.publishedSpec(prose: prose)
  }
}

/// A suite built into conform: its spec is a `BuiltInSpec`, embedded in the kit.
package protocol BuiltInSuite: Suite {
  /// The suite's prose and description, read once.
  static var written: BuiltInSpec { get }
}
