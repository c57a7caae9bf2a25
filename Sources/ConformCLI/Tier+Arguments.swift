import ConformFixtures

extension Tier {
  /// `--tier TIER` (default full).
  static func parse(_ arguments: inout Arguments) throws(ConformError) -> Tier {
    guard let text = try arguments.value("--tier") else { return .full }
    guard let tier = Tier(rawValue: text) else { throw .usage("--tier takes \(Tier.names), not \"\(text)\"") }
    return tier
  }

  /// `--tier TIER` (default full); refused beside an option that brings its own tables (a
  /// fixtures folder or bundle is already one tier or the other).
  static func parse(_ arguments: inout Arguments, fixtures: String?) throws(ConformError) -> Tier {
    let tier = try parse(&arguments)
    try tier.check(fixtures: fixtures)
    return tier
  }

  /// Refuses a tier other than full beside an option that brings its own tables.
  func check(fixtures: String?, rerunFailed: String? = nil) throws(ConformError) {
    guard self != .full, fixtures != nil || rerunFailed != nil else { return }
    throw .usage(
      "--tier picks a tier of the built-in tables: not with \(fixtures != nil ? "--fixtures" : "--rerun-failed") "
        + "(make a smoke folder or bundle with conform generate --tier smoke)")
  }
}

extension OptionDeclaration {
  /// `--tier TIER`: full (the default) or smoke.
  static func tier(_ path: WritableKeyPath<Options, Tier>, _ help: String) -> Self {
    .custom(
      Option("--tier", "TIER", help),
      read: { arguments, options throws(ConformError) in options[keyPath: path] = try Tier.parse(&arguments) })
  }
}
