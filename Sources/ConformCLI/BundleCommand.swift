import ConformBundle
import ConformFixtures
import ConformSuites
import Foundation

/// `conform bundle create|verify|diff`: publish the fixtures as one archive, check one, compare two.
public enum BundleCommand: Command {
  public static let name = "bundle"
  public static let summary = "create, verify and compare published fixture bundles (.tar.gz)"
  public static let manual = Manual(
    title: "conform bundle: publish the fixtures as one archive, check one, and compare two",
    usage: """
      conform bundle create [--version X.Y.Z] [--previous OLD] [--out DIR]
                            [\(tablesSynopsis)] [--tier TIER] [--harness DIR]
                            [--suite DIR... [--with-built-in]] [--timeout SECONDS]
      conform bundle verify BUNDLE [--expect-digest sha256:HEX]
      conform bundle diff OLD NEW [--format text|markdown] [--markdown FILE] [--limit N]
      """,
    blocks: [
      .text(
        """
        CREATE
          Packs the suites' tables and specs, manifest.json (with bundleVersion), harness/PROTOCOL.md,
          harness/schema/*.json (when present) and the layout documents into
          DIR/conform-fixtures-X.Y.Z.tar.gz, and writes its digest beside it in
          conform-fixtures-X.Y.Z.tar.gz.sha256 as "HEX  NAME", which `sha256sum -c` checks. Prints the
          pin, "sha256:HEX  NAME", on stdout. The same fixtures and version always give the same bytes.
        """),
      .options("CREATE OPTIONS", Action.create.options),
      .text(
        """
        VERIFY
          Checks the archive (gzip, tar, every entry's safety), every file against manifest.json, and
          every case. The digest is checked first against --expect-digest or, without it, against
          BUNDLE.sha256 when that file exists ("HEX  NAME" or "sha256:HEX  NAME"). Exit 0 when the
          bundle verifies, 1 when it does not (the message names the file or entry), 2 when it cannot
          be read or is not a bundle at all (a text file, random bytes, another tarball).
        """),
      .options("VERIFY OPTIONS", Action.verify.options),
      .text(
        """
        DIFF
          Compares two bundles (or fixtures folders) case by case, grouped by suite: added, removed,
          changed (input or expected output, field by field) and relabelled (note or tags), and the
          version bump the changes need. Exit 0 when they hold the same cases, 1 when they differ.
        """),
      .options("DIFF OPTIONS", Action.diff.options),
      .text(
        """
        DIGESTS
          A pinned digest is "sha256:" and 64 hex digits: of the archive file for a bundle, of
          manifest.json for a fixtures folder or an unpacked bundle.

        LIMITS
          A bundle is untrusted input. Refused: archives over 256 MiB, more than 1 GiB unpacked, a file
          over 256 MiB, more than 1,000 entries, links, devices, FIFOs, pax or GNU headers, absolute
          paths, "..", duplicate names (also by case), anything outside conform-fixtures-X.Y.Z/, files
          not listed in manifest.json, and a manifest format this conform does not read.
        """),
    ],
    exitStatuses: [
      (0, "create: the bundle and its .sha256 were written; verify: the bundle verifies; diff: the\ntwo hold the same cases"),
      (
        1, "verify: the bundle does not verify (its digest, a file or an entry differs: the message\nnames it); diff: they differ"
      ),
      (
        2,
        "bad usage, fixtures that cannot be read, a file that cannot be written, a version that\nbreaks the versioning rule; verify: not a bundle (a folder, a text file, not gzip or tar)"
      ),
      (130, ExitStatus.notCaughtSignals),
    ])

  /// Where `create`'s tables come from, as its usage line shows it: `--fixtures DIR | --depth N`
  /// (a folder, or the generator with the suites' parameters).
  private static var tablesSynopsis: String {
    let parameters = SuiteParameter.synopses.joined(separator: " ")
    return "--fixtures DIR" + (parameters.isEmpty ? "" : " | " + parameters)
  }

  /// The three actions, each with its own options.
  enum Action: String, CaseIterable {
    case create, verify, diff

    var options: [Option] {
      switch self {
      case .create: CreateOptions.declarations.flatMap(\.options)
      case .verify: VerifyOptions.declarations.flatMap(\.options)
      case .diff: DiffOptions.declarations.flatMap(\.options)
      }
    }
  }

