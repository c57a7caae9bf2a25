import ConformBundle
import ConformFixtures
import ConformJSON
import Foundation

/// `conform pin BUNDLE-URL`: re-pins `conform.json` to another bundle, in the one place the pin
/// lives, after checking that the bundle reads and holds the suites the team promises.
public enum PinCommand: Command {
  public static let name = "pin"
  public static let summary = "re-pin conform.json to a bundle: its URL and digest, checked"
  public static let manual = Manual(
    title: "conform pin: re-pin conform.json to a bundle, in the one place the pin lives",
    usage: "conform pin BUNDLE-URL [--config FILE] [--expect-digest sha256:HEX]",
    blocks: [
      .text(
        """
        Fetches the bundle (an https:// or file:// URL, or a path relative to the config), checks
        that it is a whole bundle holding every suite of the config's "suites", and writes its
        URL and digest into bundle.url and bundle.digest, changing nothing else in the file.
        With --expect-digest, a bundle with another digest is refused (the one the release's
        .sha256 file or notes give). It prints the old and the new pin. Both codebases re-pin
        in pull requests that land together; see harness/ci/README.md, "Re-pinning".
        """),
      .options("OPTIONS", Options.declarations),
    ],
    exitStatuses: [
      (0, "conform.json pins the bundle"),
      (
        2,
        "bad usage or conform.json, a bundle that cannot be fetched or read, lacks a promised\nsuite, or is not the expected digest"
      ),
    ])

  public struct Options: CommandOptions {
    var configPath = GateConfig.defaultName
    var expectDigest: String?
    var url = ""

    init() {}

    static var declarations: [OptionDeclaration<Options>] {
      [
        .string("--config", "FILE", \.configPath) { _ in "the config to re-pin (default conform.json in this folder)" },
        .string("--expect-digest", "sha256:HEX", \.expectDigest, "refuse a bundle whose digest is not this one"),
      ]
    }
  }

  public static func parse(_ arguments: inout Arguments) throws(ConformError) -> Options {
    var options = Options()
    try Options.declarations.read(&arguments, into: &options)
    let positionals = try arguments.positionals()
    guard positionals.count == 1 else {
      throw .usage("pin: one bundle URL or path (conform pin https://…/conform-fixtures-0.2.0.tar.gz), not \(positionals.count)")
    }
    options.url = positionals[0]
    if let digest = options.expectDigest { options.expectDigest = try BundleDigest.parse(digest) }
    return options
  }

  public static func run(_ options: Options) throws(ConformError) -> ExitStatus {
    let gate = try Gate(configPath: options.configPath)
    let temporary = FileIO.join(NSTemporaryDirectory(), "conform-pin-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(atPath: temporary) }
    let path = FileIO.join(temporary, "bundle.tar.gz")
    try BundleFetch.fetch(options.url, from: gate.folder, to: path)
    let digest = BundleDigest.sha256(try FileIO.read(path))
    let loaded = try FixtureSource.load(path, expectDigest: options.expectDigest)
    let names = loaded.fixtures.manifest.suites.map(\.name)
    let missing = gate.config.suites.filter { !names.contains($0) }
    guard missing.isEmpty else {
      throw .bundle(
        "\(options.url) has no suite \(missing.joined(separator: ", ")), which \(gate.configPath) promises: "
          + "pin a bundle that holds it, or take it out of suites first")
    }
    var text = String(decoding: try FileIO.read(gate.configPath), as: UTF8.self)
    for (key, old, new) in [
      ("bundle.url", gate.config.bundleURL, options.url), ("bundle.digest", gate.config.bundleDigest, digest),
    ] {
      let written = JSONWriter.string(.string(old))
      guard text.components(separatedBy: written).count == 2 else {
        throw .file(
          path: gate.configPath,
          message:
            "key \"\(key)\": its value \(written) is not written once plainly, so it was left alone: set \(key) to \(JSONWriter.string(.string(new))) by hand"
        )
      }
      text = text.replacingOccurrences(of: written, with: JSONWriter.string(.string(new)))
    }
    try FileIO.write(Array(text.utf8), to: gate.configPath)
    print("\(gate.configPath): bundle \(loaded.bundleVersion ?? "?") \(digest) (was \(gate.config.bundleDigest))")
    if digest == gate.config.bundleDigest { Terminal.note("pin: the same bundle as before") }
    return .success
  }
}
