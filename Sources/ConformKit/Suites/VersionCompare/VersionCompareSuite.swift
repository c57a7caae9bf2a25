import ConformJSON

/// The `version-compare` truth table: `isNewerVersion(remote, local)` from the app-store story.
public struct VersionCompareSuite: Suite {
  public let name = "version-compare"
  public let specVersion = "1.0.0"
  public var spec: [UInt8] { PackageResources.version_compare_md }
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
    pair("seed", "2.0.10-vs-2.0.9", "2.0.10", "2.0.9", tags: ["seed", "lexicographic"],
         note: "string comparison says \"2.0.10\" < \"2.0.9\": parts must compare as numbers")
    + pair("seed", "2.0-vs-2.0.0", "2.0", "2.0.0", tags: ["seed", "padding"],
           note: "a missing part counts as 0: 2.0 and 2.0.0 are the same version")
    + pair("seed", "2.1-vs-2.0.9", "2.1", "2.0.9", tags: ["seed", "padding"],
           note: "a shorter version can be newer")
    + pair("seed", "1.0.0-beta-vs-1.0.0", "1.0.0-beta", "1.0.0", tags: ["seed", "non-numeric"],
           note: "a beta tag makes the part non-numeric, which counts as 0")
    + pair("seed", "empty-vs-1.0", "", "1.0", tags: ["seed", "empty"], note: "an empty version is never newer, and nothing is newer than it")
    + [
      CaseDraft("seed/same-version", tags: ["seed"], note: "a version is not newer than itself", input: input("1.2.3", "1.2.3")),
      CaseDraft("seed/both-empty", tags: ["seed", "empty"], note: "two empty versions: no crash, not newer", input: input("", "")),
    ]

  static let pitfallCases: [CaseDraft] =
    pair("pitfall", "double-dot", "1..2", "1.1", tags: ["pitfall", "split"],
         note: "Kotlin split(\".\") keeps the empty piece and reads 1..2 as 1.0.2")
    + pair("pitfall", "trailing-dot", "1.2.", "1.2.0.1", tags: ["pitfall", "split"],
           note: "a trailing dot adds an empty piece in Kotlin, none in Swift")
    + pair("pitfall", "leading-dot", ".5", "1", tags: ["pitfall", "split"],
           note: "a leading dot: the empty piece must be dropped, so .5 is 5")
    + pair("pitfall", "only-dots", "...", "0", tags: ["pitfall", "split", "empty"],
           note: "a version of dots has no parts: never newer")
    + pair("pitfall", "arabic-indic-digit", "\u{663}", "2", tags: ["pitfall", "unicode"],
           note: "Kotlin toIntOrNull reads Arabic-Indic three as 3; only ASCII digits count")
    + pair("pitfall", "fullwidth-digit", "1.\u{FF11}", "1.0", tags: ["pitfall", "unicode"],
           note: "Kotlin toIntOrNull reads fullwidth one as 1; only ASCII digits count")
    + pair("pitfall", "int32-overflow-part", "2147483648", "2147483647", tags: ["pitfall", "int32"],
           note: "a 32-bit parse (Kotlin Int) turns 2147483648 into 0")
    + pair("pitfall", "int64-max-part", "9223372036854775807", "9223372036854775806", tags: ["pitfall", "int64"],
           note: "the largest part that fits in 64 bits")
    + pair("pitfall", "int64-overflow-part", "99999999999999999999", "1", tags: ["pitfall", "int64"],
           note: "a part past Int64 is 0, not a huge number and not a crash")
    + pair("pitfall", "lexicographic-1.10-vs-1.9", "1.10", "1.9", tags: ["pitfall", "lexicographic"],
           note: "string comparison puts 1.10 before 1.9")
    + pair("pitfall", "lexicographic-10-vs-9", "10", "9", tags: ["pitfall", "lexicographic"],
           note: "string comparison puts 10 before 9")
    + pair("pitfall", "leading-zeros", "1.01", "1.1", tags: ["pitfall"], note: "01 is 1: equal, neither newer")
    + pair("pitfall", "plus-sign", "1.+2", "1.1", tags: ["pitfall", "sign"], note: "Swift Int() reads +2 as 2")
    + pair("pitfall", "minus-sign", "1.-1", "1.0", tags: ["pitfall", "sign"], note: "Swift Int() reads -1 as -1, less than 0")
    + pair("pitfall", "minus-zero", "1.-0", "1.0", tags: ["pitfall", "sign"], note: "-0 is 0")
    + pair("pitfall", "lone-sign", "1.+", "1.0.1", tags: ["pitfall", "sign"], note: "a sign alone is not a number: 0")
    + pair("pitfall", "inner-space", "1. 2", "1.1", tags: ["pitfall", "whitespace"], note: "a part with a space is not a number: 0")
    + pair("pitfall", "trailing-newline", "2.0\n", "1.9", tags: ["pitfall", "whitespace"],
           note: "a newline from the network makes the last part non-numeric")
    + pair("pitfall", "combining-mark-after-dot", "1.\u{301}2", "1.0.1", tags: ["pitfall", "unicode"],
           note: "Swift split on Character sees .+U+0301 as one character and does not split there")
    + pair("pitfall", "combining-mark-after-dot-major", "2.\u{301}1", "1", tags: ["pitfall", "unicode"],
           note: "split on Character keeps 2.+U+0301 whole: the major version 2 reads as 0 and is not newer than 1")
    + pair("pitfall", "v-prefix", "v2.0", "1.9", tags: ["pitfall", "non-numeric"], note: "v2 is not a number: 0")

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