  /// `bundle create`'s options.
  public struct CreateOptions: CommandOptions {
    var version: String?
    var previous: String?
    /// nil: the current folder.
    var out: String?
    var fixtures: String?
    /// The suites' parameters given (`--depth`); the published tables' for the others.
    var parameters: [String: Int] = [:]
    var tier = Tier.full
    /// nil: the documents built into conform (the same as its checkout's harness/).
    var harness: String?
    /// Team suites' folders (`--suite`): their tables are generated and packed.
    var teamSuites: [String] = []
    /// `--with-built-in`: the built-in suites' tables beside the team suites'.
    var withBuiltIn = false
    /// Seconds a team suite's model has to answer all its cases.
    var timeout = 60.0
    /// `--name`: the archive's name before the version; nil: chosen from its suites.
    var name: String?

    init() {}

    /// In the order `--help` lists them and they are read.
    static var declarations: [OptionDeclaration<Self>] {
      [
        .string(
          "--version", "X.Y.Z", \.version,
          """
          the bundle version (semver; a pre-release such as 1.4.0-rc.1 orders
          before 1.4.0). Without it: the previous bundle's version with the
          smallest bump the changes need when --previous is given, else conform's
          own version (\(ConformVersion.current)).
          """),
        .string(
          "--previous", "OLD", \.previous,
          """
          the last published bundle: the version must go up by at least what the
          changes need (a case removed or its input or expected output changed:
          major; cases added: minor; notes, tags, specs' text, documents: patch).
          """),
        .string("--out", "DIR", \.out, "where to write (default: the current folder)"),
        .string(
          "--name", "NAME", \.name,
          """
          the archive's name before the version, NAME-X.Y.Z.tar.gz, such as
          acme-rollout-fixtures (default: conform-fixtures for a bundle with a
          built-in suite; for team suites alone, their names and -fixtures)
          """),
        .string("--fixtures", "DIR", \.fixtures, "bundle a fixtures folder (default: the fixtures this conform generates)"),
        .strings(
          "--suite", "DIR", \.teamSuites,
          """
          generate and pack a team's own suite from its folder (repeatable;
          harness/TEAM-SUITES.md), alone unless --with-built-in is given
          """),
        .flag("--with-built-in", \.withBuiltIn, "with --suite: pack the built-in suites' tables too"),
        .seconds("--timeout", atMost: Arguments.longestCaseTimeout, \.timeout) {
          "the most a team suite's model may take to answer all its cases (default \($0))"
        },
      ] + OptionDeclaration.suiteParameters(\.parameters) + [
        .tier(
          \.tier,
          """
          full (default) or smoke: generate that tier (see conform generate);
          the manifest records it
          """),
        .string(
          "--harness", "DIR", \.harness,
          "pack DIR/PROTOCOL.md and DIR/schema/*.json (default: those built into conform, its harness/)"),
      ]
    }
  }

  /// `bundle verify`'s options.
  public struct VerifyOptions: CommandOptions {
    var expectDigest: String?

    init() {}

    static var declarations: [OptionDeclaration<Self>] {
      [
        .string(
          "--expect-digest", "sha256:HEX", \.expectDigest, "the pinned digest of the archive (default: BUNDLE.sha256, if any)")
      ]
    }
  }

  /// `bundle diff`'s options.
  public struct DiffOptions: CommandOptions {
    var format = "text"
    var markdown: String?
    var limit = 20

    init() {}

    static var declarations: [OptionDeclaration<Self>] {
      [
        .string("--format", "F", \.format) { "text or markdown, on stdout (default: \($0))" },
        .string("--markdown", "FILE", \.markdown, "also write the Markdown changelog to FILE"),
        .integer("--limit", in: 0...Int(Int32.max), \.limit) {
          "list at most N items per list (default \($0); 0 lists everything)"
        },
      ]
    }
  }

  public enum Options {
    case create(CreateOptions)
    case verify(path: String, VerifyOptions)
    case diff(old: String, new: String, DiffOptions)
  }

