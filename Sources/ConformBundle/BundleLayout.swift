import ConformFixtures

/// The names inside a bundle and the documents every bundle carries about its own layout.
///
/// ```
/// conform-fixtures-<version>/
///   BUNDLE.md               the layout, how to check a bundle without conform, the versioning rule
///   PROTOCOL.md             the harness protocol
///   case.schema.json        JSON Schema of one line of a <suite>.jsonl
///   manifest.json           versions, suites, case counts, every other file's size and SHA-256
///   manifest.schema.json    JSON Schema of manifest.json
///   <suite>.jsonl, <suite>.md   each suite's cases and written spec
///   schema/*.json           the protocol's message schemas, when harness/schema/ exists
/// ```
public enum BundleLayout {
  /// The top folder every entry is under.
  public static func folderName(version: String) -> String { "conform-fixtures-\(version)" }

  /// The archive's file name, as published.
  public static func archiveName(version: String) -> String { folderName(version: version) + ".tar.gz" }

  /// The file beside the archive that holds its digest.
  public static func digestFileName(version: String) -> String { archiveName(version: version) + ".sha256" }

  static let folderPrefix = "conform-fixtures-"
  static let manifestName = "manifest.json"

  /// The documents that describe the layout, the same in every bundle of this conform.
  static var layoutDocuments: [FixtureFile] {
    [
      FixtureFile(name: "BUNDLE.md", bytes: Array(readme.utf8)),
      FixtureFile(name: "case.schema.json", bytes: Array(caseSchema.utf8)),
      FixtureFile(name: "manifest.schema.json", bytes: Array(manifestSchema.utf8)),
    ]
  }

  static let readme = """
    # A conform fixture bundle

    The truth tables of conform: for each suite, every case as one line of JSON with its input and
    the output the written spec requires. Load it in the harness (`conform run --fixtures BUNDLE`)
    or read the JSON lines directly in your own unit tests.

    ## Layout

    Every file is under one folder, `conform-fixtures-<version>/`:

    | file | what it holds |
    | --- | --- |
    | `manifest.json` | versions, suites, case counts and the size and SHA-256 of every other file (`manifest.schema.json`) |
    | `<suite>.jsonl` | the suite's cases, one JSON object per line, `\\n`-terminated, UTF-8 (`case.schema.json`) |
    | `<suite>.md` | the suite's written spec |
    | `PROTOCOL.md`, `schema/*.json` | the harness protocol and its message schemas |
    | `BUNDLE.md` | this file |

    A line of `<suite>.jsonl` has `id` (`<suite>/<family>/<name>`, stable across versions), `suite`,
    `tags`, `note` (what the case tests), `decisions`, `input` and `expected`. Compare your output with
    `expected` as JSON values: exact integers, exact strings, no extra or missing fields.

    `decisions` lists the spec decisions the case exercises, as `<suite>/D<n>`: entry `### D<n>.` of
    `<suite>.md`, which says the rule, why, and which platform idioms drift from it. They are
    computed from the reference model, not written by hand: a port that breaks decision n as its
    entry says answers differently on the cases that list it. Group your failures by them to see
    which rules a port breaks; `manifest.json` counts the cases of each.

    ## Checking a bundle without conform

    1. The archive's SHA-256 equals the digest you pinned (published beside it as `<archive>.sha256`).
    2. Every entry of `files` in `manifest.json` has the size (`bytes`) and `sha256` given there.
    3. Every suite's `fixtures` file has `cases` lines, each a JSON object whose `id` starts with the
       suite's `name` and `/`.
    4. `format` is 1. A later format is refused: a newer conform reads it.

    `conform bundle verify BUNDLE --expect-digest sha256:...` does all of this and more.

    ## Versions

    `bundleVersion` is MAJOR.MINOR.PATCH over the cases: removing a case or changing the input or
    expected output of one is a major version, adding cases or changing the decisions a case lists a
    minor one, changing only notes, tags, spec texts or documents a patch. A pre-release
    (semver's `1.3.0-rc.1`) comes before its release, and the rule counts a step from it as from
    the release it leads to: the pre-releases of `2.0.0` and `2.0.0` may differ in any way, those of
    `1.3.0` and `1.3.0` as a minor version allows. Pin the archive's digest, not only the version.

    """

