import Foundation

/// What `conform suite init NAME` writes: a small suite that works at once (a price discount
/// whose rounding drifts between idiomatic Swift and Kotlin), for a team to edit into its own.
package enum SuiteScaffold {
  /// Writes the suite's files into `folder`, which must not exist yet.
  package static func write(name: String, to folder: String) throws(ConformError) {
    try TeamSuiteFolder.checkName(name, path: "suite init NAME")
    guard !FileManager.default.fileExists(atPath: folder) else {
      throw .file(path: folder, message: "exists: conform suite init writes a new folder (give another with --out)")
    }
    try FileIO.createDirectory(folder)
    for (file, text) in files(name: name) {
      try FileIO.write(Array(text.utf8), to: FileIO.join(folder, file))
    }
  }

  /// The files, by name.
  static func files(name: String) -> [(String, String)] {
    [
      ("suite.json", suiteJSON(name: name)),
      ("\(name).md", spec(name: name)),
      ("cases.jsonl", cases),
      ("model.py", model(name: name)),
      ("README.md", readme(name: name)),
    ]
  }

  private static func suiteJSON(name: String) -> String {
    """
    {
      "name": "\(name)",
      "version": "1.0.0",
      "title": "The price after a percentage discount, in whole cents",
      "spec": "\(name).md",
      "cases": "cases.jsonl",
      "model": ["python3", "./model.py"],
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

  private static func model(name: String) -> String {
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

  private static func readme(name: String) -> String {
    """
    # Suite \(name)

    A team's own conform suite (the format: conform's harness/TEAM-SUITES.md).

    - `suite.json`: the name, version, decisions and the JSON Schemas of the input and the output.
    - `\(name).md`: the spec, in prose; conform adds the decisions of suite.json when it publishes it.
    - `cases.jsonl`: the named cases; a case without `expected` gets the model's answer.
    - `domain` in suite.json: the inputs conform makes beyond the named cases (boundaries, pairs,
      and random ones for `conform fuzz --suite .`), answered by the model.
    - `model.py`: the reference model, a program speaking the conform protocol.

    ```sh
    conform suite check .
    conform generate --suite . --out fixtures
    conform run --fixtures fixtures --impl python3 --impl-arg model.py
    conform fuzz --suite . --impl python3 --impl-arg model.py
    ```

    """
  }
}
