import ConformBundle
import ConformFixtures
import ConformJSON

/// An app repository's `conform.json`: the one place that pins conform and the fixture bundle,
/// and says how the app's adapter is built and run, which suites the team promises, how the gate
/// fuzzes and where it writes. `conform gate` runs it locally, and conform's reusable workflow
/// runs the same steps in CI; `conform pin` re-pins the bundle in it.
///
/// Every key is checked: an unknown one (a typo) is an error naming it and the keys there are,
/// and a value of the wrong type or shape names the key and what to write.
struct GateConfig: Equatable {
  /// The conform release the repository pins: what CI installs and what `conform gate` checks
  /// it is run by.
  var conformVersion: String
  /// SHA-256 (hex) of the release's `conform-VERSION-linux-x86_64.tar.gz`; nil builds conform
  /// from source in CI.
  var conformSHA256: String?
  /// Where conform is released (`your-org/conform`): the repository CI checks out at the tag and
  /// installs from. conform gate does not read it.
  var conformRepository: String?
  /// Where the pinned bundle is: `https://…`, `file://…` or a path relative to the config's folder.
  var bundleURL: String
  /// The pin: `sha256:` and the archive's 64 hex digits.
  var bundleDigest: String
  /// A shell command that installs what the build needs (run before `build`), or nil.
  var setup: String?
  /// The shell command that builds the adapter, run in the config's folder.
  var build: String
  /// The adapter the harness starts: a program (a path relative to the config's folder, or a
  /// name on PATH), then its arguments. Given as an array, so no shell splits it.
  var run: [String]
  /// The suites the team promises: each must be in the bundle and answered by the adapter
  /// (`conform run --require-suite`), so a suite dropped from the adapter fails the gate.
  var suites: [String]
  /// The app's own tests, a shell command run with `CONFORM_FIXTURES` and
  /// `CONFORM_FIXTURES_DIGEST` set; nil for none.
  var tests: String?
  /// The fuzz step's seed and case budget (0 cases: no fuzz step).
  var fuzzSeed: Int64 = 1
  var fuzzCases: Int64 = 200_000
  /// Team suites' folders (relative to the config's folder) fuzzed besides the built-in suites.
  var fuzzSuites: [String] = []
  /// A known-failures file (relative to the config's folder), or nil.
  var knownFailures: String?
  /// Where the gate writes the bundle, results and reports (relative to the config's folder).
  var reports = "conform-reports"
  /// The results artifact's name before the bundle digest (`conform-results-ios`).
  var results: String
  /// The other codebase, whose results the CI drift job compares with this side's; nil for none.
  var drift: Drift?

  struct Drift: Equatable {
    var repository: String
    var results: String
    var branch = "main"
    /// The other repository's config, whose pin the drift job compares with this side's.
    var config = "conform.json"
  }

  static let defaultName = "conform.json"

  /// The keys of each object, in the order the docs list them.
  static let topKeys = [
    "conform", "bundle", "setup", "adapter", "suites", "tests", "fuzz", "knownFailures", "reports", "results", "drift",
  ]
  static let conformKeys = ["version", "sha256", "repository"]
  static let bundleKeys = ["url", "digest"]
  static let adapterKeys = ["build", "run"]
  static let fuzzKeys = ["seed", "cases", "suites"]
  static let driftKeys = ["repository", "results", "branch", "config"]

  /// Reads and checks the config at `path`.
  static func read(_ path: String) throws(ConformError) -> GateConfig {
    guard FileIO.size(path) != nil else {
      throw .file(
        path: path,
        message: "no such file: write the repository's conform.json (harness/ci/README.md shows one), or give --config FILE")
    }
    let bytes = try FileIO.read(path)
    let json: JSONValue
    do { json = try JSONReader.parse(bytes) } catch { throw .syntax(path, error) }
    do { return try GateConfig(json) } catch { throw .file(path: path, message: error.description) }
  }