  static let manifestSchema = """
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://conform.invalid/schema/manifest.schema.json",
      "title": "conform fixture manifest (manifest.json), format 1",
      "type": "object",
      "additionalProperties": false,
      "required": ["format", "generator", "protocol", "files", "suites"],
      "properties": {
        "format": {"const": 1, "description": "The manifest format; a later one needs a later conform."},
        "bundleVersion": {
          "type": "string",
          "pattern": "^(0|[1-9][0-9]*)\\\\.(0|[1-9][0-9]*)\\\\.(0|[1-9][0-9]*)(-(0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)(\\\\.(0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*))*)?$",
          "description": "Set in a bundle, absent in a fixtures folder; the top folder is conform-fixtures-<bundleVersion>."
        },
        "generator": {
          "type": "object",
          "additionalProperties": false,
          "required": ["name", "version", "options"],
          "properties": {
            "name": {"const": "conform"},
            "version": {"type": "string", "description": "The conform version that generated the cases."},
            "options": {"type": "object", "description": "The suites' parameters by name (and the tier when not full), e.g. {\\"depth\\":5}."}
          }
        },
        "protocol": {"type": "integer", "minimum": 1, "description": "The harness protocol version (PROTOCOL.md)."},
        "files": {
          "type": "array",
          "description": "Every file of the set or bundle except manifest.json itself.",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": ["path", "bytes", "sha256"],
            "properties": {
              "path": {"type": "string", "pattern": "^[A-Za-z0-9_+~-][A-Za-z0-9._+~-]*(/[A-Za-z0-9_+~-][A-Za-z0-9._+~-]*)*$"},
              "bytes": {"type": "integer", "minimum": 0},
              "sha256": {"type": "string", "pattern": "^[0-9a-f]{64}$"}
            }
          }
        },
        "suites": {
          "type": "array",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": ["name", "specVersion", "fixtures", "spec", "cases", "tags", "facts"],
            "properties": {
              "name": {"type": "string"},
              "specVersion": {"type": "string"},
              "fixtures": {"type": "string", "description": "The suite's JSON-lines file, listed under files."},
              "spec": {"type": "string", "description": "The suite's written spec, listed under files."},
              "cases": {"type": "integer", "minimum": 1, "description": "The number of lines of fixtures."},
              "tags": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 1}, "description": "Cases per tag."},
              "facts": {"description": "Suite-specific facts (the timeline's exhaustive depths and counts), or null."},
              "decisions": {
                "type": "object",
                "propertyNames": {"pattern": "^[A-Za-z0-9._~+-]+/D[1-9][0-9]*$"},
                "additionalProperties": {"type": "integer", "minimum": 1},
                "description": "Cases per spec decision (<suite>/D<n>, a '### D<n>.' entry of the spec); absent before decisions were listed."
              }
            }
          }
        }
      }
    }

    """

  static let caseSchema = """
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://conform.invalid/schema/case.schema.json",
      "title": "one line of a conform <suite>.jsonl",
      "type": "object",
      "additionalProperties": false,
      "required": ["id", "suite", "tags", "note", "input", "expected"],
      "properties": {
        "id": {"type": "string", "pattern": "^[A-Za-z0-9._~+/-]+$", "description": "<suite>/<family>/<name>, stable across versions."},
        "suite": {"type": "string"},
        "tags": {"type": "array", "items": {"type": "string"}},
        "note": {"type": "string", "description": "What the case tests."},
        "decisions": {
          "type": "array",
          "minItems": 1,
          "items": {"type": "string", "pattern": "^[A-Za-z0-9._~+-]+/D[1-9][0-9]*$"},
          "description": "The spec decisions the case exercises (<suite>/D<n>: the spec's '### D<n>.' entry), from the reference model; absent in tables made before decisions were listed."
        },
        "input": {"description": "The input, shaped as the suite's spec (<suite>.md) says."},
        "expected": {"description": "The output the spec requires, compared as a JSON value."}
      }
    }

    """
}