  public static func parse(_ arguments: inout Arguments) throws(ConformError) -> Options {
    guard let name = arguments.subcommand() else {
      throw .usage("bundle: give create, verify or diff (see conform bundle --help)")
    }
    guard let action = Action(rawValue: name) else {
      let suggestion = Suggestion.phrase(for: name, among: Action.allCases.map(\.rawValue))
      let actions = suggestion.isEmpty ? ": give create, verify or diff" : "\(suggestion) (give create, verify or diff)"
      throw .usage("bundle: unknown action \"\(name)\"\(actions)")
    }
    // Each action reads its own options: another action's is refused as not applying.
    switch action {
    case .create:
      var options = CreateOptions()
      try CreateOptions.declarations.read(&arguments, into: &options)
      let extra = try arguments.positionals()
      guard extra.isEmpty else { throw .usage("bundle create: unexpected argument \(extra[0])") }
      try options.tier.check(fixtures: options.fixtures)
      if options.fixtures != nil, let given = options.parameters.keys.min() {
        throw .usage("bundle create: give --fixtures or --\(given), not both")
      }
      if options.fixtures != nil, !options.teamSuites.isEmpty {
        throw .usage("bundle create: give --fixtures or --suite, not both (conform generate --suite makes a fixtures folder)")
      }
      if options.withBuiltIn, options.teamSuites.isEmpty {
        throw .usage("bundle create: --with-built-in adds the built-in suites to team suites: give --suite DIR too")
      }
      if let version = options.version { _ = try parseVersion(version) }
      if let name = options.name, !BundleCommand.isArchiveName(name) {
        throw .usage(
          "bundle create: --name takes lower-case letters, digits, '.', '-' and '_', starting with a letter or digit (acme-rollout-fixtures), not \"\(name)\""
        )
      }
      return .create(options)
    case .verify:
      var options = VerifyOptions()
      try VerifyOptions.declarations.read(&arguments, into: &options)
      let paths = try arguments.positionals()
      guard paths.count == 1, let path = paths.first else { throw .usage("bundle verify: give one bundle (see --help)") }
      return .verify(path: path, options)
    case .diff:
      var options = DiffOptions()
      try DiffOptions.declarations.read(&arguments, into: &options)
      let paths = try arguments.positionals()
      guard paths.count == 2 else { throw .usage("bundle diff: give two bundles, OLD and NEW (see --help)") }
      guard options.format == "text" || options.format == "markdown" else {
        throw .usage("bundle diff: --format takes text or markdown, not \"\(options.format)\"")
      }
      return .diff(old: paths[0], new: paths[1], options)
    }
  }

  public static func run(_ options: Options) throws(ConformError) -> ExitStatus {
    switch options {
    case .create(let options):
      var suites = SuiteRegistry.all
      if !options.teamSuites.isEmpty {
        suites = options.withBuiltIn ? suites : []
        for folder in options.teamSuites {
          suites.append(try TeamSuite(folder: try TeamSuiteFolder(folder: folder, readingCases: false), timeout: options.timeout))
        }
      }
      return try create(
        versionText: options.version, previousPath: options.previous, out: options.out ?? ".",
        fixturesDirectory: options.fixtures,
        parameters: options.parameters, tier: options.tier, harness: options.harness, suites: suites, name: options.name)
    case .verify(let path, let options):
      return try verify(path: path, expectText: options.expectDigest)
    case .diff(let old, let new, let options):
      return try diff(paths: [old, new], format: options.format, markdownPath: options.markdown, limit: options.limit)
    }
  }

  static func create(
    versionText: String?, previousPath: String?, out: String, fixturesDirectory: String?, parameters: [String: Int],
    tier: Tier, harness: String?, suites: [any Suite] = SuiteRegistry.all, name: String? = nil
  ) throws(ConformError) -> ExitStatus {
    var version = try versionText.map { (text) throws(ConformError) in try parseVersion(text) }
    let fixtureFiles =
      if let fixturesDirectory {
        try FixtureFile.readFolder(fixturesDirectory)
      } else {
        FixtureGenerator.generate(
          options: GeneratorOptions(
            parameters: GeneratorOptions.published.parameters.merging(parameters) { $1 }, tier: tier),
          suites: suites)
      }
    let documents =
      try harness.map { (folder) throws(ConformError) in try FixtureBundle.documents(harnessDirectory: folder) }
      ?? FixtureBundle.builtInDocuments
    let provisional = version ?? SemanticVersion(ConformVersion.current)!
    var bundle = try FixtureBundle(fixtureFiles: fixtureFiles, documents: documents, version: provisional)
    if let previousPath {
      let previous = try FixtureSource.load(previousPath, expectDigest: nil)
      guard let previousText = previous.bundleVersion, let previousVersion = SemanticVersion(previousText) else {
        throw .usage("bundle create: --previous \(previousPath) is not a bundle (its manifest has no bundleVersion)")
      }
      let changes = BundleDiff(
        old: previous.fixtures, oldLabel: previousPath, new: bundle.fixtures, newLabel: bundle.archiveName)
      let (required, reason) = changes.requiredBump
      if let chosen = version {
        try chosen.checkRelease(after: previousVersion, required: required, reason: reason)
      } else {
        guard required > .none else {
          throw .usage(
            "bundle create: nothing changed since bundle \(previousVersion) (\(previousPath)); give --version to pack it anyway")
        }
        version = previousVersion.bumped(required)
      }
      Terminal.note("changes since \(previousVersion) need a \(required) version: \(reason ?? "none")")
    }
    if let version, version != bundle.version { bundle = bundle.relabelled(version) }
    let archive = bundle.archive()
    try bundle.checkReadable(archive: archive)
    let digest = BundleDigest.sha256(archive)
    let fileName = "\(name ?? archivePrefix(suites: bundle.fixtures.manifest.suites.map(\.name)))-\(bundle.version).tar.gz"
    let archivePath = FileIO.join(out, fileName)
    try FileIO.write(archive, to: archivePath)
    try FileIO.write(Array(BundleDigest.sidecarLine(digest: digest, fileName: fileName).utf8), to: archivePath + ".sha256")
    Terminal.note(
      "wrote \(archivePath) (\(Plural.grouped(archive.count, "byte")); \(Plural.count(bundle.files.count, "file")), "
        + "\(Plural.grouped(bundle.fixtures.cases.count, "case"))) and \(fileName).sha256")
    print("\(digest)  \(fileName)")
    return .success
  }