  /// Checks a parsed config; errors name the key (`bundle.digest`) and what to write.
  init(_ json: JSONValue) throws(GateConfigError) {
    let top = try GateConfigError.fields(json, at: "", keys: Self.topKeys)
    let conform = try top.object("conform", keys: Self.conformKeys)
    conformVersion = try conform.string("version")
    guard SemanticVersion(conformVersion) != nil else {
      throw GateConfigError(
        key: "conform.version", "write the conform release this repository pins, as X.Y.Z (0.2.0), not \"\(conformVersion)\"")
    }
    conformSHA256 = try conform.optionalString("sha256")
    if let hex = conformSHA256,
      hex.utf8.count != 64 || !hex.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
    {
      throw GateConfigError(
        key: "conform.sha256",
        "write the 64 lower-case hex digits of conform-\(conformVersion)-linux-x86_64.tar.gz from the release's SHA256SUMS, or leave the key out to build conform from source, not \"\(hex)\""
      )
    }
    conformRepository = try conform.optionalString("repository", nonEmpty: true)
    if let repository = conformRepository, repository.split(separator: "/", omittingEmptySubsequences: false).count != 2 {
      throw GateConfigError(
        key: "conform.repository",
        "write the repository conform is released from as OWNER/NAME (your-org/conform), not \"\(repository)\"")
    }
    let bundle = try top.object("bundle", keys: Self.bundleKeys)
    bundleURL = try bundle.string("url", nonEmpty: true)
    let digest = try bundle.string("digest")
    do { bundleDigest = try BundleDigest.parse(digest) } catch {
      throw GateConfigError(
        key: "bundle.digest",
        "write sha256: and the 64 hex digits conform bundle create printed (or run conform pin URL), not \"\(digest)\"")
    }
    setup = try top.optionalString("setup", nonEmpty: true)
    let adapter = try top.object("adapter", keys: Self.adapterKeys)
    build = try adapter.string("build", nonEmpty: true)
    run = try adapter.strings("run")
    guard let program = run.first, !program.isEmpty else {
      throw GateConfigError(
        key: "adapter.run", "write the adapter's program and its arguments as an array ([\".build/debug/conform-adapter\"])")
    }
    suites = try top.strings("suites")
    guard !suites.isEmpty else {
      throw GateConfigError(
        key: "suites", "name at least one suite the adapter answers ([\"version-compare\"]): the gate requires each")
    }
    tests = try top.optionalString("tests", nonEmpty: true)
    if let fuzz = try top.optionalObject("fuzz", keys: Self.fuzzKeys) {
      fuzzSeed = try fuzz.optionalInt("seed", in: 0...Int64.max) ?? fuzzSeed
      fuzzCases = try fuzz.optionalInt("cases", in: 0...1_000_000_000) ?? fuzzCases
      fuzzSuites = try fuzz.optionalStrings("suites") ?? []
    }
    knownFailures = try top.optionalString("knownFailures", nonEmpty: true)
    reports = try top.optionalString("reports", nonEmpty: true) ?? reports
    results = try top.string("results", nonEmpty: true)
    if let drift = try top.optionalObject("drift", keys: Self.driftKeys) {
      self.drift = Drift(
        repository: try drift.string("repository", nonEmpty: true), results: try drift.string("results", nonEmpty: true),
        branch: try drift.optionalString("branch", nonEmpty: true) ?? "main",
        config: try drift.optionalString("config", nonEmpty: true) ?? "conform.json")
    }
  }
}

/// A key of `conform.json` that is missing, unknown or of the wrong shape, and what to write.
struct GateConfigError: Error, CustomStringConvertible {
  var key: String
  var message: String

  init(key: String, _ message: String) {
    self.key = key
    self.message = message
  }

  var description: String { "key \"\(key)\": \(message)" }

  /// The object at `path` with only `keys` allowed.
  static func fields(_ value: JSONValue, at path: String, keys: [String]) throws(GateConfigError) -> ConfigObject {
    guard case .object(let object) = value else {
      throw GateConfigError(key: path.isEmpty ? "(top)" : path, "write an object ({…}), not \(value.typeName)")
    }
    for member in object.members where !keys.contains(member.key) {
      let key = path.isEmpty ? member.key : "\(path).\(member.key)"
      let suggestion = Suggestion.phrase(for: member.key, among: keys)
      throw GateConfigError(key: key, "unknown key\(suggestion); the keys here are \(keys.joined(separator: ", "))")
    }
    return ConfigObject(object: object, path: path)
  }
}

/// One object of the config, read key by key with errors that name the key.
struct ConfigObject {
  var object: JSONObject
  var path: String

  func key(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

  func string(_ name: String, nonEmpty: Bool = false) throws(GateConfigError) -> String {
    guard let value = object[name] else { throw GateConfigError(key: key(name), "missing: write a string") }
    guard case .string(let text) = value else { throw GateConfigError(key: key(name), "write a string, not \(value.typeName)") }
    if nonEmpty, text.isEmpty {
      throw GateConfigError(key: key(name), "write a non-empty string, or leave the key out where it is optional")
    }
    return text
  }

  func optionalString(_ name: String, nonEmpty: Bool = false) throws(GateConfigError) -> String? {
    object[name] == nil ? nil : try string(name, nonEmpty: nonEmpty)
  }

  func strings(_ name: String) throws(GateConfigError) -> [String] {
    guard let value = object[name] else { throw GateConfigError(key: key(name), "missing: write an array of strings") }
    guard case .array(let items) = value else {
      throw GateConfigError(key: key(name), "write an array of strings, not \(value.typeName)")
    }
    var texts: [String] = []
    for (index, item) in items.enumerated() {
      guard case .string(let text) = item, !text.isEmpty else {
        throw GateConfigError(key: "\(key(name))[\(index)]", "write a non-empty string, not \(item.typeName)")
      }
      texts.append(text)
    }
    return texts
  }

  func optionalStrings(_ name: String) throws(GateConfigError) -> [String]? {
    object[name] == nil ? nil : try strings(name)
  }

  func optionalInt(_ name: String, in range: ClosedRange<Int64>) throws(GateConfigError) -> Int64? {
    guard let value = object[name] else { return nil }
    guard case .int(let number) = value, range.contains(number) else {
      throw GateConfigError(key: key(name), "write a whole number from \(range.lowerBound) to \(range.upperBound), not \(value)")
    }
    return number
  }

  func object(_ name: String, keys: [String]) throws(GateConfigError) -> ConfigObject {
    guard let value = object[name] else {
      throw GateConfigError(key: key(name), "missing: write an object with \(keys.joined(separator: ", "))")
    }
    return try GateConfigError.fields(value, at: key(name), keys: keys)
  }

  func optionalObject(_ name: String, keys: [String]) throws(GateConfigError) -> ConfigObject? {
    object[name] == nil ? nil : try object(name, keys: keys)
  }
}
