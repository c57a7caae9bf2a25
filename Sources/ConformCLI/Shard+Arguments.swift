import ConformFixtures

extension Shard {
  /// `--shard K/N`, nil when not given; a value that is not K/N with 1 ≤ K ≤ N is a usage error.
  static func parse(_ arguments: inout Arguments, command: String) throws(ConformError) -> Shard? {
    guard let text = try arguments.value("--shard") else { return nil }
    guard let shard = Shard(parsing: text) else {
      throw .usage(
        "\(command): --shard takes K/N, part K of N with 1 ≤ K ≤ N ≤ \(Shard.maxCount) (such as 2/3), not \"\(text)\"")
    }
    return shard
  }
}

extension OptionDeclaration {
  /// `--shard K/N`, nil when not given (recorded as null): what a part is, each command says.
  static func shard(_ path: WritableKeyPath<Options, Shard?>, recordedAs key: String? = nil, _ help: String) -> Self {
    .custom(
      Option("--shard", "K/N", recordedAs: key, help),
      read: { arguments, options throws(ConformError) in
        if let shard = try Shard.parse(&arguments, command: arguments.command) { options[keyPath: path] = shard }
      },
      record: { $0[keyPath: path]?.json ?? .null })
  }
}
