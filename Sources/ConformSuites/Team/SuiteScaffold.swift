import ConformFixtures
import Foundation

/// What `conform suite init NAME` writes: a small suite that works at once (a price discount
/// whose rounding drifts between idiomatic Swift and Kotlin), for a team to edit into its own.
package enum SuiteScaffold {
  /// The language of the model the scaffold writes.
  package enum Model: String, CaseIterable, Sendable {
    /// `model.py`, run by python3: nothing to build.
    case python
    /// `src/Model.kt` over conform's Kotlin adapter, built by `build.sh` with kotlinc, run by `model`.
    case kotlin
    /// `Sources/Model/main.swift` over conform's Swift adapter, a package depending on conform,
    /// built by `build.sh` with swift build, run by `model`.
    case swift
  }

  /// Writes the suite's files into `folder`, which must not exist yet.
  package static func write(name: String, model: Model = .python, to folder: String) throws(ConformError) {
    try TeamSuiteFolder.checkName(name, path: "suite init NAME")
    guard !FileManager.default.fileExists(atPath: folder) else {
      throw .file(path: folder, message: "exists: conform suite init writes a new folder (give another with --out)")
    }
    try FileIO.createDirectory(folder)
    for (file, text) in files(name: name, model: model) {
      let path = FileIO.join(folder, file)
      try FileIO.write(Array(text.utf8), to: path)
      if file == "build.sh" || file == "model" {
        do {
          try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        } catch {
          throw .file(path: path, message: "cannot be made executable: \(error.localizedDescription)")
        }
      }
    }
  }

  /// The files, by name.
  static func files(name: String, model: Model) -> [(String, String)] {
    let common = [
      ("suite.json", suiteJSON(name: name, model: model)),
      ("\(name).md", spec(name: name)),
      ("cases.jsonl", cases),
      ("README.md", readme(name: name, model: model)),
    ]
    switch model {
    case .python: return common + [("model.py", pythonModel(name: name))]
    case .kotlin:
      return common + [
        ("src/Model.kt", kotlinModel(name: name)), ("build.sh", kotlinBuild(name: name)), ("model", kotlinLauncher(name: name)),
      ]
    case .swift:
      return common + [
        ("Package.swift", swiftPackage(name: name)), ("Sources/Model/main.swift", swiftModel(name: name)),
        ("build.sh", swiftBuild(name: name)), ("model", swiftLauncher(name: name)),
      ]
    }
  }

  /// The file a team edits into its own model.
  package static func modelSource(_ model: Model) -> String {
    switch model {
    case .python: "model.py"
    case .kotlin: "src/Model.kt"
    case .swift: "Sources/Model/main.swift"
    }
  }

  private static func suiteJSON(name: String, model: Model) -> String {
    """
    {
      "name": "\(name)",
      "version": "1.0.0",
      "title": "The price after a percentage discount, in whole cents",
      "spec": "\(name).md",
      "cases": "cases.jsonl",
      "model": \(model == .python ? #"["python3", "./model.py"]"# : #"["./model"]"#),
      "decisions": [
        {
          "id": "D1",
          "title": "The discount is rounded down to a whole cent.",
          "rule": "The discount is priceCents × percent / 100 rounded toward zero; the answer is priceCents minus it.",
          "why": "Integer division does this on both platforms; it is what the backend charges.",
          "drift": "Rounding half up (Kotlin's Math.round, Swift's .rounded()) takes a cent more off 999 at 10%: 899."
        },
        {
          "id": "D2",
          "title": "A percent outside 0 to 100 is out of the domain.",
          "rule": "The answer is {\\"error\\":\\"percent-out-of-range\\"}.",
          "why": "A discount above 100% would pay the customer; below 0% would be a surcharge.",
          "drift": "Clamping the percent instead answers a price."
        }
      ],
      "domain": {
        "object": {
          "priceCents": {"integer": {"min": 0, "max": 1000000000}, "decisions": ["D1"]},
          "percent": {"integer": {"min": -5, "max": 105, "boundaries": [100, 101]}, "decisions": ["D1", "D2"]}
        }
      },
      "inputSchema": {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {
          "priceCents": {"type": "integer", "minimum": 0, "maximum": 1000000000},
          "percent": {"type": "integer", "minimum": -1000, "maximum": 1000}
        },
        "required": ["priceCents", "percent"],
        "additionalProperties": false
      },
      "outputSchema": {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "oneOf": [
          {
            "type": "object",
            "properties": {"discountedCents": {"type": "integer"}},
            "required": ["discountedCents"],
            "additionalProperties": false
          },
          {
            "type": "object",
            "properties": {"error": {"enum": ["percent-out-of-range"]}},
            "required": ["error"],
            "additionalProperties": false
          }
        ]
      }
    }

    """
  }

  private static func spec(name: String) -> String {
    """
    # \(name)

    The price a customer pays after a percentage discount, in whole cents: the same answer on iOS
    and on Android.

    ## Input and output

    Input: `{"priceCents": 999, "percent": 10}`, both integers. Output: `{"discountedCents": 900}`,
    or `{"error": "percent-out-of-range"}`.

    """
  }

  private static let cases = """
    {"name":"seed/ten-percent-of-999","input":{"priceCents":999,"percent":10},"note":"99.9 cents off rounds down to 99","decisions":["D1"],"expected":{"discountedCents":900}}
    {"name":"domain/percent-above-100","input":{"priceCents":100,"percent":101},"note":"its output comes from the model","decisions":["D2"]}

    """

  private static func pythonModel(name: String) -> String {
    """
    #!/usr/bin/env python3
    \"\"\"The reference model of suite \(name): conform's requests on stdin, its answers on stdout.\"\"\"
    import json
    import sys

    SUITE = "\(name)"


    def decide(case):
        price, percent = case["priceCents"], case["percent"]
        if not 0 <= percent <= 100:
            return {"error": "percent-out-of-range"}  # D2
        return {"discountedCents": price - price * percent // 100}  # D1: the discount rounds down


    def main():
        for line in sys.stdin:
            if not line.strip():
                continue
            request = json.loads(line)
            if request["type"] == "hello":
                answer = {"type": "hello", "protocol": 1, "name": SUITE + "-model", "language": "python",
                          "version": "1.0.0", "suites": [SUITE]}
            else:
                answer = {"type": "result", "seq": request["seq"], "id": request["id"],
                          "output": decide(request["input"])}
            sys.stdout.write(json.dumps(answer, separators=(",", ":")) + "\\n")
            sys.stdout.flush()


    if __name__ == "__main__":
        main()

    """
  }

  private static func readme(name: String, model: Model) -> String {
    let (file, run, build) =
      switch model {
      case .python:
        ("`model.py`: the reference model, a Python program speaking the conform protocol.", "python3 --impl-arg model.py", "")
      case .kotlin:
        (
          "`src/Model.kt`: the reference model, over conform's Kotlin adapter; `build.sh` builds it, `model` runs it.",
          "./model",
          """
          ./build.sh     # Kotlin 2; CONFORM_KOTLIN_ADAPTER names conform-kotlin-adapter-VERSION.jar from the
                         # conform release (or CONFORM_PACKAGE_PATH a conform checkout, whose adapter sources are compiled in)

          """
        )
      case .swift:
        (
          "`Sources/Model/main.swift`: the reference model, over conform's Swift adapter, in a package "
            + "(`Package.swift`) depending on conform; `build.sh` builds it, `model` runs it.",
          "./model",
          """
          ./build.sh     # swift build -c release; conform is a package dependency: its git URL in Package.swift,
                         # or CONFORM_PACKAGE_PATH a conform checkout

          """
        )
      }
    return """
      # Suite \(name)

      A team's own conform suite (the format: conform's harness/TEAM-SUITES.md).

      - `suite.json`: the name, version, decisions and the JSON Schemas of the input and the output.
      - `\(name).md`: the spec, in prose; conform adds the decisions of suite.json when it publishes it.
      - `cases.jsonl`: the named cases; a case without `expected` gets the model's answer.
      - `domain` in suite.json: the inputs conform makes beyond the named cases (boundaries, pairs,
        and random ones for `conform fuzz --suite .`), answered by the model.
      - \(file)

      ```sh
      \(build)conform suite check .
      conform generate --suite . --out fixtures
      conform run --fixtures fixtures --impl \(run)
      conform fuzz --suite . --impl \(run)
      ```

      """
  }

  private static func kotlinModel(name: String) -> String {
    """
    import conform.adapter.ConformAdapter
    import conform.adapter.jsonOf

    /** The reference model of suite \(name), behind the conform protocol (conform's Kotlin adapter). */
    fun main() {
        ConformAdapter(name = "\(name)-model", version = "1.0.0")
            .suite("\(name)") { input ->
                input.rejectUnknown("priceCents", "percent")
                val price = input.long("priceCents")
                val percent = input.long("percent")
                if (percent !in 0L..100L) {
                    jsonOf("error" to "percent-out-of-range") // D2
                } else {
                    jsonOf("discountedCents" to price - price * percent / 100) // D1: the discount rounds down
                }
            }
            .run()
    }

    """
  }

  private static func kotlinBuild(name: String) -> String {
    """
    #!/usr/bin/env bash
    # Builds build/model.jar from src/ with Kotlin 2 (KOTLIN: kotlinc2 on PATH, else the one of the
    # conform checkout CONFORM_PACKAGE_PATH names, harness/kotlin/bin/kotlinc2), against conform's
    # Kotlin adapter: CONFORM_KOTLIN_ADAPTER, the conform-kotlin-adapter-VERSION.jar of the conform
    # release the team pins, or else CONFORM_PACKAGE_PATH, a conform checkout whose adapter sources
    # (harness/kotlin/src/adapter) are compiled in. The adapter jar is copied to
    # build/conform-kotlin-adapter.jar, where ./model finds it, so running the model needs no
    # variable set. Skipped when the jar is newer than its sources.
    # A warning fails the build (-Werror). KOTLINC names another Kotlin 2 kotlinc.
    set -euo pipefail
    here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
    jar="$here/build/model.jar"
    adapter="$here/build/conform-kotlin-adapter.jar"
    sources=("$here/src")
    classpath=()
    if [ -n "${CONFORM_KOTLIN_ADAPTER:-}" ]; then
      [ -f "$CONFORM_KOTLIN_ADAPTER" ] || {
        echo "build.sh: CONFORM_KOTLIN_ADAPTER is $CONFORM_KOTLIN_ADAPTER, which is no file: set it to the" >&2
        echo "          conform-kotlin-adapter-VERSION.jar of the conform release you pin" >&2
        exit 2
      }
      mkdir -p "$here/build"
      cp -p "$CONFORM_KOTLIN_ADAPTER" "$adapter"
      classpath=(-cp "$adapter")
    elif [ -n "${CONFORM_PACKAGE_PATH:-}" ] && [ -d "$CONFORM_PACKAGE_PATH/harness/kotlin/src/adapter" ]; then
      sources+=("$CONFORM_PACKAGE_PATH/harness/kotlin/src/adapter")
      rm -f "$adapter"
    else
      echo "build.sh: set CONFORM_KOTLIN_ADAPTER to conform-kotlin-adapter-VERSION.jar (from the conform release)" >&2
      echo "          or CONFORM_PACKAGE_PATH to a conform checkout" >&2
      exit 2
    fi
    if [ -f "$jar" ] && [ -z "$(find "${sources[@]}" "${classpath[@]:1}" -newer "$jar" -print -quit)" ]; then exit 0; fi
    kotlinc="${KOTLINC:-kotlinc2}"
    if ! command -v "$kotlinc" >/dev/null 2>&1 && [ -z "${KOTLINC:-}" ] && [ -n "${CONFORM_PACKAGE_PATH:-}" ]; then
      kotlinc="$CONFORM_PACKAGE_PATH/harness/kotlin/bin/kotlinc2"
    fi
    command -v "$kotlinc" >/dev/null 2>&1 || {
      echo "build.sh: no Kotlin 2 compiler ($kotlinc): put a conform checkout's harness/kotlin/bin on PATH (its" >&2
      echo "          harness/kotlin/install-kotlin.sh installs Kotlin 2), or set KOTLINC to a Kotlin 2 kotlinc" >&2
      exit 2
    }
    mkdir -p "$here/build"
    files=()
    mapfile -t files < <(find "${sources[@]}" -name '*.kt' | LC_ALL=C sort)
    # The compiler writes a jar only to a path ending in .jar.
    partial="$here/build/partial-$$.jar"
    trap 'rm -rf "$partial"' EXIT
    "$kotlinc" -Werror "${classpath[@]}" "${files[@]}" -include-runtime -d "$partial" >&2 || { echo "build.sh: kotlinc failed" >&2; exit 1; }
    mv "$partial" "$jar"
    echo "build.sh: built build/model.jar"

    """
  }

  private static func kotlinLauncher(name: String) -> String {
    """
    #!/usr/bin/env bash
    # The reference model of suite \(name) (suite.json's "model": ["./model"]); ./build.sh builds it.
    set -euo pipefail
    here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
    [ -f "$here/build/model.jar" ] || { echo "model: build/model.jar is missing: run $here/build.sh" >&2; exit 2; }
    # build.sh keeps the adapter jar beside the model (or compiles the adapter in: then there is none).
    exec java -XX:+UseSerialGC -cp "$here/build/model.jar:$here/build/conform-kotlin-adapter.jar" ModelKt "$@"

    """
  }

  private static func swiftPackage(name: String) -> String {
    """
    // swift-tools-version:6.0
    import PackageDescription

    // The reference model of suite \(name), over conform's Swift adapter (ConformAdapter).
    // conform is a package dependency: CONFORM_PACKAGE_PATH names a checkout of it; otherwise its
    // git URL, pinned to the release the team uses (write your conform's URL here).
    let conform: Package.Dependency =
      if let path = Context.environment["CONFORM_PACKAGE_PATH"] {
        .package(name: "conform", path: path)
      } else {
        .package(url: "https://github.com/your-org/conform.git", from: "\(ConformVersion.current)")
      }

    let package = Package(
      name: "\(name)-model",
      platforms: [.macOS(.v12), .iOS(.v15)],  // conform's floor (its README, "Platforms")
      dependencies: [conform],
      targets: [
        .executableTarget(
          name: "Model",
          dependencies: [
            .product(name: "ConformAdapter", package: "conform"),
            .product(name: "ConformJSON", package: "conform"),
          ])
      ]
    )

    """
  }

  private static func swiftModel(name: String) -> String {
    """
    import ConformAdapter
    import ConformJSON

    // The reference model of suite \(name), behind the conform protocol (conform's Swift adapter).
    var adapter = Adapter(name: "\(name)-model", version: "1.0.0")
    adapter.register("\(name)") { input in
      try input.fields().rejectUnknown(["priceCents", "percent"])
      let (price, percent) = (try input.int("priceCents"), try input.int("percent"))
      guard (0...100).contains(percent) else { return ["error": "percent-out-of-range"] }  // D2
      return ["discountedCents": .int(price - price * percent / 100)]  // D1: the discount rounds down
    }
    adapter.run()

    """
  }

  private static func swiftBuild(name: String) -> String {
    """
    #!/usr/bin/env bash
    # Builds the reference model of suite \(name) (Sources/Model) with swift build, in release.
    # conform is a package dependency (Package.swift): CONFORM_PACKAGE_PATH names a checkout of it,
    # otherwise the git URL written there is fetched.
    set -euo pipefail
    here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
    command -v swift >/dev/null 2>&1 || { echo "build.sh: swift not found: install a Swift toolchain (swift.org)" >&2; exit 2; }
    swift build -c release --package-path "$here" --product Model >&2
    echo "build.sh: built $(swift build -c release --package-path "$here" --show-bin-path)/Model"

    """
  }

  private static func swiftLauncher(name: String) -> String {
    """
    #!/usr/bin/env bash
    # The reference model of suite \(name) (suite.json's "model": ["./model"]); ./build.sh builds it.
    set -euo pipefail
    here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
    model="$here/.build/release/Model"
    [ -x "$model" ] || { echo "model: $model is missing: run $here/build.sh" >&2; exit 2; }
    exec "$model" "$@"

    """
  }
}
