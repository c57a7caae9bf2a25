import ConformFixtures

/// A strict reader of a command's arguments: `--name value`, `--name=value`, flags, positionals.
///
/// It reads only the options the command declares (reading another is a bug, stopped at once),
/// and refuses any other a user gives. Unknown options, options that do not apply, missing
/// values and malformed numbers are usage errors naming the option.
public struct Arguments {
  private var remaining: [String]
  public let command: String
  /// The command's declared options, by name.
  private let declared: [String: Option]
  /// The declared names, in order: what an unknown option is compared with.
  private let names: [String]
  /// The options read so far that were given: what a conflict between options is about when
  /// a value cannot tell (`--depth 5` is the default, but not without `--generate`).
  public private(set) var given: Set<String> = []

  public init(_ arguments: [String], command: String, options: [Option]) {
    remaining = arguments
    self.command = command
    declared = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    names = options.filter { !$0.isHidden }.map(\.name)
  }

  /// Stops the program when a command reads an option its manual does not declare.
  private func checkDeclared(_ name: String, takesValue: Bool) {
    guard let option = declared[name] else {
      preconditionFailure("conform \(command) reads \(name), which its manual does not declare")
    }
    precondition((option.value != nil) == takesValue, "conform \(command): \(name) is declared with the wrong kind")
  }

  /// Removes and returns the first argument when it is not an option: a subcommand's action
  /// (`conform bundle create ...`).
  public mutating func subcommand() -> String? {
    guard let first = remaining.first, !first.hasPrefix("-") else { return nil }
    remaining.removeFirst()
    return first
  }

  /// Whether `--help` or `-h` was given (before any `--`).
  public func wantsHelp() -> Bool { remaining[..<optionsEnd].contains { $0 == "--help" || $0 == "-h" } }

  /// Removes a boolean flag; true when it was present.
  public mutating func flag(_ name: String) -> Bool {
    checkDeclared(name, takesValue: false)
    guard let index = remaining[..<optionsEnd].firstIndex(of: name) else { return false }
    remaining.remove(at: index)
    given.insert(name)
    return true
  }

  /// Removes every occurrence of `--name value` or `--name=value`, in order.
  public mutating func values(_ name: String) throws(ConformError) -> [String] {
    checkDeclared(name, takesValue: true)
    var found: [String] = []
    var index = 0
    while index < optionsEnd {
      let argument = remaining[index]
      if argument == name {
        guard index + 1 < remaining.count else { throw .usage("\(command): \(name) needs a value") }
        found.append(remaining[index + 1])
        remaining.removeSubrange(index...index + 1)
      } else if argument.hasPrefix(name + "=") {
        found.append(String(argument.dropFirst(name.count + 1)))
        remaining.remove(at: index)
      } else {
        index += 1
      }
    }
    if !found.isEmpty { given.insert(name) }
    return found
  }

  /// Removes every `--group value`, each with the `--member value`s that follow it, in order:
  /// `--impl A --impl-arg x --impl B` gives `[("A", ["x"]), ("B", [])]`. Members given before
  /// the first group belong to the first.
  public mutating func groups(_ group: String, members member: String) throws(ConformError) -> [(
    value: String, members: [String]
  )] {
    checkDeclared(group, takesValue: true)
    checkDeclared(member, takesValue: true)
    var found: [(value: String, members: [String])] = []
    var early: [String] = []
    var index = 0
    while index < optionsEnd {
      let argument = remaining[index]
      var name: String?
      var value: String?
      for option in [group, member] {
        if argument == option {
          guard index + 1 < remaining.count else { throw .usage("\(command): \(option) needs a value") }
          (name, value) = (option, remaining[index + 1])
          remaining.removeSubrange(index...index + 1)
        } else if argument.hasPrefix(option + "=") {
          (name, value) = (option, String(argument.dropFirst(option.count + 1)))
          remaining.remove(at: index)
        }
        if name != nil { break }
      }
      guard let name, let value else {
        index += 1
        continue
      }
      given.insert(name)
      if name == group {
        found.append((value, found.isEmpty ? early : []))
      } else if found.isEmpty {
        early.append(value)
      } else {
        found[found.count - 1].members.append(value)
      }
    }
    return found
  }

  /// Where options end: at `--`, after which everything is a positional.
  private var optionsEnd: Int { remaining.firstIndex(of: "--") ?? remaining.count }

  /// The value of an option given at most once.
  public mutating func value(_ name: String) throws(ConformError) -> String? {
    let found = try values(name)
    guard found.count <= 1 else { throw .usage("\(command): \(name) given \(found.count) times") }
    return found.first
  }

  /// An integer option within `range`.
  public mutating func integer(_ name: String, in range: ClosedRange<Int>) throws(ConformError) -> Int? {
    guard let text = try value(name) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw .usage("\(command): \(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
    }
    return number
  }

  /// The longest `--timeout` a case may have, in seconds (a day), in every command.
  public static let longestCaseTimeout: Double = 86_400

  /// A number of seconds above 0 and at most `limit` (`--timeout 10`, `--time 0.5`).
  public mutating func seconds(_ name: String, atMost limit: Double) throws(ConformError) -> Double? {
    guard let text = try value(name) else { return nil }
    guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= limit else {
      throw .usage(
        "\(command): \(name) takes a number of seconds above 0 and at most \(Int(limit)) (such as 10 or 0.5), not \"\(text)\"")
    }
    return seconds
  }

  /// The positional arguments left, after every option was taken. An unknown option is an
  /// error, with the closest declared option when it looks like a typo of it; so is a declared
  /// option that was not read (it does not apply with the others given).
  public mutating func positionals() throws(ConformError) -> [String] {
    var positionals: [String] = []
    var afterDashes = false
    for argument in remaining {
      if afterDashes || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
      } else if argument == "--" {
        afterDashes = true
      } else {
        let name = String(argument.prefix { $0 != "=" })
        if declared[name] != nil {
          throw .usage("\(command): \(name) does not apply here (see conform \(command) --help)")
        }
        let suggestion = Suggestion.phrase(for: name, among: names)
        throw .usage("\(command): unknown option \(argument)\(suggestion) (see conform \(command) --help)")
      }
    }
    remaining = []
    return positionals
  }
}
