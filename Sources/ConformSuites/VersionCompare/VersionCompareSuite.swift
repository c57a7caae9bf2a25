import ConformFixtures
import ConformJSON

/// The `version-compare` truth table: `isNewerVersion(remote, local)` from the app-store story.
public struct VersionCompareSuite: BuiltInSuite {
  public let name = "version-compare"
  public var specVersion: String { Self.written.suiteDescription.version }
  public var spec: [UInt8] { Self.written.published }
  package static let written = BuiltInSpec(
    json: PackageResources.version_compare_suite_json, prose: PackageResources.version_compare_md,
    file: "version-compare.suite.json")
  public var promoted: [UInt8] { PackageResources.version_compare_promoted_jsonl }

  public init() {}

  public func expected(for input: JSONValue) throws -> JSONValue {
    let fields = try JSONFields(input)
    try fields.rejectUnknown(["local", "remote"])
    return Self.output(remote: try fields.string("remote"), local: try fields.string("local"))
  }

  /// The reference model's output for the two versions.
  static func output(remote: String, local: String) -> JSONValue {
    ["newer": .bool(VersionComparison.isNewer(remote, than: local))]
  }

  public func drafts(options: GeneratorOptions) -> AnySequence<CaseDraft> {
    withPromoted(Self.seedCases + Self.pitfallCases + Self.gridCases)
  }
}

extension VersionCompareSuite {
  static func input(_ remote: String, _ local: String) -> JSONValue { ["local": .string(local), "remote": .string(remote)] }

  /// A case and its mirror image, since every rule must hold in both directions.
  static func pair(_ family: String, _ label: String, _ a: String, _ b: String, tags: [String], note: String) -> [CaseDraft] {
    [
      CaseDraft("\(family)/\(label)", tags: tags, note: note, input: input(a, b)),
      CaseDraft("\(family)/\(label)/reversed", tags: tags, note: note, input: input(b, a)),
    ]
  }

  static let seedCases: [CaseDraft] =
    pair(
      "seed", "2.0.10-vs-2.0.9", "2.0.10", "2.0.9", tags: ["seed", "lexicographic"],
      note: "parts compare as numbers: 2.0.10 is newer than 2.0.9, though text comparison puts it first")
    + pair(
      "seed", "2.0-vs-2.0.0", "2.0", "2.0.0", tags: ["seed", "padding"],
      note: "a missing part counts as 0: 2.0 and 2.0.0 are the same version, neither newer")
    + pair(
      "seed", "2.1-vs-2.0.9", "2.1", "2.0.9", tags: ["seed", "padding"],
      note: "the first differing part decides: 2.1 is newer than 2.0.9 though it has fewer parts")
    + pair(
      "seed", "1.0.0-beta-vs-1.0.0", "1.0.0-beta", "1.0.0", tags: ["seed", "non-numeric"],
      note: "no pre-release order: 0-beta is not a number, 0, so 1.0.0-beta equals 1.0.0 (semver would differ)")
    + pair(
      "seed", "empty-vs-1.0", "", "1.0", tags: ["seed", "empty"],
      note: "an empty version is never newer, and nothing is newer than it")
    + [
      CaseDraft("seed/same-version", tags: ["seed"], note: "a version is not newer than itself", input: input("1.2.3", "1.2.3")),
      CaseDraft(
        "seed/both-empty", tags: ["seed", "empty"], note: "two empty versions: no crash, not newer", input: input("", "")),
    ]