  /// The archive's name before the version: `conform-fixtures` when a built-in suite is in it,
  /// else its team suites' names, then `-fixtures` (`rollout-bucket-fixtures`), so that a team's
  /// bundle never takes the name of a conform release's.
  static func archivePrefix(suites: [String]) -> String {
    guard !suites.isEmpty, suites.allSatisfy({ SuiteRegistry.named($0) == nil }) else { return "conform-fixtures" }
    return suites.joined(separator: "-") + "-fixtures"
  }

  /// A name `--name` takes: what is safe in a file name and a URL.
  static func isArchiveName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first.isASCII,
      CharacterSet.lowercaseLetters.union(.decimalDigits).contains(first)
    else { return false }
    return name.unicodeScalars.allSatisfy {
      $0.isASCII && ("a"..."z" ~= $0 || "0"..."9" ~= $0 || "._-".unicodeScalars.contains($0))
    }
  }

  static func verify(path: String, expectText: String?) throws(ConformError) -> ExitStatus {
    guard !FileIO.isDirectory(path) else {
      throw .usage("bundle verify: \(path) is a folder; give the bundle's .tar.gz file")
    }
    var expected = try expectText.map { (text) throws(ConformError) in try BundleDigest.parse(text) }
    var pin = "--expect-digest"
    let sidecar = path + ".sha256"
    if expected == nil, FileManager.default.fileExists(atPath: sidecar) {
      expected = try BundleDigest.parseSidecar(try FileIO.read(sidecar), path: sidecar)
      pin = sidecar
    }
    let archive = try FixtureSource.readArchive(path, limits: .standard)
    let digest = BundleDigest.sha256(archive)
    let read = Result { () throws(ConformError) in try FixtureBundle.read(archive: archive, name: path) }
    // Not a bundle at all (a text file, random bytes, a tarball of something else) is exit 2;
    // a bundle that does not verify is exit 1.
    if case .failure = read, let reason = FixtureBundle.notABundleReason(archive) {
      throw .bundle(
        "\(path) is not a conform bundle: \(reason); give the conform-fixtures-X.Y.Z.tar.gz that conform bundle create writes")
    }
    do throws(ConformError) {
      if let expected, expected != digest {
        throw .bundle(
          "\(path) has \(digest), not \(expected) (\(pin)): the archive was changed or is not the pinned one; "
            + "fetch it again or update the pin")
      }
      let verified = try read.get()
      let bundle = verified.bundle
      print(
        "ok \(path): bundle \(bundle.version), \(Plural.count(bundle.manifest.suites.count, "suite")), "
          + "\(Plural.grouped(verified.fixtures.cases.count, "case")), \(Plural.count(bundle.manifest.files.count, "file")) "
          + "\(Plural.noun(bundle.manifest.files.count, "matches", "match")) manifest.json")
      print("\(digest)  \(expected == nil ? "(not pinned: pin it with --expect-digest)" : "(matches \(pin))")")
      return .success
    } catch {
      Terminal.error(error.description)
      return .differences
    }
  }

  static func diff(paths: [String], format: String, markdownPath: String?, limit: Int) throws(ConformError) -> ExitStatus {
    let old = try FixtureSource.load(paths[0], expectDigest: nil)
    let new = try FixtureSource.load(paths[1], expectDigest: nil)
    let changes = BundleDiff(old: old.fixtures, oldLabel: paths[0], new: new.fixtures, newLabel: paths[1])
    if let markdownPath { try FileIO.write(Array(changes.markdown(limit: limit).utf8), to: markdownPath) }
    print(format == "markdown" ? changes.markdown(limit: limit) : changes.text(limit: limit), terminator: "")
    return changes.isEmpty ? .success : .differences
  }

  private static func parseVersion(_ text: String) throws(ConformError) -> SemanticVersion {
    guard let version = SemanticVersion(text) else {
      throw .usage(
        "bundle create: --version takes MAJOR.MINOR.PATCH in plain numbers (1.4.0), with an optional pre-release "
          + "(1.4.0-rc.1) and no build metadata (+...), not \"\(text)\"")
    }
    return version
  }
}
