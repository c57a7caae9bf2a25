import ConformFixtures
import ConformFuzz
import ConformJSON
import ConformProtocol
import ConformReport
import ConformSuites
import Foundation

/// The bench's rows on a team suite with a deep input (a feature flag with its rules and the
/// context it is evaluated in: objects in arrays in objects, strings and optional members), its
/// model a Python program that flushes every answer, as the scaffold's does:
///
/// - `conform fuzz --suite` with the model itself as the implementation (so the model answers
///   every case twice, once as the model and once as the implementation), against the model
///   alone answering the same requests (the same inputs, from the same seeded generators)
///   between two pipes, as conform runs it (the target's baseline, as the generation row's), and
///   writing to /dev/null;
/// - `conform generate --suite --tier smoke` over a table of `teamSmokeCases` named cases.
extension Bench {
  var deepSuiteFolder: String { setup.path("team-deep") }
  var deepModel: String { FileIO.join(deepSuiteFolder, "model.py") }
  var deepRequestsPath: String { setup.path("team-deep-requests.jsonl") }

  var teamFuzzCommand: [String] {
    [
      setup.conform, "fuzz", "--suite", deepSuiteFolder, "--impl", "python3", "--impl-arg", deepModel, "--seed", "1", "--cases",
      "\(scale.teamFuzzCases)",
    ]
  }

  var teamFuzzPipedCommand: [String] {
    ["/bin/sh", "-c", "cat \(ShellWord.quote(deepRequestsPath)) | python3 \(ShellWord.quote(deepModel)) | wc -l"]
  }

  var teamSmokeCommand: [String] {
    [setup.conform, "generate", "--suite", deepSuiteFolder, "--tier", "smoke", "--out", setup.path("team-deep-smoke")]
  }

  /// Writes the deep suite (its named cases drawn from its domain, seeded) and the requests of
  /// the fuzz row's cases, which its model alone reads.
  func writeDeepTeamSuite() throws(ConformError) {
    try FileIO.createDirectory(deepSuiteFolder)
    try FileIO.write(Array(Self.deepSuiteJSON.utf8), to: FileIO.join(deepSuiteFolder, "suite.json"))
    try FileIO.write(
      Array("# Flag rules\n\nThe first rule that matches the context picks the variant.\n".utf8),
      to: FileIO.join(deepSuiteFolder, "flag-rules.md"))
    try FileIO.write(Array(Self.deepModelSource.utf8), to: deepModel)
    let domain: TeamDomain
    do {
      domain = try TeamDomain(try JSONReader.parse(Array(Self.deepSuiteJSON.utf8))["domain"]!, decisionCount: 2)
    } catch {
      throw .usage("bench: the deep team suite's domain does not read: \(error)")
    }
    var cases: [UInt8] = []
    var generator = SeededGenerator(seed: 2)
    JSONWriter.write(
      [
        "decisions": ["D2"], "input": ["context": ["country": "fr", "email": "a@b"], "flag": Self.disabledFlag],
        "name": "seed/disabled",
      ],
      into: &cases)
    cases.append(0x0A)
    for index in 0..<max(0, scale.teamSmokeCases - 1) {
      JSONWriter.write(
        ["decisions": ["D1"], "input": domain.randomInput(using: &generator), "name": .string("spec/\(index)")], into: &cases)
      cases.append(0x0A)
    }
    try FileIO.write(cases, to: FileIO.join(deepSuiteFolder, "cases.jsonl"))
    var requests = HarnessHello(suites: ["flag-rules"]).line
    for number in 0..<scale.teamFuzzCases {
      var generator = FuzzCases.generator(suite: "flag-rules", seed: 1, number: number)
      let id = "flag-rules/fuzz/model-\(number + 1)"
      CaseRequest(id: id, suite: "flag-rules", input: domain.randomInput(using: &generator)).write(
        seq: Int64(number + 1), into: &requests)
    }
    try FileIO.write(requests, to: deepRequestsPath)
  }

  mutating func describeTeamFuzz() {
    let fuzzCases = "\(BenchFormat.number(Double(scale.teamFuzzCases))) cases of a deep team suite (seed 1)"
    figures[BenchRow.teamFuzz.rawValue].command = setup.display(teamFuzzCommand)
    figures[BenchRow.teamFuzz.rawValue].note = fuzzCases + ", the Python model as the implementation too, search time"
    figures[BenchRow.teamFuzzModelPiped.rawValue].command =
      "cat \(setup.display([deepRequestsPath])) | python3 \(setup.display([deepModel])) | wc -l"
    figures[BenchRow.teamFuzzModelPiped.rawValue].note =
      "the same " + fuzzCases + "' requests, its answers counted (the hello and one a case), wall time"
    figures[BenchRow.teamFuzzModelAlone.rawValue].command =
      "python3 \(setup.display([deepModel])) < \(setup.display([deepRequestsPath])) > /dev/null"
    figures[BenchRow.teamFuzzModelAlone.rawValue].note = "the same " + fuzzCases + "' requests, wall time"
    figures[BenchRow.teamSmoke.rawValue].command = setup.display(teamSmokeCommand)
    figures[BenchRow.teamSmoke.rawValue].note =
      "\(BenchFormat.number(Double(scale.teamSmokeCases))) named cases and the domain's, the model answering them all, wall time"
    if let reason = setup.missing["python3"] {
      for row in [BenchRow.teamFuzz, .teamFuzzModelPiped, .teamFuzzModelAlone, .teamSmoke] {
        figures[row.rawValue].note = "not measured: \(reason)"
      }
    }
  }