  static let pitfallCases: [CaseDraft] =
    pair(
      "pitfall", "double-dot", "1..2", "1.1", tags: ["pitfall", "split"],
      note: "an empty piece between dots is dropped: 1..2 is 1.2, not 1.0.2 (e.g. Kotlin split(\".\") keeps it)")
    + pair(
      "pitfall", "trailing-dot", "1.2.", "1.2.0.1", tags: ["pitfall", "split"],
      note: "a trailing dot adds no part: 1.2. is 1.2, older than 1.2.0.1")
    + pair(
      "pitfall", "leading-dot", ".5", "1", tags: ["pitfall", "split"],
      note: "a leading dot adds no part: .5 is 5, newer than 1, not 0.5")
    + pair(
      "pitfall", "only-dots", "...", "0", tags: ["pitfall", "split", "empty"],
      note: "a version of dots has no parts: never newer, and nothing is newer than it")
    + pair(
      "pitfall", "arabic-indic-digit", "\u{663}", "2", tags: ["pitfall", "unicode"],
      note: "only ASCII digits count: Arabic-Indic three is 0, not 3 (e.g. Kotlin toIntOrNull reads 3)")
    + pair(
      "pitfall", "fullwidth-digit", "1.\u{FF11}", "1.0", tags: ["pitfall", "unicode"],
      note: "only ASCII digits count: a fullwidth one is 0, so 1.<U+FF11> equals 1.0 (e.g. Kotlin toIntOrNull reads 1)")
    + pair(
      "pitfall", "int32-overflow-part", "2147483648", "2147483647", tags: ["pitfall", "int32"],
      note: "a part of 2^31 must stay a number, not wrap or become 0 (e.g. Kotlin toIntOrNull)")
    + pair(
      "pitfall", "int64-max-part", "9223372036854775807", "9223372036854775806", tags: ["pitfall", "int64"],
      note: "the largest 64-bit part keeps its value: 9223372036854775807 is newer than 9223372036854775806")
    + pair(
      "pitfall", "int64-overflow-part", "99999999999999999999", "1", tags: ["pitfall", "int64"],
      note: "a part past Int64 is 0: 1 is newer than 99999999999999999999 (not a huge number, not a crash)")
    + pair(
      "pitfall", "lexicographic-1.10-vs-1.9", "1.10", "1.9", tags: ["pitfall", "lexicographic"],
      note: "parts compare as numbers: 1.10 is newer than 1.9, though text comparison puts it first")
    + pair(
      "pitfall", "lexicographic-10-vs-9", "10", "9", tags: ["pitfall", "lexicographic"],
      note: "parts compare as numbers: 10 is newer than 9, though text comparison puts it first")
    + pair(
      "pitfall", "leading-zeros", "1.01", "1.1", tags: ["pitfall"],
      note: "01 is the number 1: 1.01 and 1.1 are equal, neither newer (text comparison says otherwise)")
    + pair(
      "pitfall", "plus-sign", "1.+2", "1.1", tags: ["pitfall", "sign"],
      note: "a + sign is read as Swift Int() reads it: 1.+2 is 1.2, newer than 1.1, not 1.0")
    + pair(
      "pitfall", "minus-sign", "1.-1", "1.0", tags: ["pitfall", "sign"],
      note: "a - sign is read as Swift Int() reads it: 1.-1 is older than 1.0, since -1 < 0")
    + pair(
      "pitfall", "minus-zero", "1.-0", "1.0", tags: ["pitfall", "sign"],
      note: "-0 is 0: 1.-0 and 1.0 are equal, neither newer")
    + pair(
      "pitfall", "lone-sign", "1.+", "1.0.1", tags: ["pitfall", "sign"],
      note: "a sign alone is not a number, 0: 1.+ is 1.0, older than 1.0.1 (no crash)")
    + pair(
      "pitfall", "inner-space", "1. 2", "1.1", tags: ["pitfall", "whitespace"],
      note: "a part with a space is not a number, 0: 1. 2 is older than 1.1, not 1.2 (e.g. Scanner skips the space)")
    + pair(
      "pitfall", "trailing-newline", "2.0\n", "1.9", tags: ["pitfall", "whitespace"],
      note: "a newline from the network makes the last part 0, and 2.0\\n stays newer than 1.9 (no crash)")
    + pair(
      "pitfall", "combining-mark-after-dot", "1.\u{301}2", "1.0.1", tags: ["pitfall", "unicode"],
      note: "a dot then U+0301: 1.<U+0301>2 is older than 1.0.1 whether or not that dot splits (the piece is 0)")
    + pair(
      "pitfall", "combining-mark-after-dot-major", "2.\u{301}1", "1", tags: ["pitfall", "unicode"],
      note: "a dot then U+0301 still splits: 2.<U+0301>1 is 2.0, newer than 1 (e.g. a Character split reads 0)")
    + pair(
      "pitfall", "v-prefix", "v2.0", "1.9", tags: ["pitfall", "non-numeric"],
      note: "a v prefix makes the first part non-numeric: v2.0 is 0.0, older than 1.9")
    + pair(
      "pitfall", "combining-mark-after-dot-minor", "1.2.\u{301}3", "1.1", tags: ["pitfall", "unicode"],
      note: "a dot then U+0301 still splits: 1.2.<U+0301>3 is 1.2.0, newer than 1.1 (e.g. a Character split reads 1.0)")
    + pair(
      "pitfall", "release-candidate-part", "2rc1", "1.9", tags: ["pitfall", "non-numeric"],
      note: "a part that starts with digits is still 0: 2rc1 is 0, older than 1.9 (e.g. Scanner or a regex at its start reads 2)")
    + pair(
      "pitfall", "build-letter-minor", "1.10b", "1.9", tags: ["pitfall", "non-numeric"],
      note: "a part that starts with digits is still 0: 1.10b is 1.0, older than 1.9 (e.g. NSString.integerValue reads 10)")

  /// Every ordered pair of versions of one to three parts drawn from 0, 1, 9, 10.
  static var gridCases: [CaseDraft] {
    let digits = ["0", "1", "9", "10"]
    var versions = digits
    versions += digits.flatMap { a in digits.map { "\(a).\($0)" } }
    versions += digits.flatMap { a in digits.flatMap { b in digits.map { "\(a).\(b).\($0)" } } }
    return versions.flatMap { remote in
      versions.map { local in
        CaseDraft(
          "grid/\(remote)-vs-\(local)", tags: ["grid"],
          note: "exhaustive pairs: numeric order, zero padding, and never newer than itself",
          input: input(remote, local))
      }
    }
  }
}
