import ConformFixtures
import ConformJSON

/// A command's options value: its initial value holds every option's default, which is what
/// `--help` states.
protocol CommandOptions {
  init()
}

/// One option of a command, declared once: what `--help` lists (and `Arguments` accepts), how
/// it is read into the command's options value, and what the results header records of it.
///
/// A few options that make one value are declared together (`--impl` and its `--impl-arg`s,
/// `--env` and `--inherit-env`): they are read in one step, in the order the command needs.
/// A default the help states ("(default 10)") is the options value's initial value, read
/// through the key path, so that the help and the value cannot drift apart.
struct OptionDeclaration<Options: CommandOptions> {
  /// What `--help` lists, in order; usually one option.
  var options: [Option]
  /// The default the help states, as it states it (`10`, `0.5`); nil when it states none.
  var statedDefault: String?
  /// Reads the options from the arguments into the options value; left as it is when not given.
  var read: (inout Arguments, inout Options) throws(ConformError) -> Void
  /// Writes what the results header's `options` records of it; nothing for most commands.
  var record: (Options, inout JSONObject) -> Void = { _, _ in }
  /// Read by `conform run --list` too: it chooses the cases (or is the listing itself).
  var isReadByList = false

  /// A declaration that `conform run --list` reads too.
  func readByList() -> Self {
    var declaration = self
    declaration.isReadByList = true
    return declaration
  }

  /// A declaration whose options the results header records under `key`, written by the
  /// harness rather than here (a generated run's `generate`: the suite, its parameters, the count).
  func recordedByTheHarness(as key: String) -> Self {
    var declaration = self
    for index in declaration.options.indices { declaration.options[index].recordedAs = key }
    declaration.record = { _, _ in }
    return declaration
  }

  /// The declaration stating `value` as its default: what an options value left nil stands for
  /// (`bench --runs`: the scale's rounds), as its help states it.
  func stating(_ value: some CustomStringConvertible) -> Self {
    var declaration = self
    declaration.statedDefault = value.description
    return declaration
  }

  /// The declaration with its options left out of `--help` (still accepted).
  func hidden() -> Self {
    var declaration = self
    for index in declaration.options.indices { declaration.options[index].isHidden = true }
    return declaration
  }

  /// How a default is stated: `10` for 10.0, `0.5` for 0.5.
  static func stated(_ seconds: Double) -> String {
    seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
  }

  /// The initial value at `path`: the default of the option read into it.
  static func initial<Value>(_ path: KeyPath<Options, Value>) -> Value { Options()[keyPath: path] }

  // MARK: - One declaration per value shape

  /// A flag, true when given.
  static func flag(
    _ name: String, _ path: WritableKeyPath<Options, Bool>, recordedAs key: String? = nil, _ help: String
  ) -> Self {
    Self(
      options: [Option(name, recordedAs: key, help)],
      read: { arguments, options throws(ConformError) in if arguments.flag(name) { options[keyPath: path] = true } },
      record: recorder(key) { .bool($0[keyPath: path]) })
  }

  /// A whole number within `range`, with the default the options value starts with; `help` is
  /// given that default as the help states it.
  static func integer(
    _ name: String, _ placeholder: String = "N", in range: ClosedRange<Int>, _ path: WritableKeyPath<Options, Int>,
    recordedAs key: String? = nil, help: (String) -> String
  ) -> Self {
    let stated = String(initial(path))
    return Self(
      options: [Option(name, placeholder, recordedAs: key, help(stated))], statedDefault: stated,
      read: { arguments, options throws(ConformError) in
        if let number = try arguments.integer(name, in: range) { options[keyPath: path] = number }
      },
      record: recorder(key) { .int(Int64($0[keyPath: path])) })
  }

  /// A whole number within `range` whose default the help does not state.
  static func integer(
    _ name: String, _ placeholder: String = "N", in range: ClosedRange<Int>, _ path: WritableKeyPath<Options, Int>,
    recordedAs key: String? = nil, _ help: String
  ) -> Self {
    var declaration = integer(name, placeholder, in: range, path, recordedAs: key) { _ in help }
    declaration.statedDefault = nil
    return declaration
  }

  /// A whole number within `range`, nil when not given (recorded as null).
  static func integer(
    _ name: String, _ placeholder: String = "N", in range: ClosedRange<Int>, _ path: WritableKeyPath<Options, Int?>,
    recordedAs key: String? = nil, _ help: String
  ) -> Self {
    Self(
      options: [Option(name, placeholder, recordedAs: key, help)],
      read: { arguments, options throws(ConformError) in
        if let number = try arguments.integer(name, in: range) { options[keyPath: path] = number }
      },
      record: recorder(key) { JSONValue($0[keyPath: path].map(Int64.init)) })
  }

  /// A whole number from 0 to 2^63-1 that seeds a random order (`--shuffle`, `--seed`), nil
  /// when not given (recorded as null).
  static func seed(
    _ name: String, _ placeholder: String, _ path: WritableKeyPath<Options, UInt64?>, recordedAs key: String? = nil,
    _ help: String
  ) -> Self {
    Self(
      options: [Option(name, placeholder, recordedAs: key, help)],
      read: { arguments, options throws(ConformError) in
        if let seed = try readSeed(name, from: &arguments) { options[keyPath: path] = seed }
      },
      record: recorder(key) { JSONValue($0[keyPath: path].map(Int64.init)) })
  }

