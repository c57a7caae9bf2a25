import Foundation

/// A conform fixture bundle, checked against its pin before any case is read.
///
/// Give it the `.tar.gz` that `conform bundle create` writes (or a release publishes), pinned by
/// the SHA-256 of the archive file, or the unpacked bundle folder, pinned by the SHA-256 of its
/// `manifest.json`. Then every file is checked against the size and SHA-256 that
/// `manifest.json` lists, and each suite's cases against its count.
///
/// ```swift
/// @Test(arguments: try ConformBundle.cases("eligibility"))
/// func eligibility(_ fixture: ConformCase) async {
///   await fixture.check { try await answer(fixture) }
/// }
/// ```
public struct ConformBundle: Sendable {
  /// The environment variable naming the bundle: the `.tar.gz` or the unpacked folder.
  public static let pathVariable = "CONFORM_FIXTURES"
  /// The environment variable holding the pin: `sha256:` and 64 hex digits.
  public static let digestVariable = "CONFORM_FIXTURES_DIGEST"

  /// The `.tar.gz` or folder, as given.
  public var path: String
  /// The pin it matched, `sha256:<hex>`: the archive's digest, or the manifest's for a folder.
  public var digest: String
  /// The suites, in code point order.
  public var suites: [String]
  private var casesBySuite: [String: [ConformCase]]

  /// Reads and checks the bundle at `path` (a `.tar.gz` or an unpacked folder) against `digest`.
  public init(path: String, digest: String) throws(ConformBundleError) {
    let pin = try Self.parseDigest(digest)
    let files = try BundleFiles(path: path, pin: pin)
    self.path = path
    self.digest = pin
    casesBySuite = try files.casesBySuite()
    suites = casesBySuite.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// The bundle that `CONFORM_FIXTURES` names, pinned by `CONFORM_FIXTURES_DIGEST`.
  public init(environment: [String: String]) throws(ConformBundleError) {
    guard let path = environment[Self.pathVariable], !path.isEmpty else {
      throw ConformBundleError(
        "\(Self.pathVariable) is not set: these tests check the app against a pinned conform fixture bundle. \(ConformBundleError.howToPin)"
      )
    }
    guard let digest = environment[Self.digestVariable], !digest.isEmpty else {
      throw ConformBundleError("\(Self.digestVariable) is not set: the bundle \(path) has no pin. \(ConformBundleError.howToPin)")
    }
    try self.init(path: path, digest: digest)
  }

  /// The bundle the process's environment names, read and checked once.
  public static func pinned() throws(ConformBundleError) -> ConformBundle { try fromEnvironment.get() }

  private static let fromEnvironment = Result { () throws(ConformBundleError) in
    try ConformBundle(environment: ProcessInfo.processInfo.environment)
  }

  /// Every case of `suite`, in file order.
  public func cases(_ suite: String) throws(ConformBundleError) -> [ConformCase] {
    guard let cases = casesBySuite[suite] else {
      throw ConformBundleError(
        "\(path): the bundle has no suite \"\(suite)\"; its suites are \(suites.joined(separator: ", ")). "
          + "Pin a bundle that has it, or stop testing it.")
    }
    return cases
  }

  /// Every case of `suite` in the pinned bundle (`CONFORM_FIXTURES`, `CONFORM_FIXTURES_DIGEST`).
  public static func cases(_ suite: String) throws(ConformBundleError) -> [ConformCase] {
    try pinned().cases(suite)
  }

  /// The bundle's suites that are not in `implemented`: the ones the app does not answer.
  public func suites(except implemented: [String]) -> [String] {
    suites.filter { !implemented.contains($0) }
  }

  /// The pinned bundle's suites that are not in `implemented`.
  public static func suites(except implemented: [String]) throws(ConformBundleError) -> [String] {
    try pinned().suites(except: implemented)
  }

  /// One line naming the bundle's suites that are not in `implemented`, with their case counts:
  /// their cases were not run. Nil when the app implements every suite of the bundle.
  public func notImplementedMessage(except implemented: [String]) -> String? {
    let missing = suites(except: implemented)
    guard !missing.isEmpty else { return nil }
    let counts = missing.map { suite in
      let count = casesBySuite[suite]?.count ?? 0
      return "\(suite) (\(count) case\(count == 1 ? "" : "s"))"
    }
    let subject = missing.count == 1 ? "1 suite of the bundle is" : "\(missing.count) suites of the bundle are"
    return "\(subject) not implemented by the app, so not run: " + counts.joined(separator: ", ")
  }

  /// `sha256:` and 64 hex digits in either case, lower-cased.
  static func parseDigest(_ text: String) throws(ConformBundleError) -> String {
    let hex = text.hasPrefix("sha256:") ? text.dropFirst(7) : ""
    let isHex = { (byte: UInt8) in (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte) }
    guard hex.utf8.count == 64, hex.utf8.allSatisfy(isHex) else {
      throw ConformBundleError(
        "the pin \"\(text)\" is not sha256: and 64 hex digits (as conform bundle create prints). \(ConformBundleError.howToPin)")
    }
    return "sha256:" + hex.lowercased()
  }
}