  mutating func measureTeamFuzz(_ round: Int) {
    guard setup.missing["python3"] == nil else { return }
    progress(round, "a deep team suite: conform fuzz --suite, its model alone, and its smoke tier")
    let count = Double(scale.teamFuzzCases)
    let output = setup.path("team-fuzz.txt")
    var fuzzRate: Double?
    if run(.teamFuzz, teamFuzzCommand, stdout: output) != nil, let seconds = Self.searchSeconds(fuzzOutput: output) {
      fuzzRate = count / seconds
    }
    record(.teamFuzz, fuzzRate)
    let pipedRate = runCounted(.teamFuzzModelPiped, teamFuzzPipedCommand, lines: scale.teamFuzzCases + 1).map {
      count / $0.seconds
    }
    record(.teamFuzzModelPiped, pipedRate)
    let aloneRate = run(.teamFuzzModelAlone, ["python3", deepModel], stdin: deepRequestsPath).map { count / $0.seconds }
    record(.teamFuzzModelAlone, aloneRate)
    if let fuzzRate, let pipedRate { ratio(.teamFuzzOverAlone, fuzzRate / pipedRate) }
    if let fuzzRate, let aloneRate { teamFuzzOverFile.append(fuzzRate / aloneRate) }
    let smoke = run(.teamSmoke, teamSmokeCommand)
    record(.teamSmoke, smoke?.seconds)
    ratio(.teamSmokeSeconds, smoke?.seconds)
  }

  private static let disabledFlag: JSONValue = [
    "key": "beta", "enabled": false, "defaultVariant": "off", "rules": [],
  ]

  private static let deepSuiteJSON = #"""
    {
      "name": "flag-rules",
      "version": "1.0.0",
      "title": "Which variant of a feature flag a context gets",
      "spec": "flag-rules.md",
      "model": ["python3", "./model.py"],
      "decisions": [
        {"id": "D1", "title": "The first matching rule wins.", "rule": "Rules are tried in order; the first whose operator matches the context's attribute picks the variant; none: the default.", "why": "Rule order is the editor's order.", "drift": "The last matching rule wins."},
        {"id": "D2", "title": "A disabled flag answers its default.", "rule": "enabled false: the default variant, whatever the rules.", "why": "Turning a flag off must be safe.", "drift": "Rules apply to a disabled flag."}
      ],
      "domain": {
        "object": {
          "flag": {"object": {
            "key": {"enum": ["new-checkout", "dark-mode", "beta"]},
            "enabled": {"boolean": {}},
            "defaultVariant": {"enum": ["on", "off", "blue"]},
            "rules": {"array": {"object": {
              "attribute": {"enum": ["country", "plan", "email"]},
              "operator": {"enum": ["in", "not-in", "starts-with"]},
              "values": {"array": {"string": {"classes": ["ascii", "digits", "non-ascii-digits"], "maxLength": 6}}, "maxItems": 3},
              "variant": {"enum": ["on", "off", "blue"]}
            }}, "maxItems": 3}
          }, "decisions": ["D1", "D2"]},
          "context": {"object": {
            "country": {"string": {"classes": ["ascii", "case-mapping"], "maxLength": 4}},
            "plan": {"nullable": {"enum": ["free", "pro"]}},
            "email": {"string": {"classes": ["ascii", "dots"], "maxLength": 8}}
          }, "optional": ["plan"], "decisions": ["D1"]}
        }
      },
      "inputSchema": {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"},
      "outputSchema": {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}
    }
    """#

  private static let deepModelSource = #"""
    #!/usr/bin/env python3
    """The bench's deep team suite's model: a feature flag's rules over a context."""
    import json
    import sys


    def decide(case):
        flag, context = case["flag"], case["context"]
        if not flag["enabled"]:
            return {"variant": flag["defaultVariant"], "reason": "disabled"}
        for rule in flag["rules"]:
            value = context.get(rule["attribute"]) or ""
            if rule["operator"] == "in":
                matched = value in rule["values"]
            elif rule["operator"] == "not-in":
                matched = value not in rule["values"]
            else:
                matched = any(value.startswith(prefix) for prefix in rule["values"])
            if matched:
                return {"variant": rule["variant"], "reason": "rule"}
        return {"variant": flag["defaultVariant"], "reason": "default"}


    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request["type"] == "hello":
            answer = {"type": "hello", "protocol": 1, "name": "flag-rules-model", "language": "python",
                      "version": "1.0.0", "suites": ["flag-rules"]}
        else:
            answer = {"type": "result", "seq": request["seq"], "id": request["id"], "output": decide(request["input"])}
        sys.stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        sys.stdout.flush()
    """#
}