  /// A whole number from 0 to 2^63-1 that seeds a search, with the default the options value
  /// starts with.
  static func seed(
    _ name: String, _ placeholder: String, _ path: WritableKeyPath<Options, UInt64>, help: (String) -> String
  ) -> Self {
    let stated = String(initial(path))
    return Self(
      options: [Option(name, placeholder, help(stated))], statedDefault: stated,
      read: { arguments, options throws(ConformError) in
        if let seed = try readSeed(name, from: &arguments) { options[keyPath: path] = seed }
      })
  }

  /// A seed's value: a whole number from 0 to 2^63-1, nil when not given.
  private static func readSeed(_ name: String, from arguments: inout Arguments) throws(ConformError) -> UInt64? {
    try arguments.integer(name, in: 0...Int(Int64.max)).map(UInt64.init)
  }

  /// A number of seconds above 0 and at most `limit`, with the default the options value
  /// starts with. It is recorded in milliseconds.
  static func seconds(
    _ name: String, atMost limit: Double, _ path: WritableKeyPath<Options, Double>, recordedAs key: String? = nil,
    help: (String) -> String
  ) -> Self {
    let stated = stated(initial(path))
    return Self(
      options: [Option(name, "SECONDS", recordedAs: key, help(stated))], statedDefault: stated,
      read: { arguments, options throws(ConformError) in
        if let seconds = try arguments.seconds(name, atMost: limit) { options[keyPath: path] = seconds }
      },
      record: recorder(key) { .int(Int64(($0[keyPath: path] * 1000).rounded())) })
  }

  /// A number of seconds above 0 and at most `limit` that may end up nil (`conform fuzz
  /// --time`: none when `--cases` alone bounds the search), with the default the options value
  /// starts with.
  static func seconds(
    _ name: String, atMost limit: Double, _ path: WritableKeyPath<Options, Double?>, help: (String) -> String
  ) -> Self {
    guard let initial = initial(path) else { preconditionFailure("\(name): a default to state, but it is nil") }
    let stated = stated(initial)
    return Self(
      options: [Option(name, "SECONDS", help(stated))], statedDefault: stated,
      read: { arguments, options throws(ConformError) in
        if let seconds = try arguments.seconds(name, atMost: limit) { options[keyPath: path] = seconds }
      })
  }

  /// A text given at most once, nil when not given (recorded as null).
  static func string(
    _ name: String, _ placeholder: String, _ path: WritableKeyPath<Options, String?>, recordedAs key: String? = nil,
    _ help: String
  ) -> Self {
    Self(
      options: [Option(name, placeholder, recordedAs: key, help)],
      read: { arguments, options throws(ConformError) in
        if let text = try arguments.value(name) { options[keyPath: path] = text }
      },
      record: recorder(key) { JSONValue($0[keyPath: path]) })
  }

  /// A text given at most once, with the default the options value starts with; `help` is
  /// given that default.
  static func string(
    _ name: String, _ placeholder: String, _ path: WritableKeyPath<Options, String>, recordedAs key: String? = nil,
    help: (String) -> String
  ) -> Self {
    let stated = initial(path)
    return Self(
      options: [Option(name, placeholder, recordedAs: key, help(stated))], statedDefault: stated,
      read: { arguments, options throws(ConformError) in
        if let text = try arguments.value(name) { options[keyPath: path] = text }
      },
      record: recorder(key) { .string($0[keyPath: path]) })
  }

  /// A repeatable text, every value in order.
  static func strings(
    _ name: String, _ placeholder: String, _ path: WritableKeyPath<Options, [String]>, recordedAs key: String? = nil,
    _ help: String
  ) -> Self {
    Self(
      options: [Option(name, placeholder, recordedAs: key, help)],
      read: { arguments, options throws(ConformError) in options[keyPath: path] += try arguments.values(name) },
      record: recorder(key) { .array($0[keyPath: path].map(JSONValue.string)) })
  }

  /// An option of another shape, read and recorded by the closures given.
  static func custom(
    _ option: Option, read: @escaping (inout Arguments, inout Options) throws(ConformError) -> Void,
    record: @escaping (Options) -> JSONValue? = { _ in nil }
  ) -> Self {
    Self(options: [option], read: read, record: recorder(option.recordedAs, record))
  }

  /// Records `value` under `key`, when both are there.
  static func recorder(
    _ key: String?, _ value: @escaping (Options) -> JSONValue?
  ) -> (Options, inout JSONObject) -> Void {
    guard let key else { return { _, _ in } }
    return { options, header in
      if let json = value(options) { header[key] = json }
    }
  }
}

extension Array {
  /// Reads every declaration from `arguments` into `options`, in order.
  func read<Options>(_ arguments: inout Arguments, into options: inout Options) throws(ConformError)
  where Element == OptionDeclaration<Options> {
    for declaration in self { try declaration.read(&arguments, &options) }
  }

  /// The options, as the results header records them.
  func record<Options>(_ options: Options) -> JSONValue where Element == OptionDeclaration<Options> {
    var header = JSONObject()
    for declaration in self { declaration.record(options, &header) }
    return .object(header)
  }
}

extension Manual.Block {
  /// A titled table of the declared options.
  static func options<Options>(_ heading: String, _ declarations: [OptionDeclaration<Options>]) -> Self {
    .options(heading, declarations.flatMap(\.options))
  }
}
